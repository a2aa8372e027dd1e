import { constants, lstatSync, realpathSync, statSync, type Dirent, type Stats } from "node:fs";
import { open, readdir, realpath, stat, type FileHandle } from "node:fs/promises";
import path from "node:path";
import {
  FILE_PREVIEW_LIMIT_BYTES,
  type DirectoryListing,
  type FileContent,
  type FileItem,
} from "@analystbench/contracts";

/**
 * Read-only access to one directory tree (the workspace), confined as security.md prescribes:
 * reject malformed paths, check containment with path.relative (a string prefix would admit a
 * sibling such as "workspaceX"), resolve symlinks with realpath and check again, then use exactly
 * that resolved path. Nothing here knows about HTTP; failures are FileStoreErrors with a status.
 */

/** Longer requests are refused outright; real workspace paths are far shorter. */
export const MAX_PATH_LENGTH = 1024;
const MAX_SEGMENT_BYTES = 255;
/** Directory entries stat-ed between two yields to the event loop. */
const STAT_SLICE = 500;

export class FileStoreError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 422,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface ResolvedPath {
  /** Real absolute path, symlinks resolved, inside the root. */
  absolute: string;
  /** The same, relative to the root with "/" separators; "" is the root. */
  relative: string;
  stats: Stats;
}

export interface FileDownload {
  name: string;
  size: number;
  handle: FileHandle;
}

export interface FileStore {
  readonly rootDir: string;
  resolve(requested: string): Promise<ResolvedPath>;
  list(requested: string): Promise<DirectoryListing>;
  readText(requested: string): Promise<FileContent>;
  /** An open handle on a regular file; the caller streams and closes it. */
  openForDownload(requested: string): Promise<FileDownload>;
}

const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/** Rejects what can never name a workspace file; returns the path's segments. */
export function validateRequestedPath(requested: string): string[] {
  if (requested.length > MAX_PATH_LENGTH)
    throw new FileStoreError(400, "PATH_TOO_LONG", `The path is longer than ${MAX_PATH_LENGTH} characters.`);
  if (CONTROL_CHARS.test(requested))
    throw new FileStoreError(400, "INVALID_PATH", "The path contains a NUL or control character.");
  if (requested.includes("\\"))
    throw new FileStoreError(400, "INVALID_PATH", 'The path contains a backslash; separate folders with "/".');
  if (requested.startsWith("/"))
    throw new FileStoreError(400, "ABSOLUTE_PATH", "Paths are relative to the workspace root; remove the leading /.");
  const segments = requested.split("/").filter((s) => s !== "" && s !== ".");
  if (segments.some((s) => Buffer.byteLength(s) > MAX_SEGMENT_BYTES))
    throw new FileStoreError(400, "PATH_TOO_LONG", `A file or folder name is longer than ${MAX_SEGMENT_BYTES} bytes.`);
  return segments;
}

/** Whether `target` is `root` itself or lies below it (both absolute and normalised). */
export function isInside(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

const OUTSIDE = () => new FileStoreError(403, "OUTSIDE_ROOT", "That path lies outside the workspace.");
const NOT_FOUND = (p: string) => new FileStoreError(404, "NOT_FOUND", `There is no file or folder at "${p}".`);

function toRelative(root: string, absolute: string): string {
  return path.relative(root, absolute).split(path.sep).join("/");
}

/** The text of a buffer, or null when it holds NUL bytes or is not valid UTF-8. */
export function decodeText(buf: Buffer): string | null {
  if (buf.includes(0)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(buf);
  } catch {
    return null;
  }
}

const byName = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

export function createFileStore({ rootDir }: { rootDir: string }): FileStore {
  const root = path.resolve(rootDir);
  let realRoot: Promise<string> | undefined;
  // Resolved lazily and once: the workspace exists before the first request, not necessarily at construction.
  const getRealRoot = () => (realRoot ??= realpath(root).catch((e) => ((realRoot = undefined), Promise.reject(e))));

  async function resolve(requested: string): Promise<ResolvedPath> {
    const segments = validateRequestedPath(requested);
    const lexical = path.resolve(root, ...segments);
    if (!isInside(root, lexical)) throw OUTSIDE();
    const realRootDir = await getRealRoot();
    let absolute: string;
    try {
      absolute = await realpath(lexical);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR" || code === "ELOOP") throw NOT_FOUND(requested);
      if (code === "EACCES" || code === "EPERM")
        throw new FileStoreError(403, "FORBIDDEN", "The server may not read that path.");
      if (code === "ENAMETOOLONG") throw new FileStoreError(400, "PATH_TOO_LONG", "The path is too long.");
      throw e;
    }
    // A symlink inside the root may point anywhere; only its target counts.
    if (!isInside(realRootDir, absolute)) throw OUTSIDE();
    const stats = await stat(absolute);
    return { absolute, relative: toRelative(realRootDir, absolute), stats };
  }

  /** One listing row, or null for entries that must not show: escaping or broken links, sockets. */
  function describe(dir: string, relativeDir: string, realRootDir: string, entry: Dirent): FileItem | null {
    const full = `${dir}${path.sep}${entry.name}`;
    let stats: Stats | undefined;
    try {
      if (entry.isSymbolicLink()) {
        const target = realpathSync(full);
        if (!isInside(realRootDir, target)) return null;
        stats = statSync(target, { throwIfNoEntry: false });
      } else {
        stats = lstatSync(full, { throwIfNoEntry: false });
      }
    } catch {
      return null;
    }
    if (!stats || (!stats.isDirectory() && !stats.isFile())) return null;
    return {
      name: entry.name,
      type: stats.isDirectory() ? "directory" : "file",
      size: stats.isDirectory() ? 0 : stats.size,
      modified: stats.mtime.toISOString(),
      path: relativeDir ? `${relativeDir}/${entry.name}` : entry.name,
    };
  }

  /**
   * Synchronous stats in slices: for 10,000 entries they take ~35 ms against ~130 ms through the
   * thread pool, and yielding between slices keeps other requests moving.
   */
  async function describeAll(dir: ResolvedPath, realRootDir: string, entries: Dirent[]): Promise<FileItem[]> {
    const items: FileItem[] = [];
    for (let i = 0; i < entries.length; i += STAT_SLICE) {
      if (i > 0) await new Promise((r) => setImmediate(r));
      for (const entry of entries.slice(i, i + STAT_SLICE)) {
        const item = describe(dir.absolute, dir.relative, realRootDir, entry);
        if (item) items.push(item);
      }
    }
    return items;
  }

  async function resolveFile(requested: string): Promise<ResolvedPath> {
    const r = await resolve(requested);
    if (r.stats.isDirectory())
      throw new FileStoreError(400, "IS_A_DIRECTORY", `"${requested}" is a folder; open it instead.`);
    if (!r.stats.isFile())
      throw new FileStoreError(400, "NOT_A_FILE", `"${requested}" is not a regular file and cannot be read.`);
    return r;
  }

  /** Opens exactly the resolved path; O_NOFOLLOW refuses a symlink swapped in since realpath. */
  async function openResolved(r: ResolvedPath): Promise<FileHandle> {
    try {
      return await open(r.absolute, constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "ENOENT") throw NOT_FOUND(r.relative);
      if (code === "ELOOP") throw OUTSIDE();
      if (code === "EACCES" || code === "EPERM")
        throw new FileStoreError(403, "FORBIDDEN", "The server may not read that file.");
      throw e;
    }
  }

  return {
    rootDir: root,
    resolve,

    async list(requested) {
      const r = await resolve(requested);
      if (!r.stats.isDirectory())
        throw new FileStoreError(400, "NOT_A_DIRECTORY", `"${requested}" is a file, not a folder.`);
      const realRootDir = await getRealRoot();
      const entries = await readdir(r.absolute, { withFileTypes: true });
      const items = await describeAll(r, realRootDir, entries);
      items.sort((a, b) =>
        a.type !== b.type
          ? a.type === "directory"
            ? -1
            : 1
          : byName.compare(a.name, b.name) || (a.name < b.name ? -1 : 1),
      );
      return { items, currentPath: r.relative };
    },

    async readText(requested) {
      const r = await resolveFile(requested);
      if (r.stats.size > FILE_PREVIEW_LIMIT_BYTES)
        throw new FileStoreError(
          422,
          "FILE_TOO_LARGE",
          `This file is ${(r.stats.size / 1048576).toFixed(1)} MB; previews stop at 1 MB. Download it instead.`,
        );
      const handle = await openResolved(r);
      try {
        // Read one byte past the limit: the file may have grown since stat.
        const buf = Buffer.alloc(FILE_PREVIEW_LIMIT_BYTES + 1);
        const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
        if (bytesRead > FILE_PREVIEW_LIMIT_BYTES)
          throw new FileStoreError(422, "FILE_TOO_LARGE", "This file is larger than 1 MB; download it instead.");
        const content = decodeText(buf.subarray(0, bytesRead));
        if (content === null)
          throw new FileStoreError(
            422,
            "BINARY_FILE",
            "This file is binary (not UTF-8 text) and cannot be previewed; download it instead.",
          );
        return { content, path: r.relative, size: bytesRead, modified: r.stats.mtime.toISOString() };
      } finally {
        await handle.close();
      }
    },

    async openForDownload(requested) {
      const r = await resolveFile(requested);
      const handle = await openResolved(r);
      return { name: path.basename(r.absolute), size: r.stats.size, handle };
    },
  };
}

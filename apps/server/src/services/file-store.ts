import { constants, fstatSync, type Stats } from "node:fs";
import { realpath, type FileHandle } from "node:fs/promises";
import { setImmediate as nextTurn } from "node:timers/promises";
import path from "node:path";
import { FILE_PREVIEW_LIMIT_BYTES, type FileContent, type FileItem } from "@analystbench/contracts";
import {
  ConfinementError,
  isInside,
  lstatEntrySync,
  openConfined,
  readEntryNames,
  realRootResolver,
  statLinkTargetSync,
  type Confined,
} from "./confined-fs";
import {
  describeInProcesses,
  DIRECTORY,
  FILE,
  ListingTimeoutError,
  ON_SERVER,
  type DescribedEntries,
} from "./listing-processes";

export { isInside };

/**
 * Read-only access to one directory tree (the workspace), confined as security.md prescribes:
 * reject malformed paths, check containment with path.relative (a string prefix would admit a
 * sibling such as "workspaceX"), resolve symlinks with realpath and check again. Those checks only
 * pick the answer (404, 403) for the ordinary cases; they are not what confines. The path is then
 * opened and the *descriptor* is checked (confined-fs.ts: its real path from /proc/self/fd), and
 * everything served (size, time, bytes, directory entries) comes from that descriptor, so a
 * directory swapped for a symlink between check and open cannot lead out of the workspace.
 * Nothing here knows about HTTP; failures are FileStoreErrors with a status.
 */

/** Longer requests are refused outright; real workspace paths are far shorter. */
export const MAX_PATH_LENGTH = 1024;
const MAX_SEGMENT_BYTES = 255;
/** Directory entries stat-ed between two yields to the event loop. */
const STAT_SLICE = 500;
/** Folders with fewer entries are described in this thread: a round trip to the listing processes is not worth it. */
const HELPERS_FROM_ENTRIES = 500;

export class FileStoreError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 422 | 503,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface ResolvedPath {
  /**
   * Real absolute path, symlinks resolved, inside the root when it was checked. Opening it again
   * by name is not confined (it may have been swapped since); use the store's methods to read.
   */
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
  /**
   * A folder's DirectoryListing as the JSON text GET /api/files answers with: a big folder's rows
   * are written by the listing processes, and nothing is parsed again on the way out.
   */
  listJson(requested: string): Promise<string>;
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

const OUTSIDE = () => new FileStoreError(403, "OUTSIDE_ROOT", "That path lies outside the workspace.");
const NOT_FOUND = (p: string) => new FileStoreError(404, "NOT_FOUND", `There is no file or folder at "${p}".`);

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

/** The farthest time from 1970 a Date holds, in ms. */
const DATE_LIMIT_MS = 8.64e15;

/** A file's modification time in ISO 8601; one beyond what a Date holds (tmpfs keeps such times) as the farthest it holds. */
function isoTime(stats: Stats): string {
  const t = stats.mtime;
  return Number.isNaN(t.getTime()) ? new Date(Math.sign(stats.mtimeMs) * DATE_LIMIT_MS).toISOString() : t.toISOString();
}

/** One entry of a listing: whether it sorts with the folders, and its FileItem as JSON text. */
interface Row {
  directory: boolean;
  json: string;
}

/** Per name of a folder, in the order read: its row, or null for an entry that does not show. */
type Rows = (Row | null)[];

const rowOf = (item: FileItem | null): Row | null =>
  item && { directory: item.type === "directory", json: JSON.stringify(item) };

/**
 * The indices of `names` by name, numbers in names compared as numbers ("file-2" before
 * "file-10"), ties by code unit. It needs no stats, so a big folder's names are sorted while the
 * listing processes describe its entries.
 */
function byNameOrder(names: string[]): number[] {
  return [...names.keys()].sort((a, b) => byName.compare(names[a]!, names[b]!) || (names[a]! < names[b]! ? -1 : 1));
}

/** The DirectoryListing as JSON: folders first, then files, each in name order (the rows are JSON already). */
function listingText(order: number[], rows: Rows, currentPath: string): string {
  const texts: string[] = [];
  for (const i of order) if (rows[i]?.directory) texts.push(rows[i].json);
  for (const i of order) if (rows[i] && !rows[i].directory) texts.push(rows[i].json);
  // DirectoryListing's fields in its order.
  return `{"items":[${texts.join(",")}],"currentPath":${JSON.stringify(currentPath)}}`;
}

const FORBIDDEN = () => new FileStoreError(403, "FORBIDDEN", "The server may not read that path.");

/** What the caller will do with the opened object, for the error a wrong type earns. */
type Want = "file" | "directory" | "any";

function wrongType(requested: string, want: Want, stats: Stats): FileStoreError | null {
  if (want === "directory" && !stats.isDirectory())
    return new FileStoreError(400, "NOT_A_DIRECTORY", `"${requested}" is a file, not a folder.`);
  if (want === "file" && stats.isDirectory())
    return new FileStoreError(400, "IS_A_DIRECTORY", `"${requested}" is a folder; open it instead.`);
  if (want === "file" && !stats.isFile())
    return new FileStoreError(400, "NOT_A_FILE", `"${requested}" is not a regular file and cannot be read.`);
  return null;
}

export interface FileStoreOptions {
  rootDir: string;
  /** Folders with at least this many entries are described on the listing processes (tests set 1 or Infinity). */
  helpersFromEntries?: number;
  /** Who describes a big folder's entries: the listing processes (tests wrap it to see that they answered). */
  describeEntries?: typeof describeInProcesses;
}

export function createFileStore({
  rootDir,
  helpersFromEntries = HELPERS_FROM_ENTRIES,
  describeEntries = describeInProcesses,
}: FileStoreOptions): FileStore {
  const root = path.resolve(rootDir);
  // Resolved lazily and once: the workspace exists before the first request, not necessarily at construction.
  const getRealRoot = realRootResolver(root);

  /**
   * The path checks: malformed, lexically outside, missing, or a symlink whose target is outside.
   * Returns the realpath to open. This is advisory (it picks the ordinary answers); the descriptor
   * check in openRequested is what confines.
   */
  async function precheck(requested: string): Promise<{ absolute: string; realRootDir: string }> {
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
      if (code === "EACCES" || code === "EPERM") throw FORBIDDEN();
      if (code === "ENAMETOOLONG") throw new FileStoreError(400, "PATH_TOO_LONG", "The path is too long.");
      throw e;
    }
    // A symlink inside the root may point anywhere; only its target counts.
    if (!isInside(realRootDir, absolute)) throw OUTSIDE();
    return { absolute, realRootDir };
  }

  /**
   * Opens the requested object and proves by its descriptor that it is inside the root. O_NOFOLLOW
   * refuses a final component turned into a symlink since realpath; a directory further up turned
   * into one is caught by the descriptor check. The caller owns (and closes) the handle.
   */
  async function openRequested(requested: string, want: Want): Promise<Confined & { realRootDir: string }> {
    const { absolute, realRootDir } = await precheck(requested);
    let opened: Confined;
    try {
      opened = await openConfined(realRootDir, absolute, constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch (e) {
      if (e instanceof ConfinementError) {
        if (e.reason === "OUTSIDE_ROOT") throw OUTSIDE();
        throw e;
      }
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") throw NOT_FOUND(requested);
      if (code === "ELOOP") throw OUTSIDE();
      if (code === "EACCES" || code === "EPERM") throw FORBIDDEN();
      // A socket: it cannot be opened, let alone read or listed.
      if (code === "ENXIO")
        throw want === "directory"
          ? new FileStoreError(400, "NOT_A_DIRECTORY", `"${requested}" is not a folder.`)
          : new FileStoreError(400, "NOT_A_FILE", `"${requested}" is not a regular file and cannot be read.`);
      throw e;
    }
    const refusal = wrongType(requested, want, opened.stats);
    if (refusal) {
      await opened.handle.close();
      throw refusal;
    }
    return { ...opened, realRootDir };
  }

  async function resolve(requested: string): Promise<ResolvedPath> {
    const opened = await openRequested(requested, "any");
    await opened.handle.close();
    return { absolute: opened.real, relative: opened.relative, stats: opened.stats };
  }

  /**
   * One listing item, or null for entries that must not show: escaping or broken links, sockets.
   * The entry is looked up in the open directory (never by the directory's path), and a symlink's
   * target is judged by a descriptor on it.
   */
  function describe(dir: Confined, realRootDir: string, name: string): FileItem | null {
    let stats: Stats | undefined;
    try {
      stats = lstatEntrySync(dir, name);
      if (stats?.isSymbolicLink()) stats = statLinkTargetSync(realRootDir, dir, name);
    } catch {
      return null;
    }
    if (!stats || (!stats.isDirectory() && !stats.isFile())) return null;
    return {
      name,
      type: stats.isDirectory() ? "directory" : "file",
      size: stats.isDirectory() ? 0 : stats.size,
      modified: isoTime(stats),
      path: dir.relative ? `${dir.relative}/${name}` : name,
    };
  }

  /**
   * Synchronous stats in slices: cheaper than a round trip to the listing processes, and yielding
   * between slices keeps other requests moving.
   */
  async function rowsInThisThread(dir: Confined, realRootDir: string, names: string[]): Promise<Rows> {
    const rows: Rows = [];
    for (let i = 0; i < names.length; i += STAT_SLICE) {
      if (i > 0) await new Promise((r) => setImmediate(r));
      for (const name of names.slice(i, i + STAT_SLICE)) rows.push(rowOf(describe(dir, realRootDir, name)));
    }
    return rows;
  }

  /**
   * The rows as the listing processes write them (symlinks and what they could not describe are
   * described here, in slices); null when a process died or could not be used. A process that hung
   * fails the listing: describing the folder in this thread instead would hang the server with it.
   */
  async function rowsFromHelpers(dir: Confined, realRootDir: string, names: string[]): Promise<Rows | null> {
    const prefix = dir.relative ? `${dir.relative}/` : "";
    let described: DescribedEntries;
    try {
      // The identity the processes check, as bigints: inode numbers may pass 2^53. Synchronous (one
      // fstat), so the request goes out before listJson sorts the names.
      const { dev, ino } = fstatSync(dir.handle.fd, { bigint: true });
      described = await describeEntries({ fd: dir.handle.fd, dev, ino }, names, prefix);
    } catch (e) {
      if (e instanceof ListingTimeoutError)
        throw new FileStoreError(
          503,
          "LISTING_TIMEOUT",
          `Reading the folder "${dir.relative}" took too long; try again later.`,
        );
      return null;
    }
    const rows: Rows = [];
    let describedHere = 0;
    for (const [i, name] of names.entries()) {
      const kind = described.kinds[i];
      if (kind === FILE || kind === DIRECTORY) rows.push({ directory: kind === DIRECTORY, json: described.rows[i]! });
      else if (kind === ON_SERVER) {
        if (++describedHere % STAT_SLICE === 0) await new Promise((r) => setImmediate(r));
        rows.push(rowOf(describe(dir, realRootDir, name)));
      } else rows.push(null);
    }
    return rows;
  }

  async function listJson(requested: string): Promise<string> {
    const dir = await openRequested(requested, "directory");
    let order: number[];
    let rows: Rows;
    try {
      const names = await readEntryNames(dir);
      const fromHelpers = names.length >= helpersFromEntries ? rowsFromHelpers(dir, dir.realRootDir, names) : null;
      // Sorted while the listing processes work (in the next turn: after the request to them is
      // sent): this thread would only wait for them.
      const sorting = nextTurn().then(() => byNameOrder(names));
      const [described, sorted] = await Promise.all([fromHelpers, sorting]);
      order = sorted;
      rows = described ?? (await rowsInThisThread(dir, dir.realRootDir, names));
    } finally {
      await dir.handle.close();
    }
    return listingText(order, rows, dir.relative);
  }

  return {
    rootDir: root,
    resolve,

    listJson,

    async readText(requested) {
      const file = await openRequested(requested, "file");
      try {
        if (file.stats.size > FILE_PREVIEW_LIMIT_BYTES)
          throw new FileStoreError(
            422,
            "FILE_TOO_LARGE",
            `This file is ${(file.stats.size / 1048576).toFixed(1)} MB; previews stop at 1 MB. Download it instead.`,
          );
        // Read one byte past the limit: the file may have grown since fstat.
        const buf = Buffer.alloc(FILE_PREVIEW_LIMIT_BYTES + 1);
        let bytesRead = 0;
        while (bytesRead < buf.length) {
          const n = (await file.handle.read(buf, bytesRead, buf.length - bytesRead, bytesRead)).bytesRead;
          if (n === 0) break;
          bytesRead += n;
        }
        if (bytesRead > FILE_PREVIEW_LIMIT_BYTES)
          throw new FileStoreError(422, "FILE_TOO_LARGE", "This file is larger than 1 MB; download it instead.");
        const content = decodeText(buf.subarray(0, bytesRead));
        if (content === null)
          throw new FileStoreError(
            422,
            "BINARY_FILE",
            "This file is binary (not UTF-8 text) and cannot be previewed; download it instead.",
          );
        return { content, path: file.relative, size: bytesRead, modified: isoTime(file.stats) };
      } finally {
        await file.handle.close();
      }
    },

    async openForDownload(requested) {
      const file = await openRequested(requested, "file");
      // Name and size from the descriptor the bytes will be streamed from.
      return { name: path.basename(file.real), size: file.stats.size, handle: file.handle };
    },
  };
}

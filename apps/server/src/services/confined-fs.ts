import { randomBytes } from "node:crypto";
import { closeSync, constants, fstatSync, lstatSync, openSync, readlinkSync, type Dirent, type Stats } from "node:fs";
import { lstat, mkdir, open, readdir, readlink, rename, unlink, type FileHandle } from "node:fs/promises";
import path from "node:path";

/**
 * File access confined to one directory tree that holds while the tree changes underneath (Linux).
 *
 * Checking a path and then opening it is a race: any directory on the path can be swapped for a
 * symlink between the check and the open (issue 10, item 5). So no path check here is trusted.
 * An object is opened first, and then the kernel is asked where the opened descriptor lives:
 * readlink("/proc/self/fd/N") returns the path of the very dentry the descriptor holds (d_path),
 * computed from the open object, not by looking a name up again. If that path is not inside the
 * root's real path the descriptor is closed unread. Size, bytes and entries are then taken from
 * that descriptor only (fstat, read, readdir of /proc/self/fd/N), so a swap after the check
 * changes nothing that is served.
 *
 * Names inside an open directory are reached as "/proc/self/fd/N/name": the kernel follows the
 * magic link /proc/self/fd/N straight to the directory the descriptor holds (again no lookup of
 * its path) and looks `name` up in it, which is openat(N, name), unlinkat(N, name) and
 * renameat(N, a, N, b) for a runtime that has no *at calls.
 *
 * Opens add O_NONBLOCK (a FIFO swapped in cannot park a thread-pool thread) and O_NOCTTY; libuv
 * adds O_CLOEXEC. Without /proc (another OS, a container without it) every open fails closed.
 *
 * What this cannot prevent: an object that is inside the root when checked but moved out of it
 * afterwards. Moving it needs write access to it and to a directory outside, which a workspace
 * writer does not have, and whoever has it can read or delete the object anyway. Hard links into
 * the workspace are inside by definition (as before); the kernel's protected_hardlinks setting
 * stops links to files the linker cannot read.
 */

const PROC_FD = "/proc/self/fd";
/** O_PATH (Linux; the value of every architecture Node ships for): a handle to stat, not to read. */
const O_PATH = 0o10000000;
const OPEN_EXTRA = constants.O_NONBLOCK | constants.O_NOCTTY;

export class ConfinementError extends Error {
  constructor(
    readonly reason: "OUTSIDE_ROOT" | "NOT_AT_PATH" | "NO_PROC",
    message: string,
  ) {
    super(message);
  }
}

/** Whether `target` is `root` itself or lies below it (both absolute and normalised). */
export function isInside(root: string, target: string): boolean {
  if (!path.isAbsolute(target)) return false;
  const rel = path.relative(root, target);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

const fdPath = (fd: number) => `${PROC_FD}/${fd}`;

/** The path of `name` inside the directory open as `fd`; `name` must be one plain entry name. */
export function entryPath(fd: number, name: string): string {
  if (name === "" || name === "." || name === ".." || name.includes("/") || name.includes("\0"))
    throw new Error(`Not a directory entry name: ${JSON.stringify(name)}`);
  return `${fdPath(fd)}/${name}`;
}

const noProc = (fd: number, e: unknown) =>
  new ConfinementError(
    "NO_PROC",
    `Cannot tell where descriptor ${fd} points (${(e as NodeJS.ErrnoException).code ?? String(e)}): confined file access needs Linux with /proc mounted.`,
  );

/** Where the kernel says an open descriptor is: its real path, no symlinks, "... (deleted)" once unlinked. */
export async function descriptorPath(fd: number): Promise<string> {
  try {
    return await readlink(fdPath(fd));
  } catch (e) {
    throw noProc(fd, e);
  }
}

export function descriptorPathSync(fd: number): string {
  try {
    return readlinkSync(fdPath(fd));
  } catch (e) {
    throw noProc(fd, e);
  }
}

/** The root's real path, taken from a descriptor on it like every later check; resolved once, retried after a failure. */
export function realRootResolver(rootDir: string): () => Promise<string> {
  const root = path.resolve(rootDir);
  let real: Promise<string> | undefined;
  const resolveOnce = async () => {
    const handle = await open(root, constants.O_RDONLY | constants.O_DIRECTORY);
    try {
      return await descriptorPath(handle.fd);
    } finally {
      await handle.close();
    }
  };
  return () => (real ??= resolveOnce().catch((e) => ((real = undefined), Promise.reject(e))));
}

/** An open descriptor proven to be inside the root when it was checked. */
export interface Confined {
  handle: FileHandle;
  /** Its real path, from the descriptor. */
  real: string;
  /** The same relative to the real root, "/"-separated; "" is the root. */
  relative: string;
  /** fstat of the descriptor. */
  stats: Stats;
}

export function relativeTo(realRoot: string, real: string): string {
  return path.relative(realRoot, real).split(path.sep).join("/");
}

async function verify(realRoot: string, handle: FileHandle, expected: string | undefined): Promise<Confined> {
  try {
    const real = await descriptorPath(handle.fd);
    if (!isInside(realRoot, real)) throw new ConfinementError("OUTSIDE_ROOT", "That path lies outside the workspace.");
    if (expected !== undefined && real !== expected)
      throw new ConfinementError(
        "NOT_AT_PATH",
        `${expected} is reached through a symlink or was moved (it is ${real}); it is not used.`,
      );
    return { handle, real, relative: relativeTo(realRoot, real), stats: await handle.stat() };
  } catch (e) {
    await handle.close();
    throw e;
  }
}

export interface OpenOptions {
  /** Require the descriptor's real path to be exactly this: no symlink anywhere on the way. */
  exactly?: string;
}

/**
 * Opens `target` with `flags` (plus O_NONBLOCK | O_NOCTTY) and keeps the descriptor only if the
 * kernel places it inside `realRoot`. Errors: the open's own (ENOENT, ELOOP for O_NOFOLLOW, ...)
 * or a ConfinementError, after which nothing was read.
 */
export async function openConfined(
  realRoot: string,
  target: string,
  flags: number,
  opts: OpenOptions = {},
): Promise<Confined> {
  return verify(realRoot, await open(target, flags | OPEN_EXTRA), opts.exactly);
}

/**
 * Opens `relative` below the root with no symlink anywhere on the path (the final component gets
 * O_NOFOLLOW; an intermediate one makes the real path differ from the expected one).
 */
export async function openExact(realRoot: string, relative: string, flags: number): Promise<Confined> {
  const target = relative === "" ? realRoot : path.join(realRoot, relative);
  if (!isInside(realRoot, target)) throw new ConfinementError("OUTSIDE_ROOT", "That path lies outside the workspace.");
  return openConfined(realRoot, target, flags | constants.O_NOFOLLOW, { exactly: target });
}

/** Opens the entry `name` of an open directory, never following it if it is a symlink (openat + O_NOFOLLOW). */
export async function openEntry(realRoot: string, dir: Confined, name: string, flags: number): Promise<Confined> {
  return openConfined(realRoot, entryPath(dir.handle.fd, name), flags | constants.O_NOFOLLOW);
}

/** The entries of an open directory: of the directory the descriptor holds, whatever its path names now. */
export function readEntries(dir: Confined): Promise<Dirent[]> {
  return readdir(fdPath(dir.handle.fd), { withFileTypes: true });
}

/** The names of the entries of an open directory (readEntries without their types). */
export function readEntryNames(dir: Confined): Promise<string[]> {
  return readdir(fdPath(dir.handle.fd));
}

/** lstat of an entry of an open directory (the entry itself, never a symlink's target). */
export function lstatEntry(dir: Confined, name: string): Promise<Stats> {
  return lstat(entryPath(dir.handle.fd, name));
}

export function lstatEntrySync(dir: Confined, name: string): Stats | undefined {
  return lstatSync(entryPath(dir.handle.fd, name), { throwIfNoEntry: false });
}

/**
 * The stats of what a symlink entry of an open directory points to, or undefined when that is
 * outside the root, missing or a loop. The target is opened with O_PATH (no read permission
 * needed, no side effects of opening a device or FIFO) and checked by its descriptor.
 */
export function statLinkTargetSync(realRoot: string, dir: Confined, name: string): Stats | undefined {
  let fd: number;
  try {
    fd = openSync(entryPath(dir.handle.fd, name), O_PATH);
  } catch {
    return undefined;
  }
  try {
    return isInside(realRoot, descriptorPathSync(fd)) ? fstatSync(fd) : undefined;
  } finally {
    closeSync(fd);
  }
}

/** unlinkat(dir, name): removes the entry itself (a symlink is removed, not its target). */
export function unlinkEntry(dir: Confined, name: string): Promise<void> {
  return unlink(entryPath(dir.handle.fd, name));
}

/** renameat(dir, from, dir, to): both names in the same open directory. */
export function renameEntry(dir: Confined, from: string, to: string): Promise<void> {
  return rename(entryPath(dir.handle.fd, from), entryPath(dir.handle.fd, to));
}

/** mkdirat(dir, name); an existing entry of that name (a symlink included) is left alone. */
export async function mkdirEntry(dir: Confined, name: string): Promise<void> {
  await mkdir(entryPath(dir.handle.fd, name)).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== "EEXIST") throw e;
  });
}

/**
 * writeFileAtomic inside an open directory: a new temporary entry (O_EXCL, so never through a
 * symlink), fsync, renamed over `name` (which replaces the entry, never writing through it), then
 * fsync of the directory. Readers, and a crash, see the old file or the complete new one.
 */
export async function writeEntryAtomic(dir: Confined, name: string, data: string | Uint8Array): Promise<void> {
  const temp = `.${name}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  const handle = await open(entryPath(dir.handle.fd, temp), "wx", 0o644);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await renameEntry(dir, temp, name);
  } catch (e) {
    await unlinkEntry(dir, temp).catch(() => {});
    throw e;
  }
  await dir.handle.sync();
}

/** Reads a regular file's descriptor from offset 0, at most `limit` bytes. */
export async function readAll(file: Confined, limit: number): Promise<Buffer> {
  const buf = Buffer.alloc(Math.min(limit, Math.max(file.stats.size, 0)));
  let filled = 0;
  while (filled < buf.length) {
    const { bytesRead } = await file.handle.read(buf, filled, buf.length - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buf.subarray(0, filled);
}

/**
 * Why opening `relative` below the root as a directory (openExact, or openEntry/openConfined with
 * O_DIRECTORY) failed, as words that follow the path in a refusal: "is a symlink ...", "is not a
 * directory", .... O_DIRECTORY | O_NOFOLLOW on a symlink fails with ENOTDIR (ELOOP without
 * O_DIRECTORY); an lstat, which only chooses the words, tells the two ENOTDIR cases apart unless
 * the entry changed in between.
 */
export async function directoryRefusal(realRoot: string, relative: string, error: unknown): Promise<string> {
  if (error instanceof ConfinementError) {
    if (error.reason === "OUTSIDE_ROOT") return "resolves to a place outside the workspace";
    if (error.reason === "NOT_AT_PATH") return "is reached through a symlink or was moved";
    return `cannot be checked: ${error.message}`;
  }
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ELOOP") return "is a symlink";
  if (code === "ENOTDIR") {
    const now = await lstat(path.join(realRoot, relative)).catch(() => undefined);
    if (now?.isSymbolicLink()) return "is a symlink";
    if (now && !now.isDirectory()) return "is not a directory";
    return "is a symlink or not a directory (it changed while it was opened)";
  }
  return `cannot be opened (${code ?? (error as Error).message})`;
}

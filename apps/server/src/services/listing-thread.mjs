/**
 * A thread that describes entries of a directory the server holds open (listing-threads.ts).
 *
 * Plain JavaScript with no imports of the project: it starts in milliseconds without a TypeScript
 * loader, and the built server finds it where the sources are. An entry is looked up in the
 * directory the descriptor holds ("/proc/<pid>/fd/N/name": the descriptor is the process's, so a
 * thread reaches it too), never by the directory's path, as confined-fs.ts does.
 *
 * Request:  { id, fd, names, prefix }  prefix: the directory's path below the root, "" or ending in "/".
 * Answer:   { id, kinds, rows }  kinds[i]: 0 not listed (gone, a socket, a device), 1 file,
 *           2 directory, 3 for the main thread to describe (a symlink, whose target it judges
 *           against the root, or an entry this thread could not describe, such as a time too far
 *           off for an ISO date); rows[i]: the FileItem of a file or directory as JSON text, ""
 *           otherwise. Every request is answered: nothing an entry holds ends the thread.
 */
import { lstatSync, readlinkSync } from "node:fs";
import { parentPort } from "node:worker_threads";

/**
 * The process's descriptors by its pid rather than through "self": the kernel then skips
 * following the "self" link for every entry (some 10 % of each lstat here). Only when /proc
 * names this process by that pid: a /proc of another pid namespace would name another process.
 */
const PROC_FD = readlinkSync("/proc/self") === String(process.pid) ? `/proc/${process.pid}/fd` : "/proc/self/fd";

const NOT_LISTED = 0;
const FILE = 1;
const DIRECTORY = 2;
const ON_MAIN_THREAD = 3;

/** The kind of one entry and its row; the row's fields in FileItem's order, as JSON.stringify(item) writes them. */
function describe(fd, name, prefix) {
  if (name === "" || name === "." || name === ".." || name.includes("/") || name.includes("\0"))
    return [NOT_LISTED, ""];
  let stats;
  try {
    stats = lstatSync(`${PROC_FD}/${fd}/${name}`, { throwIfNoEntry: false });
  } catch {
    return [NOT_LISTED, ""];
  }
  if (!stats) return [NOT_LISTED, ""];
  if (stats.isSymbolicLink()) return [ON_MAIN_THREAD, ""];
  const directory = stats.isDirectory();
  if (!directory && !stats.isFile()) return [NOT_LISTED, ""];
  // Written by hand rather than JSON.stringify({...}): a third less time per row. The strings are
  // escaped by JSON.stringify; the numbers and the ISO time need no escaping.
  const type = directory ? '"directory"' : '"file"';
  const size = directory ? 0 : stats.size;
  // stats.mtime as the main thread writes it: it rounds to the millisecond, new Date(mtimeMs) cuts.
  const modified = stats.mtime.toISOString();
  const row = `{"name":${JSON.stringify(name)},"type":${type},"size":${size},"modified":"${modified}","path":${JSON.stringify(prefix + name)}}`;
  return [directory ? DIRECTORY : FILE, row];
}

parentPort.on("message", ({ id, fd, names, prefix }) => {
  const kinds = new Uint8Array(names.length);
  const rows = new Array(names.length);
  for (let i = 0; i < names.length; i++) {
    try {
      [kinds[i], rows[i]] = describe(fd, names[i], prefix);
    } catch {
      [kinds[i], rows[i]] = [ON_MAIN_THREAD, ""];
    }
  }
  parentPort.postMessage({ id, kinds, rows }, [kinds.buffer]);
});

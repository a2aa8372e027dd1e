/**
 * A process that describes entries of a directory the server holds open (listing-processes.ts).
 *
 * Plain JavaScript with no imports of the project: it starts without a TypeScript loader, and the
 * built server finds it where the sources are. For each request it changes its working directory
 * to the server's descriptor ("/proc/<pid>/fd/N": the kernel resolves that to the directory the
 * descriptor holds, not to any path), then looks each entry up by its bare name. That is fstatat on
 * the held directory, as confined-fs.ts does through /proc, at half the cost: the kernel walks one
 * name per entry instead of five. Only a process can do this; a thread shares the server's
 * working directory.
 *
 * Request:  { id, dir, dev, ino, names, prefix }  dir: the held descriptor under /proc; dev and
 *           ino: the directory's, from fstat of that descriptor, as bigints (the process checks
 *           it entered that very directory); prefix: its path below the root, "" or ending in "/".
 * Answer:   { id, kinds, text } kinds[i]: 0 not listed (gone, a socket, a device), 1 file,
 *           2 directory, 3 for the server to describe (a symlink, whose target it judges against
 *           the root, or an entry this process could not describe, such as a time too far off for
 *           an ISO date); text: the FileItems of the files and directories as JSON text, in the
 *           order of names, one a line (JSON text holds no raw line break). One text rather than a
 *           string per entry: the server reads it in a few milliseconds less.
 *           { id, error } when the directory could not be entered, or was not the one named.
 *           Every request is answered: nothing an entry holds ends the process.
 * At start: { ready: true }.
 */
import { lstatSync } from "node:fs";

const NOT_LISTED = 0;
const FILE = 1;
const DIRECTORY = 2;
const ON_SERVER = 3;

/** Printable ASCII but the quote and the backslash: what JSON.stringify writes as it is, between quotes. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
const quoted = (text) => (PLAIN.test(text) ? `"${text}"` : JSON.stringify(text));

/** The kind of one entry of the working directory and its row; the row's fields in FileItem's order, as JSON.stringify(item) writes them. */
function describe(name, prefix) {
  if (name === "" || name === "." || name === ".." || name.includes("/") || name.includes("\0"))
    return [NOT_LISTED, ""];
  let stats;
  try {
    stats = lstatSync(name, { throwIfNoEntry: false });
  } catch {
    return [NOT_LISTED, ""];
  }
  if (!stats) return [NOT_LISTED, ""];
  if (stats.isSymbolicLink()) return [ON_SERVER, ""];
  const directory = stats.isDirectory();
  if (!directory && !stats.isFile()) return [NOT_LISTED, ""];
  // Written by hand rather than JSON.stringify({...}): a third less time per row. The strings are
  // escaped as JSON.stringify escapes them; the numbers and the ISO time need no escaping.
  const type = directory ? '"directory"' : '"file"';
  const size = directory ? 0 : stats.size;
  // stats.mtime as the server writes it: it rounds to the millisecond, new Date(mtimeMs) cuts.
  const modified = stats.mtime.toISOString();
  const row = `{"name":${quoted(name)},"type":${type},"size":${size},"modified":"${modified}","path":${quoted(prefix + name)}}`;
  return [directory ? DIRECTORY : FILE, row];
}

function describeAll(names, prefix) {
  const kinds = new Uint8Array(names.length);
  const rows = [];
  for (let i = 0; i < names.length; i++) {
    let kind, row;
    try {
      [kind, row] = describe(names[i], prefix);
    } catch {
      kind = ON_SERVER;
    }
    kinds[i] = kind;
    if (kind === FILE || kind === DIRECTORY) rows.push(row);
  }
  return { kinds, text: rows.join("\n") };
}

/** Enters the directory; an error text when it cannot, or when it is not the one the server holds. */
function enter(dir, dev, ino) {
  let here;
  try {
    process.chdir(dir);
    here = lstatSync(".", { bigint: true });
  } catch (e) {
    return `could not enter the folder: ${e.code ?? e.message}`;
  }
  // The descriptor number could name another directory by now (closed and reused, or /proc of
  // another process): the directory's identity settles it.
  return here.dev === dev && here.ino === ino ? null : "the folder entered is not the one the server holds";
}

process.on("message", ({ id, dir, dev, ino, names, prefix }) => {
  let answer;
  try {
    const refused = enter(dir, dev, ino);
    answer = refused ? { error: refused } : describeAll(names, prefix);
  } finally {
    // Not kept in the folder between requests: a working directory holds it (and its file system) in use.
    process.chdir("/");
  }
  if (process.connected) process.send({ id, ...answer });
});
// The server is gone: nothing more will come, and nothing can be sent.
process.on("disconnect", () => process.exit(0));
process.on("error", () => process.exit(0));
process.send({ ready: true });

import { randomBytes } from "node:crypto";
import { mkdir, open, rename, unlink, writeFile, type FileHandle } from "node:fs/promises";
import path from "node:path";

/** A file's data: its text or bytes, or its text in pieces written one after another. */
export type FileData = string | Uint8Array | readonly string[];

/**
 * Writes a file so that readers (and a crash, even kill -9) see either the old state or the
 * complete new file, never a half-written one: a temporary file in the same directory, fsync,
 * rename over the target, fsync of the directory.
 */
export async function writeFileAtomic(target: string, data: FileData): Promise<void> {
  await (await openAtomicFile(target)).write(data);
}

/** A file opened for writing atomically (see openAtomicFile): its data, written once. */
export interface AtomicFile {
  /** Writes and syncs the temporary file, renames it over the target, syncs the directory. */
  write(data: FileData): Promise<void>;
}

/**
 * Opens the temporary file of an atomic write. Once this has resolved the directory takes files
 * (it exists, or was made, and is writable): a caller that must not start work it cannot record
 * learns that at once, and the write itself — a sync of the file and one of the directory, some
 * milliseconds each on a quiet disk, at times a hundred — can go on beside that work.
 */
export async function openAtomicFile(target: string): Promise<AtomicFile> {
  const temp = await openTemp(target);
  return {
    async write(data) {
      await fill(temp, data).catch(async (e: unknown) => {
        await discard(temp);
        throw e;
      });
      await land(temp);
      await syncDir(path.dirname(target));
    },
  };
}

/** One file's data for writeFilesInOrder. */
export interface FileToWrite {
  target: string;
  data: FileData;
}

/**
 * Writes several files atomically (see writeFileAtomic), landing group by group: every file is
 * written and synced at once, then the first group's are renamed over their targets and their
 * directories synced, then the next group's. A later group's file therefore never stands without
 * an earlier group's, even after a crash; when a write fails, no file lands and no temporary file
 * is left, and when a rename fails, no later file lands. Against one file after another, the
 * syncs of a run's three result files overlap instead of adding up.
 */
export async function writeFilesInOrder(groups: readonly (readonly FileToWrite[])[]): Promise<void> {
  const files = groups.flat();
  const opened = await Promise.allSettled(files.map((f) => openTemp(f.target)));
  const temps = opened.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
  await settledOrDiscarded(opened, temps);
  await settledOrDiscarded(await Promise.allSettled(temps.map((t, i) => fill(t, files[i]!.data))), temps);
  let next = 0;
  for (const group of groups) {
    const these = temps.slice(next, (next += group.length));
    await settledOrDiscarded(await Promise.allSettled(these.map(land)), temps.slice(next));
    await Promise.all([...new Set(these.map((t) => path.dirname(t.target)))].map(syncDir));
  }
}

/** Throws the first failure among `results` once every one of `temps` is removed; else does nothing. */
async function settledOrDiscarded(results: PromiseSettledResult<unknown>[], temps: Temp[]): Promise<void> {
  const failure = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (!failure) return;
  await Promise.all(temps.map(discard));
  throw failure.reason;
}

/** A temporary file beside its target, open for writing. */
interface Temp {
  target: string;
  path: string;
  handle: FileHandle;
}

async function openTemp(target: string): Promise<Temp> {
  const dir = path.dirname(target);
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  return { target, path: temp, handle: await open(temp, "wx", 0o644) };
}

/** Writes the data, syncs it to the disk and closes the file. */
async function fill(temp: Temp, data: FileData): Promise<void> {
  try {
    await writeFile(temp.handle, typeof data === "string" || data instanceof Uint8Array ? data : joined(data));
    await temp.handle.sync();
  } finally {
    await temp.handle.close();
  }
}

/**
 * Text in pieces as one buffer, each piece encoded on its own: written piece by piece, each piece
 * cost a round trip to libuv's threads (a run's log is some 60, which took 10-40 ms), and joined
 * as text first, one piece with a character beyond Latin-1 made the whole text two bytes a character.
 */
const joined = (pieces: readonly string[]) => Buffer.concat(pieces.map((p) => Buffer.from(p, "utf8")));

/** Renames the temporary file over its target; should that fail, the temporary file goes. */
async function land(temp: Temp): Promise<void> {
  try {
    await rename(temp.path, temp.target);
  } catch (e) {
    await discard(temp);
    throw e;
  }
}

/** Removes a temporary file that will not land (closing it first if still open). */
async function discard(temp: Temp): Promise<void> {
  await temp.handle.close().catch(() => {});
  await unlink(temp.path).catch(() => {});
}

/** Syncs a directory, so the renames in it survive a crash. */
async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

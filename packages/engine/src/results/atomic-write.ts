import { randomBytes } from "node:crypto";
import { mkdir, open, rename, unlink, writeFile } from "node:fs/promises";
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
  const dir = path.dirname(target);
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  const handle = await open(temp, "wx", 0o644);
  return {
    async write(data) {
      try {
        // Through fs/promises' writeFile, which takes pieces too (FileHandle's own is typed for whole data only).
        await writeFile(handle, data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await rename(temp, target);
      } catch (e) {
        await unlink(temp).catch(() => {});
        throw e;
      }
      const dirHandle = await open(dir, "r");
      try {
        await dirHandle.sync();
      } finally {
        await dirHandle.close();
      }
    },
  };
}

import { mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { open, rename, unlink, type FileHandle } from "node:fs/promises";
import { createHash, randomBytes } from "node:crypto";
import path from "node:path";
import type { RenderedLog } from "./build-host";

/**
 * Generated logs kept on disk, by recipe digest, so each is generated once per install rather than
 * once per process: a fresh server, each `analystbench worker` and each command-line run would
 * otherwise spend their first samples generating the same background noise (some 110 MB for the
 * whole suite). A recipe digests everything a log's bytes depend on (generator version, seed,
 * clock, the log's specification, the host), so a file found under its name is that log.
 *
 * The cache lives in node_modules/.cache/analystbench/logs (a fresh install starts empty), or in
 * ANALYSTBENCH_LOG_CACHE_DIR ("off" turns it off), in a subdirectory named by the generator's code. Files are written whole under a temporary name
 * and renamed; one that does not read back as a cache file (truncated, edited) is ignored, and the
 * log is generated as if it were not there. It stops growing at MAX_CACHE_BYTES.
 */
const MAGIC = "analystbench-log 1";
const MAX_CACHE_BYTES = 1024 * 1024 * 1024;
const RECIPE = /^[0-9a-f]{64}$/;

export function logCacheDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const configured = env.ANALYSTBENCH_LOG_CACHE_DIR?.trim();
  if (configured === "off") return null;
  const generator = generatorDigest();
  if (!generator) return null;
  const base = configured || path.resolve(import.meta.dirname, "../../../node_modules/.cache/analystbench/logs");
  return path.join(base, generator);
}

/**
 * A digest of the code that generates logs (the noise generators and their data, the host
 * builder, the random streams), naming the cache's subdirectory: a recipe digests a log's inputs,
 * not the code, and an edited generator must never be answered with logs the old one wrote.
 * Null (no cache) when those sources cannot be read.
 */
let digest: string | null | undefined;
export function generatorDigest(): string | null {
  if (digest !== undefined) return digest;
  try {
    const files = [
      ...listFiles(path.join(import.meta.dirname, "noise")),
      path.join(import.meta.dirname, "build-host.ts"),
      path.join(import.meta.dirname, "random.ts"),
    ].sort();
    const hash = createHash("sha256");
    for (const f of files) hash.update(`${path.relative(import.meta.dirname, f)}\0`).update(readFileSync(f));
    digest = hash.digest("hex").slice(0, 16);
  } catch {
    digest = null;
  }
  return digest;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(path.join(dir, e.name)) : e.name.endsWith(".test.ts") ? [] : [path.join(dir, e.name)],
  );
}

/** The file's header line: the magic, the last line's time (or -), the body's length. */
const MAX_HEADER_BYTES = 128;

/** A cache file's log, or undefined when it does not read back as one (truncated, edited). */
async function readCached(file: FileHandle): Promise<RenderedLog | undefined> {
  const { size } = await file.stat();
  const head = Buffer.alloc(Math.min(size, MAX_HEADER_BYTES));
  await readFully(file, head, 0);
  const newline = head.indexOf(10);
  const [magic, version, last, length] = head.subarray(0, Math.max(0, newline)).toString("latin1").split(" ");
  const body = newline >= 0 ? size - newline - 1 : -1;
  if (`${magic} ${version}` !== MAGIC || String(body) !== length || !/^(-|\d+)$/.test(last ?? "")) return undefined;
  const bytes = new Uint8Array(new SharedArrayBuffer(body));
  if (!(await readFully(file, bytes, newline + 1))) return undefined;
  return { bytes, lastMs: last === "-" ? undefined : Number(last) };
}

/** Fills `into` from the file at `position`; false when the file ends first. */
async function readFully(file: FileHandle, into: Uint8Array, position: number): Promise<boolean> {
  for (let done = 0; done < into.byteLength;) {
    const { bytesRead } = await file.read(into, done, into.byteLength - done, position + done);
    if (bytesRead === 0) return false;
    done += bytesRead;
  }
  return true;
}

const header = (log: RenderedLog) => `${MAGIC} ${log.lastMs ?? "-"} ${log.bytes.byteLength}\n`;

export function createLogDiskCache(dir: string | null) {
  let used: number | null = null;
  const usedBytes = () => {
    if (used !== null) return used;
    try {
      mkdirSync(dir!, { recursive: true, mode: 0o700 });
      used = readdirSync(dir!).reduce((n, f) => n + statSync(path.join(dir!, f)).size, 0);
    } catch {
      used = Infinity;
    }
    return used;
  };
  return {
    /**
     * The log stored under the recipe, in shareable memory; undefined when absent or unreadable.
     * Its body is read straight into that memory (a fresh process reads some 110 MB of logs, and
     * a copy of each on the main thread held the first samples' tool calls).
     */
    async read(recipe: string): Promise<RenderedLog | undefined> {
      if (!dir || !RECIPE.test(recipe)) return undefined;
      let file: FileHandle;
      try {
        file = await open(path.join(dir, `${recipe}.log`), "r");
      } catch {
        return undefined;
      }
      try {
        return await readCached(file);
      } catch {
        return undefined;
      } finally {
        await file.close().catch(() => {});
      }
    },

    /** Stores a log rendered here; never throws (a full or read-only disk only means no cache). */
    async write(recipe: string, log: RenderedLog): Promise<void> {
      if (!dir || !RECIPE.test(recipe) || usedBytes() + log.bytes.byteLength > MAX_CACHE_BYTES) return;
      used! += log.bytes.byteLength;
      const final = path.join(dir, `${recipe}.log`);
      const temp = `${final}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        const handle = await open(temp, "wx", 0o600);
        try {
          await handle.write(header(log));
          await handle.write(log.bytes);
        } finally {
          await handle.close();
        }
        await rename(temp, final);
      } catch {
        await unlink(temp).catch(() => {});
      }
    },
  };
}

export type LogDiskCache = ReturnType<typeof createLogDiskCache>;

import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createLogDiskCache, generatorDigest, logCacheDir } from "./log-disk-cache";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const tempDir = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), "ab-log-cache-"));
  dirs.push(d);
  return d;
};
const RECIPE = "a".repeat(64);
const log = (text: string, lastMs?: number) => {
  const bytes = new Uint8Array(new SharedArrayBuffer(Buffer.byteLength(text)));
  bytes.set(Buffer.from(text));
  return { bytes, lastMs };
};

describe("the rendered-log disk cache", () => {
  it("gives back what was stored, in shareable memory, with its last line's time", async () => {
    const dir = tempDir();
    const cache = createLogDiskCache(dir);
    await cache.write(RECIPE, log("Nov 3 10:00:01 web-01 sshd[1]: Accepted\n", 1_700_000_000_123));
    const back = await createLogDiskCache(dir).read(RECIPE);
    expect(back?.bytes.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(Buffer.from(back!.bytes).toString()).toBe("Nov 3 10:00:01 web-01 sshd[1]: Accepted\n");
    expect(back?.lastMs).toBe(1_700_000_000_123);
    await cache.write("b".repeat(64), log(""));
    expect(await cache.read("b".repeat(64))).toEqual({
      bytes: new Uint8Array(new SharedArrayBuffer(0)),
      lastMs: undefined,
    });
    // Written whole: no temporary file is left behind.
    expect(readdirSync(dir).sort()).toEqual([`${RECIPE}.log`, `${"b".repeat(64)}.log`].sort());
  });

  it("reads a log of megabytes back whole, byte for byte", async () => {
    const dir = tempDir();
    const text = Array.from(
      { length: 60_000 },
      (_, i) => `Nov 3 10:00:${i % 60} web-01 sshd[${i}]: line ${i} é\n`,
    ).join("");
    expect(Buffer.byteLength(text)).toBeGreaterThan(2_500_000);
    await createLogDiskCache(dir).write(RECIPE, log(text, 7));
    const back = await createLogDiskCache(dir).read(RECIPE);
    expect(back?.bytes.byteLength).toBe(Buffer.byteLength(text));
    expect(Buffer.from(back!.bytes).equals(Buffer.from(text))).toBe(true);
    expect(back?.lastMs).toBe(7);
  });

  it("ignores a file that is not whole or not its own, and names that are not recipes", async () => {
    const dir = tempDir();
    const cache = createLogDiskCache(dir);
    await cache.write(RECIPE, log("one line\n", 5));
    const file = path.join(dir, `${RECIPE}.log`);
    const whole = readFileSync(file);
    writeFileSync(file, whole.subarray(0, whole.length - 3));
    expect(await cache.read(RECIPE)).toBeUndefined();
    writeFileSync(file, Buffer.concat([whole, Buffer.from("more")]));
    expect(await cache.read(RECIPE)).toBeUndefined();
    writeFileSync(file, whole.toString().replace("analystbench-log 1", "analystbench-log 2"));
    expect(await cache.read(RECIPE)).toBeUndefined();
    writeFileSync(file, "no header at all");
    expect(await cache.read(RECIPE)).toBeUndefined();
    expect(await cache.read("../../etc/passwd")).toBeUndefined();
    await cache.write("../escape", log("x"));
    expect(readdirSync(dir)).toEqual([`${RECIPE}.log`]);
  });

  it("is off with ANALYSTBENCH_LOG_CACHE_DIR=off, and writes nothing into a directory it cannot use", async () => {
    expect(logCacheDir({ ANALYSTBENCH_LOG_CACHE_DIR: "off" })).toBeNull();
    // In a subdirectory named by the generator's code: an edited generator starts a new cache.
    expect(generatorDigest()).toMatch(/^[0-9a-f]{16}$/);
    expect(logCacheDir({ ANALYSTBENCH_LOG_CACHE_DIR: "/srv/cache" })).toBe(`/srv/cache/${generatorDigest()}`);
    expect(logCacheDir({})).toMatch(/node_modules\/\.cache\/analystbench\/logs\/[0-9a-f]{16}$/);
    const off = createLogDiskCache(null);
    await off.write(RECIPE, log("x"));
    expect(await off.read(RECIPE)).toBeUndefined();
    const blocked = path.join(tempDir(), "a-file");
    writeFileSync(blocked, "");
    const cache = createLogDiskCache(path.join(blocked, "logs"));
    await expect(cache.write(RECIPE, log("x"))).resolves.toBeUndefined();
    expect(await cache.read(RECIPE)).toBeUndefined();
  });
});

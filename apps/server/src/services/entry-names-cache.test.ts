import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync, type Stats } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createEntryNamesCache } from "./entry-names-cache";
import { createFileStore } from "./file-store";

const NOW = 1_800_000_000_000;
const folder = (over: Partial<Stats> = {}) =>
  ({ dev: 1, ino: 42, mtimeMs: NOW - 60_000, ctimeMs: NOW - 60_000, ...over }) as Stats;

describe("the names of big folders", () => {
  it("are reused for the same folder with the same times", () => {
    const cache = createEntryNamesCache();
    cache.set(folder(), ["a", "b"], NOW);
    expect(cache.get(folder())).toEqual(["a", "b"]);
  });

  it("are read again once the folder's modification or change time moved, or for another folder", () => {
    const cache = createEntryNamesCache();
    cache.set(folder(), ["a"], NOW);
    expect(cache.get(folder({ mtimeMs: NOW - 59_999.5 }))).toBeUndefined();
    expect(cache.get(folder({ ctimeMs: NOW - 1 }))).toBeUndefined();
    expect(cache.get(folder({ ino: 43 }))).toBeUndefined();
    expect(cache.get(folder({ dev: 2 }))).toBeUndefined();
  });

  it("are not kept for a folder changed less than a second before it was opened: a change in the same clock tick would leave its times equal", () => {
    const cache = createEntryNamesCache();
    cache.set(folder({ mtimeMs: NOW - 400, ctimeMs: NOW - 400 }), ["a"], NOW);
    expect(cache.get(folder({ mtimeMs: NOW - 400, ctimeMs: NOW - 400 }))).toBeUndefined();
    cache.set(folder({ ctimeMs: NOW - 10 }), ["a"], NOW);
    expect(cache.get(folder({ ctimeMs: NOW - 10 }))).toBeUndefined();
  });

  it("forget what they held when the same folder is read again while unsettled", () => {
    const cache = createEntryNamesCache();
    cache.set(folder(), ["old"], NOW);
    cache.set(folder({ mtimeMs: NOW - 5 }), ["new"], NOW);
    expect(cache.get(folder())).toBeUndefined();
  });
});

describe("listing a big folder again", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "analystbench-names-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("shows entries added, removed or renamed since, though its names were kept", async () => {
    const big = path.join(root, "big");
    mkdirSync(big);
    for (let i = 0; i < 600; i++) writeFileSync(path.join(big, `f-${i}.txt`), "x");
    const store = createFileStore({ rootDir: root });
    // Older than a second: the names are kept.
    await new Promise((r) => setTimeout(r, 1_100));
    const names = async () => (await store.list("big")).items.map((i) => i.name);
    expect(await names()).toHaveLength(600);
    writeFileSync(path.join(big, "added.txt"), "y");
    expect(await names()).toContain("added.txt");
    renameSync(path.join(big, "f-1.txt"), path.join(big, "renamed.txt"));
    rmSync(path.join(big, "f-2.txt"));
    const after = await names();
    expect(after).toContain("renamed.txt");
    expect(after).not.toContain("f-1.txt");
    expect(after).not.toContain("f-2.txt");
    expect(after).toHaveLength(600);
  });
});

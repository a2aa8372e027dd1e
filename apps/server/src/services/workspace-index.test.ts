import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkspaceIndexer } from "./workspace-index";

let dir: string;
let ws: string;

beforeAll(() => {
  dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), "analystbench-index-")));
  ws = path.join(dir, "workspace");
  mkdirSync(path.join(ws, "a/b"), { recursive: true });
  mkdirSync(path.join(dir, "outside"));
  writeFileSync(path.join(ws, "a/b/deep.txt"), "x");
  writeFileSync(path.join(dir, "outside/secret.txt"), "secret");
  symlinkSync(path.join(dir, "outside"), path.join(ws, "a/out"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("workspace index", () => {
  it("lists names with workspace-relative paths and never enters a symlinked folder", async () => {
    const index = await createWorkspaceIndexer(ws)();
    const paths = index.entries.map((e) => e.path).sort();
    expect(paths).toEqual(["a", "a/b", "a/b/deep.txt", "a/out"]);
    expect(index.entries.find((e) => e.path === "a/out")?.isDirectory).toBe(false);
    expect(JSON.stringify(index)).not.toContain(dir);
  });

  it("a burst of searches shares one walk; a later search walks again and sees new files", async () => {
    let now = 0;
    const indexer = createWorkspaceIndexer(ws, () => now);
    const burst = Array.from({ length: 50 }, () => indexer());
    expect(new Set(burst).size).toBe(1);
    await burst[0];
    writeFileSync(path.join(ws, "new.txt"), "n");
    expect((await indexer()).entries.some((e) => e.path === "new.txt")).toBe(false);
    now += 3_001;
    expect((await indexer()).entries.some((e) => e.path === "new.txt")).toBe(true);
  });

  it("a missing workspace is an empty index, not an error", async () => {
    const index = await createWorkspaceIndexer(path.join(dir, "nope"))();
    expect(index).toEqual({ entries: [], truncated: false });
  });
});

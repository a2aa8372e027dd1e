import { mkdirSync, mkdtempSync, openSync, closeSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DirectoryListingSchema } from "@analystbench/contracts";
import { createFileStore } from "./file-store";
import { describeOnThreads, DIRECTORY, FILE, NOT_LISTED, SYMLINK } from "./listing-threads";

let root: string;
beforeAll(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), "analystbench-listing-")));
  const dir = path.join(root, "ws", "big");
  mkdirSync(path.join(dir, "sub"), { recursive: true });
  mkdirSync(path.join(root, "outside"));
  writeFileSync(path.join(root, "outside", "secret.txt"), "outside bytes, longer than any inside file");
  for (let i = 0; i < 40; i++) writeFileSync(path.join(dir, `file-${i}.txt`), "x".repeat(i));
  // Names JSON must escape, and names that sort differently as numbers.
  for (const name of [
    'quote"d.txt',
    "back\\slash.txt",
    "new\nline.txt",
    "ünïcode-文件.txt",
    "tab\tname.txt",
    "file-100.txt",
  ])
    writeFileSync(path.join(dir, name), name);
  symlinkSync("file-3.txt", path.join(dir, "inside-link.txt"));
  symlinkSync("sub", path.join(dir, "inside-dir-link"));
  symlinkSync(path.join(root, "outside", "secret.txt"), path.join(dir, "escaping-link.txt"));
  symlinkSync("nowhere", path.join(dir, "broken-link"));
  execFileSync("mkfifo", [path.join(dir, "a-fifo")]);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the listing threads", () => {
  it("tell files, folders and symlinks apart, leave out what is not listed, and write each row as JSON", async () => {
    const fd = openSync(path.join(root, "ws", "big"), "r");
    try {
      const names = ["file-3.txt", "sub", "inside-link.txt", "a-fifo", "gone.txt", 'quote"d.txt', "..", "a/b"];
      const { kinds, rows } = await describeOnThreads(fd, names, "big/");
      expect([...kinds]).toEqual([FILE, DIRECTORY, SYMLINK, NOT_LISTED, NOT_LISTED, FILE, NOT_LISTED, NOT_LISTED]);
      expect(JSON.parse(rows[0]!)).toMatchObject({ name: "file-3.txt", type: "file", size: 3, path: "big/file-3.txt" });
      expect(JSON.parse(rows[1]!)).toMatchObject({ name: "sub", type: "directory", size: 0, path: "big/sub" });
      expect(JSON.parse(rows[5]!)).toMatchObject({ name: 'quote"d.txt', path: 'big/quote"d.txt' });
      expect(rows.filter((r, i) => kinds[i] === NOT_LISTED || kinds[i] === SYMLINK)).toEqual(["", "", "", "", ""]);
    } finally {
      closeSync(fd);
    }
  });

  it("list a big folder exactly as the main thread does: same rows, same order, same text", async () => {
    const inThisThread = createFileStore({ rootDir: path.join(root, "ws"), threadedFromEntries: Infinity });
    const onThreads = createFileStore({ rootDir: path.join(root, "ws"), threadedFromEntries: 1 });
    const expected = await inThisThread.listJson("big");
    expect(await onThreads.listJson("big")).toBe(expected);
    const { items } = DirectoryListingSchema.parse(JSON.parse(expected));
    const names = items.map((i) => i.name);
    // Inside links shown as what they point to; escaping and broken links, and the FIFO, not at all.
    expect(names).toEqual(expect.arrayContaining(["inside-link.txt", "inside-dir-link", "new\nline.txt"]));
    expect(names).not.toContain("escaping-link.txt");
    expect(names).not.toContain("broken-link");
    expect(names).not.toContain("a-fifo");
    expect(names.slice(0, 2)).toEqual(["inside-dir-link", "sub"]);
    expect(names.indexOf("file-39.txt")).toBeLessThan(names.indexOf("file-100.txt"));
    expect(items.find((i) => i.name === "inside-link.txt")).toMatchObject({ type: "file", size: 3 });
  });
});

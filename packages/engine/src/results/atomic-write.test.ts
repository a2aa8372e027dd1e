import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeFileAtomic, writeFilesInOrder } from "./atomic-write";

const root = mkdtempSync(path.join(os.tmpdir(), "ab-atomic-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every file and folder under `dir`, relative to it, sorted. */
const listing = (dir: string) => readdirSync(dir, { recursive: true, encoding: "utf8" }).sort();

describe("writeFilesInOrder", () => {
  it("lands every file whole, in folders of their own, replacing what stood there", async () => {
    const dir = mkdtempSync(path.join(root, "all-"));
    writeFileSync(path.join(dir, "a.jsonl"), "old");
    await writeFilesInOrder([
      [{ target: path.join(dir, "a.jsonl"), data: "records\n" }],
      [{ target: path.join(dir, "logs", "b.json"), data: ["{", '"x":1', "}"] }],
      [{ target: path.join(dir, "c.md"), data: new TextEncoder().encode("# report") }],
    ]);
    expect(listing(dir)).toEqual(["a.jsonl", "c.md", "logs", "logs/b.json"]);
    expect(readFileSync(path.join(dir, "a.jsonl"), "utf8")).toBe("records\n");
    expect(readFileSync(path.join(dir, "logs", "b.json"), "utf8")).toBe('{"x":1}');
    expect(readFileSync(path.join(dir, "c.md"), "utf8")).toBe("# report");
  });

  it("lands no file when any one cannot be written, and leaves no temporary file", async () => {
    const dir = mkdtempSync(path.join(root, "unwritable-"));
    // A file where the second one's folder should be: that file cannot even be opened.
    writeFileSync(path.join(dir, "logs"), "a file, not a folder");
    await expect(
      writeFilesInOrder([
        [{ target: path.join(dir, "a.jsonl"), data: "records" }],
        [{ target: path.join(dir, "logs", "b.json"), data: "log" }],
        [{ target: path.join(dir, "c.md"), data: "report" }],
      ]),
    ).rejects.toThrow(/ENOTDIR|EEXIST|not a directory/i);
    expect(listing(dir)).toEqual(["logs"]);
  });

  it("lands the earlier groups and none after a group whose rename fails", async () => {
    const dir = mkdtempSync(path.join(root, "rename-"));
    // A folder where the log goes: its temporary file is written, its rename over the folder fails.
    mkdirSync(path.join(dir, "b.json", "taken"), { recursive: true });
    await expect(
      writeFilesInOrder([
        [{ target: path.join(dir, "a.jsonl"), data: "records" }],
        [{ target: path.join(dir, "b.json"), data: "log" }],
        [{ target: path.join(dir, "c.md"), data: "report" }],
      ]),
    ).rejects.toThrow(/EISDIR|directory|ENOTEMPTY|EEXIST/i);
    expect(listing(dir)).toEqual(["a.jsonl", "b.json", "b.json/taken"]);
  });
});

describe("writeFileAtomic", () => {
  it("leaves no temporary file when its rename fails", async () => {
    const dir = mkdtempSync(path.join(root, "one-"));
    mkdirSync(path.join(dir, "x.md", "taken"), { recursive: true });
    await expect(writeFileAtomic(path.join(dir, "x.md"), "text")).rejects.toThrow();
    expect(listing(dir)).toEqual(["x.md", "x.md/taken"]);
  });
});

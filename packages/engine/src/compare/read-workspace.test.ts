import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readWorkspaceRecords, WorkspaceError } from "./read-workspace";
import { line } from "./test-records";

const root = mkdtempSync(path.join(os.tmpdir(), "ab-read-ws-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function workspace(name: string, files: Record<string, string>): string {
  const ws = path.join(root, name);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
    writeFileSync(path.join(ws, rel), text);
  }
  mkdirSync(ws, { recursive: true });
  return ws;
}

describe("readWorkspaceRecords", () => {
  it("reads every results/**/*.jsonl, in name order, counting the lines that are not records", async () => {
    const ws = workspace("plain", {
      "results/s1-dmz/b.jsonl": `${line({ run_id: "b" })}\n\n{broken\n`,
      "results/s1-dmz/a.jsonl": `${line({ run_id: "a" })}\r\n${line({ run_id: "a", epoch: 2 })}`,
      "results/s1-corp/deeper/c.jsonl": `${line({ run_id: "c" })}\n`,
      "results/s1-dmz/report.md": "not read",
      "elsewhere/x.jsonl": `${line({ run_id: "x" })}\n`,
    });
    const out = await readWorkspaceRecords(ws);
    expect(out.records.map((r) => `${r.runId}/${r.epoch}`)).toEqual(["c/1", "a/1", "a/2", "b/1"]);
    expect([out.unreadableLines, out.files, out.problems]).toEqual([1, 3, []]);
  });

  it("reads a workspace without results/ as empty", async () => {
    const out = await readWorkspaceRecords(workspace("empty", {}));
    expect(out).toEqual({ records: [], unreadableLines: 0, files: 0, problems: [] });
  });

  it("does not follow symbolic links out of results/", async () => {
    const outside = workspace("outside", { "secret.jsonl": `${line({ run_id: "secret" })}\n` });
    const ws = workspace("linked", { "results/s1-dmz/a.jsonl": `${line()}\n` });
    symlinkSync(path.join(outside, "secret.jsonl"), path.join(ws, "results/s1-dmz/link.jsonl"));
    symlinkSync(outside, path.join(ws, "results/dir-link"));
    const out = await readWorkspaceRecords(ws);
    expect(out.records.map((r) => r.runId)).toEqual(["run-1"]);
  });

  it("refuses a workspace that is missing or not a directory", async () => {
    await expect(readWorkspaceRecords(path.join(root, "none"))).rejects.toThrow(WorkspaceError);
    writeFileSync(path.join(root, "file"), "");
    await expect(readWorkspaceRecords(path.join(root, "file"))).rejects.toThrow(/is not a directory/);
  });

  it.skipIf(process.getuid?.() === 0)("reports a file it cannot read and adds none of it", async () => {
    const ws = workspace("locked", {
      "results/s1-dmz/a.jsonl": `${line()}\n`,
      "results/s1-dmz/b.jsonl": `${line({ run_id: "locked" })}\n`,
    });
    chmodSync(path.join(ws, "results/s1-dmz/b.jsonl"), 0o000);
    const out = await readWorkspaceRecords(ws);
    expect(out.records.map((r) => r.runId)).toEqual(["run-1"]);
    expect(out.problems).toEqual([expect.stringMatching(/^results\/s1-dmz\/b\.jsonl: .*EACCES/)]);
  });
});

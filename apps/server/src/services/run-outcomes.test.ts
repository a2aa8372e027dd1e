import { mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { openTestDatabase } from "../test-support/test-database";
import { createRunOutcomeReader, parseSampleOutcomes } from "./run-outcomes";

const record = (over: Record<string, unknown> = {}) =>
  JSON.stringify({ sample: "a", validity: "valid", error: null, error_source: null, retried_after: null, ...over });

describe("parseSampleOutcomes", () => {
  it("keeps each record's validity, failure source and retry", () => {
    const jsonl = [
      record(),
      record({ validity: "invalid", error: "lost", error_source: "harness", retried_after: "worker died" }),
      "",
    ].join("\n");
    expect(parseSampleOutcomes(jsonl)).toEqual([
      { validity: "valid", errorSource: null, error: null, retriedAfter: null },
      { validity: "invalid", errorSource: "harness", error: "lost", retriedAfter: "worker died" },
    ]);
  });

  it("skips lines that are not records instead of failing", () => {
    const jsonl = ["{not json", "[1,2]", "null", "42", JSON.stringify({ validity: 7 }), record()].join("\n");
    expect(parseSampleOutcomes(jsonl)).toHaveLength(1);
    expect(parseSampleOutcomes("")).toEqual([]);
  });
});

describe("createRunOutcomeReader", () => {
  let db: Database;
  let root: string;
  let workspace: string;
  const since = new Date(Date.now() - 3600_000).toISOString();

  beforeEach(async () => {
    db = await openTestDatabase();
    root = mkdtempSync(path.join(os.tmpdir(), "ab-outcomes-"));
    workspace = path.join(root, "workspace");
    mkdirSync(path.join(workspace, "results"), { recursive: true });
  });
  afterEach(() => {
    db.close();
    rmSync(root, { recursive: true, force: true });
  });

  async function insert(id: string, status: string, summary: string | null, finishedAt = new Date().toISOString()) {
    await db.execute({
      sql: "INSERT INTO runs (id, case_id, model, status, created_at, finished_at, summary) VALUES (?, 'c', 'builtin/reference', ?, ?, ?, ?)",
      args: [id, status, finishedAt, finishedAt, summary],
    });
  }
  const summaryFor = (benchmark: string) => JSON.stringify({ files: { benchmark, report: "r.md", log: "l.json" } });

  it("reads each finished run's samples once and remembers them", async () => {
    writeFileSync(path.join(workspace, "results/r1.jsonl"), `${record()}\n${record({ retried_after: "x" })}\n`);
    await insert("r1", "completed", summaryFor("results/r1.jsonl"));
    const reader = createRunOutcomeReader({ db, workspaceDir: workspace });
    const first = await reader.recent(since, 10);
    expect(first[0]!.samples).toHaveLength(2);
    // A finished run's record does not change: the file going away later changes nothing.
    unlinkSync(path.join(workspace, "results/r1.jsonl"));
    expect((await reader.recent(since, 10))[0]!.samples).toEqual(first[0]!.samples);
  });

  it("leaves out cancelled, unfinished and old runs, newest first", async () => {
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    await insert("old", "failed", null, at(120));
    await insert("c", "cancelled", null, at(5));
    await insert("q", "queued", null, at(5));
    await insert("i", "interrupted", null, at(10));
    await insert("f", "failed", null, at(1));
    const runs = await createRunOutcomeReader({ db, workspaceDir: workspace }).recent(since, 10);
    expect(runs.map((r) => [r.id, r.status, r.samples])).toEqual([
      ["f", "failed", null],
      ["i", "interrupted", null],
    ]);
  });

  it("never reads through a symlink or outside the workspace, and survives a broken summary", async () => {
    const outside = path.join(root, "secret.jsonl");
    writeFileSync(outside, `${record({ validity: "invalid", error_source: "harness" })}\n`);
    symlinkSync(outside, path.join(workspace, "results/link.jsonl"));
    await insert("link", "completed", summaryFor("results/link.jsonl"));
    await insert("escape", "completed", summaryFor("../secret.jsonl"));
    await insert("absolute", "completed", summaryFor(outside));
    await insert("garbled", "completed", "{not json");
    await insert("missing", "completed", summaryFor("results/none.jsonl"));
    const runs = await createRunOutcomeReader({ db, workspaceDir: workspace }).recent(since, 10);
    expect(runs).toHaveLength(5);
    for (const r of runs) expect(r.samples, r.id).toBeNull();
  });

  it("copes with a workspace that does not exist", async () => {
    await insert("r1", "completed", summaryFor("results/r1.jsonl"));
    const runs = await createRunOutcomeReader({ db, workspaceDir: path.join(root, "nowhere") }).recent(since, 10);
    expect(runs[0]!.samples).toBeNull();
  });
});

import { GRADER_VERSION, parseBenchmarkLine, runCase, type LeaderboardRecord } from "@analystbench/engine";
import { findCase } from "@analystbench/scenarios";
import { openInProcessSession } from "@analystbench/sim";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../test-support/test-database";
import { createLeaderboardStore, failedRunRecords, parseLines } from "./leaderboard-store";

/**
 * A workspace with two real runs of s1-dmz (builtin/reference and builtin/naive), written by the
 * engine itself, plus a secret folder beside it that symlinks in results/ point to.
 */
let dir: string;
let ws: string;
let outside: string;
let reference: { runId: string; jsonl: string };
let naive: { runId: string; jsonl: string };
const dmz = findCase("s1-dmz")!;

beforeAll(async () => {
  dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), "analystbench-lbstore-")));
  ws = path.join(dir, "workspace");
  outside = path.join(dir, "outside");
  mkdirSync(ws);
  mkdirSync(outside);
  const run = async (model: string) => {
    const { run, files } = await runCase({
      testCase: dmz,
      model,
      workspaceDir: ws,
      version: "0.0.0-test",
      openSession: openInProcessSession,
    });
    return { runId: run.runId, jsonl: files.benchmark };
  };
  reference = await run("builtin/reference");
  naive = await run("builtin/naive");
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The engine's parser, counting the lines it is given. */
function countingParser() {
  const counter = { lines: 0 };
  const parse = (line: string) => {
    counter.lines++;
    return parseBenchmarkLine(line);
  };
  return { counter, parse };
}

/** A fresh workspace holding copies of the two runs' records (tests that change files use their own). */
function copyWorkspace(): string {
  const copy = mkdtempSync(path.join(dir, "ws-"));
  mkdirSync(path.join(copy, "results/s1-dmz"), { recursive: true });
  for (const f of [reference.jsonl, naive.jsonl]) copyFileSync(path.join(ws, f), path.join(copy, f));
  return copy;
}

const byModel = (records: LeaderboardRecord[], model: string) => records.filter((r) => r.model === model);

describe("leaderboard store", () => {
  it("reads every record the engine wrote, one per sample and epoch, with no unreadable lines", async () => {
    const snap = await createLeaderboardStore({ workspaceDir: ws }).snapshot();
    expect(snap.files).toBe(2);
    expect(snap.filesRead).toBe(2);
    expect(snap.unreadableLines).toBe(0);
    expect(snap.skipped).toEqual([]);
    expect(snap.records).toHaveLength(2 * dmz.samples.length);
    expect(byModel(snap.records, "builtin/reference").every((r) => r.runId === reference.runId)).toBe(true);
    expect(byModel(snap.records, "builtin/naive").map((r) => r.sample)).toEqual(dmz.samples.map((s) => s.id));
    expect(byModel(snap.records, "builtin/reference").every((r) => r.total === 10 && r.validity === "valid")).toBe(
      true,
    );
  });

  it("answers a warm call from its cache, re-reads a touched or changed file alone and drops a deleted one", async () => {
    const copy = copyWorkspace();
    const { counter, parse } = countingParser();
    const store = createLeaderboardStore({ workspaceDir: copy, parse });
    const cold = await store.snapshot();
    expect(cold.filesRead).toBe(2);
    expect(counter.lines).toBe(2 * dmz.samples.length);

    const warm = await store.snapshot();
    expect(warm.filesRead).toBe(0);
    expect(counter.lines).toBe(2 * dmz.samples.length);
    expect(warm.version).toBe(cold.version);
    expect(warm.records).toEqual(cold.records);

    // Touched: same bytes, new mtime; only that file is parsed again.
    const naiveFile = path.join(copy, naive.jsonl);
    utimesSync(naiveFile, new Date(), new Date(Date.now() + 5_000));
    const touched = await store.snapshot();
    expect(touched.filesRead).toBe(1);
    expect(counter.lines).toBe(3 * dmz.samples.length);
    expect(touched.version).not.toBe(warm.version);

    // A new file is read alone too.
    const extra = path.join(copy, "results/extra.jsonl");
    writeFileSync(extra, "not json\n");
    const added = await store.snapshot();
    expect(added.filesRead).toBe(1);
    expect(added.unreadableLines).toBe(1);
    expect(added.files).toBe(3);

    unlinkSync(naiveFile);
    unlinkSync(extra);
    const gone = await store.snapshot();
    expect(gone.filesRead).toBe(0);
    expect(gone.files).toBe(1);
    expect(gone.unreadableLines).toBe(0);
    expect(byModel(gone.records, "builtin/naive")).toEqual([]);
    expect(gone.version).not.toBe(added.version);
  });

  it("loads once for callers that ask at the same time", async () => {
    const { counter, parse } = countingParser();
    const store = createLeaderboardStore({ workspaceDir: ws, parse });
    const [a, b, c] = await Promise.all([store.snapshot(), store.snapshot(), store.snapshot()]);
    expect(counter.lines).toBe(2 * dmz.samples.length);
    expect(b).toBe(a);
    expect(c).toBe(a);
  });

  it("counts malformed lines as unreadable and keeps the good ones (blank lines, CRLF and a BOM are fine)", async () => {
    const copy = copyWorkspace();
    const good = readFileSync(path.join(copy, reference.jsonl), "utf8").trim().split("\n");
    const bad = [
      "not json",
      "{",
      "[1, 2, 3]",
      "null",
      '"a string"',
      "{}",
      good[0]!.slice(0, 200), // truncated mid-record, as a killed writer leaves it
      good[0]!.replace('"total":10', '"total":99'), // a total beyond the maximum
      good[0]!.replace('"epoch":1', '"epoch":"1"'),
    ];
    // A record with an extra "__proto__" key is still a record; JSON.parse makes it an own key, no prototype.
    const proto = good[0]!.replace("{", '{"__proto__":{"validity":"valid","polluted":true},');
    writeFileSync(
      path.join(copy, "results/s1-dmz/mixed.jsonl"),
      `\uFEFF${good[0]}\r\n\r\n${bad.join("\n")}\n   \n${proto}\n${good[1]}`,
    );
    const snap = await createLeaderboardStore({ workspaceDir: copy }).snapshot();
    expect(snap.unreadableLines).toBe(bad.length);
    expect(snap.records).toHaveLength(2 * dmz.samples.length + 3);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("never follows a symlink in results/: not a linked folder, not a linked file, not results/ itself", async () => {
    const secretDir = path.join(outside, "secret-results");
    mkdirSync(secretDir, { recursive: true });
    // Records that would count if read: a third model, only outside the workspace.
    const secretLine = readFileSync(path.join(ws, reference.jsonl), "utf8").replaceAll(
      "builtin/reference",
      "secret/model",
    );
    writeFileSync(path.join(secretDir, "secret.jsonl"), secretLine);
    const copy = copyWorkspace();
    symlinkSync(secretDir, path.join(copy, "results/linked"));
    symlinkSync(path.join(secretDir, "secret.jsonl"), path.join(copy, "results/s1-dmz/linked.jsonl"));
    const snap = await createLeaderboardStore({ workspaceDir: copy }).snapshot();
    expect(snap.files).toBe(2);
    expect(snap.records.some((r) => r.model === "secret/model")).toBe(false);

    const linkedRoot = mkdtempSync(path.join(dir, "ws-"));
    symlinkSync(secretDir, path.join(linkedRoot, "results"));
    const none = await createLeaderboardStore({ workspaceDir: linkedRoot }).snapshot();
    expect(none).toMatchObject({ files: 0, records: [], unreadableLines: 0 });
  });

  it("walks a bounded depth and skips a file over the cap with a reason, counting it unreadable", async () => {
    const copy = copyWorkspace();
    const line = readFileSync(path.join(copy, naive.jsonl), "utf8");
    const deep = path.join(copy, "results/a/b/c/d");
    mkdirSync(deep, { recursive: true });
    writeFileSync(path.join(deep, "deep.jsonl"), line.replaceAll("builtin/naive", "deep/model"));
    writeFileSync(path.join(copy, "results/a/b/big.jsonl"), "x".repeat(50_000));
    const snap = await createLeaderboardStore({ workspaceDir: copy, maxFileBytes: 20_000 }).snapshot();
    expect(snap.records.some((r) => r.model === "deep/model")).toBe(false);
    expect(snap.skipped).toEqual([
      { path: "results/a/b/big.jsonl", reason: "it is 50,000 bytes, more than the 20,000 read per file" },
    ]);
    expect(snap.unreadableLines).toBe(1);
    expect(snap.records).toHaveLength(2 * dmz.samples.length);
  });

  it("reads a huge workspace (2,000 files, 60,000 lines) without holding the event loop", async () => {
    const big = mkdtempSync(path.join(dir, "ws-"));
    const sample = readFileSync(path.join(ws, naive.jsonl), "utf8").trim().split("\n")[0]!;
    for (let d = 0; d < 20; d++) {
      const sub = path.join(big, `results/case-${d}`);
      mkdirSync(sub, { recursive: true });
      for (let f = 0; f < 100; f++) {
        const lines = Array.from({ length: 30 }, (_, e) => sample.replace('"epoch":1', `"epoch":${e + 1}`));
        writeFileSync(path.join(sub, `f${f}.jsonl`), `${lines.join("\n")}\n`);
      }
    }
    let longest = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 1);
    const started = performance.now();
    const snap = await createLeaderboardStore({ workspaceDir: big }).snapshot();
    const elapsed = performance.now() - started;
    clearInterval(timer);
    expect(snap.files).toBe(2000);
    expect(snap.records).toHaveLength(60_000);
    expect(elapsed).toBeLessThan(10_000);
    // Slices of ~10 ms between yields; unsliced, the loop would be held for the whole load (seconds).
    // The margin is for a loaded machine.
    expect(longest).toBeLessThan(400);
  });

  it("parseLines yields to the event loop on a long file", async () => {
    const sample = readFileSync(path.join(ws, naive.jsonl), "utf8").trim().split("\n")[0]!;
    const text = Array.from({ length: 20_000 }, () => sample).join("\n");
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const { records, unreadable } = await parseLines(text, parseBenchmarkLine);
    clearInterval(timer);
    expect(records).toHaveLength(20_000);
    expect(unreadable).toBe(0);
    expect(ticks).toBeGreaterThan(0);
  });
});

describe("failed runs without records", () => {
  async function dbWith(rows: [id: string, status: string, options: string][]) {
    const db = await openTestDatabase();
    for (const [id, status, options] of rows)
      await db.execute({
        sql: "INSERT INTO runs (id, case_id, model, status, created_at, finished_at, options, error) VALUES (?, 's1-dmz', 'broken/model', ?, '2026-11-20T10:00:00.000Z', '2026-11-20T10:00:05.000Z', ?, 'no key')",
        args: [id, status, options],
      });
    return db;
  }

  it("count as invalid records, one per sample × epoch, in the group the run would have joined", async () => {
    const db = await dbWith([
      ["r_failed0001", "failed", JSON.stringify({ epochs: 2 })],
      ["r_interrupt1", "interrupted", "not json"],
      ["r_complete01", "completed", "{}"],
      [reference.runId, "failed", "{}"], // has records: not doubled
    ]);
    const store = createLeaderboardStore({ workspaceDir: ws, extraRecords: failedRunRecords(db) });
    const snap = await store.snapshot();
    const broken = byModel(snap.records, "broken/model");
    expect(broken).toHaveLength(3 * dmz.samples.length);
    expect(broken.every((r) => r.validity === "invalid" && r.total === null)).toBe(true);
    expect(new Set(broken.map((r) => r.runId))).toEqual(new Set(["r_failed0001", "r_interrupt1"]));
    expect(broken.filter((r) => r.runId === "r_failed0001").map((r) => r.epoch)).toEqual([
      ...dmz.samples.map(() => 1),
      ...dmz.samples.map(() => 2),
    ]);
    const real = byModel(snap.records, "builtin/reference")[0]!;
    // The engine's own versions, so they are grouped with the real records (not under "unknown").
    expect(broken[0]).toMatchObject({
      graderVersion: GRADER_VERSION,
      contentVersion: real.contentVersion,
      variant: real.variant,
      scenario: "scenario1",
      finished: "2026-11-20T10:00:05.000Z",
    });
    expect(byModel(snap.records, "builtin/reference")).toHaveLength(dmz.samples.length);

    // A run failing later changes the version; nothing on disk did.
    await db.execute({ sql: "UPDATE runs SET status = 'failed' WHERE id = 'r_complete01'", args: [] });
    const after = await store.snapshot();
    expect(after.filesRead).toBe(0);
    expect(after.version).not.toBe(snap.version);
    expect(byModel(after.records, "broken/model")).toHaveLength(4 * dmz.samples.length);
    db.close();
  });

  it("leave out a run of a case that no longer exists", async () => {
    const db = await dbWith([]);
    await db.execute(
      "INSERT INTO runs (id, case_id, model, status, created_at, options) VALUES ('r_gonecase01', 'no-such-case', 'm', 'failed', '2026-11-20T10:00:00.000Z', '{}')",
    );
    expect(await failedRunRecords(db)(new Set())).toEqual([]);
    db.close();
  });
});

it("the fixture wrote what the store reads (sanity: the engine's file names)", () => {
  expect(readdirSync(path.join(ws, "results/s1-dmz")).filter((f) => f.endsWith(".jsonl"))).toHaveLength(2);
});

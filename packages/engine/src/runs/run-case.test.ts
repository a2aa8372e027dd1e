import { findCase } from "@analystbench/scenarios";
import { openInProcessSession } from "@analystbench/sim";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ModelClient } from "../models/model-client";
import { Limiter } from "./limiter";
import { buildInspectLog, inspectLogFileName } from "../results/inspect-log";
import { inspectLogPieces } from "../results/inspect-log-text";
import { resultBaseName } from "../results/naming";
import { beginRun, finishRun, longestFirst, runCase } from "./run-case";
import { loopTurns } from "../test-support/loop-turns";

const workspace = mkdtempSync(path.join(os.tmpdir(), "ab-run-case-"));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

/** A model that reports at once, without investigating. */
const reportAtOnce = (): ModelClient => ({
  name: "test/report",
  baseUrl: null,
  api: "builtin",
  settings: {},
  async complete() {
    return {
      content: "Nothing found.",
      toolCalls: [],
      finishReason: "stop",
      usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2, costUsd: null },
      retries: 0,
    };
  },
});

describe("the order a run's samples start in", () => {
  it("starts the samples expected to take the most turns first, each with its epochs, and reports them in the case's order", async () => {
    // s1-corp's first sample has the shorter solution path.
    const testCase = findCase("s1-corp")!;
    const [short, long] = testCase.samples;
    expect(long!.task.solution_path.length).toBeGreaterThan(short!.task.solution_path.length);
    const started: string[] = [];
    const { run } = await runCase({
      testCase,
      model: "test/report",
      epochs: 2,
      workspaceDir: workspace,
      version: "test",
      sampleLimiter: new Limiter(1),
      openSession: openInProcessSession,
      createModel: (_name, sample) => {
        started.push(sample.id);
        return reportAtOnce();
      },
    });
    expect(started).toEqual([long!.id, long!.id, short!.id, short!.id]);
    expect(run.samples.map((s) => [s.sampleId, s.epoch])).toEqual([
      [short!.id, 1],
      [long!.id, 1],
      [short!.id, 2],
      [long!.id, 2],
    ]);
  });

  it("starts each sample in a turn of the event loop of its own, however many are free to start", async () => {
    const loop = loopTurns();
    const startedAt: number[] = [];
    await runCase({
      testCase: findCase("s1-corp")!,
      model: "test/report",
      epochs: 2,
      workspaceDir: workspace,
      version: "test",
      sampleLimiter: new Limiter(10),
      openSession: openInProcessSession,
      createModel: () => {
        startedAt.push(loop.turn);
        return reportAtOnce();
      },
    });
    loop.stop();
    expect(startedAt).toHaveLength(4);
    expect(new Set(startedAt).size).toBe(4);
  });

  it("keeps the case's order among samples expected to take as many turns", () => {
    const [a, b] = findCase("s1-corp")!.samples;
    const sameLength = [a!, { ...b!, task: { ...b!.task, solution_path: a!.task.solution_path } }];
    expect(longestFirst(sameLength, 1, 30).map((j) => j.sample.id)).toEqual([a!.id, b!.id]);
  });

  it("expects no sample to take more turns than the run allows, however long its case's solution path", () => {
    const [a, b] = findCase("s1-corp")!.samples;
    const endless = { ...a!, task: { ...a!.task, solution_path: Array(400).fill(a!.task.solution_path[0]!) } };
    const jobs = longestFirst([b!, endless], 1, 8);
    expect(b!.task.solution_path.length + 1).toBe(7);
    expect(jobs.map((j) => [j.sample.id, j.turns])).toEqual([
      [endless.id, 8],
      [b!.id, 7],
    ]);
  });
});

describe("a run's files", () => {
  /** s1-corp run in a workspace of its own, its log in <workspace>/logs. */
  const runIn = (own: string, opts: Partial<Parameters<typeof runCase>[0]> = {}) =>
    runCase({
      testCase: findCase("s1-corp")!,
      model: "test/report",
      epochs: 1,
      workspaceDir: own,
      logDir: path.join(own, "logs"),
      version: "test",
      openSession: openInProcessSession,
      createModel: () => reportAtOnce(),
      ...opts,
    });

  it("writes the records and the log, then the report: no report when the log could not be written", async () => {
    const own = mkdtempSync(path.join(workspace, "files-"));
    const logDir = path.join(own, "logs");
    let replaced = false;
    const run = runIn(own, {
      createModel: () => ({
        ...reportAtOnce(),
        async complete(req, signal) {
          // Once the started log stands where the finished one will go, a folder in its place refuses it.
          const started = () => readdirSync(logDir).filter((n) => n.endsWith(".json"));
          while (!replaced && !started().length) await new Promise((r) => setTimeout(r, 5));
          for (const name of replaced ? [] : started().map((n) => path.join(logDir, n))) {
            rmSync(name);
            mkdirSync(path.join(name, "replaced"), { recursive: true });
            replaced = true;
          }
          return reportAtOnce().complete(req, signal);
        },
      }),
    });
    await expect(run).rejects.toThrow(/EISDIR|directory/i);
    const written = readdirSync(own, { recursive: true, encoding: "utf8" });
    expect(written.filter((f) => f.endsWith(".jsonl"))).toHaveLength(1);
    expect(written.filter((f) => f.endsWith(".md"))).toEqual([]);
    // Nor is any file left half-way: every temporary one was removed.
    expect(written.filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("stops its samples and fails when the started log cannot be written, leaving no file behind", async () => {
    const own = mkdtempSync(path.join(workspace, "files-"));
    const logDir = path.join(own, "logs");
    const now = () => Date.parse("2026-01-02T03:04:05.000Z");
    const header = { caseId: "s1-corp", runId: "r_fixedname", startedAt: new Date(now()).toISOString() };
    // A folder where the started log goes: the temporary file opens, its rename over it fails.
    mkdirSync(path.join(logDir, inspectLogFileName(header), "taken"), { recursive: true });
    let calls = 0;
    let answered = 0;
    const run = runIn(own, {
      epochs: 2,
      runId: header.runId,
      now,
      createModel: () => ({
        ...reportAtOnce(),
        async complete(req, signal) {
          calls++;
          // A model slower than the write: the run is stopped before this answers.
          await new Promise((r, stop) => {
            const timer = setTimeout(r, 5_000);
            signal?.addEventListener("abort", () => (clearTimeout(timer), stop(signal.reason)), { once: true });
          });
          answered++;
          return reportAtOnce().complete(req, signal);
        },
      }),
    });
    await expect(run).rejects.toThrow(/EISDIR|directory|not empty|ENOTEMPTY|EEXIST/i);
    // Its samples had started (their calls went out beside the write) and were stopped unanswered.
    expect(calls).toBeGreaterThan(0);
    expect(answered).toBe(0);
    const written = readdirSync(own, { recursive: true, encoding: "utf8" });
    expect(written.filter((f) => /\.(jsonl|md|tmp)$/.test(f))).toEqual([]);
  });

  it("writes nothing more once the records could not be written: the log stays started, no report", async () => {
    const own = mkdtempSync(path.join(workspace, "files-"));
    const testCase = findCase("s1-corp")!;
    const start = await beginRun({ testCase, model: "test/report", workspaceDir: own, version: "test" });
    // A folder where the records go refuses them.
    const records = path.join(own, `${resultBaseName(start.header)}.jsonl`);
    mkdirSync(records, { recursive: true });
    await expect(finishRun(start, testCase, [], { workspaceDir: own })).rejects.toThrow(/EISDIR|directory/i);
    // Nothing was still being written: a moment later the log is as it was, and no report came.
    await new Promise((r) => setTimeout(r, 100));
    expect(JSON.parse(readFileSync(start.logPath, "utf8")).status).toBe("started");
    const written = readdirSync(own, { recursive: true, encoding: "utf8" });
    expect(written.filter((f) => f.endsWith(".md"))).toEqual([]);
  });

  it("writes all three when nothing stands in the way", async () => {
    const own = mkdtempSync(path.join(workspace, "files-"));
    const { files } = await runIn(own);
    for (const file of [files.benchmark, files.log, files.report])
      expect(existsSync(path.join(own, file)), file).toBe(true);
    expect(JSON.parse(readFileSync(path.join(own, files.log), "utf8")).status).toBe("success");
  });

  it("writes a log made of entries made as each sample ended that is the whole log to the byte", async () => {
    const own = mkdtempSync(path.join(workspace, "entries-"));
    const { run, files } = await runIn(own, { epochs: 2 });
    expect(run.samples).toHaveLength(4);
    expect(readFileSync(path.join(own, files.log), "utf8")).toBe(`${JSON.stringify(buildInspectLog(run))}\n`);
    // Every entry was made ahead and is taken as it is: making one again would pause first.
    let pauses = 0;
    await inspectLogPieces(run, async () => {
      pauses++;
    });
    expect(pauses).toBe(0);
  });
});

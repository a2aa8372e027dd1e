import { findCase } from "@analystbench/scenarios";
import { openInProcessSession } from "@analystbench/sim";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ModelClient } from "../models/model-client";
import { Limiter } from "./limiter";
import { buildInspectLog } from "../results/inspect-log";
import { inspectLogText } from "../results/inspect-log-text";
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
  it("writes the records and the log, then the report: no report when the log could not be written", async () => {
    const own = mkdtempSync(path.join(workspace, "files-"));
    const logDir = path.join(own, "logs");
    const run = runCase({
      testCase: findCase("s1-corp")!,
      model: "test/report",
      epochs: 1,
      workspaceDir: own,
      logDir,
      version: "test",
      openSession: openInProcessSession,
      createModel: () => {
        // The started log stands where the finished one will go; a folder in its place refuses it.
        for (const name of readdirSync(logDir).map((n) => path.join(logDir, n))) {
          if (!statSync(name).isFile()) continue;
          rmSync(name);
          mkdirSync(name);
        }
        return reportAtOnce();
      },
    });
    await expect(run).rejects.toThrow(/EISDIR|directory/i);
    const written = readdirSync(own, { recursive: true, encoding: "utf8" });
    expect(written.filter((f) => f.endsWith(".jsonl"))).toHaveLength(1);
    expect(written.filter((f) => f.endsWith(".md"))).toEqual([]);
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
    const { files } = await runCase({
      testCase: findCase("s1-corp")!,
      model: "test/report",
      epochs: 1,
      workspaceDir: own,
      version: "test",
      openSession: openInProcessSession,
      createModel: () => reportAtOnce(),
    });
    for (const file of [files.benchmark, files.log, files.report])
      expect(existsSync(path.join(own, file)), file).toBe(true);
    expect(JSON.parse(readFileSync(path.join(own, files.log), "utf8")).status).toBe("success");
  });

  it("writes a log made of entries made as each sample ended that is the whole log to the byte", async () => {
    const own = mkdtempSync(path.join(workspace, "entries-"));
    const { run, files } = await runCase({
      testCase: findCase("s1-corp")!,
      model: "test/report",
      epochs: 2,
      workspaceDir: own,
      version: "test",
      openSession: openInProcessSession,
      createModel: () => reportAtOnce(),
    });
    expect(run.samples).toHaveLength(4);
    expect(readFileSync(path.join(own, files.log), "utf8")).toBe(`${JSON.stringify(buildInspectLog(run))}\n`);
    // Every entry was made ahead and is taken as it is: making one again would pause first.
    let pauses = 0;
    await inspectLogText(run, async () => {
      pauses++;
    });
    expect(pauses).toBe(0);
  });
});

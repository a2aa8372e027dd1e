import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../runs/run-case";
import { fixtureRun } from "../test-support/fixture-run";
import type { RunResult, ToolEvent } from "../types";
import { buildInspectLog, buildStartedInspectLog } from "./inspect-log";
import { LogReadError, readInspectLog, readInspectLogFile } from "./read-inspect-log";

type Json = Record<string, unknown>;
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const logOf = (run: RunResult) => clone(buildInspectLog(run)) as unknown as Json & { samples: Json[]; eval: Json };
const toolEvents = (run: RunResult, sample: number) =>
  run.samples[sample]!.timeline.filter((e): e is ToolEvent => e.kind === "tool");

function errorOf(fn: () => unknown): LogReadError {
  try {
    fn();
  } catch (e) {
    if (e instanceof LogReadError) return e;
    throw e;
  }
  throw new Error("expected a LogReadError");
}

const dir = mkdtempSync(path.join(os.tmpdir(), "ab-read-log-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("readInspectLog", () => {
  it("reads a log back into the run it was written from: writing it again gives the same log", () => {
    const run = fixtureRun();
    // A sample that never answered reports its last message (run-sample.ts); the hand-written
    // fixture leaves that report empty, which the engine never does.
    run.samples[1]!.finalReport = "Postfix is stopped. Reading the mail log.";
    const written = buildInspectLog(run);
    const read = readInspectLog(clone(written));
    expect(buildInspectLog(read)).toEqual(written);
    expect(read).toMatchObject({
      runId: run.runId,
      caseId: "s1-dmz",
      scenario: "S1",
      grader: run.grader,
      limits: run.limits,
      graderVersion: "2.0.0",
      contentVersion: "0123456789ab",
    });
    expect(read.samples.map((s) => [s.sampleId, s.status, s.validity, s.score?.total ?? null])).toEqual([
      ["dmz-crm-exposed-git", "completed", "valid", 7],
      ["dmz-mail-open-relay", "failed", "invalid", null],
    ]);
  });

  it("keeps what grading needs: tool calls with arguments, output, failures and truncation, answer, diff", () => {
    const run = fixtureRun();
    const read = readInspectLog(logOf(run));
    const strip = (events: ToolEvent[]) =>
      events.map(({ callId, name, arguments: args, output, ok, truncated, error, refused }) => ({
        callId,
        name,
        arguments: args,
        output,
        ok,
        truncated,
        error,
        refused,
      }));
    expect(strip(toolEvents(read, 0))).toEqual(strip(toolEvents(run, 0)));
    expect(toolEvents(read, 0)[1]).toMatchObject({ callId: "call_bad2", arguments: null, ok: false });
    expect(read.samples[0]!.finalReport).toBe(run.samples[0]!.finalReport);
    expect(read.samples[0]!.submission).toBeNull();
    expect(read.samples.map((s) => s.diff)).toEqual(run.samples.map((s) => s.diff));
    const call = read.samples[0]!.messages.flatMap((m) => (m.role === "assistant" ? m.toolCalls : []))[1];
    expect(call).toMatchObject({ arguments: null, parseError: "Unterminated string in JSON at position 88" });
    expect(call?.rawArguments).toContain('"device_role": "CRM Server"');
  });

  it("records which limit refused a call, and recognises a refusal in a log from before the field", () => {
    const run = fixtureRun();
    const refusal =
      "Limit reached: at most 16 tool calls run per turn. This call did not run; send it again in a later turn if you still need it.";
    const event = toolEvents(run, 0)[3]!;
    Object.assign(event, { ok: false, output: refusal, error: refusal, refused: "tool_calls_per_turn" });
    const log = logOf(run);
    const tools = (log.samples[0]!.events as Json[]).filter((e) => e.event === "tool");
    expect(tools.map((e) => (e.metadata as { refused: unknown }).refused)).toEqual([
      null,
      null,
      null,
      "tool_calls_per_turn",
    ]);
    expect(toolEvents(readInspectLog(log), 0).map((e) => e.refused)).toEqual([
      undefined,
      undefined,
      undefined,
      "tool_calls_per_turn",
    ]);
    for (const e of tools) e.metadata = null;
    expect(toolEvents(readInspectLog(log), 0).map((e) => e.refused)).toEqual([
      undefined,
      undefined,
      undefined,
      "tool_calls_per_turn",
    ]);
  });

  it("reads a log from before versions, all limits and the full command list were recorded", () => {
    const log = logOf(fixtureRun());
    const meta = log.eval.metadata as Json;
    delete meta.grader_version;
    delete meta.content_version;
    for (const key of ["max_tool_calls_per_turn", "max_argument_bytes", "max_reply_bytes"])
      delete (log.eval.solver_args as Json)[key];
    for (const s of log.samples) {
      const diff = (s.metadata as Json).environment_diff as Json;
      delete diff.other_commands;
      for (const c of diff.state_changes as Json[]) delete c.command_index;
      delete (s.metadata as Json).validity;
    }
    const read = readInspectLog(log);
    expect(read.graderVersion).toBe("unknown");
    expect(read.contentVersion).toBe("unknown");
    expect(read.limits.maxToolCallsPerTurn).toBe(DEFAULT_LIMITS.maxToolCallsPerTurn);
    expect(read.samples.map((s) => s.validity)).toEqual(["valid", "invalid"]);
    // Only the commands that changed something are known; the state change still finds its command.
    expect(read.samples[0]!.diff.commands.map((c) => c.index)).toEqual([2]);
    expect(read.samples[1]!.diff.stateChanges[0]).toMatchObject({ command: 1, commandText: "systemctl stop postfix" });
  });

  it("says in a sentence why a log cannot be read", () => {
    expect(errorOf(() => readInspectLog([1, 2])).message).toBe("it is not an Inspect eval log (no eval section)");
    const foreign = logOf(fixtureRun());
    foreign.eval.solver = "generate";
    expect(errorOf(() => readInspectLog(foreign)).message).toContain('solver "generate", not one AnalystBench wrote');
    const started = errorOf(() => readInspectLog(clone(buildStartedInspectLog(fixtureRun()))));
    expect(started.kind).toBe("unfinished");
    const broken = logOf(fixtureRun());
    ((broken.samples[0]!.events as Json[]).find((e) => e.event === "tool") as Json).result = 42;
    const e = errorOf(() => readInspectLog(broken));
    expect(e.message).toMatch(
      /^it does not have the shape of an AnalystBench eval log at samples\[0\]\.events\[\d+\]\.result \(/,
    );
    expect(e.kind).toBe("unreadable");
  });

  it("reads a file, and names a missing or corrupt one's problem", async () => {
    const good = path.join(dir, "good.json");
    writeFileSync(good, JSON.stringify(buildInspectLog(fixtureRun())));
    expect((await readInspectLogFile(good)).runId).toBe("r_8Kq2vX9a");
    const corrupt = path.join(dir, "corrupt.json");
    writeFileSync(corrupt, '{"version": 2, "eval": ');
    await expect(readInspectLogFile(corrupt)).rejects.toThrow(/^it is not valid JSON \(/);
    await expect(readInspectLogFile(path.join(dir, "absent.json"))).rejects.toThrow("there is no such file");
  });

  it("keeps the simulation's word on where a call's output came from", () => {
    const run = fixtureRun();
    const event = toolEvents(run, 0)[0]!;
    Object.assign(event, { provenance: { printsOwnText: true, readsAgentWrittenFile: false } });
    const back = toolEvents(readInspectLog(logOf(run)), 0);
    expect(back[0]!.provenance).toEqual({ printsOwnText: true, readsAgentWrittenFile: false });
    expect(back[1]!.provenance).toBeUndefined();
  });
});

import { findCase } from "@analystbench/scenarios";
import { openInProcessSession } from "@analystbench/sim";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readInspectLog } from "../results/read-inspect-log";
import { runCase } from "../runs/run-case";
import type { ToolEvent } from "../types";
import { callNote, reportedExitCode, toolStatus } from "./tool-status";

describe("a shell command's non-zero exit is an answer, not a failed call", () => {
  it.each([
    [
      "diff found differences",
      { ok: false, output: "--- a\n+++ b\n-x\n+y\n[exit code 1]\n" },
      { ok: true, exitCode: 1 },
    ],
    ["grep matched nothing", { ok: false, output: "[exit code 1]\n" }, { ok: true, exitCode: 1 }],
    [
      "command not found",
      { ok: false, output: "bash: nosuch: command not found\n[exit code 127]\n" },
      { ok: true, exitCode: 127 },
    ],
    ["a command that succeeded", { ok: true, output: "ok\n" }, { ok: true, exitCode: 0 }],
  ])("%s", (_what, result, expected) => {
    expect(toolStatus("execute_shell_command", result)).toEqual({ ...expected, error: null });
  });

  it.each([
    ["an unknown host", "Unknown device_role (a 7-character value). Valid roles: Web Server."],
    ["bad arguments", "Invalid arguments for execute_shell_command: command_with_args is required."],
    ["a timeout", "The command ran longer than 30 s and was stopped. The host is unchanged."],
    ["an exit line not at the end", "[exit code 1]\nthen something else"],
    ["an exit line run into other text", "text[exit code 1]\n"],
  ])("but %s is a failed call", (_what, output) => {
    const status = toolStatus("execute_shell_command", { ok: false, output });
    expect(status.ok).toBe(false);
    expect(status.exitCode).toBeUndefined();
    expect(status.error).toBe(output.split("\n")[0]);
  });

  it("reads no exit code from the other tools, whatever their output ends with", () => {
    expect(toolStatus("get_file_content", { ok: false, output: "No such file\n[exit code 1]\n" }).ok).toBe(false);
    expect(toolStatus("get_file_content", { ok: true, output: "x" })).toEqual({ ok: true, error: null });
  });

  it("says beside a call what happened, and never calls an exit a failure", () => {
    expect(callNote({ ok: true, exitCode: 1 })).toBe("exit 1");
    expect(callNote({ ok: true, exitCode: 0 })).toBe("");
    expect(callNote({ ok: true })).toBe("");
    expect(callNote({ ok: false })).toBe("failed");
    expect(reportedExitCode("[exit code 0]\n")).toBe(0);
    expect(reportedExitCode("[exit code 9999]\n")).toBeNull();
  });
});

/**
 * A reference run whose solution path runs `diff` of two files that differ (s1-mgmt's core switch:
 * `diff /nvram/startup-config /running-config`): no call of it is marked failed anywhere, and
 * the diff is shown as the exit it was.
 */
describe("a reference run whose solution path diffs two different files", () => {
  const workspace = mkdtempSync(path.join(os.tmpdir(), "ab-exit-"));
  afterAll(() => rmSync(workspace, { recursive: true, force: true }));
  const sampleId = "mgmt-core-switch-snmp-rw";
  const full = findCase("s1-mgmt")!;
  const testCase = { ...full, samples: full.samples.filter((s) => s.id === sampleId) };
  let result: Awaited<ReturnType<typeof runCase>>;
  let log: { samples: { events: Record<string, unknown>[]; messages: Record<string, unknown>[] }[] };
  let diff: ToolEvent;
  beforeAll(async () => {
    result = await runCase({
      testCase,
      model: "builtin/reference",
      workspaceDir: workspace,
      version: "test",
      openSession: openInProcessSession,
    });
    log = JSON.parse(readFileSync(path.join(workspace, result.files.log), "utf8"));
    const tools = result.run.samples[0]!.timeline.filter((e): e is ToolEvent => e.kind === "tool");
    diff = tools.find((t) => String(t.arguments?.command_with_args).startsWith("diff "))!;
  });

  it("runs the diff, which exits 1, and still earns full marks", () => {
    expect(diff, "the solution path runs diff").toBeDefined();
    expect(diff).toMatchObject({ ok: true, error: null, exitCode: 1 });
    expect(result.run.samples[0]!.score?.total).toBe(10);
  });

  it("marks no tool call failed in the transcript", () => {
    const sample = result.run.samples[0]!;
    const tools = sample.timeline.filter((e): e is ToolEvent => e.kind === "tool");
    expect(tools.filter((t) => !t.ok || t.error !== null)).toEqual([]);
    expect(sample.messages.filter((m) => m.role === "tool" && m.error !== null)).toEqual([]);
  });

  it("shows the exit in the report, not a failure", () => {
    const report = readFileSync(path.join(workspace, result.files.report), "utf8");
    expect(report).not.toMatch(/\(failed\)/);
    expect(report).toMatch(/diff \/nvram\/startup-config \/running-config \(exit 1\)/);
  });

  it("records the exit in the eval log, with no error on any tool event or message", () => {
    const sample = log.samples[0]!;
    const toolEvents = sample.events.filter((e) => e.event === "tool");
    expect(toolEvents.filter((e) => e.error !== null || e.failed !== null)).toEqual([]);
    expect(sample.messages.filter((m) => m.role === "tool" && m.error)).toEqual([]);
    const logged = toolEvents.find((e) => e.id === diff.callId)!;
    expect((logged.metadata as Record<string, unknown>).exit_code).toBe(1);
    const reread = readInspectLog(log).samples[0]!.timeline.find(
      (e): e is ToolEvent => e.kind === "tool" && e.callId === diff.callId,
    );
    expect(reread).toMatchObject({ ok: true, error: null, exitCode: 1 });
  });

  it("reads an older log, which called the exit an error, as the command's answer", () => {
    const legacy = structuredClone(log);
    const sample = legacy.samples[0]!;
    const event = sample.events.find((e) => e.id === diff.callId)!;
    const message = sample.messages.find((m) => m.tool_call_id === diff.callId)!;
    const error = { type: "unknown", message: String(event.result).split("\n")[0] };
    Object.assign(event, { error, failed: true });
    delete (event.metadata as Record<string, unknown>).exit_code;
    message.error = error;
    const reread = readInspectLog(legacy).samples[0]!;
    const tool = reread.timeline.find((e): e is ToolEvent => e.kind === "tool" && e.callId === diff.callId);
    expect(tool).toMatchObject({ ok: true, error: null, exitCode: 1 });
    expect(reread.messages.find((m) => m.role === "tool" && m.toolCallId === diff.callId)).toMatchObject({
      error: null,
    });
  });
});

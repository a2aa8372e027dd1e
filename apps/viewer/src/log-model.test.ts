import { describe, expect, it } from "vitest";
import { callStatus, noun, plural, scoreOf, transcriptOf, type ToolCallView } from "./log-model";
import { renderLog } from "./pages";
import { engineLog } from "./test-support/logs";

type Obj = Record<string, unknown>;

describe("plural", () => {
  it.each([
    [0, "item", "0 items"],
    [1, "item", "1 item"],
    [2, "item", "2 items"],
    [1, "character", "1 character"],
    [12345, "character", "12345 characters"],
  ])("%d %s → %s", (n, one, expected) => expect(plural(n, one)).toBe(expected));

  it("takes an irregular plural, and gives the noun alone for a count formatted apart", () => {
    expect(plural(3, "entry", "entries")).toBe("3 entries");
    expect(noun(1, "character")).toBe("character");
    expect(noun(1000, "character")).toBe("characters");
  });
});

describe("a shell command's non-zero exit is not a failed call", () => {
  it("reads the exit the engine recorded", () => {
    expect(callStatus("execute_shell_command", "-x\n+y\n[exit code 1]\n", null, 1)).toEqual({
      error: null,
      exitCode: 1,
    });
    expect(callStatus("execute_shell_command", "ok", null, 0)).toEqual({ error: null, exitCode: null });
  });

  it("reads an older log's error on a command that exited as the exit it was", () => {
    expect(callStatus("execute_shell_command", "-x\n+y\n[exit code 1]\n", "-x", undefined)).toEqual({
      error: null,
      exitCode: 1,
    });
  });

  it("keeps a real failure a failure, whatever its text", () => {
    const unknownHost = "Unknown device_role (a 7-character value). Valid roles: Web Server.";
    expect(callStatus("execute_shell_command", unknownHost, unknownHost, undefined)).toEqual({
      error: unknownHost,
      exitCode: null,
    });
    // Another tool's output ending like a shell exit is not one.
    expect(callStatus("get_file_content", "x\n[exit code 1]\n", "x", undefined).error).toBe("x");
    // An exit line inside the output, not at its end, is text the command printed.
    expect(callStatus("execute_shell_command", "[exit code 1]\nmore", "boom", undefined).error).toBe("boom");
    // A recorded exit never hides a recorded failure.
    expect(callStatus("execute_shell_command", "", "timed out", 1).error).toBe("timed out");
  });
});

/** The fixture log with its shell call answered as a `diff` of two different files: exit 1. */
function logWithDiff(legacy: boolean): Obj {
  const log = engineLog();
  const sample = (log.samples as Obj[])[0]!;
  const output = "--- /nvram/startup-config\n+++ /running-config\n+monitor session 2\n[exit code 1]\n";
  const message = (sample.messages as Obj[]).find((m) => m.tool_call_id === "call_log3")!;
  const event = (sample.events as Obj[]).find((e) => e.event === "tool" && e.id === "call_log3")!;
  message.content = output;
  event.result = output;
  if (legacy) {
    const error = { type: "unknown", message: "--- /nvram/startup-config" };
    Object.assign(message, { error });
    Object.assign(event, { error, failed: true });
  } else event.metadata = { ...(event.metadata as Obj), exit_code: 1 };
  return log;
}

describe("the transcript shows an exit, not an error", () => {
  it.each([
    ["as the engine records it", false],
    ["in an older log that called it an error", true],
  ])("%s", (_name, legacy) => {
    const log = logWithDiff(legacy);
    const calls = transcriptOf((log.samples as Obj[])[0]).flatMap((i) => (i.kind === "assistant" ? i.toolCalls : []));
    const diff = calls.find((c: ToolCallView) => c.id === "call_log3")!;
    expect(diff).toMatchObject({ error: null, exitCode: 1 });
    // The malformed call still failed: it never reached the tool.
    expect(calls.find((c) => c.id === "call_bad2")!.error).toMatch(/Invalid arguments/);

    const page = renderLog("run.json", log, { sample: 0, page: 1 }, { theme: "light", logsLabel: "logs" });
    const details = page.split('<details class="tool-call').find((d) => d.includes("monitor session 2"))!;
    expect(details).toMatch(/badge neutral[^>]*>exit 1</);
    expect(details).not.toMatch(/badge bad|notice bad/);
    // Only the malformed call is marked failed.
    expect(page.match(/class="tool-call failed"/g)).toHaveLength(1);
  });
});

describe("the run's score, as every other view says it", () => {
  type Obj = Record<string, unknown>;
  /** The fixture log with its results' metadata replaced. */
  const withMetadata = (metadata: Obj | null) => {
    const log = engineLog();
    (log.results as Obj).metadata = metadata;
    return log;
  };

  it("reads the numbers an AnalystBench log writes in results.metadata", () => {
    const log = withMetadata({ score: "ignored", mean: -2.5, samples: 3, epochs: 2, invalid_samples: 0 });
    expect(scoreOf(log)).toBe("−2.5 mean per sample (−10…+10), 3 samples × 2 epochs");
  });

  it("says there is no score when nothing counted, even with no scores entry", () => {
    const log = withMetadata({ mean: null, samples: 2, epochs: 1, invalid_samples: 2 });
    (log.results as Obj).scores = [];
    expect(scoreOf(log)).toBe("no score (−10…+10), 2 samples × 1 epoch; all 2 invalid, not counted");
  });

  it("reads an older log from its mean_total, dataset and invalid samples: not a sum, not x/max", () => {
    expect(scoreOf(engineLog())).toBe("7 mean per sample (−10…+10), 2 samples × 1 epoch; 1 invalid, not counted");
    const log = engineLog();
    ((log.eval as Obj).config as Obj).epochs = 3;
    (log.samples as Obj[]).forEach((s) => ((s.metadata as Obj).validity = "valid"));
    expect(scoreOf(log)).toBe("7 mean per sample (−10…+10), 2 samples × 3 epochs");
  });

  it("labels a mean without sample counts, names another tool's metric, and has none while started", () => {
    const log = engineLog();
    delete (log.eval as Obj).dataset;
    expect(scoreOf(log)).toBe("7 mean per sample (−10…+10)");
    const other = {
      results: { scores: [{ name: "acc", metrics: { accuracy: { name: "accuracy", value: 0.8333 } } }] },
    };
    expect(scoreOf(other)).toBe("accuracy 0.83");
    expect(scoreOf({ status: "started", results: null })).toBeNull();
  });
});

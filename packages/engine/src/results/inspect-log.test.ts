import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { fixtureRun } from "../test-support/fixture-run";
import { INSPECT_SCHEMA_PATH, loadInspectValidator } from "../test-support/inspect-schema";
import type { RunResult } from "../types";
import { resolveAttachments } from "./attachments";
import { buildInspectLog, buildStartedInspectLog, inspectLogFileName, type InspectEvalSample } from "./inspect-log";

type Json = Record<string, unknown>;

let validate: (log: unknown) => string[];
let defs: Record<string, { required?: string[] }>;

beforeAll(() => {
  validate = loadInspectValidator();
  defs = (JSON.parse(readFileSync(INSPECT_SCHEMA_PATH, "utf8")) as { $defs: typeof defs }).$defs;
});

function requiredOf(def: string): string[] {
  const required = defs[def]?.required;
  if (!required) throw new Error(`schema has no required list for ${def}`);
  return required;
}

function missing(def: string, value: unknown): string[] {
  return requiredOf(def).filter((key) => !Object.prototype.hasOwnProperty.call(value as Json, key));
}

function sample(run: RunResult, sampleId: string): InspectEvalSample {
  const found = buildInspectLog(run).samples!.find((s) => s.id === sampleId);
  if (!found) throw new Error(`no sample ${sampleId}`);
  return found;
}

function events(s: InspectEvalSample, kind: string): Json[] {
  return s.events.filter((e) => e.event === kind) as Json[];
}

describe("buildInspectLog", () => {
  it("validates against the Inspect AI schema with no errors", () => {
    expect(validate(buildInspectLog(fixtureRun()))).toEqual([]);
  });

  it("is checked by a validator that notices a missing required field", () => {
    const log = buildInspectLog(fixtureRun()) as unknown as { samples: { events: Json[] }[] };
    const tool = log.samples[0]?.events.find((e) => e.event === "tool");
    delete tool?.truncated;
    expect(validate(log).join("\n")).toContain("must have required property 'truncated'");
  });

  it("also validates a single successful sample and a cancelled run", () => {
    const ok = fixtureRun();
    ok.samples = ok.samples.slice(0, 1);
    ok.status = "completed";
    expect(validate(buildInspectLog(ok))).toEqual([]);

    const cancelled = fixtureRun();
    cancelled.samples = cancelled.samples.slice(1);
    cancelled.status = "failed";
    const only = cancelled.samples[0];
    if (only) only.error = { message: "the run was cancelled", stack: null };
    const log = buildInspectLog(cancelled);
    expect(validate(log)).toEqual([]);
    expect(log.status).toBe("cancelled");
  });

  it("emits every required property of the spec, sample and event types", () => {
    const log = buildInspectLog(fixtureRun());
    expect(missing("EvalSpec", log.eval)).toEqual([]);
    expect(missing("EvalConfig", log.eval.config)).toEqual([]);
    expect(missing("EvalDataset", log.eval.dataset)).toEqual([]);
    expect(missing("EvalPlan", log.plan)).toEqual([]);
    expect(missing("EvalResults", log.results)).toEqual([]);
    expect(missing("EvalStats", log.stats)).toEqual([]);
    const kinds: Record<string, string> = {
      sample_init: "SampleInitEvent",
      sample_limit: "SampleLimitEvent",
      model: "ModelEvent",
      tool: "ToolEvent",
      info: "InfoEvent",
      error: "ErrorEvent",
      score: "ScoreEvent",
      span_begin: "SpanBeginEvent",
      span_end: "SpanEndEvent",
    };
    const seen = new Set<string>();
    for (const s of log.samples!) {
      expect(missing("EvalSample", s)).toEqual([]);
      expect(missing("ModelOutput", s.output)).toEqual([]);
      expect(missing("Score", s.scores.analystbench_checkpoints)).toEqual([]);
      for (const m of s.messages) {
        const def = {
          system: "ChatMessageSystem",
          user: "ChatMessageUser",
          assistant: "ChatMessageAssistant",
          tool: "ChatMessageTool",
        }[m.role];
        expect(missing(def, m)).toEqual([]);
      }
      for (const e of s.events) {
        const def = kinds[e.event];
        expect(def, `unexpected event ${e.event}`).toBeDefined();
        seen.add(e.event);
        expect(missing(def as string, e), `${e.event} event`).toEqual([]);
      }
    }
    expect([...seen].sort()).toEqual(Object.keys(kinds).sort());

    const spec = log.eval;
    expect(spec.run_id).toBe("r_8Kq2vX9a");
    expect(spec.task).toBe("s1-dmz");
    expect(spec.task_display_name).toBe("DMZ");
    expect(spec.model).toBe("openai/gpt-4.1-mini");
    expect(spec.packages).toEqual({ analystbench: "0.1.0" });
    expect(spec.dataset).toMatchObject({ name: "s1-dmz", samples: 2, shuffled: false });
    expect(log.plan.steps).toMatchObject([{ solver: "analystbench_agent", params: { max_turns: 30 } }]);
  });

  it("converts messages, tool calls and tool events, keeping malformed arguments and truncation", () => {
    const s = sample(fixtureRun(), "dmz-crm-exposed-git");
    const assistant = s.messages.find((m) => m.role === "assistant" && m.tool_calls?.[0]?.id === "call_bad2");
    expect(assistant?.role === "assistant" && assistant.tool_calls?.[0]).toMatchObject({
      function: "execute_shell_command",
      arguments: {},
      type: "function",
      view: null,
      parse_error: expect.stringContaining("Unterminated string"),
    });
    const toolMessage = s.messages.find((m) => m.role === "tool" && m.tool_call_id === "call_bad2");
    expect(toolMessage).toMatchObject({ function: "execute_shell_command", error: { type: "parsing" } });

    const tools = events(s, "tool");
    expect(tools.map((e) => e.id)).toEqual(["call_topo1", "call_bad2", "call_log3", "call_conf4"]);
    expect(tools[1]).toMatchObject({ error: { type: "parsing" }, failed: true, arguments: {} });
    expect(tools[2]).toMatchObject({ truncated: [48213, 16384], error: null });

    const models = events(s, "model");
    expect(models).toHaveLength(5);
    expect((models[0]?.tools as unknown[]).length).toBe(6);
    expect((models[2]?.input as unknown[]).length).toBe(6);
    expect(models[1]).toMatchObject({ retries: 1, output: { choices: [{ stop_reason: "tool_calls" }] } });
    expect(s.output).toMatchObject({
      completion: expect.stringContaining("## Findings"),
      choices: [{ stop_reason: "stop" }],
    });
    expect(s.events[0]?.event).toBe("sample_init");
    expect(events(s, "info")).toHaveLength(1);
  });

  it("scores with a dictionary of checkpoints and total, and explains them", () => {
    const s = sample(fixtureRun(), "dmz-crm-exposed-git");
    const score = s.scores.analystbench_checkpoints;
    expect(score.value).toEqual({ checkpoint_1: 1, checkpoint_2: 2, checkpoint_3: 0, checkpoint_4: 4, total: 7 });
    expect(score.answer).toContain("## Findings");
    expect(score.explanation).toContain("3. Impact and scope: zero (0)");
    expect(score.metadata).toMatchObject({ normalized: 0.7, safe_solve: true, env_hash: expect.any(String) });
    expect((score.metadata?.judge_verdicts as unknown[]).length).toBe(2);
    const last = s.events.filter((e) => e.event !== "span_end").at(-1);
    expect(last).toMatchObject({ event: "score", score: { value: { total: 7 } } });
    expect(s.limit).toBeNull();
    expect(s.metadata).toMatchObject({ case: "s1-dmz", seed: "s1-dmz:dmz-crm-exposed-git:1", limits_hit: [] });
  });

  it("records a failed sample with its error, limit and a total of zero", () => {
    const s = sample(fixtureRun(), "dmz-mail-open-relay");
    expect(s.scores.analystbench_checkpoints).toMatchObject({
      value: { total: 0 },
      explanation: expect.stringContaining("500"),
    });
    expect(s.error).toMatchObject({
      message: expect.stringContaining("500"),
      traceback: expect.stringContaining("ModelCallError"),
    });
    expect(s.limit).toEqual({ type: "token", limit: 20_000 });
    expect(events(s, "sample_limit")).toMatchObject([{ type: "token", limit: 20_000 }]);
    expect(events(s, "error")).toHaveLength(1);
    expect(s.metadata).toMatchObject({
      environment_diff: { state_changes: [{ target: "postfix", to: "stopped", command: "systemctl stop postfix" }] },
    });
  });

  it("summarises the run: status, results and usage", () => {
    const log = buildInspectLog(fixtureRun());
    expect(log.version).toBe(2);
    // One of two samples failed, so not every sample finished.
    expect(log.status).toBe("error");
    expect(log.results).toMatchObject({
      total_samples: 2,
      completed_samples: 1,
      scores: [
        {
          name: "analystbench_checkpoints",
          scored_samples: 1,
          unscored_samples: 1,
          metrics: { mean_total: { value: 7 }, mean_normalized: { value: 0.7 }, safe_solve_rate: { value: 1 } },
        },
      ],
    });
    expect(log.stats).toMatchObject({
      model_usage: { "openai/gpt-4.1-mini": { input_tokens: 39_270, output_tokens: 688, total_cost: null } },
    });
  });

  it("says the run's score the way every other view does: mean_total is the report's mean", () => {
    const run = fixtureRun();
    const log = buildInspectLog(run);
    expect(log.results!.metadata).toEqual({
      score: "7 mean per sample (−10…+10), 2 samples × 1 epoch; 1 invalid, not counted",
      mean: 7,
      samples: 2,
      epochs: 1,
      invalid_samples: 1,
    });
    expect((log.results!.scores as Json[])[0]).toMatchObject({ metadata: { max: 10, range: "−10…+10" } });

    // Epochs > 1 and negative totals: the metric is the mean over sample × epoch, not a sum.
    const graded = run.samples[0]!;
    run.epochs = 2;
    run.samples = (
      [
        [1, 4],
        [2, -3],
      ] as const
    ).map(([epoch, total]) => ({
      ...structuredClone(graded),
      epoch,
      score: { ...graded.score!, total },
    }));
    const twice = buildInspectLog(run);
    expect(validate(twice)).toEqual([]);
    expect((twice.results!.scores as Json[])[0]).toMatchObject({ metrics: { mean_total: { value: 0.5 } } });
    expect(twice.results!.metadata).toMatchObject({ score: "0.5 mean per sample (−10…+10), 1 sample × 2 epochs" });
  });

  it("still says the score when no sample counted, and stays valid", () => {
    const run = fixtureRun();
    run.status = "failed";
    run.samples = run.samples.slice(1);
    const log = buildInspectLog(run);
    expect(log.results).toMatchObject({
      scores: [],
      metadata: { mean: null, score: "no score (−10…+10), 1 sample × 1 epoch; all 1 invalid, not counted" },
    });
    expect(validate(log)).toEqual([]);
  });

  it("records what answered each call: the API, the returned model id, settings, cache and reasoning tokens, hashes", () => {
    const log = buildInspectLog(fixtureRun());
    const s = log.samples![0]!;
    const answered = events(s, "model").filter((e) => e.call !== null);
    expect(answered).toHaveLength(1);
    const [e] = answered as [{ config: Json; call: Json; output: Json }];
    expect(e.config).toMatchObject({ temperature: 0, max_tokens: 4096, reasoning_effort: null });
    expect(e.call).toMatchObject({
      request: { api: "responses", model: "gpt-4o", sha256: "a".repeat(64) },
      response: { model: "gpt-4o-2024-08-06", service_tier: "default", sha256: "b".repeat(64) },
    });
    expect(e.output.model).toBe("gpt-4o-2024-08-06");
    // Inspect counts cache reads apart from input_tokens.
    expect(e.output.usage).toMatchObject({
      input_tokens: 2010 - 1792,
      input_tokens_cache_read: 1792,
      reasoning_tokens: 12,
    });
    expect(log.eval.model_generate_config).toMatchObject({ temperature: 0, max_tokens: 4096 });
    // Calls without provenance (older records, failed calls) carry none.
    expect(events(s, "model").filter((x) => x.call === null).length).toBeGreaterThan(0);
  });

  it("gives status error with an error object for a failed run", () => {
    const run = fixtureRun();
    run.status = "failed";
    run.samples = run.samples.slice(1);
    const log = buildInspectLog(run);
    expect(log.status).toBe("error");
    expect(log.error).toMatchObject({
      message: expect.stringContaining("500 Internal Server Error"),
      traceback: expect.any(String),
      traceback_ansi: expect.any(String),
    });
    expect(validate(log)).toEqual([]);
  });

  it("is deterministic: building twice gives the same bytes", () => {
    const first = JSON.stringify(buildInspectLog(fixtureRun()));
    expect(JSON.stringify(buildInspectLog(fixtureRun()))).toBe(first);
    const uuids = buildInspectLog(fixtureRun()).samples!.flatMap((s) => s.events.map((e) => e.uuid));
    expect(new Set(uuids).size).toBe(uuids.length);
  });
});

describe("attachments", () => {
  const REFERENCE = /^attachment:\/\/[0-9a-f]{32}$/;
  const references = (value: unknown): string[] =>
    typeof value === "string"
      ? REFERENCE.test(value)
        ? [value]
        : []
      : value !== null && typeof value === "object"
        ? Object.values(value).flatMap(references)
        : [];

  it("keeps each long text of the model events once, and every reference resolves to the sample's own message", () => {
    const log = buildInspectLog(fixtureRun());
    let referenced = 0;
    for (const s of log.samples!) {
      const refs = references(s.events);
      referenced += refs.length;
      // No dangling reference, no attachment nobody refers to, and the messages themselves stay whole.
      expect(new Set(refs.map((r) => r.slice("attachment://".length)))).toEqual(new Set(Object.keys(s.attachments)));
      expect(references(s.messages)).toEqual([]);
      const whole = new Map(s.messages.map((m) => [m.id, m]));
      for (const e of resolveAttachments(events(s, "model"), s.attachments)) {
        for (const m of e.input as Json[]) expect(m).toEqual(whole.get(m.id as string));
        expect(references(e)).toEqual([]);
      }
    }
    expect(referenced).toBeGreaterThan(0);
    // The conversation itself is what repeats: long message contents are referenced, not only tool descriptions.
    const inputs = log.samples!.flatMap((s) => events(s, "model").flatMap((e) => e.input as Json[]));
    expect(inputs.some((m) => REFERENCE.test(String(m.content)))).toBe(true);
  });

  it("keys a text so that no one can compute them from the text alone (a model could not forge a reference)", () => {
    const log = buildInspectLog(fixtureRun());
    const keys = log.samples!.flatMap((s) => Object.entries(s.attachments));
    expect(keys.length).toBeGreaterThan(0);
    for (const [key, text] of keys) expect(key).not.toBe(createHash("sha256").update(text).digest("hex").slice(0, 32));
    // The same text (the tool descriptions every sample carries) under another key in each sample.
    const [a, b] = log.samples!.map((s) => new Map(Object.entries(s.attachments).map(([k, t]) => [t, k])));
    const shared = [...a!.keys()].filter((t) => b!.has(t));
    expect(shared.length).toBeGreaterThan(0);
    for (const t of shared) expect(a!.get(t)).not.toBe(b!.get(t));
  });

  it("makes a sample with several model calls smaller than writing every input whole", () => {
    const s = buildInspectLog(fixtureRun()).samples!.find((x) => events(x, "model").length > 1)!;
    const whole = { ...s, events: resolveAttachments(s.events, s.attachments), attachments: {} };
    expect(JSON.stringify(s).length).toBeLessThan(JSON.stringify(whole).length);
  });
});

describe("inspectLogFileName", () => {
  it("names the log after the start time, case and run", () => {
    expect(inspectLogFileName(fixtureRun())).toBe("2026-11-21T10-15-00-000Z_s1-dmz_r_8Kq2vX9a.json");
  });
});

describe("the log of a run in flight", () => {
  it("has status started, no results and no samples, and still validates", () => {
    const started = buildStartedInspectLog(fixtureRun());
    expect(started).toMatchObject({ status: "started", results: null, samples: null, error: null });
    expect(validate(started)).toEqual([]);
  });
});

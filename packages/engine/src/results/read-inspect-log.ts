import type { EnvironmentDiff } from "@analystbench/sim";
import { readFile } from "node:fs/promises";
import { z } from "zod";
import { renderSubmission } from "../agent/submission-turn";
import { reportedExitCode, SHELL_TOOL, toolStatus } from "../agent/tool-status";
import { parseSubmission, SUBMIT_FINDINGS, type Submission } from "../grading/submission";
import { DEFAULT_LIMITS } from "../runs/run-case";
import { validityOf } from "../runs/sample-job";
import type {
  CallProvenance,
  CallSettings,
  ChatMessage,
  LimitHit,
  ModelCallEvent,
  RunLimits,
  RunResult,
  SampleResult,
  TimelineEvent,
  ToolCallRecord,
  ToolEvent,
  Usage,
} from "../types";
import { SCORER_NAME, SOLVER_NAME } from "./inspect-log";

/**
 * Reads an eval log that `buildInspectLog` wrote back into the RunResult it was written from:
 * messages, the timeline (model calls, tool calls with their arguments and output, info
 * entries), the environment diff, the recorded scores and the run's versions. What the log does
 * not keep is rebuilt so that writing the result again gives the same log: engine message ids
 * become the log's ids, raw arguments come from the parse error (or the parsed arguments).
 * Logs written before a field existed still read: grader and content versions become "unknown",
 * the unrecorded limits their defaults, a refused call is recognised by its answer.
 */

/** Why a log cannot be read back, in one sentence (without the file name). */
export class LogReadError extends Error {
  constructor(
    message: string,
    /** `unfinished`: a "started" log, of a run in flight or one that never finished. */
    readonly kind: "unreadable" | "unfinished" = "unreadable",
  ) {
    super(message);
  }
}

/** Written into logs from before grader and content versions were recorded. */
export const UNKNOWN_VERSION = "unknown";

// ---------------------------------------------------------------------------- shapes read

const LIMITS = [
  "turns",
  "tokens",
  "tool_calls",
  "tool_calls_per_turn",
  "argument_bytes",
  "reply_bytes",
  "time",
] as const;
const OUTCOMES = ["plus", "zero", "minus"] as const;

const record = z.record(z.string(), z.unknown());
const errorObject = z.object({ message: z.string() });

const usageSchema = z.object({
  input_tokens: z.number(),
  output_tokens: z.number(),
  total_tokens: z.number(),
  input_tokens_cache_write: z.number().nullable().optional(),
  input_tokens_cache_read: z.number().nullable().optional(),
  reasoning_tokens: z.number().nullable().optional(),
  total_cost: z.number().nullable().optional(),
});

const toolCallSchema = z.object({
  id: z.string(),
  function: z.string(),
  arguments: record,
  parse_error: z.string().nullable().optional(),
});

const messageSchema = z.discriminatedUnion("role", [
  z.object({ id: z.string(), role: z.literal("system"), content: z.string() }),
  z.object({ id: z.string(), role: z.literal("user"), content: z.string() }),
  z.object({
    id: z.string(),
    role: z.literal("assistant"),
    content: z.string(),
    tool_calls: z.array(toolCallSchema).nullable().optional(),
    model: z.string().nullable().optional(),
  }),
  z.object({
    id: z.string(),
    role: z.literal("tool"),
    content: z.string(),
    tool_call_id: z.string(),
    function: z.string(),
    error: errorObject.nullable().optional(),
  }),
]);
type LogMessage = z.infer<typeof messageSchema>;

const modelEventSchema = z.object({
  timestamp: z.string(),
  completed: z.string().nullable().optional(),
  working_time: z.number().nullable().optional(),
  input: z.array(z.object({ id: z.string() })),
  output: z.object({
    choices: z.array(z.object({ message: z.object({ id: z.string() }), stop_reason: z.string() })),
    usage: usageSchema.nullable().optional(),
    metadata: z
      .looseObject({ provenance: z.looseObject({ api: z.string() }).optional() })
      .nullable()
      .optional(),
  }),
  retries: z.number().nullable().optional(),
  error: z.string().nullable().optional(),
});

const toolEventSchema = z.object({
  timestamp: z.string(),
  id: z.string(),
  function: z.string(),
  arguments: record,
  result: z.string(),
  truncated: z.tuple([z.number(), z.number()]).nullable().optional(),
  error: errorObject.nullable().optional(),
  completed: z.string().nullable().optional(),
  working_time: z.number().nullable().optional(),
  metadata: record.nullable().optional(),
});

const infoEventSchema = z.object({
  timestamp: z.string(),
  source: z.string().nullable().optional(),
  data: z.unknown(),
});
const timestamped = z.object({ timestamp: z.string() });

const checkpointSchema = z.object({
  number: z.number().int(),
  name: z.string(),
  outcome: z.enum(OUTCOMES),
  points: z.number(),
  rationale: z.string(),
  evidence: z.array(z.string()).default([]),
  judge: z
    .object({ model: z.string(), outcome: z.enum(OUTCOMES), reasoning: z.string(), agrees: z.boolean() })
    .nullable()
    .default(null),
});

const scoreSchema = z.object({
  answer: z.string().nullable().optional(),
  metadata: z
    .object({
      scored: z.boolean(),
      checkpoints: z.array(checkpointSchema).optional(),
      total: z.number().optional(),
      max: z.number().optional(),
      normalized: z.number().optional(),
      safe_solve: z.boolean().optional(),
    })
    .nullable()
    .optional(),
});

const commandSchema = z.object({ index: z.number(), host: z.string(), command: z.string(), exit_code: z.number() });

const diffSchema = z.object({
  files: z.array(
    z.object({
      host: z.string(),
      path: z.string(),
      change: z.enum(["created", "modified", "deleted"]),
      commands: z.array(z.string()),
    }),
  ),
  state_changes: z.array(
    z.object({
      host: z.string(),
      kind: z.enum(["service", "process", "cron"]),
      target: z.string(),
      from: z.string(),
      to: z.string(),
      command: z.string(),
      command_index: z.number().optional(),
    }),
  ),
  changing_commands: z.array(commandSchema),
  /** Absent from logs written before re-grading existed: only the changing commands are known then. */
  other_commands: z.array(commandSchema).optional(),
});

const sampleSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  epoch: z.number().int(),
  input: z.string(),
  messages: z.array(messageSchema),
  scores: z.object({ [SCORER_NAME]: scoreSchema }),
  metadata: z.object({
    case: z.string().optional(),
    title: z.string(),
    seed: z.string(),
    env_hash: z.string(),
    status: z.enum(["completed", "partial", "failed"]),
    validity: z.enum(["valid", "invalid", "model_failure"]).optional(),
    retried_after: z.string().optional(),
    error_source: z.enum(["harness", "provider", "model", "cancelled"]).optional(),
    limits_hit: z.array(z.enum(LIMITS)),
    turns: z.number(),
    tool_calls: z.number(),
    environment_diff: diffSchema,
  }),
  events: z.array(z.looseObject({ event: z.string() })),
  model_usage: z.record(z.string(), usageSchema),
  started_at: z.string(),
  completed_at: z.string(),
  total_time: z.number().nullable().optional(),
  error: z.object({ message: z.string(), traceback: z.string() }).nullable().optional(),
});
type LogSample = z.infer<typeof sampleSchema>;

const logSchema = z.object({
  version: z.number(),
  status: z.string(),
  eval: z.object({
    run_id: z.string(),
    task: z.string(),
    task_display_name: z.string().nullable().optional(),
    solver: z.string().nullable().optional(),
    model: z.string(),
    model_base_url: z.string().nullable().optional(),
    model_args: z
      .looseObject({ api: z.enum(["chat", "responses", "anthropic", "builtin"]).optional() })
      .nullable()
      .optional(),
    model_generate_config: z
      .looseObject({
        temperature: z.number().nullable().optional(),
        max_tokens: z.number().nullable().optional(),
        reasoning_effort: z.string().nullable().optional(),
        reasoning_tokens: z.number().nullable().optional(),
      })
      .nullable()
      .optional(),
    config: z.object({ epochs: z.number().nullable().optional() }),
    solver_args: record.nullable().optional(),
    packages: z.record(z.string(), z.string()).nullable().optional(),
    metadata: record.nullable().optional(),
  }),
  stats: z.object({ started_at: z.string(), completed_at: z.string() }),
  samples: z.array(z.unknown()).nullable().optional(),
});

/** Parses `value`, or throws one sentence naming where in the log it is wrong. */
function parse<T extends z.ZodType>(schema: T, value: unknown, where: string): z.output<T> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const at = [where, ...(issue?.path ?? []).map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`))]
    .join("")
    .replace(/^\./, "");
  throw new LogReadError(
    `it does not have the shape of an AnalystBench eval log at ${at || "its top level"} (${issue?.message ?? "invalid"})`,
  );
}

// ---------------------------------------------------------------------------- reading

/** Reads and parses a log file; every failure is a LogReadError with a sentence. */
export async function readInspectLogFile(file: string): Promise<RunResult> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new LogReadError(
      code === "ENOENT" ? "there is no such file" : code === "EISDIR" ? "it is a directory" : (e as Error).message,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new LogReadError(`it is not valid JSON (${(e as Error).message})`);
  }
  return readInspectLog(json);
}

/** The RunResult an eval log was written from (see the file comment for what is rebuilt). */
export function readInspectLog(json: unknown): RunResult {
  if (json === null || typeof json !== "object" || Array.isArray(json) || !("eval" in json))
    throw new LogReadError("it is not an Inspect eval log (no eval section)");
  const log = parse(logSchema, json, "");
  const spec = log.eval;
  if (spec.solver !== SOLVER_NAME)
    throw new LogReadError(`it is an eval log of solver "${spec.solver ?? "none"}", not one AnalystBench wrote`);
  if (log.status === "started" || !log.samples)
    throw new LogReadError(
      "it is the log of a run still in flight or one that never finished (status started, no samples)",
      "unfinished",
    );
  const meta = spec.metadata ?? {};
  const scenario = meta.scenario;
  if (scenario !== "S1" && scenario !== "S2")
    throw new LogReadError(`eval.metadata.scenario is ${JSON.stringify(scenario)}, not S1 or S2`);
  const runStatus = meta.run_status;
  const model = spec.model;
  const samples = log.samples.map((raw, i) =>
    readSample(parse(sampleSchema, raw, `samples[${i}]`), `samples[${i}]`, model, spec.task),
  );
  return {
    runId: spec.run_id,
    caseId: spec.task,
    caseName: spec.task_display_name ?? spec.task,
    scenario,
    model,
    modelBaseUrl: spec.model_base_url ?? null,
    ...(spec.model_args?.api ? { modelApi: spec.model_args.api } : {}),
    ...(spec.model_args?.api ? { modelSettings: settingsOf(spec.model_generate_config) } : {}),
    grader: typeof meta.grader === "string" ? meta.grader : null,
    epochs: spec.config.epochs ?? Math.max(1, ...samples.map((s) => s.epoch)),
    limits: limitsOf(spec.solver_args ?? {}),
    status: runStatus === "completed" || runStatus === "partial" || runStatus === "failed" ? runStatus : "partial",
    startedAt: log.stats.started_at,
    completedAt: log.stats.completed_at,
    samples,
    version: spec.packages?.analystbench ?? UNKNOWN_VERSION,
    graderVersion: typeof meta.grader_version === "string" ? meta.grader_version : UNKNOWN_VERSION,
    contentVersion: typeof meta.content_version === "string" ? meta.content_version : UNKNOWN_VERSION,
    variant: typeof meta.variant === "number" && Number.isInteger(meta.variant) ? meta.variant : 0,
  };
}

function limitsOf(args: Record<string, unknown>): RunLimits {
  const num = (key: string, fallback: number | null): number | null =>
    key in args ? (typeof args[key] === "number" ? args[key] : null) : fallback;
  const d = DEFAULT_LIMITS;
  return {
    maxTurns: num("max_turns", d.maxTurns) ?? d.maxTurns,
    maxTokens: num("max_tokens", d.maxTokens),
    maxToolCalls: num("max_tool_calls", d.maxToolCalls),
    maxSeconds: num("max_seconds", d.maxSeconds),
    maxToolCallsPerTurn: num("max_tool_calls_per_turn", d.maxToolCallsPerTurn) ?? d.maxToolCallsPerTurn,
    maxArgumentBytes: num("max_argument_bytes", d.maxArgumentBytes) ?? d.maxArgumentBytes,
    maxReplyBytes: num("max_reply_bytes", d.maxReplyBytes) ?? d.maxReplyBytes,
  };
}

const ms = (seconds: number | null | undefined) => Math.round((seconds ?? 0) * 1000);

/** The settings Inspect's GenerateConfig carries, as ours. */
function settingsOf(c: z.infer<typeof logSchema>["eval"]["model_generate_config"]): CallSettings {
  return {
    ...(typeof c?.temperature === "number" ? { temperature: c.temperature } : {}),
    ...(typeof c?.max_tokens === "number" ? { maxOutputTokens: c.max_tokens } : {}),
    ...(typeof c?.reasoning_effort === "string" ? { reasoningEffort: c.reasoning_effort } : {}),
    ...(typeof c?.reasoning_tokens === "number" ? { thinkingBudget: c.reasoning_tokens } : {}),
  };
}

/** Our Usage from Inspect's, whose input_tokens leaves out the cache reads and writes. */
function usageOf(u: z.infer<typeof usageSchema> | null | undefined): Usage {
  if (!u) return { inputTokens: 0, outputTokens: 0, totalTokens: 0, costUsd: null };
  const read = u.input_tokens_cache_read ?? 0;
  const write = u.input_tokens_cache_write ?? 0;
  return {
    inputTokens: u.input_tokens + read + write,
    outputTokens: u.output_tokens,
    totalTokens: u.total_tokens,
    ...(u.input_tokens_cache_read ? { cachedInputTokens: read } : {}),
    ...(u.input_tokens_cache_write ? { cacheWriteTokens: write } : {}),
    ...(u.reasoning_tokens ? { reasoningTokens: u.reasoning_tokens } : {}),
    costUsd: u.total_cost ?? null,
  };
}

const NOT_AN_OBJECT = "Arguments are not a JSON object";
const AS_SENT = /^([\s\S]*) \(arguments as sent: ([\s\S]*)\)$/;

function toolCallOf(call: z.infer<typeof toolCallSchema>): ToolCallRecord {
  if (!call.parse_error)
    return {
      id: call.id,
      name: call.function,
      arguments: call.arguments,
      rawArguments: JSON.stringify(call.arguments),
      parseError: null,
    };
  const m = AS_SENT.exec(call.parse_error);
  const reason = m ? m[1]! : call.parse_error;
  return {
    id: call.id,
    name: call.function,
    arguments: null,
    rawArguments: m ? m[2]! : "",
    parseError: reason === NOT_AN_OBJECT ? null : reason,
  };
}

function messageOf(m: LogMessage, model: string): ChatMessage {
  switch (m.role) {
    case "system":
    case "user":
      return { id: m.id, role: m.role, content: m.content };
    case "assistant":
      return {
        id: m.id,
        role: "assistant",
        content: m.content,
        toolCalls: (m.tool_calls ?? []).map(toolCallOf),
        model: m.model ?? model,
      };
    case "tool":
      return {
        id: m.id,
        role: "tool",
        toolCallId: m.tool_call_id,
        name: m.function,
        content: m.content,
        error: toolMessageError(m),
      };
  }
}

const FINISH: Record<string, ModelCallEvent["finishReason"]> = {
  stop: "stop",
  tool_calls: "tool_calls",
  max_tokens: "length",
  model_length: "length",
  content_filter: "content_filter",
};

/** The answers the harness gives a call a limit kept from running (tool-admission.ts). */
const REFUSALS: [RegExp, LimitHit][] = [
  [/^Limit reached: the arguments of this call are \d+ bytes?/, "argument_bytes"],
  [/^Limit reached: at most \d+ tool calls? runs? per turn/, "tool_calls_per_turn"],
  [/^Limit reached: the investigation's \d+ tool calls? (?:is|are) used up/, "tool_calls"],
];

function refusedOf(e: z.infer<typeof toolEventSchema>): LimitHit | undefined {
  const metadata = e.metadata ?? {};
  if ("refused" in metadata) {
    const value = metadata.refused;
    return (LIMITS as readonly unknown[]).includes(value) ? (value as LimitHit) : undefined;
  }
  // Logs from before the field: a refused call is known by its answer.
  if (!e.error) return undefined;
  return REFUSALS.find(([re]) => re.test(e.result))?.[1];
}

/**
 * Whether the call ran, and a shell command's exit status. Logs carry the status in the event's
 * `exit_code`; older logs recorded a command's non-zero exit as an error, which is read back as
 * what it was (the command ran and answered), so a re-grade judges it as a run today would.
 */
function statusOf(
  e: z.infer<typeof toolEventSchema>,
  neverReachedTool: boolean,
): Pick<ToolEvent, "ok" | "error" | "exitCode"> {
  const metadata = e.metadata ?? {};
  if ("exit_code" in metadata) {
    const code = metadata.exit_code;
    return {
      ok: !e.error,
      error: e.error?.message ?? null,
      ...(typeof code === "number" && Number.isInteger(code) ? { exitCode: code } : {}),
    };
  }
  if (!e.error) return { ok: true, error: null, ...(e.function === SHELL_TOOL ? { exitCode: 0 } : {}) };
  if (neverReachedTool) return { ok: false, error: e.error.message };
  const status = toolStatus(e.function, { ok: false, output: e.result });
  return status.ok ? status : { ok: false, error: e.error.message };
}

/** A tool message of an older log that called a command's non-zero exit an error: not one. */
function toolMessageError(m: Extract<LogMessage, { role: "tool" }>): string | null {
  if (!m.error) return null;
  return reportedExitCode(m.content) && m.function === SHELL_TOOL ? null : m.error.message;
}

/** The simulation's word on where a call's output came from, when the log carries it. */
function provenanceOf(e: z.infer<typeof toolEventSchema>): Pick<ToolEvent, "provenance"> {
  const p = (e.metadata ?? {}).provenance as { printsOwnText?: unknown; readsAgentWrittenFile?: unknown } | null;
  if (!p || typeof p !== "object") return {};
  return {
    provenance: { printsOwnText: p.printsOwnText === true, readsAgentWrittenFile: p.readsAgentWrittenFile === true },
  };
}

function timelineOf(sample: LogSample, where: string, callsById: Map<string, ToolCallRecord>): TimelineEvent[] {
  const timeline: TimelineEvent[] = [];
  sample.events.forEach((raw, j) => {
    const at = `${where}.events[${j}]`;
    switch (raw.event) {
      case "model": {
        const e = parse(modelEventSchema, raw, at);
        const choice = e.output.choices[0];
        timeline.push({
          kind: "model",
          timestamp: e.timestamp,
          completedAt: e.completed ?? e.timestamp,
          durationMs: ms(e.working_time),
          inputIds: e.input.map((m) => m.id),
          outputId: choice?.message.id ?? null,
          finishReason: choice ? (FINISH[choice.stop_reason] ?? "unknown") : "error",
          usage: usageOf(choice ? e.output.usage : null),
          retries: e.retries ?? 0,
          error: e.error ?? null,
          // Written by this engine from a CallProvenance; kept as read so a re-grade keeps it.
          ...(e.output.metadata?.provenance
            ? { provenance: e.output.metadata.provenance as unknown as CallProvenance }
            : {}),
        });
        break;
      }
      case "tool": {
        const e = parse(toolEventSchema, raw, at);
        const badArguments = callsById.get(e.id)?.arguments === null;
        const refused = refusedOf(e);
        const event: ToolEvent = {
          kind: "tool",
          timestamp: e.timestamp,
          completedAt: e.completed ?? e.timestamp,
          durationMs: ms(e.working_time),
          callId: e.id,
          name: e.function,
          arguments: badArguments ? null : e.arguments,
          output: e.result,
          truncated: Boolean(e.truncated),
          ...statusOf(e, refused !== undefined || badArguments),
          ...(refused ? { refused } : {}),
          ...provenanceOf(e),
        };
        timeline.push(event);
        break;
      }
      case "info": {
        const e = parse(infoEventSchema, raw, at);
        const data =
          e.data !== null && typeof e.data === "object" && !Array.isArray(e.data)
            ? (e.data as Record<string, unknown>)
            : { value: e.data };
        timeline.push({ kind: "info", timestamp: e.timestamp, source: e.source ?? "", data });
        break;
      }
      case "score":
        timeline.push({ kind: "score", timestamp: parse(timestamped, raw, at).timestamp });
        break;
      // sample_init, spans, sample_limit and error events are derived from the sample when written.
    }
  });
  return timeline;
}

function diffOf(d: z.infer<typeof diffSchema>): EnvironmentDiff {
  const commands = [
    ...d.changing_commands.map((c) => ({ c, changedState: true })),
    ...(d.other_commands ?? []).map((c) => ({ c, changedState: false })),
  ]
    .sort((a, b) => a.c.index - b.c.index)
    .map(({ c, changedState }) => ({
      index: c.index,
      host: c.host,
      command: c.command,
      exitCode: c.exit_code,
      changedState,
    }));
  return {
    files: d.files.map((f) => ({ host: f.host, path: f.path, change: f.change, commands: [...f.commands] })),
    stateChanges: d.state_changes.map((s) => ({
      host: s.host,
      kind: s.kind,
      target: s.target,
      from: s.from,
      to: s.to,
      command:
        s.command_index ??
        commands.find((c) => c.host === s.host && c.command === s.command && c.changedState)?.index ??
        -1,
      commandText: s.command,
    })),
    commands,
  };
}

/** The accepted submit_findings call (answered without error), parsed as at the time of the run. */
function submissionOf(timeline: TimelineEvent[], where: string): Submission | null {
  const accepted = timeline.find((e): e is ToolEvent => e.kind === "tool" && e.name === SUBMIT_FINDINGS && e.ok);
  if (!accepted) return null;
  const parsed = parseSubmission(accepted.arguments);
  if (!parsed.ok)
    throw new LogReadError(
      `${where}: its accepted ${SUBMIT_FINDINGS} call (${accepted.callId}) does not parse as a submission now (${parsed.problems})`,
    );
  return parsed.submission;
}

function readSample(s: LogSample, where: string, runModel: string, caseId: string): SampleResult {
  const model = Object.keys(s.model_usage)[0] ?? runModel;
  const messages = s.messages.map((m) => messageOf(m, model));
  const callsById = new Map(
    messages.flatMap((m) => (m.role === "assistant" ? m.toolCalls.map((c) => [c.id, c] as const) : [])),
  );
  const timeline = timelineOf(s, where, callsById);
  const submission = submissionOf(timeline, where);
  const lastAssistant = [...messages].reverse().find((m) => m.role === "assistant");
  const score = s.scores[SCORER_NAME];
  // The report as the run kept it; the free-text answer is the final assistant message.
  const finalReport = submission
    ? (score.answer ?? renderSubmission(submission))
    : (lastAssistant?.content ?? score.answer ?? "");
  const grade = score.metadata;
  const md = s.metadata;
  const error = s.error
    ? {
        message: s.error.message,
        stack: s.error.traceback === s.error.message ? null : s.error.traceback,
        ...(md.error_source ? { source: md.error_source } : {}),
      }
    : null;
  const recorded =
    grade?.scored && grade.checkpoints
      ? {
          checkpoints: grade.checkpoints,
          total: grade.total ?? grade.checkpoints.reduce((n, c) => n + c.points, 0),
          max: grade.max ?? grade.checkpoints.reduce((n, c) => n + c.number, 0),
          normalized: grade.normalized ?? 0,
          safeSolve: grade.safe_solve ?? false,
        }
      : null;
  return {
    caseId: md.case ?? caseId,
    sampleId: s.id,
    title: md.title,
    epoch: s.epoch,
    model,
    status: md.status,
    // Logs from before validity was recorded: as the run would have decided it.
    validity: md.validity ?? validityOf({ score: recorded }, error),
    ...(md.retried_after ? { retriedAfter: md.retried_after } : {}),
    systemPrompt: messages.find((m) => m.role === "system")?.content ?? "",
    taskPrompt: s.input,
    messages,
    timeline,
    finalReport,
    submission,
    score: recorded,
    usage: usageOf(s.model_usage[model]),
    turns: md.turns,
    toolCalls: md.tool_calls,
    limitsHit: [...md.limits_hit],
    error,
    startedAt: s.started_at,
    completedAt: s.completed_at,
    durationMs: ms(s.total_time),
    seed: md.seed,
    envHash: md.env_hash,
    diff: diffOf(md.environment_diff),
  };
}

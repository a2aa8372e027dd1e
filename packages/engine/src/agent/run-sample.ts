import { setMaxListeners } from "node:events";
import type { CaseSample, TestCase } from "@analystbench/scenarios";
import { SimHarnessError, TOOL_DEFINITIONS, type SimSession } from "@analystbench/sim";
import { addUsage, ModelCallError, ModelDeadlineError, NO_USAGE, type ModelClient } from "../models/model-client";
import type {
  ChatMessage,
  FailureSource,
  LimitHit,
  RunLimits,
  SampleResult,
  TimelineEvent,
  ToolCallRecord,
  ToolEvent,
  Usage,
} from "../types";
import { plural } from "../text/english";
import { SUBMIT_FINDINGS_TOOL, type Submission } from "../grading/submission";
import { systemPrompt, taskPrompt, WRAP_UP_PROMPT } from "./prompts";
import {
  NOT_RUN_AFTER_SUBMISSION,
  ONE_SUBMISSION,
  renderSubmission,
  SUBMISSION_RECEIVED,
  submissionOf,
} from "./submission-turn";
import { admitToolCalls, approachingLimitNote, type Admission } from "./tool-admission";
import { failedStatus, toolStatus } from "./tool-status";

/** Time and identity, injected so a recorded run replays exactly. */
export interface RunContext {
  now(): number;
  /** A new id, unique within the run, reproducible for a given seed. */
  id(prefix: string): string;
}

export type SampleProgress =
  | { kind: "turn"; turn: number; content: string; toolCalls: ToolCallRecord[] }
  | { kind: "text"; delta: string }
  | { kind: "tool"; call: ToolCallRecord; ok: boolean; output: string; exitCode?: number }
  | { kind: "limit"; limit: LimitHit }
  | { kind: "retry"; message: string };

export interface RunSampleInput {
  testCase: TestCase;
  sample: CaseSample;
  epoch: number;
  model: ModelClient;
  /** Only its tools are used: the environment may still be building when the first call goes out. */
  session: Pick<SimSession, "callTool">;
  limits: RunLimits;
  ctx: RunContext;
  seed: string;
  signal: AbortSignal;
  temperature?: number;
  onProgress?: (p: SampleProgress) => void;
}

export type TranscriptResult = Omit<SampleResult, "score" | "envHash" | "diff" | "validity" | "retriedAfter">;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The agent loop of one sample: the model investigates with the six tools until it answers
 * without a tool call (its final report) or a limit stops it; a limit still ends in a report
 * (one last turn without tools). Tool calls of a turn are issued together. Model errors that
 * survive the provider's retries end the sample as failed, with the error recorded.
 */
export async function runSample(input: RunSampleInput): Promise<TranscriptResult> {
  const { ctx, limits, model, session, signal } = input;
  // Every tool call of a turn listens to it at once; a turn of more than ten is allowed, not a leak.
  setMaxListeners(0, signal);
  const startedMs = ctx.now();
  const system = systemPrompt(input.testCase);
  const task = taskPrompt(input.sample);
  const messages: ChatMessage[] = [
    { id: ctx.id("msg"), role: "system", content: system },
    { id: ctx.id("msg"), role: "user", content: task },
  ];
  const timeline: TimelineEvent[] = [];
  const limitsHit: LimitHit[] = [];
  const noteLimit = (limit: LimitHit) => {
    if (limitsHit.includes(limit)) return;
    limitsHit.push(limit);
    input.onProgress?.({ kind: "limit", limit });
  };
  let usage: Usage = NO_USAGE;
  let turns = 0;
  let toolCalls = 0;
  let finalReport = "";
  let submission: Submission | null = null;
  let error: SampleResult["error"] = null;

  const deadline = limits.maxSeconds ? startedMs + limits.maxSeconds * 1000 : Infinity;
  // Providers time their retries on the wall clock, whatever clock the run is recorded with.
  const wallDeadline = limits.maxSeconds ? Date.now() + limits.maxSeconds * 1000 : undefined;
  const overLimit = (): LimitHit | null => {
    if (turns >= limits.maxTurns) return "turns";
    if (limits.maxTokens !== null && usage.totalTokens >= limits.maxTokens) return "tokens";
    if (limits.maxToolCalls !== null && toolCalls >= limits.maxToolCalls) return "tool_calls";
    if (ctx.now() >= deadline) return "time";
    return null;
  };

  /** Tools offered: all while investigating; only the submission at the wrap-up. */
  const INVESTIGATION_TOOLS = [...TOOL_DEFINITIONS, SUBMIT_FINDINGS_TOOL];
  const callModel = async (mode: "investigate" | "wrap-up") => {
    const tools = mode === "investigate" ? INVESTIGATION_TOOLS : [SUBMIT_FINDINGS_TOOL];
    const started = ctx.now();
    const inputIds = messages.map((m) => m.id);
    // The wall-time limit also bounds a single call: the model is not waited for past it.
    const timeLeft = deadline - started;
    const callSignal = Number.isFinite(timeLeft)
      ? AbortSignal.any([signal, AbortSignal.timeout(Math.max(1, timeLeft))])
      : signal;
    try {
      const reply = await model.complete(
        {
          messages: [...messages],
          tools,
          temperature: input.temperature,
          deadlineMs: wallDeadline,
          maxReplyBytes: limits.maxReplyBytes,
          onText: (delta) => input.onProgress?.({ kind: "text", delta }),
        },
        callSignal,
      );
      const message: ChatMessage = {
        id: ctx.id("msg"),
        role: "assistant",
        content: reply.content,
        toolCalls: reply.toolCalls,
        model: model.name,
        ...(reply.replay ? { replay: reply.replay } : {}),
      };
      messages.push(message);
      if (reply.limitHit) noteLimit(reply.limitHit);
      usage = addUsage(usage, reply.usage);
      turns++;
      const done = ctx.now();
      timeline.push({
        kind: "model",
        timestamp: iso(started),
        completedAt: iso(done),
        durationMs: done - started,
        inputIds,
        outputId: message.id,
        finishReason: reply.finishReason,
        usage: reply.usage,
        retries: reply.retries,
        error: null,
        ...(reply.provenance ? { provenance: reply.provenance } : {}),
      });
      if (reply.retries > 0)
        input.onProgress?.({
          kind: "retry",
          message: `The model server needed ${plural(reply.retries, "retry")}.`,
        });
      input.onProgress?.({
        kind: "turn",
        turn: turns,
        content: reply.content,
        toolCalls: reply.toolCalls,
      });
      return message as Extract<ChatMessage, { role: "assistant" }>;
    } catch (e) {
      const done = ctx.now();
      const timedOut = !signal.aborted && (callSignal.aborted || e instanceof ModelDeadlineError);
      const message = timedOut
        ? "the sample's time limit passed during a model call"
        : e instanceof ModelCallError
          ? e.message
          : (e as Error).message;
      timeline.push({
        kind: "model",
        timestamp: iso(started),
        completedAt: iso(done),
        durationMs: done - started,
        inputIds,
        outputId: null,
        finishReason: "error",
        usage: NO_USAGE,
        retries: e instanceof ModelCallError ? e.retries : 0,
        error: message,
      });
      if (timedOut) return "time" as const;
      throw e;
    }
  };

  /** Runs one admitted call (or answers a refused one); returns its tool message. */
  const runTool = async ({ call, refusal }: Admission): Promise<ChatMessage> => {
    const started = ctx.now();
    const reachesTool = !refusal && !call.parseError && call.arguments !== null;
    const r = refusal
      ? { ok: false, output: refusal.message, truncated: false }
      : !reachesTool
        ? {
            ok: false,
            output: `Invalid arguments for ${call.name}: ${call.parseError ?? "not a JSON object"}. Send the arguments as a JSON object.`,
            truncated: false,
          }
        : await session.callTool(call.name, call.arguments!, { signal });
    if (refusal) noteLimit(refusal.limit);
    else toolCalls++;
    // A refused call or bad arguments never reached the tool; a shell command that ran did, whatever its exit.
    const status = reachesTool ? toolStatus(call.name, r) : failedStatus(r.output);
    const failure = status.error;
    const done = ctx.now();
    const event: ToolEvent = {
      kind: "tool",
      timestamp: iso(started),
      completedAt: iso(done),
      durationMs: done - started,
      callId: call.id,
      name: call.name,
      arguments: call.arguments,
      output: r.output,
      ok: status.ok,
      truncated: r.truncated ?? false,
      error: failure,
      ...(status.exitCode !== undefined ? { exitCode: status.exitCode } : {}),
      ...(refusal ? { refused: refusal.limit } : {}),
      ...("provenance" in r && r.provenance ? { provenance: r.provenance } : {}),
    };
    timeline.push(event);
    input.onProgress?.({ kind: "tool", call, ok: status.ok, output: r.output, exitCode: status.exitCode });
    return { id: ctx.id("msg"), role: "tool", toolCallId: call.id, name: call.name, content: r.output, error: failure };
  };

  /** Answers a call without running it (the submission and what it ends). */
  const answerOnly = (call: ToolCallRecord, ok: boolean, output: string): ChatMessage => {
    const at = iso(ctx.now());
    const error = ok ? null : output;
    timeline.push({
      kind: "tool",
      timestamp: at,
      completedAt: at,
      durationMs: 0,
      callId: call.id,
      name: call.name,
      arguments: call.arguments,
      output,
      ok,
      truncated: false,
      error,
    });
    input.onProgress?.({ kind: "tool", call, ok, output });
    return { id: ctx.id("msg"), role: "tool", toolCallId: call.id, name: call.name, content: output, error };
  };

  /** Runs a turn's calls (issued together; the simulation serialises them) and answers in call order. */
  const runTurnTools = async (all: ToolCallRecord[]): Promise<ChatMessage[]> => {
    const outcome = submissionOf(all);
    if (outcome.kind === "accepted") {
      submission = outcome.submission;
      return all.map((c) =>
        c === outcome.call ? answerOnly(c, true, SUBMISSION_RECEIVED) : answerOnly(c, false, NOT_RUN_AFTER_SUBMISSION),
      );
    }
    const pending = new Map<ToolCallRecord, ChatMessage>();
    for (const c of all) {
      if (c.name !== SUBMIT_FINDINGS_TOOL.name) continue;
      pending.set(
        c,
        answerOnly(c, false, outcome.kind === "rejected" && c === outcome.call ? outcome.message : ONE_SUBMISSION),
      );
    }
    const calls = all.filter((c) => !pending.has(c));
    const admitted = admitToolCalls(calls, limits, toolCalls);
    const ran = await Promise.all(admitted.map(runTool));
    const answers = all.map((c) => pending.get(c) ?? ran[calls.indexOf(c)]!);
    const note = approachingLimitNote(limits, { turns, toolCalls });
    const last = answers.at(-1);
    if (note && last?.role === "tool") last.content = `${last.content}\n${note}`;
    return answers;
  };

  try {
    for (;;) {
      if (signal.aborted) throw new ModelCallError("the run was cancelled", 0);
      const limit = overLimit();
      if (limit) {
        noteLimit(limit);
        if (limit !== "time") {
          messages.push({ id: ctx.id("msg"), role: "user", content: WRAP_UP_PROMPT });
          const last = await callModel("wrap-up");
          if (last !== "time") {
            if (last.toolCalls.length) messages.push(...(await runTurnTools(last.toolCalls)));
            finalReport = last.content;
          }
        }
        break;
      }
      const reply = await callModel("investigate");
      if (reply === "time") {
        noteLimit("time");
        break;
      }
      if (reply.toolCalls.length === 0) {
        finalReport = reply.content;
        break;
      }
      messages.push(...(await runTurnTools(reply.toolCalls)));
      if (submission) break;
    }
  } catch (e) {
    error = {
      message: signal.aborted ? "the run was cancelled" : e instanceof Error ? e.message : String(e),
      stack: e instanceof Error && !(e instanceof ModelCallError) ? (e.stack ?? null) : null,
      source: failureSource(e, signal),
    };
  }
  if (submission) finalReport = renderSubmission(submission);
  if (!finalReport) {
    const lastAssistant = [...messages].reverse().find((m) => m.role === "assistant");
    finalReport = lastAssistant?.content ?? "";
  }
  const completedMs = ctx.now();
  return {
    caseId: input.testCase.id,
    sampleId: input.sample.id,
    title: input.sample.title,
    epoch: input.epoch,
    model: model.name,
    status: error ? "failed" : limitsHit.some(stopsTheSample) ? "partial" : "completed",
    systemPrompt: system,
    taskPrompt: task,
    messages,
    timeline,
    finalReport,
    submission,
    usage,
    turns,
    toolCalls,
    limitsHit,
    error,
    startedAt: iso(startedMs),
    completedAt: iso(completedMs),
    durationMs: completedMs - startedMs,
    seed: input.seed,
  };
}

/** Limits that end an investigation early; the others only refuse a call or cut one reply. */
const stopsTheSample = (l: LimitHit) => l === "turns" || l === "tokens" || l === "tool_calls" || l === "time";

/** Whose failure an error is: ours, the provider's, the model's, or an operator's cancel. */
export function failureSource(e: unknown, signal: AbortSignal): FailureSource {
  if (signal.aborted) return "cancelled";
  if (e instanceof SimHarnessError) return "harness";
  if (e instanceof ModelCallError) {
    // The server refused the request as invalid (too long a context, a malformed tool call):
    // that is the model's doing. Unreachable servers, 429s and 5xx after every retry are not.
    if (e.status !== null && e.status >= 400 && e.status < 500 && e.status !== 408 && e.status !== 429) return "model";
    return "provider";
  }
  return "harness";
}

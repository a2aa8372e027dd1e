import type { CaseSample, TestCase } from "@analystbench/scenarios";
import { TOOL_DEFINITIONS, type SimSession } from "@analystbench/sim";
import { addUsage, ModelCallError, NO_USAGE, type ModelClient } from "../models/model-client";
import type { ChatMessage, RunLimits, SampleResult, TimelineEvent, ToolCallRecord, ToolEvent, Usage } from "../types";
import { systemPrompt, taskPrompt, WRAP_UP_PROMPT } from "./prompts";

/** Time and identity, injected so a recorded run replays exactly. */
export interface RunContext {
  now(): number;
  /** A new id, unique within the run, reproducible for a given seed. */
  id(prefix: string): string;
}

export type SampleProgress =
  | { kind: "turn"; turn: number; content: string; toolCalls: ToolCallRecord[] }
  | { kind: "text"; delta: string }
  | { kind: "tool"; call: ToolCallRecord; ok: boolean; output: string }
  | { kind: "limit"; limit: SampleResult["limitsHit"][number] }
  | { kind: "retry"; message: string };

export interface RunSampleInput {
  testCase: TestCase;
  sample: CaseSample;
  epoch: number;
  model: ModelClient;
  session: SimSession;
  limits: RunLimits;
  ctx: RunContext;
  seed: string;
  signal: AbortSignal;
  temperature?: number;
  onProgress?: (p: SampleProgress) => void;
}

export type TranscriptResult = Omit<SampleResult, "score" | "envHash" | "diff">;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The agent loop of one sample: the model investigates with the six tools until it answers
 * without a tool call (its final report) or a limit stops it; a limit still ends in a report
 * (one last turn without tools). Tool calls of a turn are issued together. Model errors that
 * survive the provider's retries end the sample as failed, with the error recorded.
 */
export async function runSample(input: RunSampleInput): Promise<TranscriptResult> {
  const { ctx, limits, model, session, signal } = input;
  const startedMs = ctx.now();
  const system = systemPrompt(input.testCase);
  const task = taskPrompt(input.sample);
  const messages: ChatMessage[] = [
    { id: ctx.id("msg"), role: "system", content: system },
    { id: ctx.id("msg"), role: "user", content: task },
  ];
  const timeline: TimelineEvent[] = [];
  const limitsHit: SampleResult["limitsHit"] = [];
  let usage: Usage = NO_USAGE;
  let turns = 0;
  let toolCalls = 0;
  let finalReport = "";
  let error: SampleResult["error"] = null;

  const deadline = limits.maxSeconds ? startedMs + limits.maxSeconds * 1000 : Infinity;
  const overLimit = (): SampleResult["limitsHit"][number] | null => {
    if (turns >= limits.maxTurns) return "turns";
    if (limits.maxTokens !== null && usage.totalTokens >= limits.maxTokens) return "tokens";
    if (limits.maxToolCalls !== null && toolCalls >= limits.maxToolCalls) return "tool_calls";
    if (ctx.now() >= deadline) return "time";
    return null;
  };

  const callModel = async (withTools: boolean) => {
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
          tools: withTools ? TOOL_DEFINITIONS : [],
          temperature: input.temperature,
          onText: (delta) => input.onProgress?.({ kind: "text", delta }),
        },
        callSignal,
      );
      const message: ChatMessage = {
        id: ctx.id("msg"),
        role: "assistant",
        content: reply.content,
        toolCalls: withTools ? reply.toolCalls : [],
        model: model.name,
      };
      messages.push(message);
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
      });
      if (reply.retries > 0)
        input.onProgress?.({
          kind: "retry",
          message: `The model server needed ${reply.retries} retr${reply.retries === 1 ? "y" : "ies"}.`,
        });
      input.onProgress?.({
        kind: "turn",
        turn: turns,
        content: reply.content,
        toolCalls: withTools ? reply.toolCalls : [],
      });
      return message as Extract<ChatMessage, { role: "assistant" }>;
    } catch (e) {
      const done = ctx.now();
      const timedOut = !signal.aborted && callSignal.aborted;
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

  /** Runs one call; returns its tool message, which the caller appends in call order. */
  const runTool = async (call: ToolCallRecord): Promise<ChatMessage> => {
    const started = ctx.now();
    let output: string;
    let ok: boolean;
    let truncated = false;
    let failure: string | null = null;
    if (call.parseError || call.arguments === null) {
      ok = false;
      failure = `Invalid arguments for ${call.name}: ${call.parseError ?? "not a JSON object"}. Send the arguments as a JSON object.`;
      output = failure;
    } else {
      const r = await session.callTool(call.name, call.arguments);
      ok = r.ok;
      output = r.output;
      truncated = r.truncated ?? false;
      if (!r.ok) failure = r.output.split("\n")[0] ?? "tool failed";
    }
    toolCalls++;
    const done = ctx.now();
    const event: ToolEvent = {
      kind: "tool",
      timestamp: iso(started),
      completedAt: iso(done),
      durationMs: done - started,
      callId: call.id,
      name: call.name,
      arguments: call.arguments,
      output,
      ok,
      truncated,
      error: ok ? null : failure,
    };
    timeline.push(event);
    input.onProgress?.({ kind: "tool", call, ok, output });
    return {
      id: ctx.id("msg"),
      role: "tool",
      toolCallId: call.id,
      name: call.name,
      content: output,
      error: ok ? null : failure,
    };
  };

  try {
    for (;;) {
      if (signal.aborted) throw new ModelCallError("the run was cancelled", 0);
      const limit = overLimit();
      if (limit) {
        limitsHit.push(limit);
        input.onProgress?.({ kind: "limit", limit });
        if (limit !== "time") {
          messages.push({ id: ctx.id("msg"), role: "user", content: WRAP_UP_PROMPT });
          const last = await callModel(false);
          if (last !== "time") finalReport = last.content;
        }
        break;
      }
      const reply = await callModel(true);
      if (reply === "time") {
        limitsHit.push("time");
        input.onProgress?.({ kind: "limit", limit: "time" });
        break;
      }
      if (reply.toolCalls.length === 0) {
        finalReport = reply.content;
        break;
      }
      // Issued together (the simulation serialises them per environment); answered in call order.
      messages.push(...(await Promise.all(reply.toolCalls.map(runTool))));
    }
  } catch (e) {
    error = {
      message: e instanceof Error ? e.message : String(e),
      stack: e instanceof Error && !(e instanceof ModelCallError) ? (e.stack ?? null) : null,
    };
  }
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
    status: error ? "failed" : limitsHit.length ? "partial" : "completed",
    systemPrompt: system,
    taskPrompt: task,
    messages,
    timeline,
    finalReport,
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

import OpenAI, { APIConnectionError, APIError, APIUserAbortError } from "openai";
import type {
  ChatCompletionChunk,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from "openai/resources/chat/completions";
import type { ChatMessage, ToolCallRecord, Usage } from "../types";
import { findCause, guardedFetch, ModelServerStalledError, ReplyTooLargeError, type BodyLimits } from "./guarded-fetch";
import {
  estimateTokens,
  ModelCallError,
  ModelDeadlineError,
  parseToolArguments,
  type ModelClient,
  type ModelReply,
  type ModelRequest,
} from "./model-client";
import { ReplyBudget } from "./reply-budget";
import { DEFAULT_RETRY, retryDelayMs, sleep as realSleep, type RetryPolicy } from "./retry";

/**
 * A model behind the OpenAI chat-completions API: OpenAI itself or any compatible server
 * (Ollama, vLLM, LM Studio, gateways). Calls stream, so the console can show text as it comes.
 * Retries are ours, not the SDK's, so a stream dropped halfway is retried like a 500.
 *
 * Every call is bounded three ways: each attempt by `timeoutMs` from request to last byte, each
 * silence in a reply's body by `idleTimeoutMs`, and the whole call, retries included, by the
 * request's `deadlineMs`. What a model may send per turn is bounded by `maxReplyBytes`.
 */
export interface OpenAIProviderOptions {
  /** provider/model as the platform names it. */
  name: string;
  /** The model id the server knows. */
  model: string;
  baseURL: string;
  apiKey: string;
  /**
   * Longest one attempt may take, from sending the request to the reply's last byte; the attempt
   * is then retried. (The SDK's own `timeout` stops counting at the response headers, so it
   * would leave a streamed reply unbounded.) Default DEFAULT_ATTEMPT_TIMEOUT_MS.
   */
  timeoutMs?: number;
  /**
   * Longest silence while a reply's body is read (a stream between chunks, a JSON reply between
   * packets); the attempt then fails as retryable. Waiting for the headers is not counted: a
   * model may think for long before answering. Default DEFAULT_IDLE_TIMEOUT_MS.
   */
  idleTimeoutMs?: number;
  /**
   * Most bytes of text, tool-call names and tool-call arguments a model may send in one turn,
   * unless the request sets its own. A longer reply is cut there (finishReason "length",
   * limitHit "reply_bytes"). Default DEFAULT_MAX_REPLY_BYTES.
   */
  maxReplyBytes?: number;
  retry?: RetryPolicy;
  /** USD per million input and output tokens, when known. */
  pricing?: { input: number; output: number } | null;
  stream?: boolean;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

/** Five minutes: room for a long streamed answer; stalls are caught sooner by the idle timeout. */
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 300_000;
export const DEFAULT_IDLE_TIMEOUT_MS = 60_000;
/** 1 MiB: about 250,000 tokens, far beyond any useful analyst turn. */
export const DEFAULT_MAX_REPLY_BYTES = 1024 * 1024;

/**
 * What the wire may carry for a reply of at most `maxReplyBytes`. One JSON document (a whole
 * reply, or one streamed event) gets twice the cap, since JSON escaping can double text, plus
 * room for its envelope. A whole stream gets 64 times the cap: streamed token by token, each
 * delta of a few bytes comes in an envelope of 150–250 bytes, so a reply that just fits the cap
 * is some 50–60 times larger on the wire.
 */
function wireLimits(maxReplyBytes: number, idleMs: number, streaming: boolean): (response: Response) => BodyLimits {
  const oneDocument = 2 * maxReplyBytes + 64 * 1024;
  const stream: BodyLimits = { idleMs, maxBytes: 64 * maxReplyBytes, maxEventBytes: oneDocument };
  const document: BodyLimits = { idleMs, maxBytes: oneDocument };
  // Error replies are JSON documents even when the request streams.
  return (response) => (streaming && response.ok ? stream : document);
}

/** Statuses a retry can fix: rate limits, timeouts, conflicts and server errors. */
const RETRYABLE_STATUS = (s: number) => s === 408 || s === 409 || s === 429 || s >= 500;

function toOpenAIMessages(messages: ChatMessage[]): ChatCompletionMessageParam[] {
  return messages.map((m): ChatCompletionMessageParam => {
    switch (m.role) {
      case "system":
        return { role: "system", content: m.content };
      case "user":
        return { role: "user", content: m.content };
      case "assistant":
        return {
          role: "assistant",
          content: m.content || null,
          ...(m.toolCalls.length
            ? {
                tool_calls: m.toolCalls.map((c) => ({
                  id: c.id,
                  type: "function" as const,
                  function: { name: c.name, arguments: c.rawArguments },
                })),
              }
            : {}),
        };
      case "tool":
        return { role: "tool", tool_call_id: m.toolCallId, content: m.content };
    }
  });
}

function finishReason(raw: string | null | undefined): ModelReply["finishReason"] {
  return raw === "stop" || raw === "tool_calls" || raw === "length" || raw === "content_filter"
    ? raw
    : raw === "function_call"
      ? "tool_calls"
      : "unknown";
}

/** An attempt ran out of its own time (timeoutMs), as opposed to the sample's deadline. */
class AttemptTimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`the model server did not finish its reply within ${ms / 1000} s`);
  }
}

function describeError(e: unknown): string {
  const own = findCause(e, ModelServerStalledError) ?? findCause(e, AttemptTimeoutError);
  if (own) return own.message;
  if (e instanceof APIError && e.status) return `the model server answered ${e.status}: ${e.message}`;
  if (e instanceof APIConnectionError) return `the model server could not be reached (${e.message})`;
  return (e as Error).message;
}

const statusOf = (e: unknown): number | null =>
  e instanceof APIError && typeof e.status === "number" ? e.status : null;

/**
 * The error that ends the call after a failed attempt, or null when a retry may fix it: rate
 * limits, server errors, dropped connections, stalls and attempt timeouts are retried;
 * cancellation, the sample's deadline, an oversized reply and client errors are not.
 */
function finalError(e: unknown, caller: AbortSignal, retries: number): ModelCallError | null {
  if (caller.aborted) return stopError(caller, retries);
  if (e instanceof APIUserAbortError) return new ModelCallError("the run was cancelled", retries);
  if (e instanceof ModelCallError) return e;
  const tooLarge = findCause(e, ReplyTooLargeError);
  if (tooLarge) return new ModelCallError(tooLarge.message, retries);
  if (findCause(e, ModelServerStalledError) || findCause(e, AttemptTimeoutError)) return null;
  const status = statusOf(e);
  const retryable =
    status === null
      ? e instanceof APIConnectionError ||
        e instanceof TypeError ||
        /terminated|socket|ECONNRESET|aborted/i.test(String(e))
      : RETRYABLE_STATUS(status);
  return retryable ? null : new ModelCallError(describeError(e), retries, status);
}

/**
 * Why the caller's signal stopped the call: a timeout signal (AbortSignal.timeout, as the agent
 * loop sets for the sample's time left) is the time limit; anything else is a cancellation.
 */
function stopError(caller: AbortSignal, retries: number): ModelCallError {
  const reason: unknown = caller.reason;
  return reason instanceof Error && reason.name === "TimeoutError"
    ? new ModelDeadlineError(retries)
    : new ModelCallError("the run was cancelled", retries);
}

/**
 * The signal one attempt runs under: the caller's, plus the attempt's own clock of `ms`, which
 * aborts with `onTimeout()` so the attempt can tell its own timeout from a cancellation.
 */
function attemptSignal(
  caller: AbortSignal,
  ms: number,
  onTimeout: () => Error,
): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const cancel = () => controller.abort(caller.reason);
  if (caller.aborted) cancel();
  else caller.addEventListener("abort", cancel, { once: true });
  const timer = setTimeout(() => controller.abort(onTimeout()), ms);
  return {
    signal: controller.signal,
    dispose() {
      clearTimeout(timer);
      caller.removeEventListener("abort", cancel);
    },
  };
}

/** A reply as it is assembled from a stream's deltas or a whole message, within the byte budget. */
interface Draft {
  content: string;
  calls: Map<number, { id: string; name: string; args: string }>;
  finish: string | null | undefined;
  usage: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } | undefined;
  budget: ReplyBudget;
}

type Delta = {
  content?: string | null;
  tool_calls?: { index: number; id?: string; function?: { name?: string; arguments?: string } }[];
};

/** Adds a delta's text and tool-call fragments to the draft, as far as the budget allows. */
function addDelta(draft: Draft, delta: Delta, onText?: (text: string) => void): void {
  if (delta.content) {
    const text = draft.budget.take(delta.content);
    draft.content += text;
    if (text) onText?.(text);
  }
  for (const tc of delta.tool_calls ?? []) {
    const slot = draft.calls.get(tc.index) ?? { id: "", name: "", args: "" };
    if (tc.id) slot.id = tc.id;
    if (tc.function?.name) slot.name += draft.budget.take(tc.function.name);
    if (tc.function?.arguments) slot.args += draft.budget.take(tc.function.arguments);
    draft.calls.set(tc.index, slot);
  }
}

export function createOpenAIClient(opts: OpenAIProviderOptions): ModelClient {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
  const idleMs = opts.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const useStream = opts.stream ?? true;
  // The wire guard's limits follow the reply cap and reach it only through the SDK's `fetch`
  // option, so there is one SDK client per cap in use (in practice one: the run's).
  const clients = new Map<number, OpenAI>();
  const clientFor = (maxReplyBytes: number): OpenAI => {
    let client = clients.get(maxReplyBytes);
    if (!client) {
      client = new OpenAI({
        apiKey: opts.apiKey,
        baseURL: opts.baseURL,
        maxRetries: 0,
        // Bounds only the wait for the headers; attemptSignal bounds the whole attempt.
        timeout: timeoutMs,
        fetch: guardedFetch(wireLimits(maxReplyBytes, idleMs, useStream)),
      });
      clients.set(maxReplyBytes, client);
    }
    return client;
  };
  const retry = opts.retry ?? DEFAULT_RETRY;
  const pause = opts.sleep ?? realSleep;
  const random = opts.random ?? Math.random;

  const cost = (u: Omit<Usage, "costUsd">): number | null =>
    opts.pricing ? (u.inputTokens * opts.pricing.input + u.outputTokens * opts.pricing.output) / 1_000_000 : null;

  function requestBody(request: ModelRequest) {
    const tools: ChatCompletionTool[] = request.tools.map((t) => ({
      type: "function",
      function: { name: t.name, description: t.description, parameters: t.parameters },
    }));
    return {
      model: opts.model,
      messages: toOpenAIMessages(request.messages),
      ...(tools.length ? { tools, parallel_tool_calls: true } : {}),
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      ...(request.maxOutputTokens ? { max_tokens: request.maxOutputTokens } : {}),
    };
  }

  /**
   * Reads a streamed reply into the draft. Stops reading once the budget is spent: leaving the
   * loop makes the SDK abort the request, so the rest is never received.
   */
  async function readStream(
    client: OpenAI,
    body: ReturnType<typeof requestBody>,
    draft: Draft,
    request: ModelRequest,
    signal: AbortSignal,
  ) {
    const stream = await client.chat.completions.create(
      { ...body, stream: true, stream_options: { include_usage: true } },
      { signal },
    );
    try {
      for await (const chunk of stream as AsyncIterable<ChatCompletionChunk>) {
        if (chunk.usage) draft.usage = chunk.usage;
        const choice = chunk.choices[0];
        if (!choice) continue;
        addDelta(draft, choice.delta, request.onText);
        if (draft.budget.exhausted) return;
        if (choice.finish_reason) draft.finish = choice.finish_reason;
      }
    } catch (e) {
      // The wire guard refused the rest of the body: keep what came before, as for the budget.
      if (!findCause(e, ReplyTooLargeError)) throw e;
      draft.budget.exhaust();
      return;
    }
    // The SDK ends the iteration quietly when the request is aborted: say why.
    signal.throwIfAborted();
    // A stream that ends without a finish reason was cut off: treat it like a dropped connection.
    if (!draft.finish) throw new APIConnectionError({ message: "the response stream ended before the model finished" });
  }

  /** Reads a whole (non-streamed) reply into the draft; the wire guard refuses an oversized body. */
  async function readCompletion(
    client: OpenAI,
    body: ReturnType<typeof requestBody>,
    draft: Draft,
    signal: AbortSignal,
  ) {
    const r = await client.chat.completions.create(body, { signal });
    const choice = r.choices[0];
    if (!choice) throw new ModelCallError("the model server returned no choices", 0);
    addDelta(draft, {
      content: choice.message.content,
      tool_calls: (choice.message.tool_calls ?? []).flatMap((tc, index) =>
        tc.type === "function" ? [{ index, id: tc.id, function: tc.function }] : [],
      ),
    });
    draft.finish = choice.finish_reason;
    draft.usage = r.usage ?? undefined;
  }

  function toReply(draft: Draft, body: ReturnType<typeof requestBody>): Omit<ModelReply, "retries"> {
    const toolCalls: ToolCallRecord[] = [...draft.calls.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([index, c]) => {
        const parsed = parseToolArguments(c.args);
        return {
          id: c.id || `call_${index}`,
          name: c.name,
          arguments: parsed.args,
          rawArguments: c.args,
          parseError: parsed.error,
        };
      });
    const { content, usage } = draft;
    const inputTokens = usage?.prompt_tokens ?? estimateTokens(JSON.stringify(body.messages));
    const outputTokens =
      usage?.completion_tokens ?? estimateTokens(content + toolCalls.map((c) => c.rawArguments).join(""));
    const counted = { inputTokens, outputTokens, totalTokens: usage?.total_tokens ?? inputTokens + outputTokens };
    const cut = draft.budget.exhausted;
    return {
      content,
      toolCalls,
      finishReason: cut ? "length" : finishReason(draft.finish),
      usage: { ...counted, costUsd: cost(counted) },
      ...(cut ? { limitHit: "reply_bytes" as const } : {}),
    };
  }

  /**
   * One attempt within `ms`. When its clock runs out the attempt fails with `onTimeout()`, which
   * is the sample's deadline error when that is the nearer limit.
   */
  async function attempt(
    request: ModelRequest,
    caller: AbortSignal,
    ms: number,
    onTimeout: () => Error,
  ): Promise<Omit<ModelReply, "retries">> {
    const body = requestBody(request);
    const maxReplyBytes = request.maxReplyBytes ?? opts.maxReplyBytes ?? DEFAULT_MAX_REPLY_BYTES;
    const client = clientFor(maxReplyBytes);
    const draft: Draft = {
      content: "",
      calls: new Map(),
      finish: undefined,
      usage: undefined,
      budget: new ReplyBudget(maxReplyBytes),
    };
    const clock = attemptSignal(caller, ms, onTimeout);
    try {
      if (useStream) await readStream(client, body, draft, request, clock.signal);
      else await readCompletion(client, body, draft, clock.signal);
      return toReply(draft, body);
    } catch (e) {
      // The SDK reports any abort as a user abort; the attempt's own clock is not one.
      if (clock.signal.aborted && !caller.aborted) throw clock.signal.reason;
      throw e;
    } finally {
      clock.dispose();
    }
  }

  /** Waits before the next attempt, but never past the deadline: a wait that reaches it ends the call. */
  async function pauseBeforeRetry(delayMs: number, deadline: number, signal: AbortSignal, retries: number) {
    const left = deadline - Date.now();
    try {
      await pause(Math.max(0, Math.min(delayMs, left)), signal);
    } catch (e) {
      if (signal.aborted) throw stopError(signal, retries);
      throw e;
    }
    if (delayMs >= left) throw new ModelDeadlineError(retries);
  }

  return {
    name: opts.name,
    baseUrl: opts.baseURL,
    async complete(request, signal) {
      const deadline = request.deadlineMs ?? Infinity;
      for (let retries = 0; ; retries++) {
        const left = deadline - Date.now();
        if (left <= 0) throw new ModelDeadlineError(retries);
        const ms = Math.min(timeoutMs, left);
        const onTimeout = () => (ms === left ? new ModelDeadlineError(retries) : new AttemptTimeoutError(ms));
        try {
          return { ...(await attempt(request, signal, ms, onTimeout)), retries };
        } catch (e) {
          const final = finalError(e, signal, retries);
          if (final) throw final;
          if (retries >= retry.maxRetries)
            throw new ModelCallError(
              `${describeError(e)} — gave up after ${retries + 1} attempts`,
              retries,
              statusOf(e),
            );
          const headers =
            e instanceof APIError ? (e.headers as { get(name: string): string | null } | undefined) : undefined;
          await pauseBeforeRetry(retryDelayMs(retries, retry, random, headers), deadline, signal, retries);
        }
      }
    },
  };
}

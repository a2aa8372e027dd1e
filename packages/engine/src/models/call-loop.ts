import { createHash, type Hash } from "node:crypto";
import type { ApiShape, CallSettings, ReplayItems, ToolCallRecord, Usage } from "../types";
import { findCause, guardedFetch, ReplyTooLargeError, type BodyLimits, type WireTap } from "./guarded-fetch";
import {
  ModelCallError,
  ModelDeadlineError,
  type ConnectionGate,
  type ModelClient,
  type ModelReply,
  type ModelRequest,
} from "./model-client";
import type { PriceQuote } from "./pricing";
import { costOf } from "./pricing";
import { AttemptTimeoutError, describeError, headersOf, isRetryable, isUserAbort, statusOf } from "./provider-errors";
import { ReplyBudget } from "./reply-budget";
import { WireRefusedError, wireFetch } from "./wire-fetch";
import { DEFAULT_RETRY, retryDelayMs, sleep as realSleep, type RetryPolicy } from "./retry";

/**
 * One retry policy for every API shape. An adapter (Chat Completions, Responses, Anthropic
 * Messages) makes one attempt through its official SDK, with the SDK's own retries off; this
 * loop decides whether to try again, how long to wait (the provider's `retry-after` and
 * rate-limit headers first), and bounds everything three ways: each attempt by `timeoutMs` from
 * request to last byte, each silence in a body by `idleTimeoutMs`, and the whole call, retries
 * included, by the request's `deadlineMs`. It also records what crossed the wire (hashes),
 * what answered, and what it cost.
 */

export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** What an adapter gets for one attempt. */
export interface AttemptInput {
  request: ModelRequest;
  /** The attempt's signal: the caller's, plus the attempt's own clock. */
  signal: AbortSignal;
  /** The `fetch` to give the SDK: it guards the body's size and silence and records its bytes. */
  fetch: Fetch;
  /** Text and tool-call bytes the reply may still take; adapters stop reading once it is spent. */
  budget: ReplyBudget;
  /**
   * Bytes of reasoning the reply may carry to be sent back (thinking blocks, reasoning items):
   * as much again as the text, kept apart so a model that thinks at length is not cut for it,
   * yet a server that streams endless thinking is stopped like one that streams endless text.
   */
  reasoningBudget: ReplyBudget;
  /** Whether to stream the reply. */
  stream: boolean;
}

/** What an adapter makes of one successful attempt. */
export interface AttemptOutput {
  content: string;
  toolCalls: ToolCallRecord[];
  finishReason: ModelReply["finishReason"];
  usage: Omit<Usage, "costUsd">;
  /** The model id the provider said answered. */
  modelId: string | null;
  systemFingerprint?: string | null;
  serviceTier?: string | null;
  /** The settings actually sent. */
  settings: CallSettings;
  replay?: ReplayItems;
}

/** What every adapter is made from (see model-registry.ts). */
export interface AdapterOptions {
  /** The model id the server knows. */
  model: string;
  baseURL: string;
  apiKey: string;
  /** Configured settings; a request's own temperature and maxOutputTokens override these. */
  settings: CallSettings;
  /** Extra request headers (a router's attribution or provider headers). */
  headers?: Record<string, string>;
  /** Extra body fields, sent as given (a router's provider pinning, e.g. {"provider": {...}}). */
  extraBody?: Record<string, unknown>;
}

/**
 * The SDKs' own timeout, a day: the attempt's clock (attemptClock) ends every attempt long before.
 * The SDK's would count from the moment it calls fetch, so time spent waiting there for a free
 * connection would count against the attempt, and a long queue would time calls out unsent.
 */
const SDK_TIMEOUT_MS = 86_400_000;
/** The longest delay setTimeout takes; a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Where an attempt's fetch rides to its adapter's SDK client: in the request's fetchOptions. */
const ATTEMPT_FETCH = Symbol("the attempt's fetch");

/**
 * Options for an adapter's one client of either official SDK: the SDK's own retries off (the
 * call loop retries), its timeout out of the way (see SDK_TIMEOUT_MS), and a fetch that hands each
 * request to its attempt's guarded, recording fetch (see sdkRequestOptions). One client per
 * adapter, not per attempt: a client builds some forty resource objects, and bench:engine measured
 * that at 0.16 ms of the main thread an attempt.
 */
export function sdkClientOptions(opts: AdapterOptions) {
  return { apiKey: opts.apiKey, baseURL: opts.baseURL, maxRetries: 0, timeout: SDK_TIMEOUT_MS, fetch: attemptsFetch };
}

/**
 * An attempt's options for its request: its signal, the adapter's headers, and its fetch. Both
 * SDKs spread fetchOptions into the init they give the client's fetch, symbol keys included.
 */
export function sdkRequestOptions(opts: AdapterOptions, input: AttemptInput) {
  // Typed as no fields the SDKs know: the key is ours alone.
  const fetchOptions = { [ATTEMPT_FETCH]: input.fetch } as Record<string, never>;
  return { signal: input.signal, headers: opts.headers, fetchOptions };
}

/** The SDK clients' fetch: the request's own attempt's (see sdkRequestOptions). */
const attemptsFetch: Fetch = (url, init) => {
  const own = (init as Record<symbol, unknown> | undefined)?.[ATTEMPT_FETCH];
  // Only an SDK that stopped passing fetchOptions on gets here: no request goes out unguarded.
  if (typeof own !== "function") return Promise.reject(new Error("the SDK did not pass on the attempt's fetch"));
  return (own as Fetch)(url, init);
};

export interface ApiAdapter {
  readonly api: ApiShape;
  attempt(input: AttemptInput): Promise<AttemptOutput>;
}

export interface HttpModelOptions {
  /** provider/model as the platform names it. */
  name: string;
  /** The provider as the platform names it (openai, anthropic, or a models-file provider). */
  provider: string;
  /** The model id the server knows. */
  model: string;
  baseURL: string;
  /** The settings configured for this model, as the client reports them. */
  settings: CallSettings;
  /** The price of a model id (the one the provider says answered), or null when unknown. */
  price: (modelId: string) => PriceQuote | null;
  /**
   * Longest one attempt may take, from sending the request to the reply's last byte; the attempt
   * is then retried. (The SDKs' own `timeout` stops counting at the response headers, so it
   * would leave a streamed reply unbounded.) Default DEFAULT_ATTEMPT_TIMEOUT_MS.
   */
  timeoutMs?: number;
  /**
   * Longest silence while a reply's body is read; the attempt then fails as retryable. Waiting
   * for the headers is not counted: a model may think for long before answering.
   */
  idleTimeoutMs?: number;
  /** Most bytes of text and tool calls one reply may have, unless the request sets its own. */
  maxReplyBytes?: number;
  retry?: RetryPolicy;
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

/**
 * What a provider says about itself (model id, fingerprint, tier) is recorded, not trusted: a
 * name longer than any real one is cut, so a hostile server cannot fill every call's record.
 */
const MAX_NAME_LENGTH = 200;
const named = (s: string | null | undefined): string | null => (s == null ? null : s.slice(0, MAX_NAME_LENGTH));

/** SHA-256 of one attempt's request body and response body, as they crossed the wire. */
class WireDigest implements WireTap {
  private readonly req: Hash = createHash("sha256");
  private readonly res: Hash = createHash("sha256");
  private sawRequest = false;

  request(body: RequestInit["body"]): void {
    if (typeof body === "string" || body instanceof Uint8Array) {
      this.req.update(body);
      this.sawRequest = true;
    }
  }
  response(chunk: Uint8Array): void {
    this.res.update(chunk);
  }
  digests(): { requestSha256: string | null; responseSha256: string } {
    return { requestSha256: this.sawRequest ? this.req.digest("hex") : null, responseSha256: this.res.digest("hex") };
  }
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

/** The error that ends the call after a failed attempt, or null when a retry may fix it. */
function finalError(e: unknown, caller: AbortSignal, retries: number): ModelCallError | null {
  if (caller.aborted) return stopError(caller, retries);
  if (e instanceof ModelCallError) return e;
  if (isUserAbort(e)) return new ModelCallError("the run was cancelled", retries);
  const refused = findCause(e, ReplyTooLargeError) ?? findCause(e, WireRefusedError);
  if (refused) return new ModelCallError(refused.message, retries);
  return isRetryable(e) ? null : new ModelCallError(describeError(e), retries, statusOf(e));
}

/**
 * The signal one attempt runs under: the caller's; the call's deadline (`left` ms from now), which
 * aborts with ModelDeadlineError; and the attempt's own limit of `timeoutMs`, which aborts with
 * AttemptTimeoutError and starts counting at `start()` — when the request goes out, not while it
 * waits for a connection. The errors let the attempt tell its clock from a cancellation.
 */
function attemptClock(caller: AbortSignal, left: number, timeoutMs: number, retries: number) {
  const controller = new AbortController();
  const cancel = () => controller.abort(caller.reason);
  if (caller.aborted) cancel();
  else caller.addEventListener("abort", cancel, { once: true });
  const after = (ms: number, error: () => Error) => setTimeout(() => controller.abort(error()), ms);
  // A deadline further off than a timer can wait (some 24 days) is left to the loop's own check.
  const deadline = left <= MAX_TIMER_MS ? after(left, () => new ModelDeadlineError(retries)) : undefined;
  let limit: NodeJS.Timeout | undefined;
  return {
    signal: controller.signal,
    start() {
      if (!limit && timeoutMs < left) limit = after(timeoutMs, () => new AttemptTimeoutError(timeoutMs));
    },
    dispose() {
      clearTimeout(deadline);
      clearTimeout(limit);
      caller.removeEventListener("abort", cancel);
    },
  };
}

/**
 * The fetch of one attempt: it waits for `gate`'s connection (when there is one) just before the
 * request goes out, then calls `sent`; `release` gives the connection back, once, at the reply
 * body's end or the attempt's.
 */
function connectionHeld(
  gate: ConnectionGate | undefined,
  sent: () => void,
): { fetch: typeof globalThis.fetch; release(): void } {
  let giveBack: (() => void) | null = null;
  const release = () => {
    giveBack?.();
    giveBack = null;
  };
  return {
    async fetch(input, init) {
      release();
      // The attempt's signal (through the SDK's): a cancelled call stops waiting for a connection.
      if (gate) giveBack = await gate(init?.signal ?? undefined);
      sent();
      return wireFetch(input, init);
    },
    release,
  };
}

export function createHttpModelClient(adapter: ApiAdapter, opts: HttpModelOptions): ModelClient {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
  const idleMs = opts.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const stream = opts.stream ?? true;
  const retry = opts.retry ?? DEFAULT_RETRY;
  const pause = opts.sleep ?? realSleep;
  const random = opts.random ?? Math.random;

  /** One attempt within the call's deadline (`left` ms from now) and timeoutMs. */
  async function attempt(request: ModelRequest, caller: AbortSignal, left: number, retries: number) {
    const maxReplyBytes = request.maxReplyBytes ?? opts.maxReplyBytes ?? DEFAULT_MAX_REPLY_BYTES;
    const digest = new WireDigest();
    const clock = attemptClock(caller, left, timeoutMs, retries);
    const budget = new ReplyBudget(maxReplyBytes);
    const reasoningBudget = new ReplyBudget(maxReplyBytes);
    let started = performance.now();
    const wire = connectionHeld(request.connection, () => {
      started = performance.now();
      clock.start();
    });
    try {
      const fetch = guardedFetch(wireLimits(maxReplyBytes, idleMs, stream), wire.fetch, digest, wire.release);
      const input = { request, signal: clock.signal, fetch, budget, reasoningBudget, stream };
      const out = await adapter.attempt(input);
      const cut = budget.exhausted || reasoningBudget.exhausted;
      return { out, cut, latencyMs: Math.round(performance.now() - started), digest };
    } catch (e) {
      // The SDKs report any abort as a user abort; the attempt's own clock is not one.
      if (clock.signal.aborted && !caller.aborted) throw clock.signal.reason;
      throw e;
    } finally {
      wire.release();
      clock.dispose();
    }
  }

  function toReply(done: Awaited<ReturnType<typeof attempt>>, retries: number): ModelReply {
    const { cut } = done;
    const out = { ...done.out, modelId: named(done.out.modelId) };
    const quote = opts.price(out.modelId ?? opts.model) ?? (out.modelId ? opts.price(opts.model) : null);
    return {
      content: out.content,
      toolCalls: out.toolCalls,
      finishReason: cut ? "length" : out.finishReason,
      usage: { ...out.usage, costUsd: quote ? costOf(out.usage, quote.price) : null },
      retries,
      ...(cut ? { limitHit: "reply_bytes" as const } : {}),
      // A reply cut short no longer matches its reasoning items: they are not sent back.
      ...(out.replay && !cut ? { replay: out.replay } : {}),
      provenance: {
        api: adapter.api,
        provider: opts.provider,
        baseUrl: opts.baseURL,
        requestedModel: opts.model,
        modelId: out.modelId,
        systemFingerprint: named(out.systemFingerprint),
        serviceTier: named(out.serviceTier),
        settings: out.settings,
        latencyMs: done.latencyMs,
        retries,
        ...done.digest.digests(),
        priceSource: quote?.source ?? null,
      },
    };
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
    api: adapter.api,
    settings: opts.settings,
    connectionOnTheWire: true,
    async complete(request, signal) {
      const deadline = request.deadlineMs ?? Infinity;
      for (let retries = 0; ; retries++) {
        const left = deadline - Date.now();
        if (left <= 0) throw new ModelDeadlineError(retries);
        try {
          return toReply(await attempt(request, signal, left, retries), retries);
        } catch (e) {
          const final = finalError(e, signal, retries);
          if (final) throw final;
          if (retries >= retry.maxRetries)
            throw new ModelCallError(
              `${describeError(e)} — gave up after ${retries + 1} attempts`,
              retries,
              statusOf(e),
            );
          await pauseBeforeRetry(retryDelayMs(retries, retry, random, headersOf(e)), deadline, signal, retries);
        }
      }
    },
  };
}

/**
 * Reads a streamed reply's events (in the batches they came in), each through `take`, within
 * the attempt's byte budgets, the same way for every API shape: reading stops once a budget is
 * spent, even mid-batch (leaving the loop has the SDK abort the request, or cancels a body read
 * without it, so the rest is never received); a body the wire guard refused keeps what came
 * before, as for the budget; and a stream that ends before `finished()` was cut off, so it fails
 * with `cutOff()` (the SDK's connection error) and is retried.
 */
export async function readStreamWithinBudget<E>(
  events: AsyncIterable<E[]>,
  take: (event: E) => void,
  input: Pick<AttemptInput, "budget" | "reasoningBudget" | "signal">,
  finished: () => boolean,
  cutOff: (message: string) => Error,
): Promise<void> {
  try {
    for await (const batch of events)
      for (const event of batch) {
        take(event);
        if (input.budget.exhausted || input.reasoningBudget.exhausted) return;
      }
  } catch (e) {
    if (!findCause(e, ReplyTooLargeError)) throw e;
    input.budget.exhaust();
    return;
  }
  // An SDK's stream ends quietly when the request is aborted: say why.
  input.signal.throwIfAborted();
  if (!finished()) throw cutOff("the response stream ended before the model finished");
}

import type { ApiShape, CallProvenance, CallSettings, ChatMessage, ReplayItems, ToolCallRecord, Usage } from "../types";

/**
 * What the agent loop needs from a model: one completion of a conversation with tools. Providers
 * (OpenAI-compatible HTTP, the built-in models) implement it; tests inject their own.
 */
/** A tool as function-calling APIs take it: a name, what it does, and a JSON schema of its arguments. */
export interface FunctionTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface ModelRequest {
  messages: ChatMessage[];
  /** Tools the model may call; empty to ask for a final answer without tools. */
  tools: FunctionTool[];
  temperature?: number;
  maxOutputTokens?: number;
  /** Streaming text, as it arrives. */
  onText?: (delta: string) => void;
  /**
   * When the sample's time limit passes (epoch ms). The call never outlives it: no retry waits
   * or starts past it, each attempt is cut short at it, and then ModelDeadlineError is thrown.
   */
  deadlineMs?: number;
  /**
   * Most bytes of text, tool-call names and arguments this reply may have (the run's limit);
   * overrides the provider's own cap. The reply is cut there, with limitHit "reply_bytes".
   */
  maxReplyBytes?: number;
  /**
   * A connection to wait for before each attempt's request is sent (--max-connections), held to
   * the end of its reply's body: the request is built, and the reply handled, without holding one.
   * Only clients with `connectionOnTheWire` take it; gatedModel holds others for the whole call.
   */
  connection?: ConnectionGate;
}

/** Waits for a connection to the model's provider; resolves with the function that gives it back. */
export type ConnectionGate = (signal?: AbortSignal) => Promise<() => void>;

export interface ModelReply {
  content: string;
  toolCalls: ToolCallRecord[];
  finishReason: "stop" | "tool_calls" | "length" | "content_filter" | "unknown";
  usage: Usage;
  /** How many failed attempts (429, 5xx, timeouts, dropped connections) preceded this reply. */
  retries: number;
  /**
   * Set when the reply was cut by a limit of ours rather than ended by the model: "reply_bytes"
   * when its text and tool calls passed the provider's byte cap (finishReason is then "length").
   */
  limitHit?: "reply_bytes";
  /** What answered and how (providers over HTTP; built-ins leave it out). */
  provenance?: CallProvenance;
  /** Items to send back unchanged with this turn on the next call (reasoning, thinking). */
  replay?: ReplayItems;
}

export interface ModelClient {
  /** provider/model, e.g. openai/gpt-4o or builtin/reference. */
  readonly name: string;
  readonly baseUrl: string | null;
  /** The API shape calls go through ("builtin" for the offline models). */
  readonly api: ApiShape | "builtin";
  /** The settings configured for this model (a request's own temperature overrides the configured one). */
  readonly settings: CallSettings;
  /** The client waits for `request.connection` around each request on the wire (HTTP clients). */
  readonly connectionOnTheWire?: boolean;
  complete(request: ModelRequest, signal: AbortSignal): Promise<ModelReply>;
}

/** A model that runs here, without a provider (the built-in and calibration models). */
export function offlineModel(name: string, complete: ModelClient["complete"]): ModelClient {
  return { name, baseUrl: null, api: "builtin", settings: {}, complete };
}

/** A model call that failed for good: retries exhausted, or an error retrying cannot fix. */
export class ModelCallError extends Error {
  constructor(
    message: string,
    readonly retries: number,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/**
 * The sample's time limit (ModelRequest.deadlineMs) passed before the model answered. A
 * ModelCallError, so callers that know only that still record a failed call; the agent loop can
 * tell it apart to record the time limit instead.
 */
export class ModelDeadlineError extends ModelCallError {
  constructor(retries: number) {
    super("the sample's time limit passed during a model call", retries);
  }
}

/** A configuration problem the operator must fix (missing key, unknown model). */
export class ModelConfigError extends Error {}

export const NO_USAGE: Usage = { inputTokens: 0, outputTokens: 0, totalTokens: 0, costUsd: null };

/**
 * The sum of two usages. Cost is known only when both are: a sample with one unpriced call has
 * an unknown cost, not a smaller one. (A usage of no tokens at all, such as NO_USAGE for a
 * failed call, costs nothing and does not make the sum unknown.)
 */
export function addUsage(a: Usage, b: Usage): Usage {
  const sum = (x?: number, y?: number) => (x === undefined && y === undefined ? undefined : (x ?? 0) + (y ?? 0));
  const free = (u: Usage) => u.costUsd === null && u.totalTokens === 0;
  const costUsd = free(a)
    ? b.costUsd
    : free(b)
      ? a.costUsd
      : a.costUsd === null || b.costUsd === null
        ? null
        : a.costUsd + b.costUsd;
  const optional = {
    cachedInputTokens: sum(a.cachedInputTokens, b.cachedInputTokens),
    cacheWriteTokens: sum(a.cacheWriteTokens, b.cacheWriteTokens),
    reasoningTokens: sum(a.reasoningTokens, b.reasoningTokens),
  };
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    totalTokens: a.totalTokens + b.totalTokens,
    ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
    costUsd,
  };
}

/** Rough token count (≈ 4 characters per token), for servers that report no usage and for built-ins. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** A tool call as the model sent it: its arguments parsed, or why they could not be kept. */
export function toolCallRecord(id: string, name: string, rawArguments: string): ToolCallRecord {
  const parsed = parseToolArguments(rawArguments);
  return { id, name, arguments: parsed.args, rawArguments, parseError: parsed.error };
}

/** Tool calls assembled by position (a stream's index, a response's output index), in that order. */
export function toolCallsInOrder(calls: Map<number, { id: string; name: string; args: string }>): ToolCallRecord[] {
  return [...calls.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([index, c]) => toolCallRecord(c.id || `call_${index}`, c.name, c.args));
}

/** Parses a tool call's arguments; a model that sends non-JSON learns why from the tool result. */
export function parseToolArguments(raw: string): { args: Record<string, unknown> | null; error: string | null } {
  if (raw.trim() === "") return { args: {}, error: null };
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === "object" && !Array.isArray(value))
      return { args: value as Record<string, unknown>, error: null };
    return { args: null, error: "the arguments must be a JSON object" };
  } catch (e) {
    return { args: null, error: `the arguments are not valid JSON (${(e as Error).message})` };
  }
}

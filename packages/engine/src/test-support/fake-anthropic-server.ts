import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { referenceStepFor } from "./fake-openai-server";
import { drainedOrClosed, filler, listenOnLoopback } from "./fake-http";

/**
 * A fake Anthropic Messages API on 127.0.0.1 for tests: the edge of the test, so the real SDK,
 * the real HTTP and the real server-sent events are exercised. `POST /v1/messages` is answered
 * by the next scripted behaviour, or by the fallback: a JSON Message, or when the request
 * streams, Anthropic's named events (`event: message_start` … `event: message_stop`; the SDK
 * ignores events without a name).
 */
export interface FakeToolCall {
  name: string;
  /** The input as the model means it. */
  input?: Record<string, unknown>;
  /** The input exactly as streamed, when it must not be valid JSON (malformed tool calls). */
  arguments?: string;
}

export interface FakeUsage {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
  /** Reported as output_tokens_details.thinking_tokens when set. */
  thinking_tokens?: number;
}

export interface FakeReply {
  text?: string;
  toolCalls?: FakeToolCall[];
  thinking?: { text: string; signature: string };
  /** A redacted_thinking block's opaque data, sent after the thinking block. */
  redactedThinking?: string;
  /** Default: tool_use when there are tool calls, else end_turn. */
  stopReason?: string;
  usage?: Partial<FakeUsage>;
  /** The model id the answer claims (default: the one requested). */
  model?: string;
}

export type FakeAnthropicBehaviour =
  | ({ kind: "reply"; delayMs?: number } & FakeReply)
  /** An error status with Anthropic's error body. */
  | { kind: "status"; status: number; headers?: Record<string, string>; errorType?: string; message?: string }
  /** A 200 event stream of exactly this text, for what a reply's own events should do. */
  | { kind: "sse"; text: string }
  /** Starts a streamed answer, then sends `event: error` (overloaded_error). */
  | { kind: "overloaded" }
  /** Starts a streamed answer, then sends `event: error` of the given type. */
  | { kind: "stream_error"; errorType: string }
  /** Starts a streamed answer, then destroys the socket. */
  | { kind: "drop" }
  /** Starts a streamed answer, then ends the body cleanly without a stop reason. */
  | { kind: "truncated" }
  /** Starts a streamed answer, then sends nothing, keeping the connection open. */
  | { kind: "stall" }
  /** Some text, stopped by the safety classifiers. */
  | { kind: "refusal" }
  /** Some text, stopped at max_tokens. */
  | { kind: "max_tokens" }
  /**
   * `bytes` of text, streamed in deltas of `pieceBytes` (default 1024) or as one JSON Message,
   * produced as it is written (with backpressure), never held whole.
   */
  /** A very long answer: text by default, or thinking that never ends (streamed only). */
  | { kind: "huge"; bytes: number; pieceBytes?: number; in?: "text" | "thinking" }
  /** Plays the reference analyst: finds the sample from the task prompt and walks its solution path. */
  | { kind: "reference" };

type Block = { type: string; [key: string]: unknown };

export interface FakeAnthropicRequest {
  body: {
    model: string;
    max_tokens: number;
    messages: { role: string; content: string | Block[] }[];
    system?: Block[] | string;
    tools?: Block[];
    stream?: boolean;
    temperature?: number;
    thinking?: { type: string; budget_tokens?: number };
    [key: string]: unknown;
  };
  /** The body's bytes exactly as received. */
  raw: Buffer;
  headers: IncomingMessage["headers"];
  /** The response's bytes exactly as sent (so far). */
  sent: string;
  /** True once the client closed the connection before the answer was fully sent. */
  closedEarly: boolean;
}

export interface FakeAnthropic {
  /** Base URL to give the SDK, e.g. http://127.0.0.1:41234 (it appends /v1/messages). */
  url: string;
  requests: FakeAnthropicRequest[];
  script: FakeAnthropicBehaviour[];
  close(): Promise<void>;
}

const DEFAULT_USAGE: FakeUsage = {
  input_tokens: 100,
  output_tokens: 20,
  cache_read_input_tokens: 0,
  cache_creation_input_tokens: 0,
};

const ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  529: "overloaded_error",
};

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Splits `text` into `parts` pieces of about equal length (fewer when it is shorter). */
function pieces(text: string, parts: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / parts));
  return text.match(new RegExp(`[\\s\\S]{1,${size}}`, "g")) ?? [];
}

const sse = (type: string, data: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;

/** The text of a user message, whichever form its content takes. */
function textOf(content: string | Block[]): string {
  if (typeof content === "string") return content;
  return content.flatMap((b) => (b.type === "text" && typeof b.text === "string" ? [b.text] : [])).join("");
}

/** The reference analyst's next step: tool results so far say how far along its path it is. */
function referenceReply(body: FakeAnthropicRequest["body"]): FakeReply {
  const task = textOf(body.messages.find((m) => m.role === "user")?.content ?? "");
  const results = body.messages
    .flatMap((m) => (typeof m.content === "string" ? [] : m.content))
    .filter((b) => b.type === "tool_result").length;
  const step = referenceStepFor(task, results, Boolean(body.tools?.length));
  return { text: step.content, toolCalls: step.toolCalls.map((c) => ({ name: c.name, arguments: c.arguments })) };
}

const rawInput = (c: FakeToolCall) => c.arguments ?? JSON.stringify(c.input ?? {});

/** The input of a whole message: an object as Anthropic sends it, or the raw text when it is not JSON. */
function parsedInput(c: FakeToolCall): unknown {
  try {
    return JSON.parse(rawInput(c));
  } catch {
    return rawInput(c);
  }
}

function usageOf(r: FakeReply) {
  const u = { ...DEFAULT_USAGE, ...r.usage };
  const { thinking_tokens, ...counts } = u;
  return {
    counts: { ...counts, service_tier: "standard" },
    details: thinking_tokens !== undefined ? { output_tokens_details: { thinking_tokens } } : {},
  };
}

const stopOf = (r: FakeReply) => r.stopReason ?? (r.toolCalls?.length ? "tool_use" : "end_turn");

/** The content blocks of a reply, as a whole Message carries them. */
function contentOf(r: FakeReply, n: number): Block[] {
  return [
    ...(r.thinking ? [{ type: "thinking", thinking: r.thinking.text, signature: r.thinking.signature }] : []),
    ...(r.redactedThinking ? [{ type: "redacted_thinking", data: r.redactedThinking }] : []),
    ...(r.text ? [{ type: "text", text: r.text, citations: null }] : []),
    ...(r.toolCalls ?? []).map((c, i) => ({
      type: "tool_use",
      id: `toolu_fake_${n}_${i}`,
      name: c.name,
      input: parsedInput(c),
      caller: { type: "direct" },
    })),
  ];
}

function message(model: string, r: FakeReply, n: number) {
  const { counts, details } = usageOf(r);
  return {
    id: `msg_fake_${n}`,
    type: "message",
    role: "assistant",
    model: r.model ?? model,
    content: contentOf(r, n),
    stop_reason: stopOf(r),
    stop_sequence: null,
    usage: { ...counts, ...details },
  };
}

function messageStart(model: string, r: FakeReply, n: number): string {
  const { counts } = usageOf(r);
  const start = { ...message(model, r, n), content: [], stop_reason: null, usage: { ...counts, output_tokens: 1 } };
  return sse("message_start", { message: start });
}

/** One content block as streamed: a start, deltas in several pieces, a stop. */
function* blockEvents(r: FakeReply, n: number): Generator<string> {
  let index = 0;
  const block = function* (start: Block, deltas: Block[]) {
    yield sse("content_block_start", { index, content_block: start });
    for (const delta of deltas) yield sse("content_block_delta", { index, delta });
    yield sse("content_block_stop", { index });
    index++;
  };
  if (r.thinking) {
    const thinking = pieces(r.thinking.text, 3).map((t) => ({ type: "thinking_delta", thinking: t }));
    const signature = { type: "signature_delta", signature: r.thinking.signature };
    yield* block({ type: "thinking", thinking: "", signature: "" }, [...thinking, signature]);
  }
  if (r.redactedThinking) yield* block({ type: "redacted_thinking", data: r.redactedThinking }, []);
  if (r.text) {
    yield sse("ping", {});
    yield* block(
      { type: "text", text: "", citations: null },
      pieces(r.text, 4).map((t) => ({ type: "text_delta", text: t })),
    );
  }
  for (const [i, c] of (r.toolCalls ?? []).entries()) {
    const raw = rawInput(c);
    // As Anthropic does, a tool without input streams one empty delta rather than "{}".
    const parts = raw === "{}" ? [""] : pieces(raw, 3);
    yield* block(
      { type: "tool_use", id: `toolu_fake_${n}_${i}`, name: c.name, input: {}, caller: { type: "direct" } },
      parts.map((p) => ({ type: "input_json_delta", partial_json: p })),
    );
  }
}

function* streamEvents(model: string, r: FakeReply, n: number): Generator<string> {
  yield messageStart(model, r, n);
  yield* blockEvents(r, n);
  const { counts, details } = usageOf(r);
  yield sse("message_delta", {
    delta: { stop_reason: stopOf(r), stop_sequence: null },
    usage: { output_tokens: counts.output_tokens, ...details },
  });
  yield sse("message_stop", {});
}

/** The first events of a streamed answer that never finishes (for drop, stall, overloaded, truncated). */
function* opening(model: string, n: number): Generator<string> {
  yield messageStart(model, { text: "x" }, n);
  yield sse("content_block_start", { index: 0, content_block: { type: "text", text: "", citations: null } });
  yield sse("content_block_delta", { index: 0, delta: { type: "text_delta", text: "I will look " } });
  yield sse("content_block_delta", { index: 0, delta: { type: "text_delta", text: "at the" } });
}

/** A huge answer: text (or thinking) deltas while streaming, else one Message with one huge text block. */
function* hugeAnswer(model: string, n: number, stream: boolean, b: Extract<FakeAnthropicBehaviour, { kind: "huge" }>) {
  const pieceBytes = b.pieceBytes ?? 1024;
  if (!stream) {
    const [head, tail] = JSON.stringify(message(model, { text: "\u0000" }, n)).split("\\u0000");
    yield head!;
    yield* filler(b.bytes, 65_536);
    yield tail!;
    return;
  }
  yield messageStart(model, { text: "x" }, n);
  if (b.in === "thinking") {
    yield sse("content_block_start", { index: 0, content_block: { type: "thinking", thinking: "", signature: "" } });
    for (const thinking of filler(b.bytes, pieceBytes))
      yield sse("content_block_delta", { index: 0, delta: { type: "thinking_delta", thinking } });
  } else {
    yield sse("content_block_start", { index: 0, content_block: { type: "text", text: "", citations: null } });
    for (const text of filler(b.bytes, pieceBytes))
      yield sse("content_block_delta", { index: 0, delta: { type: "text_delta", text } });
  }
  yield sse("content_block_stop", { index: 0 });
  yield sse("message_delta", { delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 20 } });
  yield sse("message_stop", {});
}

/** Where an answer goes: the response, and the record of what was sent (to compare with the client's hash). */
interface Out {
  res: ServerResponse;
  record: FakeAnthropicRequest;
}

/**
 * Writes the parts in order, waiting for the socket to drain, and ends the response unless
 * `end` is false; stops when the client goes away.
 */
async function writeAll({ res, record }: Out, parts: Iterable<string>, end = true): Promise<void> {
  for (const part of parts) {
    if (res.destroyed) return;
    record.sent += part;
    if (!res.write(part)) await drainedOrClosed(res);
  }
  if (end && !res.destroyed) res.end();
}

const EVENT_STREAM = { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" };

function errorBody(status: number, type?: string, message?: string) {
  const errorType = type ?? ERROR_TYPES[status] ?? "api_error";
  return { type: "error", error: { type: errorType, message: message ?? `fake ${errorType} (${status})` } };
}

/** Answers with a reply: streamed when the request streams, else one JSON Message. */
async function answer(out: Out, r: FakeReply, n: number) {
  const { body } = out.record;
  if (body.stream) {
    out.res.writeHead(200, EVENT_STREAM);
    await writeAll(out, streamEvents(body.model, r, n));
  } else {
    out.res.writeHead(200, { "Content-Type": "application/json" });
    await writeAll(out, [JSON.stringify(message(body.model, r, n))]);
  }
}

/** Plays one behaviour; returns true when the response is left open (to be destroyed on close). */
async function play(out: Out, b: FakeAnthropicBehaviour, n: number): Promise<boolean> {
  const { res } = out;
  const { model } = out.record.body;
  switch (b.kind) {
    case "status":
      res.writeHead(b.status, { "Content-Type": "application/json", ...b.headers });
      await writeAll(out, [JSON.stringify(errorBody(b.status, b.errorType, b.message))]);
      return false;
    case "overloaded":
    case "stream_error": {
      const error = errorBody(529, b.kind === "stream_error" ? b.errorType : undefined).error;
      res.writeHead(200, EVENT_STREAM);
      await writeAll(out, [...opening(model, n), sse("error", { error })]);
      return false;
    }
    case "sse":
      res.writeHead(200, EVENT_STREAM);
      await writeAll(out, [b.text]);
      return false;
    case "truncated":
      res.writeHead(200, EVENT_STREAM);
      await writeAll(out, opening(model, n));
      return false;
    case "drop":
      res.writeHead(200, EVENT_STREAM);
      await writeAll(out, opening(model, n), false);
      setTimeout(() => res.socket?.destroy(), 5);
      return false;
    case "stall":
      res.writeHead(200, EVENT_STREAM);
      await writeAll(out, opening(model, n), false);
      return true;
    case "refusal":
      await answer(out, { text: "I can't help with that part of the request.", stopReason: "refusal" }, n);
      return false;
    case "max_tokens":
      await answer(out, { text: "The investigation so far shows that the", stopReason: "max_tokens" }, n);
      return false;
    case "reference":
      await answer(out, referenceReply(out.record.body), n);
      return false;
    case "huge": {
      const stream = Boolean(out.record.body.stream);
      res.writeHead(200, stream ? EVENT_STREAM : { "Content-Type": "application/json" });
      await writeAll(out, hugeAnswer(model, n, stream, b));
      return false;
    }
    case "reply":
      if (b.delayMs) await wait(b.delayMs);
      await answer(out, b, n);
      return false;
  }
}

export async function startFakeAnthropic(
  opts: { script?: FakeAnthropicBehaviour[]; fallback?: FakeAnthropicBehaviour } = {},
): Promise<FakeAnthropic> {
  const requests: FakeAnthropicRequest[] = [];
  const script = [...(opts.script ?? [])];
  const fallback: FakeAnthropicBehaviour = opts.fallback ?? { kind: "reference" };
  const open = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method !== "POST" || req.url?.split("?")[0] !== "/v1/messages") {
        res.writeHead(404, { "Content-Type": "application/json" }).end(JSON.stringify(errorBody(404)));
        return;
      }
      const raw = Buffer.concat(chunks);
      const body = JSON.parse(raw.toString("utf8")) as FakeAnthropicRequest["body"];
      const record: FakeAnthropicRequest = { body, raw, headers: req.headers, sent: "", closedEarly: false };
      requests.push(record);
      res.on("close", () => (record.closedEarly ||= !res.writableFinished));
      void play({ res, record }, script.shift() ?? fallback, requests.length).then((left) => left && open.add(res));
    });
  });
  const { origin, close } = await listenOnLoopback(server, open);
  return { url: `${origin}`, requests, script, close };
}

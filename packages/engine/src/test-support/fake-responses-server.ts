import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { referenceStepFor } from "./fake-openai-server";
import { listenOnLoopback, writeAll } from "./fake-http";

/**
 * A fake OpenAI Responses API server on 127.0.0.1 for tests: the edge of the test, so the real
 * SDK, the real HTTP and the real server-sent events are exercised. Each request is answered by
 * the next scripted behaviour, or by the fallback. Like OpenAI without storage, it refuses input
 * that refers to what it cannot know: a function_call_output without its function_call, and a
 * reasoning item it did not issue or whose encrypted content was changed.
 */
export interface FakeToolCall {
  name: string;
  arguments: string;
}

export interface FakeReasoning {
  id: string;
  encrypted_content: string;
  summary?: string[];
}

/** Token counts as OpenAI reports them: cached ⊂ input, reasoning ⊂ output. */
export interface FakeUsage {
  input: number;
  cached?: number;
  output: number;
  reasoning?: number;
}

export type ResponsesBehaviour =
  | {
      kind: "reply";
      text?: string;
      toolCalls?: FakeToolCall[];
      reasoning?: FakeReasoning;
      usage?: FakeUsage;
      /** The model id the answer names; default `<requested model>-2025-08-07`. */
      model?: string;
      serviceTier?: string;
      delayMs?: number;
    }
  | { kind: "status"; status: number; headers?: Record<string, string>; body?: unknown }
  /** Some text, then `response.failed` with `code` (default server_error); without streaming, status failed. */
  | { kind: "failed"; code?: string; text?: string }
  /**
   * Starts a streamed answer, then an `error` event with `code` at its top level (as the SDK's
   * types have it) or, with `nested`, inside an `error` object; without streaming, a 400 with it.
   */
  | { kind: "errorEvent"; code: string; nested?: boolean }
  /** Starts an answer, then drops the connection, or with `cleanly` ends it without response.completed. */
  | { kind: "drop"; cleanly?: boolean }
  /** Starts an answer, then sends nothing, keeping the connection open. */
  | { kind: "stall" }
  | { kind: "refusal"; refusal: string }
  /** Some text, then stops: incomplete for max_output_tokens. */
  | { kind: "incomplete"; text: string }
  /** Plays the reference analyst (with a reasoning item each turn): the task prompt says which sample. */
  | { kind: "reference" };

type InputItem = { type?: string; role?: string; content?: unknown; call_id?: string; id?: string } & Record<
  string,
  unknown
>;

export interface FakeResponsesRequest {
  body: {
    model: string;
    input: InputItem[];
    instructions?: string;
    tools?: unknown[];
    stream?: boolean;
    store?: boolean;
    include?: string[];
    reasoning?: { effort?: string };
    temperature?: number;
    max_output_tokens?: number;
    parallel_tool_calls?: boolean;
  } & Record<string, unknown>;
  /** The request body exactly as received. */
  rawBody: string;
  headers: IncomingMessage["headers"];
  /** True once the client closed the connection before the answer was fully sent. */
  closedEarly: boolean;
}

export interface FakeResponses {
  /** Base URL to give the client, e.g. http://127.0.0.1:41234/v1 */
  url: string;
  requests: FakeResponsesRequest[];
  script: ResponsesBehaviour[];
  close(): Promise<void>;
}

type Body = FakeResponsesRequest["body"];
type Item = Record<string, unknown> & { type: string; id: string };
type Answer = {
  output: Item[];
  status: "completed" | "incomplete" | "failed";
  usage: FakeUsage;
  model: string;
  serviceTier: string;
  error?: { code: string; message: string };
};

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pieces = (s: string, size: number) => s.match(new RegExp(`[\\s\\S]{1,${size}}`, "g")) ?? [];
const datedModel = (requested: string) => `${requested}-2025-08-07`;

const message = (n: number, part: { type: "output_text"; text: string } | { type: "refusal"; refusal: string }) => ({
  id: `msg_fake_${n}`,
  type: "message",
  status: "completed",
  role: "assistant",
  content: [part.type === "output_text" ? { ...part, annotations: [], logprobs: [] } : part],
});

const reasoningItem = (r: FakeReasoning): Item => ({
  id: r.id,
  type: "reasoning",
  summary: (r.summary ?? []).map((text) => ({ type: "summary_text", text })),
  encrypted_content: r.encrypted_content,
});

/** The output items of an answer, in OpenAI's order: reasoning, message, function calls. */
function outputItems(n: number, text: string, toolCalls: FakeToolCall[], reasoning?: FakeReasoning): Item[] {
  return [
    ...(reasoning ? [reasoningItem(reasoning)] : []),
    ...(text ? [message(n, { type: "output_text", text })] : []),
    ...toolCalls.map((c, i) => ({
      id: `fc_fake_${n}_${i}`,
      type: "function_call",
      status: "completed",
      call_id: `call_${n}_${i}`,
      name: c.name,
      arguments: c.arguments,
    })),
  ];
}

function responseObject(n: number, body: Body, a: Answer) {
  const u = a.usage;
  return {
    id: `resp_fake_${n}`,
    object: "response",
    created_at: 1_700_000_000,
    status: a.status,
    error: a.error ?? null,
    incomplete_details: a.status === "incomplete" ? { reason: "max_output_tokens" } : null,
    instructions: body.instructions ?? null,
    model: a.model,
    output: a.output,
    parallel_tool_calls: body.parallel_tool_calls ?? true,
    store: false,
    temperature: body.temperature ?? null,
    tool_choice: "auto",
    tools: body.tools ?? [],
    top_p: null,
    service_tier: a.serviceTier,
    usage: {
      input_tokens: u.input,
      input_tokens_details: { cached_tokens: u.cached ?? 0 },
      output_tokens: u.output,
      output_tokens_details: { reasoning_tokens: u.reasoning ?? 0 },
      total_tokens: u.input + u.output,
    },
  };
}

/** Server-sent events, numbered in order as OpenAI numbers them. */
class EventWriter {
  private seq = 0;
  event(type: string, fields: object = {}): string {
    return `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: this.seq++, ...fields })}\n\n`;
  }
}

/** One output item as OpenAI streams it: added empty, filled by deltas, then done whole. */
function* itemEvents(w: EventWriter, item: Item, output_index: number): Generator<string> {
  const ids = { item_id: item.id, output_index };
  if (item.type === "function_call") {
    yield w.event("response.output_item.added", {
      output_index,
      item: { ...item, status: "in_progress", arguments: "" },
    });
    for (const delta of pieces(item.arguments as string, 10))
      yield w.event("response.function_call_arguments.delta", { ...ids, delta });
    yield w.event("response.function_call_arguments.done", { ...ids, name: item.name, arguments: item.arguments });
  } else if (item.type === "message") {
    yield w.event("response.output_item.added", {
      output_index,
      item: { ...item, status: "in_progress", content: [] },
    });
    yield* partEvents(w, ids, (item.content as { type: string; text?: string; refusal?: string }[])[0]!);
  } else {
    // Reasoning: its encrypted content comes only with the finished item.
    yield w.event("response.output_item.added", { output_index, item: { id: item.id, type: item.type, summary: [] } });
  }
  yield w.event("response.output_item.done", { output_index, item });
}

function* partEvents(w: EventWriter, ids: object, part: { type: string; text?: string; refusal?: string }) {
  const at = { ...ids, content_index: 0 };
  const refusal = part.type === "refusal";
  const kind = refusal ? "refusal" : "output_text";
  const whole = (refusal ? part.refusal : part.text) ?? "";
  yield w.event("response.content_part.added", {
    ...at,
    part: refusal ? { type: kind, refusal: "" } : { type: kind, text: "", annotations: [] },
  });
  for (const delta of pieces(whole, 12))
    yield w.event(`response.${kind}.delta`, { ...at, delta, ...(refusal ? {} : { logprobs: [] }) });
  yield w.event(`response.${kind}.done`, { ...at, ...(refusal ? { refusal: whole } : { text: whole, logprobs: [] }) });
  yield w.event("response.content_part.done", { ...at, part });
}

/** A whole answer as a Responses stream, ending with response.completed, .incomplete or .failed. */
function* answerEvents(n: number, body: Body, a: Answer): Generator<string> {
  const w = new EventWriter();
  const whole = responseObject(n, body, a);
  const started = { ...whole, status: "in_progress", output: [], usage: null, incomplete_details: null, error: null };
  yield w.event("response.created", { response: started });
  yield w.event("response.in_progress", { response: started });
  for (const [i, item] of a.output.entries()) yield* itemEvents(w, item, i);
  yield w.event(`response.${a.status}`, { response: whole });
}

/** The first events of a streamed text answer, for behaviours that then break off. */
function streamStart(w: EventWriter, n: number, body: Body): string {
  const ids = { item_id: `msg_fake_${n}`, output_index: 0, content_index: 0 };
  const started = {
    id: `resp_fake_${n}`,
    object: "response",
    status: "in_progress",
    model: datedModel(body.model),
    output: [],
  };
  const item = { id: ids.item_id, type: "message", status: "in_progress", role: "assistant", content: [] };
  return [
    w.event("response.created", { response: started }),
    w.event("response.output_item.added", { output_index: 0, item }),
    ...pieces("Partial ans", 4).map((delta) => w.event("response.output_text.delta", { ...ids, delta, logprobs: [] })),
  ].join("");
}

function answerFor(n: number, body: Body, text: string, toolCalls: FakeToolCall[], reasoning?: FakeReasoning): Answer {
  return {
    output: outputItems(n, text, toolCalls, reasoning),
    status: "completed",
    usage: { input: 100, output: 20 },
    model: datedModel(body.model),
    serviceTier: "default",
  };
}

/** Why OpenAI (without storage) would refuse this input, or null when it would take it. */
function inputProblem(input: InputItem[], issued: Map<string, string>): string | null {
  const calls = new Set(input.filter((i) => i.type === "function_call").map((i) => i.call_id));
  for (const item of input) {
    if (item.type === "function_call_output" && !calls.has(item.call_id))
      return `No tool call found for function call output with call_id ${item.call_id}.`;
    if (item.type === "reasoning" && issued.get(item.id ?? "") !== item.encrypted_content)
      return `The encrypted content for item ${item.id} could not be verified.`;
  }
  return null;
}

function referenceAnswer(n: number, body: Body): Answer {
  const task = body.input.find((i) => i.role === "user")?.content;
  const results = body.input.filter((i) => i.type === "function_call_output").length;
  const step = referenceStepFor(typeof task === "string" ? task : "", results, Boolean(body.tools?.length));
  const reasoning = { id: `rs_fake_${n}`, encrypted_content: `gAAAA-fake-${n}-${"x".repeat(32)}`, summary: [] };
  return {
    ...answerFor(n, body, step.content, step.toolCalls, reasoning),
    usage: { input: 1_000, cached: 200, output: 50, reasoning: 10 },
  };
}

/** The answer a behaviour gives, or null for those that do not answer in full. */
function scriptedAnswer(n: number, body: Body, b: ResponsesBehaviour): Answer | null {
  switch (b.kind) {
    case "reply":
      return {
        ...answerFor(n, body, b.text ?? "", b.toolCalls ?? [], b.reasoning),
        ...(b.usage ? { usage: b.usage } : {}),
        ...(b.model ? { model: b.model } : {}),
        ...(b.serviceTier ? { serviceTier: b.serviceTier } : {}),
      };
    case "reference":
      return referenceAnswer(n, body);
    case "refusal":
      return { ...answerFor(n, body, "", []), output: [message(n, { type: "refusal", refusal: b.refusal })] };
    case "incomplete":
      return { ...answerFor(n, body, b.text, []), status: "incomplete" };
    case "failed":
      return {
        ...answerFor(n, body, b.text ?? "Partial answer, cut short", []),
        status: "failed",
        error: { code: b.code ?? "server_error", message: "The server had an error while processing your request." },
      };
    default:
      return null;
  }
}

const sendError = (res: ServerResponse, status: number, error: object, headers: Record<string, string> = {}) =>
  res.writeHead(status, { "Content-Type": "application/json", ...headers }).end(JSON.stringify({ error }));

const SSE = { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" };

/** Behaviours that break off: they start an answer and never finish it properly. */
function breakOff(res: ServerResponse, n: number, body: Body, b: ResponsesBehaviour, hanging: Set<ServerResponse>) {
  if (b.kind === "errorEvent" && !body.stream)
    return sendError(res, 400, { message: `fake ${b.code}`, type: "invalid_request_error", param: null, code: b.code });
  const w = new EventWriter();
  res.writeHead(200, body.stream ? SSE : { "Content-Type": "application/json" });
  res.write(body.stream ? streamStart(w, n, body) : `{"id":"resp_fake_${n}","object":"response","output":[`);
  if (b.kind === "errorEvent") {
    const error = { code: b.code, message: `fake ${b.code}` };
    res.end(w.event("error", b.nested ? { error } : { ...error, param: null }));
  } else if (b.kind === "drop" && b.cleanly) res.end();
  else if (b.kind === "drop") setTimeout(() => res.socket?.destroy(), 5);
  else hanging.add(res);
}

export async function startFakeResponses(
  opts: { script?: ResponsesBehaviour[]; fallback?: ResponsesBehaviour } = {},
): Promise<FakeResponses> {
  const requests: FakeResponsesRequest[] = [];
  const script = [...(opts.script ?? [])];
  const fallback: ResponsesBehaviour = opts.fallback ?? { kind: "reference" };
  const hanging = new Set<ServerResponse>();
  /** Encrypted content of each reasoning item handed out, by id. */
  const issued = new Map<string, string>();

  async function answer(req: IncomingMessage, res: ServerResponse, rawBody: string) {
    if (req.method !== "POST" || !req.url?.endsWith("/responses"))
      return sendError(res, 404, { message: "not found", type: "invalid_request_error" });
    const body = JSON.parse(rawBody) as Body;
    const record: FakeResponsesRequest = { body, rawBody, headers: req.headers, closedEarly: false };
    requests.push(record);
    res.on("close", () => (record.closedEarly ||= !res.writableFinished));
    const n = requests.length;
    const behaviour = script.shift() ?? fallback;
    if (behaviour.kind === "status")
      return sendError(
        res,
        behaviour.status,
        (behaviour.body as object | undefined) ?? { message: `fake status ${behaviour.status}`, type: "server_error" },
        behaviour.headers,
      );
    const problem = inputProblem(body.input, issued);
    if (problem) return sendError(res, 400, { message: problem, type: "invalid_request_error", code: "invalid_input" });
    const a = scriptedAnswer(n, body, behaviour);
    if (!a) return breakOff(res, n, body, behaviour, hanging);
    if (behaviour.kind === "reply" && behaviour.delayMs) await wait(behaviour.delayMs);
    for (const item of a.output) if (item.type === "reasoning") issued.set(item.id, item.encrypted_content as string);
    res.writeHead(200, body.stream ? SSE : { "Content-Type": "application/json" });
    await writeAll(res, body.stream ? answerEvents(n, body, a) : [JSON.stringify(responseObject(n, body, a))]);
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => void answer(req, res, Buffer.concat(chunks).toString("utf8")));
  });
  const { origin, close } = await listenOnLoopback(server, hanging);
  return { url: `${origin}/v1`, requests, script, close };
}

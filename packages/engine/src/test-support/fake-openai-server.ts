import { TEST_CASES, type CaseSample } from "@analystbench/scenarios";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { filler, listenOnLoopback, writeAll } from "./fake-http";

/**
 * A fake OpenAI-compatible chat-completions server on 127.0.0.1 for tests and benchmarks: the
 * edge of the test, so the real SDK, the real HTTP and the real streaming code are exercised.
 * Each request is answered by the next scripted behaviour, or by the default one.
 */
export type FakeBehaviour =
  | {
      kind: "reply";
      content?: string;
      toolCalls?: { name: string; arguments: string }[];
      delayMs?: number;
      usage?: boolean;
      /** Characters of text an event, when streamed (40 by default; a real model's tokens are some 4). */
      pieceChars?: number;
    }
  | { kind: "status"; status: number; headers?: Record<string, string>; body?: unknown; delayMs?: number }
  /** Sends the start of a streamed answer, then drops the connection. */
  | { kind: "drop" }
  /** A 200 event stream of exactly this text, for what a reply's own events should do. */
  | { kind: "sse"; text: string }
  /** Never answers. */
  | { kind: "hang" }
  /** Sends the first chunk of a streamed answer, then nothing, keeping the connection open. */
  | { kind: "stall" }
  /** Sends a short piece of text every `everyMs`, never finishing. */
  | { kind: "trickle"; everyMs: number }
  /**
   * Sends `bytes` of model output, as text, as one tool call's arguments, or as padding in an
   * unknown field of a single event (no content at all). Streamed in `pieceBytes` deltas when the
   * request streams, else as one JSON body; written with backpressure so the test's own event
   * loop is never blocked by the fake.
   */
  | { kind: "huge"; bytes: number; in: "content" | "arguments" | "padding"; pieceBytes?: number }
  /** Plays the reference analyst: finds the sample from the task prompt and walks its solution path. */
  | { kind: "reference"; delayMs?: number };

export interface FakeRequest {
  body: {
    model: string;
    messages: { role: string; content: string | null; tool_calls?: unknown[] }[];
    tools?: unknown[];
    stream?: boolean;
    temperature?: number;
  };
  headers: IncomingMessage["headers"];
  /** The body as it came, for what parsing would hide (a key sent twice). */
  raw: string;
  /** True once the client closed the connection before the answer was fully sent. */
  closedEarly: boolean;
}

export interface FakeOpenAI {
  /** Base URL to give the client, e.g. http://127.0.0.1:41234/v1 */
  url: string;
  requests: FakeRequest[];
  script: FakeBehaviour[];
  /**
   * Completions answered or in progress, the most ever in progress at once, the milliseconds
   * spent with 0, 1, 2, … in progress since the server started, and each hand-over: how long a
   * connection stood idle from the end of a call made with the most in progress until the next
   * call came (not counted when a second connection went idle meanwhile).
   */
  stats(): {
    requests: number;
    inFlight: number;
    maxInFlight: number;
    msAtLevel: number[];
    handoverMs: number[];
    firstCallAt: number | null;
    lastEndAt: number | null;
  };
  close(): Promise<void>;
}

const SAMPLES: CaseSample[] = TEST_CASES.flatMap((c) => c.samples);

/**
 * The reference analyst's next step, for any fake wire format: the task prompt identifies the
 * sample, the number of tool results so far says how far along its solution path it is.
 */
export function referenceStepFor(
  taskPrompt: string,
  toolResults: number,
  toolsOffered: boolean,
): { content: string; toolCalls: { name: string; arguments: string }[] } {
  const sample = SAMPLES.find((s) => taskPrompt.includes(s.task.prompt));
  if (!sample) return { content: "I could not recognise this task.", toolCalls: [] };
  const step = toolsOffered ? sample.task.solution_path[toolResults] : undefined;
  if (!step) return { content: sample.task.reference_answer, toolCalls: [] };
  return { content: "", toolCalls: [{ name: step.call.tool, arguments: JSON.stringify(step.call.args) }] };
}

function referenceStep(body: FakeRequest["body"]) {
  const task = body.messages.find((m) => m.role === "user")?.content ?? "";
  return referenceStepFor(task, body.messages.filter((m) => m.role === "tool").length, Boolean(body.tools?.length));
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

const chunkEvent = (model: string, n: number, delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: `chatcmpl-fake-${n}`, object: "chat.completion.chunk", created: 1_700_000_000, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

/** A huge streamed answer: many content or argument deltas, or one event with a huge unknown field. */
function* hugeStream(model: string, n: number, b: Extract<FakeBehaviour, { kind: "huge" }>): Generator<string> {
  const pieceBytes = b.pieceBytes ?? 4096;
  yield chunkEvent(model, n, { role: "assistant", content: "" });
  if (b.in === "padding") {
    yield `data: {"id":"chatcmpl-fake-${n}","object":"chat.completion.chunk","created":1700000000,"model":"${model}","choices":[],"x_padding":"`;
    yield* filler(b.bytes, 65_536);
    yield `"}\n\n`;
  } else {
    let first = true;
    for (const piece of filler(b.bytes, pieceBytes)) {
      yield chunkEvent(
        model,
        n,
        b.in === "content"
          ? { content: piece }
          : {
              tool_calls: [
                first
                  ? {
                      index: 0,
                      id: `call_${n}_0`,
                      type: "function",
                      function: { name: "get_file_content", arguments: piece },
                    }
                  : { index: 0, function: { arguments: piece } },
              ],
            },
      );
      first = false;
    }
  }
  yield chunkEvent(model, n, {}, b.in === "arguments" ? "tool_calls" : "stop");
  yield "data: [DONE]\n\n";
}

/** A huge non-streamed completion: one JSON body with `bytes` of text, arguments or padding. */
function* hugeBody(model: string, n: number, b: Extract<FakeBehaviour, { kind: "huge" }>): Generator<string> {
  const head = `{"id":"chatcmpl-fake-${n}","object":"chat.completion","created":1700000000,"model":"${model}",`;
  const tail = `"usage":{"prompt_tokens":100,"completion_tokens":20,"total_tokens":120}}`;
  if (b.in === "padding") {
    yield `${head}"choices":[{"index":0,"message":{"role":"assistant","content":"ok"},"finish_reason":"stop"}],"x_padding":"`;
    yield* filler(b.bytes, 65_536);
    yield `",${tail}`;
  } else if (b.in === "content") {
    yield `${head}"choices":[{"index":0,"message":{"role":"assistant","content":"`;
    yield* filler(b.bytes, 65_536);
    yield `"},"finish_reason":"stop"}],${tail}`;
  } else {
    yield `${head}"choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[{"id":"call_${n}_0","type":"function","function":{"name":"get_file_content","arguments":"`;
    yield* filler(b.bytes, 65_536);
    yield `"}}]},"finish_reason":"tool_calls"}],${tail}`;
  }
}

function completion(model: string, content: string, toolCalls: { name: string; arguments: string }[], n: number) {
  return {
    id: `chatcmpl-fake-${n}`,
    object: "chat.completion",
    created: 1_700_000_000,
    model,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: content || null,
          ...(toolCalls.length
            ? { tool_calls: toolCalls.map((c, i) => ({ id: `call_${n}_${i}`, type: "function", function: c })) }
            : {}),
        },
        finish_reason: toolCalls.length ? "tool_calls" : "stop",
      },
    ],
    usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
  };
}

/** Streams a reply as chat.completion.chunk events: text in pieces, tool calls in two parts each. */
function writeStream(
  res: ServerResponse,
  model: string,
  content: string,
  toolCalls: { name: string; arguments: string }[],
  n: number,
  withUsage: boolean,
  pieceChars = 40,
): void {
  res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
  const chunk = (delta: object, finish: string | null = null) => res.write(chunkEvent(model, n, delta, finish));
  chunk({ role: "assistant", content: "" });
  for (let at = 0; at < content.length; at += pieceChars) chunk({ content: content.slice(at, at + pieceChars) });
  toolCalls.forEach((c, i) => {
    const half = Math.ceil(c.arguments.length / 2);
    chunk({
      tool_calls: [
        {
          index: i,
          id: `call_${n}_${i}`,
          type: "function",
          function: { name: c.name, arguments: c.arguments.slice(0, half) },
        },
      ],
    });
    chunk({ tool_calls: [{ index: i, function: { arguments: c.arguments.slice(half) } }] });
  });
  chunk({}, toolCalls.length ? "tool_calls" : "stop");
  if (withUsage)
    res.write(
      `data: ${JSON.stringify({ id: `chatcmpl-fake-${n}`, object: "chat.completion.chunk", created: 1_700_000_000, model, choices: [], usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 } })}\n\n`,
    );
  res.end("data: [DONE]\n\n");
}

export async function startFakeOpenAI(
  opts: { script?: FakeBehaviour[]; fallback?: FakeBehaviour } = {},
): Promise<FakeOpenAI> {
  const requests: FakeRequest[] = [];
  const script = [...(opts.script ?? [])];
  const fallback: FakeBehaviour = opts.fallback ?? { kind: "reference" };
  const hanging = new Set<ServerResponse>();
  let inFlight = 0;
  let maxInFlight = 0;
  // Milliseconds spent at each number of calls in flight: how busy the connections were kept.
  const msAtLevel: number[] = [];
  let levelSince = performance.now();
  // Each time a call ended with the most calls in flight so far, how long until the next came:
  // with a client that keeps every connection busy, its hand-over from a reply to the next request.
  const handoverMs: number[] = [];
  let handoverFrom: number | null = null;
  // When the first call since stats were last read came, and when the last call ended, on the wall
  // clock (epoch ms): a client in another process compares them with its own start and end.
  let firstCallAt: number | null = null;
  let lastEndAt: number | null = null;
  const changeLevel = (by: number) => {
    const now = performance.now();
    if (by > 0) firstCallAt ??= performance.timeOrigin + now;
    else if (by < 0) lastEndAt = performance.timeOrigin + now;
    msAtLevel[inFlight] = (msAtLevel[inFlight] ?? 0) + now - levelSince;
    levelSince = now;
    inFlight += by;
    if (by > 0 && inFlight === maxInFlight && handoverFrom !== null) handoverMs.push(now - handoverFrom);
    maxInFlight = Math.max(maxInFlight, inFlight);
    // Not from a call that ends with fewer in flight: more than one connection stands idle then.
    if (by < 0) handoverFrom = inFlight === maxInFlight - 1 ? now : null;
    else if (by > 0) handoverFrom = null;
  };
  const server: Server = createServer((req, res) => {
    // GET /__stats: how many calls ran at once, for tests of connection limits across processes.
    if (req.method === "GET" && req.url === "/__stats") {
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(stats()));
      return;
    }
    changeLevel(1);
    res.on("close", () => changeLevel(-1));
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString("utf8")));
    req.on("end", async () => {
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
        res
          .writeHead(404, { "Content-Type": "application/json" })
          .end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      const body = JSON.parse(raw) as FakeRequest["body"];
      const record: FakeRequest = { body, headers: req.headers, raw, closedEarly: false };
      requests.push(record);
      res.on("close", () => (record.closedEarly ||= !res.writableFinished));
      const n = requests.length;
      const behaviour = script.shift() ?? fallback;
      switch (behaviour.kind) {
        case "status":
          if (behaviour.delayMs) await wait(behaviour.delayMs);
          res
            .writeHead(behaviour.status, { "Content-Type": "application/json", ...behaviour.headers })
            .end(
              JSON.stringify(
                behaviour.body ?? { error: { message: `fake status ${behaviour.status}`, type: "server_error" } },
              ),
            );
          return;
        case "hang":
          hanging.add(res);
          return;
        case "stall":
          hanging.add(res);
          res.writeHead(200, { "Content-Type": "text/event-stream" });
          res.write(chunkEvent(body.model, n, { role: "assistant", content: "I will look at" }));
          return;
        case "trickle": {
          hanging.add(res);
          res.writeHead(200, { "Content-Type": "text/event-stream" });
          const timer = setInterval(() => res.write(chunkEvent(body.model, n, { content: "." })), behaviour.everyMs);
          res.on("close", () => clearInterval(timer));
          return;
        }
        case "huge":
          res.writeHead(200, { "Content-Type": body.stream ? "text/event-stream" : "application/json" });
          await writeAll(res, body.stream ? hugeStream(body.model, n, behaviour) : hugeBody(body.model, n, behaviour));
          return;
        case "sse":
          res.writeHead(200, { "Content-Type": "text/event-stream" }).end(behaviour.text);
          return;
        case "drop":
          res.writeHead(200, { "Content-Type": "text/event-stream" });
          res.write(
            `data: ${JSON.stringify({ id: "x", object: "chat.completion.chunk", created: 1, model: body.model, choices: [{ index: 0, delta: { role: "assistant", content: "Partial ans" }, finish_reason: null }] })}\n\n`,
          );
          setTimeout(() => res.socket?.destroy(), 5);
          return;
        case "reply":
        case "reference": {
          if (behaviour.delayMs) await wait(behaviour.delayMs);
          const answer =
            behaviour.kind === "reply"
              ? { content: behaviour.content ?? "", toolCalls: behaviour.toolCalls ?? [] }
              : referenceStep(body);
          if (body.stream)
            writeStream(
              res,
              body.model,
              answer.content,
              answer.toolCalls,
              n,
              behaviour.kind === "reference" || behaviour.usage !== false,
              behaviour.kind === "reply" ? behaviour.pieceChars : undefined,
            );
          else
            res
              .writeHead(200, { "Content-Type": "application/json" })
              .end(JSON.stringify(completion(body.model, answer.content, answer.toolCalls, n)));
          return;
        }
      }
    });
  });
  const stats = () => {
    // The time at the present level counts up to now: otherwise a figure read after a quiet spell
    // lacks it, and the next one read after a request has it all (bench:engine reads one before
    // and one after each timed suite).
    changeLevel(0);
    const firstCallSinceAt = firstCallAt;
    firstCallAt = null;
    return {
      requests: requests.length,
      inFlight,
      maxInFlight,
      msAtLevel: Array.from(msAtLevel, (ms) => Math.round(ms ?? 0)),
      handoverMs: handoverMs.map((ms) => Math.round(ms * 100) / 100),
      firstCallAt: firstCallSinceAt,
      lastEndAt,
    };
  };
  const { origin, close } = await listenOnLoopback(server, hanging);
  return { url: `${origin}/v1`, requests, script, stats, close };
}

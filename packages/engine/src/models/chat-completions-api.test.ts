import { findCase } from "@analystbench/scenarios";
import { openInProcessSession } from "@analystbench/sim";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { connectionGate, Limiter } from "../runs/limiter";
import { runCase } from "../runs/run-case";
import { startFakeOpenAI, type FakeOpenAI } from "../test-support/fake-openai-server";
import type { ChatMessage } from "../types";
import { guardedFetch, ModelServerStalledError, ReplyTooLargeError } from "./guarded-fetch";
import { ModelCallError, ModelDeadlineError } from "./model-client";
import { checkModel, createModelClient } from "./model-registry";
import { DEFAULT_MAX_REPLY_BYTES, sdkClientOptions, sdkRequestOptions, type HttpModelOptions } from "./call-loop";
import { adapterTestClient } from "../test-support/adapter-client";
import { chatCompletionsAdapter } from "./chat-completions-api";
import { truncateUtf8 } from "./reply-budget";
import { sleep as realSleep } from "./retry";

/**
 * The OpenAI-compatible provider against a fake server on 127.0.0.1, driving the real SDK:
 * every fault ends in a retry, a recorded error or a graded sample — never a hang or a crash.
 */
let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});
const workspace = mkdtempSync(path.join(os.tmpdir(), "ab-provider-"));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

const USER: ChatMessage[] = [{ id: "u1", role: "user", content: "Hello" }];

function client(url: string, extra: Partial<HttpModelOptions> = {}) {
  const adapter = chatCompletionsAdapter({ model: "fake", baseURL: url, apiKey: "test-key", settings: {} });
  return adapterTestClient(adapter, { provider: "openai", model: "fake", baseURL: url, ...extra });
}

const signal = () => new AbortController().signal;

const MiB = 1024 * 1024;

/**
 * Runs `call` and measures how long it took and the longest the event loop was blocked
 * meanwhile (the fake server shares this process, but writes with backpressure in small pieces).
 */
async function watched<T>(call: () => Promise<T>): Promise<{ result: T | unknown; ms: number; maxStallMs: number }> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = performance.now();
  const result = await call().catch((e: unknown) => e);
  const ms = performance.now() - started;
  loop.disable();
  return { result, ms, maxStallMs: loop.max / 1e6 };
}

/** The client hung up before the fake finished its answer (the close reaches the fake a moment later). */
const hungUpEarly = (f: FakeOpenAI, i = 0) => vi.waitFor(() => expect(f.requests[i]!.closedEarly).toBe(true));

/** Generous: before these limits a 64 MiB reply blocked the loop for 0.26 s (streamed text) to 14 s and more (one huge event). */
const MAX_STALL_MS = 200;

describe("OpenAI-compatible provider", () => {
  it("streams text in pieces and reports usage", async () => {
    fake = await startFakeOpenAI({
      script: [{ kind: "reply", content: "The finding is a typo-squatted package that ran a postinstall hook." }],
    });
    const pieces: string[] = [];
    const reply = await client(fake.url).c.complete(
      { messages: USER, tools: [], onText: (d) => pieces.push(d) },
      signal(),
    );
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join("")).toBe(reply.content);
    expect(reply).toMatchObject({
      finishReason: "stop",
      retries: 0,
      usage: { inputTokens: 100, outputTokens: 20, totalTokens: 120 },
    });
    expect(fake.requests[0]!.body.stream).toBe(true);
    expect(fake.requests[0]!.headers.authorization).toBe("Bearer test-key");
  });

  it("assembles parallel tool calls from streamed fragments", async () => {
    fake = await startFakeOpenAI({
      script: [
        {
          kind: "reply",
          toolCalls: [
            { name: "get_network_topology", arguments: "{}" },
            { name: "get_file_content", arguments: '{"device_role":"CI/CD Server","path":"/etc/hostname"}' },
            {
              name: "execute_shell_command",
              arguments: '{"device_role":"Git Server","command_with_args":"ls /srv/git"}',
            },
          ],
        },
      ],
    });
    const reply = await client(fake.url).c.complete({ messages: USER, tools: [] }, signal());
    expect(reply.finishReason).toBe("tool_calls");
    expect(reply.toolCalls.map((t) => [t.name, t.arguments])).toEqual([
      ["get_network_topology", {}],
      ["get_file_content", { device_role: "CI/CD Server", path: "/etc/hostname" }],
      ["execute_shell_command", { device_role: "Git Server", command_with_args: "ls /srv/git" }],
    ]);
  });

  it("keeps malformed tool arguments as a parse error instead of failing", async () => {
    fake = await startFakeOpenAI({
      script: [
        {
          kind: "reply",
          toolCalls: [{ name: "get_file_content", arguments: '{"device_role": "CI/CD Server", "path": ' }],
        },
      ],
    });
    const reply = await client(fake.url).c.complete({ messages: USER, tools: [] }, signal());
    expect(reply.toolCalls[0]).toMatchObject({
      name: "get_file_content",
      arguments: null,
      rawArguments: '{"device_role": "CI/CD Server", "path": ',
    });
    expect(reply.toolCalls[0]!.parseError).toMatch(/not valid JSON/);
  });

  it("honours Retry-After (seconds) and retry-after-ms on 429", async () => {
    fake = await startFakeOpenAI({
      script: [
        { kind: "status", status: 429, headers: { "retry-after": "2" } },
        { kind: "status", status: 429, headers: { "retry-after-ms": "750" } },
        { kind: "reply", content: "ok" },
      ],
    });
    const { c, delays } = client(fake.url);
    const reply = await c.complete({ messages: USER, tools: [] }, signal());
    expect(reply).toMatchObject({ content: "ok", retries: 2 });
    expect(delays).toEqual([2000, 750]);
  });

  it("backs off with jitter on 500s and on a dropped stream, then succeeds", async () => {
    fake = await startFakeOpenAI({
      script: [
        { kind: "status", status: 500 },
        { kind: "drop" },
        { kind: "status", status: 503 },
        { kind: "reply", content: "recovered" },
      ],
    });
    const { c, delays } = client(fake.url);
    const reply = await c.complete({ messages: USER, tools: [] }, signal());
    expect(reply).toMatchObject({ content: "recovered", retries: 3 });
    // Full jitter between half and all of 10·2^n ms (random() = 0.5 → three quarters).
    expect(delays).toEqual([7, 15, 30]);
  });

  it("gives up after its retries with an error that says why", async () => {
    fake = await startFakeOpenAI({ fallback: { kind: "status", status: 500 } });
    const { c } = client(fake.url);
    const error = await c.complete({ messages: USER, tools: [] }, signal()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelCallError);
    expect((error as ModelCallError).message).toMatch(/answered 500.*gave up after 4 attempts/);
    expect(fake.requests).toHaveLength(4);
  });

  it("does not retry what a retry cannot fix (401)", async () => {
    fake = await startFakeOpenAI({
      script: [
        {
          kind: "status",
          status: 401,
          body: { error: { message: "Incorrect API key provided", type: "invalid_request_error" } },
        },
      ],
    });
    const error = (await client(fake.url)
      .c.complete({ messages: USER, tools: [] }, signal())
      .catch((e: unknown) => e)) as ModelCallError;
    expect(error.status).toBe(401);
    expect(error.message).toMatch(/401/);
    expect(fake.requests).toHaveLength(1);
  });

  it("sends nothing through the shared SDK client that does not carry its attempt's guarded fetch", async () => {
    fake = await startFakeOpenAI({ fallback: { kind: "reply", content: "unguarded" } });
    const opts = { model: "fake", baseURL: fake.url, apiKey: "test-key", settings: {} };
    const { fetch: clientFetch } = sdkClientOptions(opts);
    const url = `${fake.url}/chat/completions`;
    const init = { method: "POST", body: JSON.stringify({ model: "fake", messages: [] }) };
    // A request the SDK made without the attempt's options (as an SDK that dropped fetchOptions would).
    await expect(clientFetch(url, init)).rejects.toThrow(/did not pass on the attempt's fetch/);
    await expect(clientFetch(url, { ...init, fetchOptions: {} } as RequestInit)).rejects.toThrow(/attempt's fetch/);
    expect(fake.requests).toHaveLength(0);
    // With them, it goes through that attempt's own fetch, and no other.
    const own = vi.fn(async () => new Response("{}"));
    const carried = sdkRequestOptions(opts, { fetch: own } as unknown as Parameters<typeof sdkRequestOptions>[1]);
    await clientFetch(url, { ...init, ...carried.fetchOptions });
    expect(own).toHaveBeenCalledTimes(1);
    expect(fake.requests).toHaveLength(0);
  });

  it("times out a slow answer and retries it", async () => {
    fake = await startFakeOpenAI({ script: [{ kind: "hang" }, { kind: "reply", content: "fast enough" }] });
    const reply = await client(fake.url, { timeoutMs: 300 }).c.complete({ messages: USER, tools: [] }, signal());
    expect(reply).toMatchObject({ content: "fast enough", retries: 1 });
  });

  it("waits for its connection before sending, without the wait counting against the attempt's time", async () => {
    fake = await startFakeOpenAI({ script: [{ kind: "reply", content: "worth the wait" }] });
    const connection = connectionGate(new Limiter(1));
    const heldElsewhere = await connection();
    const pending = client(fake.url, { timeoutMs: 300 }).c.complete(
      { messages: USER, tools: [], connection },
      signal(),
    );
    await realSleep(600);
    expect(fake.requests).toHaveLength(0);
    heldElsewhere();
    expect(await pending).toMatchObject({ content: "worth the wait", retries: 0 });
  });

  it("stops waiting for its connection when the call is cancelled: the wait is withdrawn and nothing is sent", async () => {
    fake = await startFakeOpenAI({ script: [{ kind: "reply", content: "never asked" }] });
    const limiter = new Limiter(1);
    const gate = connectionGate(limiter);
    const seen: (AbortSignal | undefined)[] = [];
    const connection = (s?: AbortSignal) => (seen.push(s), gate(s));
    const heldElsewhere = await gate();
    const cancel = new AbortController();
    const pending = client(fake.url).c.complete({ messages: USER, tools: [], connection }, cancel.signal);
    await realSleep(100);
    cancel.abort();
    await expect(pending).rejects.toThrow();
    expect(seen).toHaveLength(1);
    expect(seen[0]?.aborted).toBe(true);
    heldElsewhere();
    // The connection is free for the next caller at once; the cancelled call never took it.
    let next = false;
    const again = gate().then((giveBack) => ((next = true), giveBack));
    await realSleep(0);
    expect(next).toBe(true);
    (await again)();
    expect(fake.requests).toHaveLength(0);
  });

  it("never has more requests on the wire than its connections, under a burst of calls", async () => {
    fake = await startFakeOpenAI({ fallback: { kind: "reply", content: "one of many", delayMs: 40 } });
    const connection = connectionGate(new Limiter(3));
    const { c } = client(fake.url);
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => c.complete({ messages: USER, tools: [], connection }, signal())),
    );
    expect(replies.map((r) => r.content)).toEqual(Array(12).fill("one of many"));
    expect(fake.stats()).toMatchObject({ requests: 12, maxInFlight: 3 });
  });

  it("gives its connection back after a failed attempt, so the retry can have it", async () => {
    fake = await startFakeOpenAI({
      script: [
        { kind: "status", status: 500 },
        { kind: "reply", content: "second time" },
      ],
    });
    const connection = connectionGate(new Limiter(1));
    const reply = await client(fake.url).c.complete({ messages: USER, tools: [], connection }, signal());
    expect(reply).toMatchObject({ content: "second time", retries: 1 });
    (await connection())();
  });

  it("works without streaming too", async () => {
    fake = await startFakeOpenAI({ script: [{ kind: "reply", content: "plain" }] });
    const reply = await client(fake.url, { stream: false }).c.complete({ messages: USER, tools: [] }, signal());
    expect(reply.content).toBe("plain");
    expect(fake.requests[0]!.body.stream).toBe(false);
  });

  it("stops at once when the run is cancelled", async () => {
    fake = await startFakeOpenAI({ script: [{ kind: "hang" }] });
    const ac = new AbortController();
    const pending = client(fake.url).c.complete({ messages: USER, tools: [] }, ac.signal);
    setTimeout(() => ac.abort(), 50);
    await expect(pending).rejects.toThrow(/cancelled/);
  });
});

/** One chunk event of a streamed reply, as a server sends it. */
const chunk = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 1, model: "fake", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

describe("the request and the streamed reply as the wire carries them", () => {
  const TOOLS = [{ name: "look", description: "Looks.", parameters: { type: "object", properties: {} } }];
  const CONVERSATION: ChatMessage[] = [
    { id: "s", role: "system", content: "You investigate." },
    ...USER,
    {
      id: "a",
      role: "assistant",
      content: "",
      toolCalls: [{ id: "call_1", name: "look", arguments: {}, rawArguments: "{}", parseError: null }],
      model: "fake",
    },
    { id: "t", role: "tool", toolCallId: "call_1", content: 'Nothing to see: "quoted", é, \u2028.' },
  ] as ChatMessage[];

  it.each([
    ["streamed", true],
    ["whole", false],
  ])("%s: sends the extra body and headers, never over its own fields, and no key twice", async (_, stream) => {
    fake = await startFakeOpenAI({ fallback: { kind: "reply", content: "ok" } });
    const extraBody = {
      metadata: { run: "r1" },
      model: "other",
      messages: [],
      tools: [],
      parallel_tool_calls: false,
      stream: !stream,
      stream_options: { include_usage: false },
    };
    const adapter = chatCompletionsAdapter({
      model: "fake",
      baseURL: fake.url,
      apiKey: "test-key",
      settings: { temperature: 0.2 },
      headers: { "x-attribution": "analystbench" },
      extraBody,
    });
    const { c } = adapterTestClient(adapter, { provider: "openai", model: "fake", baseURL: fake.url, stream });
    const reply = await c.complete({ messages: CONVERSATION, tools: TOOLS }, signal());
    expect(reply.content).toBe("ok");
    const sent = fake.requests[0]!;
    expect(sent.headers).toMatchObject({
      "x-attribution": "analystbench",
      "content-type": "application/json",
      authorization: "Bearer test-key",
    });
    expect(sent.body).toMatchObject({
      metadata: { run: "r1" },
      model: "fake",
      temperature: 0.2,
      tools: [{ type: "function", function: { name: "look", description: "Looks." } }],
      parallel_tool_calls: true,
      stream,
    });
    expect(sent.body.messages).toHaveLength(4);
    if (stream) expect(sent.body).toMatchObject({ stream_options: { include_usage: true } });
    // Parsed, a key sent twice keeps only its last value, and written again the text is shorter.
    expect(JSON.stringify(JSON.parse(sent.raw))).toHaveLength(sent.raw.length);
    expect(reply.provenance!.requestSha256).toBe(createHash("sha256").update(sent.raw).digest("hex"));
  });

  it("sends the same messages streamed as whole, and a message whose text was replaced with its new text", async () => {
    fake = await startFakeOpenAI({ fallback: { kind: "reply", content: "ok" } });
    const messages = CONVERSATION.map((m) => ({ ...m }));
    await client(fake.url, { stream: true }).c.complete({ messages, tools: TOOLS }, signal());
    await client(fake.url, { stream: false }).c.complete({ messages, tools: TOOLS }, signal());
    const [streamed, whole] = fake.requests;
    expect(streamed!.body.messages).toEqual(whole!.body.messages);
    expect(streamed!.body.messages[3]).toEqual({
      role: "tool",
      tool_call_id: "call_1",
      content: 'Nothing to see: "quoted", é, \u2028.',
    });
    messages[1]!.content = "Hello again";
    await client(fake.url, { stream: true }).c.complete({ messages, tools: TOOLS }, signal());
    expect(fake.requests[2]!.body.messages[1]).toEqual({ role: "user", content: "Hello again" });
  });

  it("reads nothing after [DONE], and passes by comments, pings and the Assistants API's events", async () => {
    const text =
      ": keep-alive\n\nevent: ping\n\n" +
      `event: thread.message.delta\n${chunk({ content: "Assistants API" })}` +
      chunk({ role: "assistant", content: "Hel" }) +
      "event: message\n" +
      chunk({ content: "lo" }).replaceAll("\n", "\r\n") +
      chunk({}, "stop") +
      "data: [DONE]\n\n" +
      chunk({ content: " and more" }) +
      "data: not json\n\n";
    fake = await startFakeOpenAI({ script: [{ kind: "sse", text }] });
    const reply = await client(fake.url).c.complete({ messages: USER, tools: [] }, signal());
    expect(reply).toMatchObject({ content: "Hello", finishReason: "stop", retries: 0 });
  });

  it("retries a stream whose event reports a transient error, and not one that reports a bad request", async () => {
    const failing = (type: string) =>
      chunk({ role: "assistant", content: "Par" }) +
      `data: ${JSON.stringify({ error: { message: `fake ${type}`, type } })}\n\n`;
    fake = await startFakeOpenAI({
      script: [
        { kind: "sse", text: failing("server_error") },
        { kind: "reply", content: "recovered" },
      ],
    });
    const first = client(fake.url);
    await expect(first.c.complete({ messages: USER, tools: [] }, signal())).resolves.toMatchObject({
      content: "recovered",
      retries: 1,
    });
    await fake.close();
    fake = await startFakeOpenAI({ script: [{ kind: "sse", text: failing("invalid_request_error") }] });
    const second = client(fake.url).c.complete({ messages: USER, tools: [] }, signal());
    await expect(second).rejects.toThrow(/fake invalid_request_error/);
    expect(fake.requests).toHaveLength(1);
  });

  it("stops at once when the run is cancelled mid-stream, saying so", async () => {
    fake = await startFakeOpenAI({ script: [{ kind: "trickle", everyMs: 10 }] });
    const ac = new AbortController();
    const pending = client(fake.url).c.complete({ messages: USER, tools: [] }, ac.signal);
    setTimeout(() => ac.abort(), 100);
    await expect(pending).rejects.toThrow(/cancelled/);
    await hungUpEarly(fake);
  });

  it("takes a stream that ends at a bare CR, and fails a success with nothing to stream without asking again", async () => {
    const text = (chunk({ role: "assistant", content: "Hi" }) + chunk({}, "stop")).replaceAll("\n", "\r");
    fake = await startFakeOpenAI({
      script: [
        { kind: "sse", text },
        { kind: "status", status: 204 },
      ],
    });
    await expect(client(fake.url).c.complete({ messages: USER, tools: [] }, signal())).resolves.toMatchObject({
      content: "Hi",
      retries: 0,
    });
    const empty = client(fake.url).c.complete({ messages: USER, tools: [] }, signal());
    await expect(empty).rejects.toThrow(/answered 204 with no reply to stream/);
    expect(fake.requests).toHaveLength(2);
  });

  it("sends a configured content type over its own", async () => {
    fake = await startFakeOpenAI({ fallback: { kind: "reply", content: "ok" } });
    const headers = { "Content-Type": "application/json; charset=utf-8" };
    const adapter = chatCompletionsAdapter({ model: "fake", baseURL: fake.url, apiKey: "k", settings: {}, headers });
    const { c } = adapterTestClient(adapter, { provider: "openai", model: "fake", baseURL: fake.url });
    await c.complete({ messages: USER, tools: [] }, signal());
    expect(fake.requests[0]!.headers["content-type"]).toBe("application/json; charset=utf-8");
  });

  it("fails a stream whose event is not JSON, without retrying it", async () => {
    fake = await startFakeOpenAI({ script: [{ kind: "sse", text: chunk({ content: "a" }) + "data: {not json\n\n" }] });
    await expect(client(fake.url).c.complete({ messages: USER, tools: [] }, signal())).rejects.toThrow(/JSON/);
    expect(fake.requests).toHaveLength(1);
  });
});

describe("limits on a model call's time and size", () => {
  it("fails a stream that stalls after its first chunk within the idle timeout, attempt by attempt", async () => {
    fake = await startFakeOpenAI({ fallback: { kind: "stall" } });
    const { c } = client(fake.url, { idleTimeoutMs: 300, retry: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 1 } });
    const { result, ms } = await watched(() => c.complete({ messages: USER, tools: [] }, signal()));
    expect(result).toBeInstanceOf(ModelCallError);
    expect((result as ModelCallError).message).toMatch(
      /stopped sending \(nothing for 0.3 s\) — gave up after 3 attempts/,
    );
    expect(fake.requests).toHaveLength(3);
    expect(ms).toBeGreaterThanOrEqual(3 * 300 - 50);
    expect(ms).toBeLessThan(3 * 300 + 1_500);
  }, 10_000);

  it("bounds the whole call, retries included, by the sample's deadline", async () => {
    fake = await startFakeOpenAI({ fallback: { kind: "stall" } });
    const { c } = client(fake.url, {
      idleTimeoutMs: 400,
      retry: { maxRetries: 20, baseDelayMs: 100, maxDelayMs: 200 },
      sleep: realSleep,
    });
    const { result, ms } = await watched(() =>
      c.complete({ messages: USER, tools: [], deadlineMs: Date.now() + 2_000 }, signal()),
    );
    expect(result).toBeInstanceOf(ModelDeadlineError);
    expect((result as ModelCallError).message).toBe("the sample's time limit passed during a model call");
    expect(fake.requests.length).toBeGreaterThanOrEqual(2);
    expect(ms).toBeGreaterThanOrEqual(1_900);
    expect(ms).toBeLessThan(2_800);
  }, 10_000);

  it("cuts an attempt short at the deadline even when the idle and attempt timeouts are far off", async () => {
    fake = await startFakeOpenAI({ fallback: { kind: "stall" } });
    const { c } = client(fake.url);
    const { result, ms } = await watched(() =>
      c.complete({ messages: USER, tools: [], deadlineMs: Date.now() + 700 }, signal()),
    );
    expect(result).toBeInstanceOf(ModelDeadlineError);
    expect(fake.requests).toHaveLength(1);
    expect(ms).toBeLessThan(1_500);
  }, 10_000);

  it("never sleeps past the deadline: Retry-After 30 s with 1 s left ends at the deadline", async () => {
    fake = await startFakeOpenAI({ fallback: { kind: "status", status: 429, headers: { "retry-after": "30" } } });
    const { c } = client(fake.url, { sleep: realSleep, retry: { maxRetries: 5, baseDelayMs: 10, maxDelayMs: 60_000 } });
    const { result, ms } = await watched(() =>
      c.complete({ messages: USER, tools: [], deadlineMs: Date.now() + 1_000 }, signal()),
    );
    expect(result).toBeInstanceOf(ModelDeadlineError);
    expect((result as ModelCallError).message).toMatch(/time limit passed/);
    expect(fake.requests).toHaveLength(1);
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(1_800);
  }, 10_000);

  it("counts the per-attempt timeout to the last byte, so a stream that never ends is retried", async () => {
    fake = await startFakeOpenAI({
      script: [
        { kind: "trickle", everyMs: 50 },
        { kind: "reply", content: "done" },
      ],
    });
    const { c } = client(fake.url, { timeoutMs: 500 });
    const { result, ms } = await watched(() => c.complete({ messages: USER, tools: [] }, signal()));
    expect(result).toMatchObject({ content: "done", retries: 1 });
    await hungUpEarly(fake);
    expect(ms).toBeLessThan(2_500);
  }, 10_000);

  it.each(["content", "arguments"] as const)(
    "cuts a 64 MiB streamed reply (%s) at the byte cap, stops reading and keeps the event loop responsive",
    async (where) => {
      fake = await startFakeOpenAI({ script: [{ kind: "huge", bytes: 64 * MiB, in: where }] });
      let shown = 0;
      const { result, ms, maxStallMs } = await watched(() =>
        client(fake!.url).c.complete({ messages: USER, tools: [], onText: (d) => (shown += d.length) }, signal()),
      );
      const reply = result as Awaited<ReturnType<ReturnType<typeof client>["c"]["complete"]>>;
      expect(reply).toMatchObject({ finishReason: "length", limitHit: "reply_bytes", retries: 0 });
      const sent =
        reply.content.length + reply.toolCalls.reduce((n, t) => n + t.name.length + t.rawArguments.length, 0);
      expect(sent).toBe(DEFAULT_MAX_REPLY_BYTES);
      expect(shown).toBe(reply.content.length);
      if (where === "arguments")
        expect(reply.toolCalls[0]).toMatchObject({ name: "get_file_content", arguments: null });
      await hungUpEarly(fake);
      expect(ms).toBeLessThan(5_000);
      expect(maxStallMs).toBeLessThan(MAX_STALL_MS);
    },
    20_000,
  );

  it("refuses a 64 MiB streamed event that carries no content without buffering it", async () => {
    fake = await startFakeOpenAI({ script: [{ kind: "huge", bytes: 64 * MiB, in: "padding" }] });
    const { result, ms, maxStallMs } = await watched(() =>
      client(fake!.url).c.complete({ messages: USER, tools: [] }, signal()),
    );
    expect(result).toMatchObject({ content: "", toolCalls: [], finishReason: "length", limitHit: "reply_bytes" });
    await hungUpEarly(fake);
    expect(ms).toBeLessThan(5_000);
    expect(maxStallMs).toBeLessThan(MAX_STALL_MS);
  }, 20_000);

  it("refuses a 64 MiB non-streamed body without reading or parsing it, and does not retry", async () => {
    fake = await startFakeOpenAI({ fallback: { kind: "huge", bytes: 64 * MiB, in: "content" } });
    const { result, ms, maxStallMs } = await watched(() =>
      client(fake!.url, { stream: false }).c.complete({ messages: USER, tools: [] }, signal()),
    );
    expect(result).toBeInstanceOf(ModelCallError);
    expect((result as ModelCallError).message).toBe(
      `the model's reply was larger than ${2 * DEFAULT_MAX_REPLY_BYTES + 64 * 1024} bytes`,
    );
    expect(fake.requests).toHaveLength(1);
    await hungUpEarly(fake);
    expect(ms).toBeLessThan(5_000);
    expect(maxStallMs).toBeLessThan(MAX_STALL_MS);
  }, 20_000);

  it("cuts a non-streamed reply that passes the cap but not the wire limit", async () => {
    fake = await startFakeOpenAI({ script: [{ kind: "huge", bytes: 1.5 * MiB, in: "content" }] });
    const reply = await client(fake.url, { stream: false }).c.complete({ messages: USER, tools: [] }, signal());
    expect(reply).toMatchObject({ finishReason: "length", limitHit: "reply_bytes" });
    expect(reply.content.length).toBe(DEFAULT_MAX_REPLY_BYTES);
  });

  it("leaves replies within the cap alone", async () => {
    fake = await startFakeOpenAI({ script: [{ kind: "huge", bytes: 4096, in: "content" }] });
    const reply = await client(fake.url, { maxReplyBytes: 4096 }).c.complete({ messages: USER, tools: [] }, signal());
    expect(reply.finishReason).toBe("stop");
    expect(reply.limitHit).toBeUndefined();
    expect(reply.content).toHaveLength(4096);
  });

  it("takes the request's reply cap (the run's limit) over the provider's", async () => {
    fake = await startFakeOpenAI({ script: [{ kind: "huge", bytes: 64 * 1024, in: "content" }] });
    const reply = await client(fake.url).c.complete({ messages: USER, tools: [], maxReplyBytes: 1_000 }, signal());
    expect(reply).toMatchObject({ finishReason: "length", limitHit: "reply_bytes" });
    expect(reply.content).toHaveLength(1_000);
  });

  it("treats the caller's timeout signal as the time limit, not a cancellation", async () => {
    fake = await startFakeOpenAI({ fallback: { kind: "stall" } });
    const error = await client(fake.url)
      .c.complete({ messages: USER, tools: [] }, AbortSignal.timeout(300))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelDeadlineError);
  }, 10_000);

  it("cuts text at the cap without splitting a character", () => {
    expect(truncateUtf8("abc€def", 4)).toBe("abc"); // € is three bytes
    expect(truncateUtf8("abc€def", 6)).toBe("abc€");
    expect(truncateUtf8("ok", 10)).toBe("ok");
  });

  it("measures server-sent events between blank lines, whatever the line endings", async () => {
    const limits = { idleMs: 1_000, maxBytes: 1_000, maxEventBytes: 20 };
    const served = (body: string) =>
      guardedFetch(
        () => limits,
        async () => new Response(body),
      );
    const read = (body: string) => served(body)("http://x").then((r) => r.text());
    const events = ["data: 0123456789\n\n", "data: 0123456789\r\n\r\n", "data: 0123456789\r\r"];
    for (const e of events) await expect(read(e.repeat(5))).resolves.toBe(e.repeat(5));
    await expect(read("data: 0123456789\ndata: 0123456789\n\n")).rejects.toBeInstanceOf(ReplyTooLargeError);
    await expect(read("x".repeat(1_001))).rejects.toBeInstanceOf(ReplyTooLargeError);
  });

  it("fails a body that goes silent, even a JSON one", async () => {
    const silent = new ReadableStream<Uint8Array>({
      start: (c) => c.enqueue(new TextEncoder().encode('{"partial":')),
    });
    const fetch = guardedFetch(
      () => ({ idleMs: 100, maxBytes: 1_000 }),
      async () => new Response(silent),
    );
    await expect((await fetch("http://x")).json()).rejects.toBeInstanceOf(ModelServerStalledError);
  });
});

describe("model names and configuration", () => {
  it("says in one sentence how to fix a missing API key", () => {
    expect(checkModel("gpt-4o", { env: {} })).toBe(
      "OPENAI_API_KEY is not set: export OPENAI_API_KEY=<your key> before starting AnalystBench (or set OPENAI_BASE_URL to an OpenAI-compatible server), or choose the offline model builtin/reference.",
    );
    expect(checkModel("openai/gpt-4o", { env: { OPENAI_API_KEY: "sk-x" } })).toBeNull();
    expect(checkModel("builtin/reference", { env: {} })).toBeNull();
    expect(checkModel("builtin/oracle", { env: {} })).toMatch(/no built-in model/);
    expect(checkModel("ollama/llama3", { env: {} })).toMatch(/Unknown model provider "ollama"/);
  });

  it("reads further providers from ANALYSTBENCH_MODELS_FILE", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "ab-models-"));
    try {
      const file = path.join(dir, "models.json");
      writeFileSync(
        file,
        JSON.stringify({
          providers: [{ name: "ollama", baseURL: "http://127.0.0.1:11434/v1", models: ["llama3.1:8b"] }],
        }),
      );
      expect(checkModel("ollama/llama3.1:8b", { env: { ANALYSTBENCH_MODELS_FILE: file } })).toBeNull();
      expect(checkModel("ollama/mistral", { env: { ANALYSTBENCH_MODELS_FILE: file } })).toMatch(
        /does not list the model "mistral"/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a whole run against the fake server", () => {
  it("investigates, grades +10 and records retries when the server misbehaves along the way", async () => {
    fake = await startFakeOpenAI({
      script: [
        { kind: "status", status: 429, headers: { "retry-after-ms": "1" } },
        { kind: "reference" },
        { kind: "drop" },
      ],
    });
    const testCase = findCase("s2-homoglyph-backdoor")!;
    const { run, files } = await runCase({
      testCase,
      model: "openai/gpt-4o",
      workspaceDir: workspace,
      version: "test",
      openSession: openInProcessSession,
      models: {
        env: { OPENAI_API_KEY: "k", OPENAI_BASE_URL: fake.url },
        transport: { retry: { maxRetries: 3, baseDelayMs: 1, maxDelayMs: 10 } },
      },
    });
    const s = run.samples[0]!;
    expect(s.status).toBe("completed");
    expect(s.score?.total).toBe(10);
    expect(s.timeline.filter((e) => e.kind === "model").some((e) => e.kind === "model" && e.retries > 0)).toBe(true);
    // What answered is on record: per call in the transcript, per sample in the JSONL, per run in the report.
    expect(run).toMatchObject({ modelApi: "chat", modelBaseUrl: fake.url });
    const record = JSON.parse(readFileSync(path.join(workspace, files.benchmark), "utf8").trim().split("\n")[0]!);
    expect(record).toMatchObject({
      model_api: "chat",
      cost_usd: null,
      provenance: { apis: ["chat"], model_ids: ["gpt-4o"] },
    });
    expect(record.model_calls).toHaveLength(s.turns);
    expect(record.model_calls.some((c: { retries: number }) => c.retries > 0)).toBe(true);
    const report = readFileSync(path.join(workspace, files.report), "utf8");
    expect(report).toContain("Called through the Chat Completions API");
    // A local server's model has no list price: its cost is unknown, never $0.
    expect(report).toMatch(/cost unknown/);
    expect(report).not.toMatch(/\$0\.0000/);
  });

  it("records a failed sample when the model never answers, and still writes the results", async () => {
    fake = await startFakeOpenAI({ fallback: { kind: "status", status: 500 } });
    const { run, files } = await runCase({
      testCase: findCase("s2-typosquatting")!,
      model: "openai/gpt-4o",
      workspaceDir: workspace,
      version: "test",
      openSession: openInProcessSession,
      models: {
        env: { OPENAI_API_KEY: "k", OPENAI_BASE_URL: fake.url },
        transport: { retry: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 5 } },
      },
    });
    expect(run.status).toBe("failed");
    expect(run.samples[0]).toMatchObject({ status: "failed", score: null });
    expect(run.samples[0]!.error?.message).toMatch(/500/);
    expect(files.report).toMatch(/\.md$/);
  });

  it("applies a provider's time limits from ANALYSTBENCH_MODELS_FILE", async () => {
    fake = await startFakeOpenAI({ fallback: { kind: "stall" } });
    const file = path.join(workspace, "models-limits.json");
    writeFileSync(file, JSON.stringify({ providers: [{ name: "local", baseURL: fake.url, idleTimeoutMs: 200 }] }));
    const model = createModelClient("local/llama", findCase("s1-dmz")!.samples[0]!, {
      env: { ANALYSTBENCH_MODELS_FILE: file },
      transport: { retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1 } },
    });
    await expect(model.complete({ messages: USER, tools: [] }, signal())).rejects.toThrow(
      /stopped sending \(nothing for 0.2 s\)/,
    );
  }, 10_000);

  it("treats a bare model name as openai/<name>", () => {
    const sample = findCase("s1-dmz")!.samples[0]!;
    expect(createModelClient("gpt-4o", sample, { env: { OPENAI_API_KEY: "k" } }).name).toBe("openai/gpt-4o");
  });
});

import { findCase } from "@analystbench/scenarios";
import { openInProcessSession } from "@analystbench/sim";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { runCase } from "../runs/run-case";
import { startFakeResponses, type FakeResponses, type ResponsesBehaviour } from "../test-support/fake-responses-server";
import type { CallSettings, ChatMessage } from "../types";
import { type AdapterOptions, type HttpModelOptions } from "./call-loop";
import { adapterTestClient } from "../test-support/adapter-client";
import { ModelCallError, type FunctionTool, type ModelReply } from "./model-client";
import { listPrice } from "./pricing";
import { responsesAdapter } from "./responses-api";

/**
 * The Responses API adapter against a fake Responses server on 127.0.0.1, driving the real
 * SDK: streamed and whole replies, reasoning carried from one turn to the next unchanged,
 * failures reported inside a stream, and what a call cost.
 */
let fake: FakeResponses | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});
const workspace = mkdtempSync(path.join(os.tmpdir(), "ab-responses-"));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

const MODEL = "gpt-test";
const USER: ChatMessage[] = [{ id: "u1", role: "user", content: "Hello — what happened on the CI/CD server? €" }];
const signal = () => new AbortController().signal;
const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

function client(
  url: string,
  extra: Partial<HttpModelOptions> = {},
  settings: CallSettings = {},
  adapter: Partial<AdapterOptions> = {},
) {
  return adapterTestClient(responsesAdapter({ model: MODEL, baseURL: url, apiKey: "test-key", settings, ...adapter }), {
    provider: "openai",
    model: MODEL,
    baseURL: url,
    settings,
    price: (id) => listPrice("openai", id),
    ...extra,
  });
}

/** One scripted call, streamed or not; resolves to the reply or to the error it failed with. */
async function call(script: ResponsesBehaviour[], stream: boolean, messages = USER) {
  fake = await startFakeResponses({ script });
  const { c, delays } = client(fake.url, { stream });
  const result = await c.complete({ messages, tools: [] }, signal()).catch((e: unknown) => e);
  return { result, delays, fake };
}

const BOTH = [{ stream: true }, { stream: false }];

const TOOLS: FunctionTool[] = [
  {
    name: "get_file_content",
    description: "Reads a file on a device.",
    parameters: { type: "object", properties: { device_role: { type: "string" }, path: { type: "string" } } },
  },
];

const CALLS = [
  { name: "get_network_topology", arguments: "{}" },
  { name: "get_file_content", arguments: '{"device_role":"CI/CD Server","path":"/etc/hostname"}' },
  { name: "execute_shell_command", arguments: '{"device_role":"Git Server","command_with_args":"ls /srv/git"}' },
];

const REASONING = {
  id: "rs_0a1b2c",
  encrypted_content: "gAAAAABo-opaque+/=blob-that-must-come-back-byte-for-byte==",
  summary: ["Started from the network topology."],
};

describe("Responses API adapter", () => {
  it.each(BOTH)("answers with text, statelessly, and records what answered (stream: $stream)", async ({ stream }) => {
    fake = await startFakeResponses({
      script: [{ kind: "reply", text: "The finding is a typo-squatted package that ran a postinstall hook." }],
    });
    const pieces: string[] = [];
    const reply = await client(fake.url, { stream }).c.complete(
      { messages: USER, tools: [], onText: (d) => pieces.push(d) },
      signal(),
    );
    expect(reply).toMatchObject({
      content: "The finding is a typo-squatted package that ran a postinstall hook.",
      finishReason: "stop",
      retries: 0,
      usage: { inputTokens: 100, outputTokens: 20, totalTokens: 120 },
    });
    // Only a streamed reply is shown as it comes.
    expect(pieces.length > 1).toBe(stream);
    if (stream) expect(pieces.join("")).toBe(reply.content);
    const sent = fake.requests[0]!;
    expect(sent.headers.authorization).toBe("Bearer test-key");
    expect(sent.body).toMatchObject({ model: MODEL, store: false, include: ["reasoning.encrypted_content"] });
    expect(sent.body.stream).toBe(stream ? true : undefined);
    expect(sent.body.input).toEqual([{ role: "user", content: USER[0]!.content }]);
    expect(sent.body).not.toHaveProperty("temperature");
    expect(reply.provenance).toMatchObject({
      api: "responses",
      requestedModel: MODEL,
      modelId: `${MODEL}-2025-08-07`,
      serviceTier: "default",
      systemFingerprint: null,
      settings: {},
    });
    expect(reply.provenance!.requestSha256).toBe(sha256(sent.rawBody));
    expect(reply.replay).toBeUndefined();
  });

  it("records the service tier the provider says answered", async () => {
    const { result } = await call([{ kind: "reply", text: "ok", serviceTier: "priority" }], true);
    expect((result as ModelReply).provenance?.serviceTier).toBe("priority");
  });

  it.each(BOTH)("assembles parallel function calls (stream: $stream)", async ({ stream }) => {
    fake = await startFakeResponses({ script: [{ kind: "reply", toolCalls: CALLS }] });
    const reply = await client(fake.url, { stream }).c.complete({ messages: USER, tools: TOOLS }, signal());
    expect(reply.finishReason).toBe("tool_calls");
    expect(reply.toolCalls.map((t) => [t.id, t.name, t.arguments, t.rawArguments])).toEqual([
      ["call_1_0", "get_network_topology", {}, "{}"],
      ["call_1_1", "get_file_content", { device_role: "CI/CD Server", path: "/etc/hostname" }, CALLS[1]!.arguments],
      [
        "call_1_2",
        "execute_shell_command",
        { device_role: "Git Server", command_with_args: "ls /srv/git" },
        CALLS[2]!.arguments,
      ],
    ]);
    expect(fake.requests[0]!.body).toMatchObject({
      tools: [{ type: "function", ...TOOLS[0], strict: false }],
      parallel_tool_calls: true,
    });
  });

  it.each(BOTH)("keeps malformed arguments as a parse error (stream: $stream)", async ({ stream }) => {
    const raw = '{"device_role": "CI/CD Server", "path": ';
    const { result } = await call(
      [{ kind: "reply", toolCalls: [{ name: "get_file_content", arguments: raw }] }],
      stream,
    );
    const reply = result as ModelReply;
    expect(reply.toolCalls[0]).toMatchObject({ name: "get_file_content", arguments: null, rawArguments: raw });
    expect(reply.toolCalls[0]!.parseError).toMatch(/not valid JSON/);
  });

  it.each(BOTH)(
    "sends the reasoning back unchanged before the calls it led to, with their outputs (stream: $stream)",
    async ({ stream }) => {
      fake = await startFakeResponses({
        script: [
          { kind: "reply", reasoning: REASONING, toolCalls: CALLS.slice(0, 2) },
          { kind: "reply", text: "Done." },
        ],
      });
      const settings = { reasoningEffort: "high", maxOutputTokens: 4_000 };
      const { c } = client(fake.url, { stream, settings }, settings);
      const first = await c.complete({ messages: USER, tools: TOOLS }, signal());
      const sentReasoning = {
        id: REASONING.id,
        type: "reasoning",
        summary: [{ type: "summary_text", text: REASONING.summary[0] }],
        encrypted_content: REASONING.encrypted_content,
      };
      expect(first.replay).toEqual({ api: "responses", items: [sentReasoning] });

      const messages: ChatMessage[] = [
        { id: "s1", role: "system", content: "You are a security analyst." },
        ...USER,
        { id: "a1", role: "assistant", content: "", toolCalls: first.toolCalls, model: MODEL, replay: first.replay },
        ...first.toolCalls.map((t, i): ChatMessage => ({
          id: `t${i}`,
          role: "tool",
          toolCallId: t.id,
          name: t.name,
          content: `out ${i}`,
          error: null,
        })),
      ];
      // The fake refuses reasoning whose encrypted content changed, and outputs without their call.
      const second = await c.complete({ messages, tools: TOOLS }, signal());
      expect(second.content).toBe("Done.");

      const body = fake.requests[1]!.body;
      expect(body.instructions).toBe("You are a security analyst.");
      expect(body).toMatchObject({ reasoning: { effort: "high" }, max_output_tokens: 4_000 });
      expect(second.provenance!.settings).toEqual({ reasoningEffort: "high", maxOutputTokens: 4_000 });
      expect(body.input).toEqual([
        { role: "user", content: USER[0]!.content },
        sentReasoning,
        { type: "function_call", call_id: "call_1_0", name: CALLS[0]!.name, arguments: CALLS[0]!.arguments },
        { type: "function_call", call_id: "call_1_1", name: CALLS[1]!.name, arguments: CALLS[1]!.arguments },
        { type: "function_call_output", call_id: "call_1_0", output: "out 0" },
        { type: "function_call_output", call_id: "call_1_1", output: "out 1" },
      ]);
    },
  );

  it("puts an assistant's text between its reasoning and its calls, and sends no other API's reasoning", async () => {
    const messages: ChatMessage[] = [
      ...USER,
      {
        id: "a1",
        role: "assistant",
        content: "Looking.",
        toolCalls: [
          { id: "call_9", name: "get_network_topology", arguments: {}, rawArguments: "{}", parseError: null },
        ],
        model: MODEL,
        replay: { api: "responses", items: [{ id: "rs_1", type: "reasoning", summary: [], encrypted_content: "e" }] },
      },
      { id: "t1", role: "tool", toolCallId: "call_9", name: "get_network_topology", content: "[]", error: null },
      {
        id: "a2",
        role: "assistant",
        content: "Hm.",
        toolCalls: [],
        model: MODEL,
        replay: { api: "anthropic", items: [{ type: "thinking" }] },
      },
    ];
    // The fake refuses reasoning it did not issue; only the order of what was sent matters here.
    const { fake } = await call([{ kind: "status", status: 400 }], false, messages);
    expect(fake.requests[0]!.body.input.map((i) => i.type ?? i.role)).toEqual([
      "user",
      "reasoning",
      "assistant",
      "function_call",
      "function_call_output",
      "assistant",
    ]);
  });

  it.each(BOTH)(
    "sends the configured headers and extra body fields, but never lets them turn storage on (stream: $stream)",
    async ({ stream }) => {
      fake = await startFakeResponses({ script: [{ kind: "reply", text: "ok" }] });
      const { c } = client(
        fake.url,
        { stream },
        { temperature: 0.3 },
        {
          headers: { "x-attribution": "analystbench" },
          extraBody: { metadata: { run: "r1" }, store: true },
        },
      );
      const reply = await c.complete({ messages: USER, tools: [], temperature: 0 }, signal());
      const sent = fake.requests[0]!;
      expect(sent.headers["x-attribution"]).toBe("analystbench");
      expect(sent.body).toMatchObject({ metadata: { run: "r1" }, store: false, temperature: 0 });
      expect(reply.provenance!.settings).toEqual({ temperature: 0 });
    },
  );

  it.each(BOTH)(
    "cuts a reply at the byte cap and then does not send its reasoning back (stream: $stream)",
    async ({ stream }) => {
      fake = await startFakeResponses({ script: [{ kind: "reply", text: "x".repeat(2_000), reasoning: REASONING }] });
      const reply = await client(fake.url, { stream }).c.complete(
        { messages: USER, tools: [], maxReplyBytes: 1_000 },
        signal(),
      );
      expect(reply).toMatchObject({ finishReason: "length", limitHit: "reply_bytes" });
      expect(reply.content).toBe("x".repeat(1_000));
      expect(reply.replay).toBeUndefined();
    },
  );

  it.each(BOTH)(
    "keeps reasoning larger than the text within its own budget, and cuts beyond it (stream: $stream)",
    async ({ stream }) => {
      const within = { id: "rs_within", encrypted_content: "e".repeat(2_500) };
      fake = await startFakeResponses({ script: [{ kind: "reply", text: "short", reasoning: within }] });
      const kept = await client(fake.url, { stream }).c.complete(
        { messages: USER, tools: [], maxReplyBytes: 4_000 },
        signal(),
      );
      expect(kept.limitHit).toBeUndefined();
      expect(kept.replay?.items).toEqual([expect.objectContaining(within)]);
      // A server that sends more reasoning than the reply may carry: the reply is cut, nothing goes back.
      const beyond = { id: "rs_beyond", encrypted_content: "e".repeat(6_000) };
      fake.script.push({ kind: "reply", text: "short", reasoning: beyond });
      const cut = await client(fake.url, { stream }).c.complete(
        { messages: USER, tools: [], maxReplyBytes: 4_000 },
        signal(),
      );
      expect(cut).toMatchObject({ content: "short", finishReason: "length", limitHit: "reply_bytes" });
      expect(cut.replay).toBeUndefined();
    },
  );

  it("stops reading a stream at the byte cap: nothing after it counts, not even a failure", async () => {
    fake = await startFakeResponses({ script: [{ kind: "failed", text: "x".repeat(2_000) }] });
    const reply = await client(fake.url).c.complete({ messages: USER, tools: [], maxReplyBytes: 1_000 }, signal());
    expect(reply).toMatchObject({ finishReason: "length", limitHit: "reply_bytes", retries: 0 });
    expect(fake.requests).toHaveLength(1);
  });
});

describe("Responses API failures and retries", () => {
  it("ends the reply where the wire guard refuses an oversized event, without retrying", async () => {
    const reasoning = { id: "rs_big", encrypted_content: "x".repeat(100_000) };
    fake = await startFakeResponses({ script: [{ kind: "reply", text: "Hello", reasoning }] });
    const reply = await client(fake.url).c.complete({ messages: USER, tools: [], maxReplyBytes: 1_000 }, signal());
    expect(reply).toMatchObject({ content: "", finishReason: "length", limitHit: "reply_bytes", retries: 0 });
  });

  it("stops at once when the run is cancelled", async () => {
    fake = await startFakeResponses({ script: [{ kind: "stall" }] });
    const ac = new AbortController();
    const pending = client(fake.url).c.complete({ messages: USER, tools: [] }, ac.signal);
    setTimeout(() => ac.abort(), 50);
    await expect(pending).rejects.toThrow(/cancelled/);
  });

  it("honours retry-after-ms, and the rate-limit reset when only it says how long", async () => {
    const { result, delays } = await call(
      [
        { kind: "status", status: 429, headers: { "retry-after-ms": "750" } },
        {
          kind: "status",
          status: 429,
          headers: { "x-ratelimit-remaining-requests": "0", "x-ratelimit-reset-requests": "1.5s" },
        },
        { kind: "reply", text: "ok" },
      ],
      true,
    );
    expect(result).toMatchObject({ content: "ok", retries: 2 });
    expect(delays).toEqual([750, 1_500]);
  });

  it.each(BOTH)("gives up on 500s after its retries, saying so (stream: $stream)", async ({ stream }) => {
    fake = await startFakeResponses({ fallback: { kind: "status", status: 500 } });
    const error = await client(fake.url, { stream })
      .c.complete({ messages: USER, tools: [] }, signal())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelCallError);
    expect((error as ModelCallError).message).toMatch(/answered 500.*gave up after 4 attempts/);
    expect((error as ModelCallError).status).toBe(500);
    expect(fake.requests).toHaveLength(4);
  });

  it.each(BOTH)("retries a response that failed with server_error (stream: $stream)", async ({ stream }) => {
    const { result, delays, fake } = await call([{ kind: "failed" }, { kind: "reply", text: "recovered" }], stream);
    expect(result).toMatchObject({ content: "recovered", retries: 1 });
    expect(delays).toEqual([7]);
    expect(fake.requests).toHaveLength(2);
  });

  it("gives up on a response that keeps failing, naming the code", async () => {
    fake = await startFakeResponses({ fallback: { kind: "failed" } });
    const error = (await client(fake.url)
      .c.complete({ messages: USER, tools: [] }, signal())
      .catch((e: unknown) => e)) as ModelCallError;
    expect(error.message).toMatch(/failed response \(server_error\).*gave up after 4 attempts/);
  });

  it.each(BOTH)("does not retry an error event a retry cannot fix (stream: $stream)", async ({ stream }) => {
    const { result, fake } = await call(
      [
        { kind: "errorEvent", code: "invalid_prompt" },
        { kind: "reply", text: "no" },
      ],
      stream,
    );
    expect(result).toBeInstanceOf(ModelCallError);
    expect((result as ModelCallError).message).toMatch(/invalid_prompt/);
    expect(fake.requests).toHaveLength(1);
  });

  it("retries an error event the provider calls transient", async () => {
    const { result, fake } = await call(
      [
        { kind: "errorEvent", code: "rate_limit_exceeded" },
        { kind: "reply", text: "ok" },
      ],
      true,
    );
    expect(result).toMatchObject({ content: "ok", retries: 1 });
    expect(fake.requests).toHaveLength(2);
  });

  it.each([
    { code: "server_error", retried: true },
    { code: "invalid_prompt", retried: false },
  ])("reads an error event whose details are nested, as the SDK raises it ($code)", async ({ code, retried }) => {
    const { result, fake } = await call(
      [
        { kind: "errorEvent", code, nested: true },
        { kind: "reply", text: "ok" },
      ],
      true,
    );
    expect(fake.requests).toHaveLength(retried ? 2 : 1);
    if (retried) expect(result).toMatchObject({ content: "ok", retries: 1 });
    else expect((result as ModelCallError).message).toMatch(/reported an error in its reply: fake invalid_prompt/);
  });

  it.each(BOTH)("retries a dropped connection (stream: $stream)", async ({ stream }) => {
    const { result } = await call([{ kind: "drop" }, { kind: "reply", text: "recovered" }], stream);
    expect(result).toMatchObject({ content: "recovered", retries: 1 });
  });

  it("retries a stream that ends before the response did", async () => {
    const { result } = await call(
      [
        { kind: "drop", cleanly: true },
        { kind: "reply", text: "recovered" },
      ],
      true,
    );
    expect(result).toMatchObject({ content: "recovered", retries: 1 });
  });

  it("retries a stream that stalls", async () => {
    fake = await startFakeResponses({ script: [{ kind: "stall" }, { kind: "reply", text: "recovered" }] });
    const reply = await client(fake.url, { idleTimeoutMs: 200 }).c.complete({ messages: USER, tools: [] }, signal());
    expect(reply).toMatchObject({ content: "recovered", retries: 1 });
  });

  it("does not retry a 400, and keeps its status", async () => {
    const { result, fake } = await call(
      [
        {
          kind: "status",
          status: 400,
          body: { message: "Unsupported parameter: 'temperature'.", type: "invalid_request_error", code: null },
        },
      ],
      true,
    );
    expect(result).toBeInstanceOf(ModelCallError);
    expect((result as ModelCallError).status).toBe(400);
    expect((result as ModelCallError).message).toMatch(/400.*temperature/);
    expect(fake.requests).toHaveLength(1);
  });

  it.each(BOTH)("reports a refusal as content_filter (stream: $stream)", async ({ stream }) => {
    const { result } = await call([{ kind: "refusal", refusal: "I can't help with that." }], stream);
    expect(result).toMatchObject({ content: "I can't help with that.", finishReason: "content_filter" });
  });

  it.each(BOTH)("reports a reply cut at max_output_tokens as length (stream: $stream)", async ({ stream }) => {
    const { result } = await call([{ kind: "incomplete", text: "The attacker first" }], stream);
    expect(result).toMatchObject({ content: "The attacker first", finishReason: "length" });
    expect((result as ModelReply).limitHit).toBeUndefined();
  });
});

describe("what a Responses call cost", () => {
  it.each(BOTH)("prices cached input and reasoning output by hand (stream: $stream)", async ({ stream }) => {
    const { result } = await call(
      [
        {
          kind: "reply",
          text: "ok",
          model: "gpt-4o-2024-08-06",
          usage: { input: 10_000, cached: 4_000, output: 2_000, reasoning: 500 },
        },
      ],
      stream,
    );
    const reply = result as ModelReply;
    expect(reply.usage).toMatchObject({
      inputTokens: 10_000,
      cachedInputTokens: 4_000,
      outputTokens: 2_000,
      reasoningTokens: 500,
      totalTokens: 12_000,
    });
    expect(reply.usage.costUsd).toBeCloseTo((6_000 * 2.5 + 4_000 * 1.25 + 2_000 * 10) / 1e6, 12);
    expect(reply.provenance!.priceSource).toMatch(/^price table .* \(openai\)$/);
  });

  it("prices o3's reasoning as output", async () => {
    const { result } = await call(
      [{ kind: "reply", text: "ok", model: "o3", usage: { input: 1_000, output: 3_000, reasoning: 2_500 } }],
      true,
    );
    expect((result as ModelReply).usage.costUsd).toBeCloseTo((1_000 * 2 + 3_000 * 8) / 1e6, 12);
  });

  it("leaves the cost of an unknown model unknown, not free", async () => {
    const { result } = await call([{ kind: "reply", text: "ok", model: "mystery-model" }], true);
    expect((result as ModelReply).usage.costUsd).toBeNull();
    expect((result as ModelReply).provenance!.priceSource).toBeNull();
  });
});

describe("a whole run through the Responses API", () => {
  it("investigates, grades +10, carries reasoning between turns and records the API on every call", async () => {
    fake = await startFakeResponses({ fallback: { kind: "reference" } });
    const { run } = await runCase({
      testCase: findCase("s2-homoglyph-backdoor")!,
      model: "openai/gpt-5",
      workspaceDir: workspace,
      version: "test",
      openSession: openInProcessSession,
      models: {
        env: { OPENAI_API_KEY: "k", OPENAI_BASE_URL: fake.url, ANALYSTBENCH_OPENAI_API: "responses" },
        transport: { retry: { maxRetries: 1, baseDelayMs: 1, maxDelayMs: 10 } },
      },
    });
    const s = run.samples[0]!;
    expect(s.status).toBe("completed");
    expect(s.score?.total).toBe(10);
    const calls = s.timeline.filter((e) => e.kind === "model");
    expect(calls.length).toBeGreaterThan(1);
    for (const e of calls) expect(e.provenance).toMatchObject({ api: "responses", modelId: "gpt-5-2025-08-07" });
    // Every call after the first sent back the reasoning of the turns before it (the fake checks it).
    expect(fake.requests.slice(1).every((r) => r.body.input.some((i) => i.type === "reasoning"))).toBe(true);
  });
});

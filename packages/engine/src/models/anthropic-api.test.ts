import { findCase } from "@analystbench/scenarios";
import { openInProcessSession } from "@analystbench/sim";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { runCase } from "../runs/run-case";
import {
  startFakeAnthropic,
  type FakeAnthropic,
  type FakeAnthropicBehaviour,
} from "../test-support/fake-anthropic-server";
import type { CallSettings, ChatMessage } from "../types";
import { anthropicAdapter } from "./anthropic-api";
import { DEFAULT_MAX_REPLY_BYTES, type AdapterOptions, type HttpModelOptions } from "./call-loop";
import { adapterTestClient } from "../test-support/adapter-client";
import { ModelCallError, type FunctionTool, type ModelReply } from "./model-client";
import { listPrice } from "./pricing";

/**
 * The Anthropic Messages adapter against a fake Anthropic server on 127.0.0.1, driving the real
 * SDK: the request as Anthropic wants it (alternating turns, thinking sent back unchanged, cache
 * marks), the reply as the platform records it, and every fault retried or reported.
 */
let fake: FakeAnthropic | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});
const workspace = mkdtempSync(path.join(os.tmpdir(), "ab-anthropic-"));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

const USER: ChatMessage[] = [{ id: "u1", role: "user", content: "Hello" }];
const TOOLS: FunctionTool[] = [
  { name: "get_network_topology", description: "The network's devices.", parameters: { type: "object" } },
  {
    name: "get_file_content",
    description: "A file on a device.",
    parameters: { type: "object", properties: { device_role: { type: "string" }, path: { type: "string" } } },
  },
];

function client(
  url: string,
  extra: Partial<HttpModelOptions> & { settings?: CallSettings; model?: string } = {},
  wire: Pick<AdapterOptions, "headers" | "extraBody"> = {},
) {
  const model = extra.model ?? "claude-test";
  const settings = extra.settings ?? {};
  const adapter = anthropicAdapter({ model, baseURL: url, apiKey: "test-key", settings, ...wire });
  return adapterTestClient(adapter, {
    provider: "anthropic",
    model,
    baseURL: url,
    settings,
    price: (id) => listPrice("anthropic", id),
    ...extra,
  });
}

const signal = () => new AbortController().signal;
const MiB = 1024 * 1024;
const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const modes = [
  ["streaming", true],
  ["non-streaming", false],
] as const;

async function start(script: FakeAnthropicBehaviour[], fallback?: FakeAnthropicBehaviour) {
  fake = await startFakeAnthropic({ script, ...(fallback ? { fallback } : {}) });
  return fake;
}

describe("Anthropic Messages adapter", () => {
  it.each(modes)("%s: returns text, cache usage and provenance, with the exact request hashed", async (_, stream) => {
    const f = await start([
      {
        kind: "reply",
        text: "The finding is a typo-squatted package that ran a postinstall hook.",
        model: "claude-test-20260101",
        usage: {
          input_tokens: 100,
          cache_read_input_tokens: 2000,
          cache_creation_input_tokens: 500,
          output_tokens: 300,
        },
      },
    ]);
    const pieces: string[] = [];
    const reply = await client(f.url, { stream }).c.complete(
      { messages: USER, tools: [], onText: (d) => pieces.push(d) },
      signal(),
    );
    expect(reply).toMatchObject({
      content: "The finding is a typo-squatted package that ran a postinstall hook.",
      finishReason: "stop",
      retries: 0,
      usage: {
        inputTokens: 2600,
        cachedInputTokens: 2000,
        cacheWriteTokens: 500,
        outputTokens: 300,
        totalTokens: 2900,
        costUsd: null,
      },
    });
    if (stream) {
      expect(pieces.length).toBeGreaterThan(1);
      expect(pieces.join("")).toBe(reply.content);
    }
    const sent = f.requests[0]!;
    expect(Boolean(sent.body.stream)).toBe(stream);
    // SDK 1.14 sends the API key as a bearer token, not as x-api-key.
    expect(sent.headers.authorization).toBe("Bearer test-key");
    expect(sent.headers["anthropic-version"]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(sent.body).toMatchObject({ model: "claude-test", max_tokens: 8192 });
    expect(sent.body.thinking).toBeUndefined();
    expect(reply.provenance).toMatchObject({
      api: "anthropic",
      provider: "anthropic",
      requestedModel: "claude-test",
      modelId: "claude-test-20260101",
      serviceTier: "standard",
      systemFingerprint: null,
      settings: { maxOutputTokens: 8192 },
      priceSource: null,
    });
    expect(reply.provenance!.requestSha256).toBe(sha256(sent.raw));
    expect(reply.provenance!.responseSha256).toBe(sha256(sent.sent));
  });

  it.each(modes)("%s: sends the configured headers and extra body fields, never over its own", async (_, stream) => {
    const f = await start([{ kind: "reply", text: "ok" }]);
    const { c } = client(
      f.url,
      { stream },
      {
        headers: { "x-attribution": "analystbench" },
        extraBody: {
          metadata: { user_id: "run-1" },
          model: "other",
          max_tokens: 1,
          stream: !stream,
          workspace_id: "ws_1",
          user_profile_id: "up_1",
        },
      },
    );
    const reply = await c.complete({ messages: USER, tools: [] }, signal());
    const sent = f.requests[0]!;
    expect(sent.headers["x-attribution"]).toBe("analystbench");
    expect(sent.body).toMatchObject({ metadata: { user_id: "run-1" }, model: "claude-test", max_tokens: 8192, stream });
    // As messages.create sends them: headers, not body fields.
    expect(sent.headers).toMatchObject({ "anthropic-workspace-id": "ws_1", "anthropic-user-profile-id": "up_1" });
    expect(sent.body).not.toHaveProperty("workspace_id");
    expect(sent.body).not.toHaveProperty("user_profile_id");
    expect(reply.content).toBe("ok");
  });

  it("reads a stream's events as the SDK did: unnamed events and pings passed over, an error that is not JSON final", async () => {
    const event = (name: string, data: object) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
    const usage = { input_tokens: 10, output_tokens: 1 };
    const message = { id: "msg_1", type: "message", role: "assistant", model: "claude-test", content: [], usage };
    const opening = event("message_start", { type: "message_start", message });
    const text =
      opening +
      event("content_block_start", {
        type: "content_block_start",
        index: 0,
        content_block: { type: "text", text: "" },
      }) +
      `data: ${JSON.stringify({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Unnamed" } })}\n\n` +
      "event: ping\ndata: not json\n\n" +
      event("content_block_delta", {
        type: "content_block_delta",
        index: 0,
        delta: { type: "text_delta", text: "Hi" },
      }) +
      event("content_block_stop", { type: "content_block_stop", index: 0 }) +
      event("message_delta", {
        type: "message_delta",
        delta: { stop_reason: "end_turn" },
        usage: { output_tokens: 5 },
      }) +
      event("message_stop", { type: "message_stop" });
    const f = await start([
      { kind: "sse", text },
      { kind: "sse", text: `${opening}event: error\ndata: upstream exploded\n\n` },
    ]);
    const { c } = client(f.url, { stream: true });
    await expect(c.complete({ messages: USER, tools: [] }, signal())).resolves.toMatchObject({
      content: "Hi",
      finishReason: "stop",
      retries: 0,
    });
    await expect(c.complete({ messages: USER, tools: [] }, signal())).rejects.toThrow(/upstream exploded/);
    expect(f.requests).toHaveLength(2);
  });

  it.each(modes)("%s: assembles parallel tool calls", async (_, stream) => {
    const f = await start([
      {
        kind: "reply",
        text: "Let me look.",
        toolCalls: [
          { name: "get_network_topology", input: {} },
          { name: "get_file_content", input: { device_role: "CI/CD Server", path: "/etc/hostname" } },
          { name: "execute_shell_command", input: { device_role: "Git Server", command_with_args: "ls /srv/git" } },
        ],
      },
    ]);
    const reply = await client(f.url, { stream }).c.complete({ messages: USER, tools: TOOLS }, signal());
    expect(reply.finishReason).toBe("tool_calls");
    expect(reply.content).toBe("Let me look.");
    expect(reply.toolCalls.map((t) => [t.id, t.name, t.arguments, t.parseError])).toEqual([
      ["toolu_fake_1_0", "get_network_topology", {}, null],
      ["toolu_fake_1_1", "get_file_content", { device_role: "CI/CD Server", path: "/etc/hostname" }, null],
      [
        "toolu_fake_1_2",
        "execute_shell_command",
        { device_role: "Git Server", command_with_args: "ls /srv/git" },
        null,
      ],
    ]);
    // A tool without input streams an empty delta; it is recorded as the empty object it means.
    expect(reply.toolCalls[0]!.rawArguments).toBe("{}");
    expect(reply.toolCalls[1]!.rawArguments).toBe('{"device_role":"CI/CD Server","path":"/etc/hostname"}');
  });

  it("streams tool input in several fragments", async () => {
    const f = await start([
      { kind: "reply", toolCalls: [{ name: "get_file_content", input: { path: "/etc/passwd" } }] },
    ]);
    await client(f.url).c.complete({ messages: USER, tools: TOOLS }, signal());
    expect(f.requests[0]!.sent.match(/"input_json_delta"/g)?.length).toBeGreaterThan(1);
  });

  it("keeps malformed streamed tool input as a parse error instead of failing", async () => {
    const raw = '{"device_role": "CI/CD Server", "path": ';
    const f = await start([{ kind: "reply", toolCalls: [{ name: "get_file_content", arguments: raw }] }]);
    const reply = await client(f.url).c.complete({ messages: USER, tools: TOOLS }, signal());
    expect(reply.toolCalls[0]).toMatchObject({ name: "get_file_content", arguments: null, rawArguments: raw });
    expect(reply.toolCalls[0]!.parseError).toMatch(/not valid JSON/);
    expect(reply.retries).toBe(0);
  });
});

describe("a conversation with thinking and tools", () => {
  const SYSTEM = "You are a security analyst.";
  const SIGNATURE = "EqQBCkgIARABGAIiQL+/xMz9Q==";
  const REDACTED = "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP";

  it.each(modes)(
    "%s: sends thinking back unchanged, tool results in one turn, and marks the cache",
    async (_, stream) => {
      const f = await start([
        {
          kind: "reply",
          thinking: { text: "The topology first, then the CI server's hostname.", signature: SIGNATURE },
          redactedThinking: REDACTED,
          text: "I will look at the network.",
          toolCalls: [
            { name: "get_network_topology", input: {} },
            { name: "get_file_content", input: { device_role: "CI/CD Server", path: "/nope" } },
          ],
          usage: { output_tokens: 400, thinking_tokens: 120 },
        },
        { kind: "reply", text: "Done." },
      ]);
      const { c } = client(f.url, { stream, settings: { thinkingBudget: 2048 } });
      const first: ChatMessage[] = [
        { id: "s", role: "system", content: SYSTEM },
        { id: "u", role: "user", content: "Investigate the CI server." },
      ];
      const reply = await c.complete({ messages: first, tools: TOOLS, temperature: 0.3 }, signal());
      expect(reply.usage).toMatchObject({ outputTokens: 400, reasoningTokens: 120 });
      expect(reply.provenance!.settings).toEqual({ maxOutputTokens: 2048 + 8192, thinkingBudget: 2048 });
      expect(reply.replay).toEqual({
        api: "anthropic",
        items: [
          { type: "thinking", thinking: "The topology first, then the CI server's hostname.", signature: SIGNATURE },
          { type: "redacted_thinking", data: REDACTED },
        ],
      });
      const [ok, failed] = reply.toolCalls;
      const second: ChatMessage[] = [
        ...first,
        {
          id: "a",
          role: "assistant",
          content: reply.content,
          toolCalls: reply.toolCalls,
          model: "m",
          replay: reply.replay!,
        },
        { id: "t1", role: "tool", toolCallId: ok!.id, name: ok!.name, content: "web, ci, git", error: null },
        {
          id: "t2",
          role: "tool",
          toolCallId: failed!.id,
          name: failed!.name,
          content: "No such file",
          error: "No such file",
        },
        { id: "u2", role: "user", content: "Submit your findings now." },
      ];
      await c.complete({ messages: second, tools: TOOLS, temperature: 0.3 }, signal());

      const body = f.requests[1]!.body;
      expect(body.system).toEqual([{ type: "text", text: SYSTEM, cache_control: { type: "ephemeral" } }]);
      expect(body.thinking).toEqual({ type: "enabled", budget_tokens: 2048 });
      expect(body.max_tokens).toBeGreaterThan(2048);
      expect(body).not.toHaveProperty("temperature");
      expect(body.messages).toEqual([
        { role: "user", content: [{ type: "text", text: "Investigate the CI server." }] },
        {
          role: "assistant",
          content: [
            { type: "thinking", thinking: "The topology first, then the CI server's hostname.", signature: SIGNATURE },
            { type: "redacted_thinking", data: REDACTED },
            { type: "text", text: "I will look at the network." },
            { type: "tool_use", id: ok!.id, name: "get_network_topology", input: {} },
            {
              type: "tool_use",
              id: failed!.id,
              name: "get_file_content",
              input: { device_role: "CI/CD Server", path: "/nope" },
            },
          ],
        },
        {
          role: "user",
          content: [
            { type: "tool_result", tool_use_id: ok!.id, content: "web, ci, git" },
            { type: "tool_result", tool_use_id: failed!.id, content: "No such file", is_error: true },
            { type: "text", text: "Submit your findings now.", cache_control: { type: "ephemeral" } },
          ],
        },
      ]);
      // The signature crossed the wire byte for byte.
      expect(f.requests[1]!.raw.toString("utf8")).toContain(`"signature":"${SIGNATURE}"`);
      expect(body.tools!.map((t) => t.cache_control)).toEqual([undefined, { type: "ephemeral" }]);
      expect(JSON.stringify(body).match(/cache_control/g)).toHaveLength(3);
    },
  );

  it("sends the configured temperature and max_tokens when thinking is off, and never an empty text block", async () => {
    const f = await start([{ kind: "reply", text: "ok" }]);
    const { c } = client(f.url, { settings: { temperature: 0.2, maxOutputTokens: 1000 } });
    const messages: ChatMessage[] = [
      { id: "u", role: "user", content: "Go." },
      {
        id: "a",
        role: "assistant",
        content: "",
        toolCalls: [
          { id: "toolu_1", name: "get_file_content", arguments: null, rawArguments: "{oops", parseError: "bad" },
        ],
        model: "m",
      },
      {
        id: "t",
        role: "tool",
        toolCallId: "toolu_1",
        name: "get_file_content",
        content: "Invalid arguments",
        error: "bad",
      },
    ];
    const reply = await c.complete({ messages, tools: [] }, signal());
    const body = f.requests[0]!.body;
    expect(body).toMatchObject({ temperature: 0.2, max_tokens: 1000 });
    expect(body.tools).toBeUndefined();
    expect(body.system).toBeUndefined();
    expect(body.messages[1]).toEqual({
      role: "assistant",
      content: [{ type: "tool_use", id: "toolu_1", name: "get_file_content", input: {} }],
    });
    expect(reply.provenance!.settings).toEqual({ temperature: 0.2, maxOutputTokens: 1000 });
  });
});

describe("faults", () => {
  it("waits as a 429's retry-after says, once", async () => {
    const f = await start([
      { kind: "status", status: 429, headers: { "retry-after": "2" } },
      { kind: "reply", text: "ok" },
    ]);
    const { c, delays } = client(f.url);
    const reply = await c.complete({ messages: USER, tools: [] }, signal());
    expect(reply).toMatchObject({ content: "ok", retries: 1 });
    expect(delays).toEqual([2000]);
  });

  it.each([
    ["a 529 overloaded answer", { kind: "status", status: 529 }],
    ["an overloaded_error event mid-stream", { kind: "overloaded" }],
    ["a dropped stream", { kind: "drop" }],
    ["a stream that ends without a stop reason", { kind: "truncated" }],
  ] as const)("retries %s, then succeeds", async (_, fault) => {
    const f = await start([fault, { kind: "reply", text: "recovered" }]);
    const reply = await client(f.url).c.complete({ messages: USER, tools: [] }, signal());
    expect(reply).toMatchObject({ content: "recovered", retries: 1 });
    expect(f.requests).toHaveLength(2);
  });

  it("does not retry an error event a retry cannot fix", async () => {
    const f = await start([
      { kind: "stream_error", errorType: "invalid_request_error" },
      { kind: "reply", text: "ok" },
    ]);
    const error = await client(f.url)
      .c.complete({ messages: USER, tools: [] }, signal())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelCallError);
    expect((error as ModelCallError).message).toMatch(/reported an error in its reply.*invalid_request_error/);
    expect(f.requests).toHaveLength(1);
  });

  it("retries a stream that stalls, within the idle timeout", async () => {
    const f = await start([{ kind: "stall" }, { kind: "reply", text: "recovered" }]);
    const reply = await client(f.url, { idleTimeoutMs: 200 }).c.complete({ messages: USER, tools: [] }, signal());
    expect(reply).toMatchObject({ content: "recovered", retries: 1 });
  });

  it("gives up after its retries on 500s with a sentence naming the status", async () => {
    const f = await start([], { kind: "status", status: 500 });
    const error = await client(f.url)
      .c.complete({ messages: USER, tools: [] }, signal())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelCallError);
    expect((error as ModelCallError).message).toMatch(/answered 500.*gave up after 4 attempts/);
    expect((error as ModelCallError).status).toBe(500);
    expect(f.requests).toHaveLength(4);
  });

  it.each(modes)("%s: does not retry an invalid request (400)", async (_, stream) => {
    const f = await start([
      { kind: "status", status: 400, message: "messages: text content blocks must be non-empty" },
    ]);
    const error = await client(f.url, { stream })
      .c.complete({ messages: USER, tools: [] }, signal())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelCallError);
    expect((error as ModelCallError).status).toBe(400);
    expect((error as ModelCallError).message).toMatch(/400.*must be non-empty/);
    expect(f.requests).toHaveLength(1);
  });

  it("stops at once when the run is cancelled", async () => {
    const f = await start([{ kind: "stall" }]);
    const ac = new AbortController();
    const pending = client(f.url).c.complete({ messages: USER, tools: [] }, ac.signal);
    setTimeout(() => ac.abort(), 100);
    await expect(pending).rejects.toThrow(/cancelled/);
    expect(f.requests).toHaveLength(1);
  });
});

describe("stop reasons and limits", () => {
  const cases: [string, FakeAnthropicBehaviour, ModelReply["finishReason"]][] = [
    ["refusal", { kind: "refusal" }, "content_filter"],
    ["max_tokens", { kind: "max_tokens" }, "length"],
    [
      "model_context_window_exceeded",
      { kind: "reply", text: "x", stopReason: "model_context_window_exceeded" },
      "length",
    ],
    ["stop_sequence", { kind: "reply", text: "x", stopReason: "stop_sequence" }, "stop"],
    ["pause_turn", { kind: "reply", text: "x", stopReason: "pause_turn" }, "unknown"],
  ];
  for (const [name, stream] of modes)
    it.each(cases)(`${name}: %s → %s`, async (_, behaviour, expected) => {
      const f = await start([behaviour]);
      const reply = await client(f.url, { stream }).c.complete({ messages: USER, tools: [] }, signal());
      expect(reply.finishReason).toBe(expected);
      expect(reply.content).not.toBe("");
    });

  it.each(modes)("%s: cuts text at the reply cap without counting thinking", async (_, stream) => {
    // 46 bytes of thinking: within its own budget (as large as the cap), and nearly the whole text cap.
    const f = await start([
      { kind: "reply", thinking: { text: "t".repeat(45), signature: "s" }, text: "a".repeat(200) },
    ]);
    const reply = await client(f.url, { stream }).c.complete(
      { messages: USER, tools: [], maxReplyBytes: 50 },
      signal(),
    );
    expect(reply).toMatchObject({ content: "a".repeat(50), finishReason: "length", limitHit: "reply_bytes" });
    // A cut reply no longer matches its thinking: nothing is sent back.
    expect(reply.replay).toBeUndefined();
  });

  it("stops reading a stream once the reply cap is spent", async () => {
    const f = await start([{ kind: "huge", bytes: 16 * MiB }]);
    const reply = await client(f.url).c.complete({ messages: USER, tools: [] }, signal());
    expect(reply).toMatchObject({ finishReason: "length", limitHit: "reply_bytes", retries: 0 });
    expect(reply.content).toHaveLength(DEFAULT_MAX_REPLY_BYTES);
    await vi.waitFor(() => expect(f.requests[0]!.closedEarly).toBe(true));
  }, 20_000);

  it("stops reading endless thinking at its own budget, and sends none of it back", async () => {
    const f = await start([{ kind: "huge", bytes: 16 * MiB, in: "thinking" }]);
    const reply = await client(f.url).c.complete({ messages: USER, tools: [] }, signal());
    expect(reply).toMatchObject({ finishReason: "length", limitHit: "reply_bytes", retries: 0 });
    expect(reply.replay).toBeUndefined();
    // Read no further than the budget: the connection is closed long before 16 MiB.
    await vi.waitFor(() => expect(f.requests[0]!.closedEarly).toBe(true));
  }, 20_000);

  it("keeps thinking within its budget even when it is larger than the text's", async () => {
    const thinking = "t".repeat(3_000);
    const f = await start([{ kind: "reply", text: "short answer", thinking: { text: thinking, signature: "sig" } }]);
    const reply = await client(f.url).c.complete({ messages: USER, tools: [], maxReplyBytes: 4_000 }, signal());
    expect(reply.limitHit).toBeUndefined();
    expect(reply.replay?.items).toEqual([{ type: "thinking", thinking, signature: "sig" }]);
  });

  it("records at most 200 characters of what the server calls its model", async () => {
    const f = await start([{ kind: "reply", text: "ok", model: `claude-${"x".repeat(100_000)}` }]);
    const reply = await client(f.url).c.complete({ messages: USER, tools: [] }, signal());
    expect(reply.provenance!.modelId).toBe(`claude-${"x".repeat(193)}`);
  });

  it("refuses a whole message beyond the wire limit, without retrying", async () => {
    const f = await start([], { kind: "huge", bytes: 4 * MiB });
    const error = await client(f.url, { stream: false })
      .c.complete({ messages: USER, tools: [] }, signal())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelCallError);
    expect((error as ModelCallError).message).toMatch(/reply was larger than/);
    expect(f.requests).toHaveLength(1);
  }, 20_000);
});

describe("cost", () => {
  it("prices a dated model id by the price table, cache reads and writes at their own rates", async () => {
    const f = await start([
      {
        kind: "reply",
        text: "ok",
        model: "claude-sonnet-4-5-20250929",
        usage: {
          input_tokens: 1000,
          cache_read_input_tokens: 2000,
          cache_creation_input_tokens: 500,
          output_tokens: 300,
        },
      },
    ]);
    const reply = await client(f.url, { model: "claude-sonnet-4-5" }).c.complete(
      { messages: USER, tools: [] },
      signal(),
    );
    expect(reply.usage.costUsd).toBeCloseTo((1000 * 3 + 2000 * 0.3 + 500 * 3.75 + 300 * 15) / 1e6, 12);
    expect(reply.provenance!.modelId).toBe("claude-sonnet-4-5-20250929");
    expect(reply.provenance!.priceSource).toMatch(/price table .*anthropic/);
  });

  it("leaves an unknown model's cost unknown", async () => {
    const f = await start([{ kind: "reply", text: "ok" }]);
    const reply = await client(f.url, { model: "claude-unknown-9" }).c.complete(
      { messages: USER, tools: [] },
      signal(),
    );
    expect(reply.usage.costUsd).toBeNull();
    expect(reply.provenance!.priceSource).toBeNull();
  });
});

describe("a whole run against the fake Anthropic server", () => {
  it("investigates and grades +10 through anthropic/claude-sonnet-4-5, recording the API on every call", async () => {
    const f = await start([], { kind: "reference" });
    const { run } = await runCase({
      testCase: findCase("s2-homoglyph-backdoor")!,
      model: "anthropic/claude-sonnet-4-5",
      workspaceDir: workspace,
      version: "test",
      openSession: openInProcessSession,
      models: {
        env: { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: f.url },
        transport: { retry: { maxRetries: 3, baseDelayMs: 1, maxDelayMs: 10 } },
      },
    });
    const s = run.samples[0]!;
    expect(s.status).toBe("completed");
    expect(s.score?.total).toBe(10);
    const calls = s.timeline.filter((e) => e.kind === "model");
    expect(calls.length).toBeGreaterThan(1);
    for (const e of calls) expect(e.kind === "model" && e.provenance?.api).toBe("anthropic");
    // Tool results went back as tool_result blocks: the reference walked its path to the end.
    const last = f.requests.at(-1)!.body;
    expect(JSON.stringify(last.messages)).toContain('"type":"tool_result"');
  });
});

import { findCase } from "@analystbench/scenarios";
import { openInProcessSession } from "@analystbench/sim";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { runCase } from "../runs/run-case";
import { startFakeOpenAI, type FakeOpenAI } from "../test-support/fake-openai-server";
import type { ChatMessage } from "../types";
import { ModelCallError } from "./model-client";
import { checkModel, createModelClient } from "./model-registry";
import { createOpenAIClient } from "./openai-provider";

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

function client(url: string, extra: Partial<Parameters<typeof createOpenAIClient>[0]> = {}) {
  const delays: number[] = [];
  const c = createOpenAIClient({
    name: "openai/fake",
    model: "fake",
    baseURL: url,
    apiKey: "test-key",
    retry: { maxRetries: 3, baseDelayMs: 10, maxDelayMs: 5_000 },
    sleep: async (ms) => {
      delays.push(ms);
    },
    random: () => 0.5,
    ...extra,
  });
  return { c, delays };
}

const signal = () => new AbortController().signal;

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

  it("times out a slow answer and retries it", async () => {
    fake = await startFakeOpenAI({ script: [{ kind: "hang" }, { kind: "reply", content: "fast enough" }] });
    const reply = await client(fake.url, { timeoutMs: 300 }).c.complete({ messages: USER, tools: [] }, signal());
    expect(reply).toMatchObject({ content: "fast enough", retries: 1 });
  });

  it("works without streaming too", async () => {
    fake = await startFakeOpenAI({ script: [{ kind: "reply", content: "plain" }] });
    const reply = await client(fake.url, { stream: false }).c.complete({ messages: USER, tools: [] }, signal());
    expect(reply.content).toBe("plain");
    expect(fake.requests[0]!.body.stream).toBeUndefined();
  });

  it("stops at once when the run is cancelled", async () => {
    fake = await startFakeOpenAI({ script: [{ kind: "hang" }] });
    const ac = new AbortController();
    const pending = client(fake.url).c.complete({ messages: USER, tools: [] }, ac.signal);
    setTimeout(() => ac.abort(), 50);
    await expect(pending).rejects.toThrow(/cancelled/);
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
    const { run } = await runCase({
      testCase,
      model: "openai/gpt-4o",
      workspaceDir: workspace,
      version: "test",
      openSession: openInProcessSession,
      models: {
        env: { OPENAI_API_KEY: "k", OPENAI_BASE_URL: fake.url },
        openai: { retry: { maxRetries: 3, baseDelayMs: 1, maxDelayMs: 10 } },
      },
    });
    const s = run.samples[0]!;
    expect(s.status).toBe("completed");
    expect(s.score?.total).toBe(10);
    expect(s.timeline.filter((e) => e.kind === "model").some((e) => e.kind === "model" && e.retries > 0)).toBe(true);
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
        openai: { retry: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 5 } },
      },
    });
    expect(run.status).toBe("failed");
    expect(run.samples[0]).toMatchObject({ status: "failed", score: null });
    expect(run.samples[0]!.error?.message).toMatch(/500/);
    expect(files.report).toMatch(/\.md$/);
  });

  it("treats a bare model name as openai/<name>", () => {
    const sample = findCase("s1-dmz")!.samples[0]!;
    expect(createModelClient("gpt-4o", sample, { env: { OPENAI_API_KEY: "k" } }).name).toBe("openai/gpt-4o");
  });
});

import { findCase } from "@analystbench/scenarios";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { startFakeOpenAI, type FakeOpenAI } from "../test-support/fake-openai-server";
import type { Usage } from "../types";
import { addUsage, NO_USAGE } from "./model-client";
import { checkModel, createModelClient, listConfiguredModels, resolveModel } from "./model-registry";
import { costOf, listPrice, PRICE_TABLE } from "./pricing";
import { retryDelayMs } from "./retry";

/**
 * How a model name becomes a configured client: which API shape, which settings, which key,
 * which price; and the arithmetic of cost. The wire formats themselves are tested beside each
 * adapter against fake servers.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), "ab-model-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
function modelsFile(providers: unknown[]): string {
  const file = path.join(dir, `models-${++n}.json`);
  writeFileSync(file, JSON.stringify({ providers }));
  return file;
}

const usage = (u: Partial<Usage>): Omit<Usage, "costUsd"> => ({
  inputTokens: 0,
  outputTokens: 0,
  totalTokens: 0,
  ...u,
});

describe("cost from the price table", () => {
  it("bills OpenAI's cached input at the cached rate and reasoning as output (hand-computed)", () => {
    const price = listPrice("openai", "gpt-4o-2024-08-06")!;
    expect(price.source).toBe(`price table ${PRICE_TABLE.version} (openai)`);
    // 10,000 input of which 4,000 cached; 2,000 output of which 500 reasoning.
    const cost = costOf(
      usage({ inputTokens: 10_000, cachedInputTokens: 4_000, outputTokens: 2_000, reasoningTokens: 500 }),
      price.price,
    );
    expect(cost).toBeCloseTo((6_000 * 2.5 + 4_000 * 1.25 + 2_000 * 10) / 1e6, 12);
  });

  it("bills Anthropic's cache writes above and cache reads below the input rate (hand-computed)", () => {
    const price = listPrice("anthropic", "claude-sonnet-4-5-20250929")!.price;
    // 3,500 input: 1,000 fresh, 2,000 read from the cache, 500 written to it; 300 output.
    const cost = costOf(
      usage({ inputTokens: 3_500, cachedInputTokens: 2_000, cacheWriteTokens: 500, outputTokens: 300 }),
      price,
    );
    expect(cost).toBeCloseTo((1_000 * 3 + 2_000 * 0.3 + 500 * 3.75 + 300 * 15) / 1e6, 12);
  });

  it("prices reasoning apart when a price says so, and knows no price for an unknown model", () => {
    const cost = costOf(usage({ inputTokens: 1_000_000, outputTokens: 1_000_000, reasoningTokens: 400_000 }), {
      input: 1,
      output: 4,
      reasoning: 2,
    });
    expect(cost).toBeCloseTo(1 + 600_000 * 4e-6 + 400_000 * 2e-6, 12);
    expect(listPrice("openai", "gpt-9-ultra")).toBeNull();
    expect(listPrice("mistral", "mistral-large")).toBeNull();
  });

  it("keeps a sum's cost unknown when one part's is, never counting it as free", () => {
    const priced: Usage = { inputTokens: 10, outputTokens: 5, totalTokens: 15, costUsd: 0.5 };
    const unpriced: Usage = { inputTokens: 10, outputTokens: 5, totalTokens: 15, costUsd: null };
    expect(addUsage(priced, unpriced).costUsd).toBeNull();
    expect(addUsage(unpriced, priced).costUsd).toBeNull();
    expect(addUsage(priced, priced).costUsd).toBe(1);
    // A failed call used nothing: it neither adds cost nor makes it unknown.
    expect(addUsage(priced, NO_USAGE).costUsd).toBe(0.5);
    expect(addUsage(NO_USAGE, priced)).toMatchObject({ costUsd: 0.5, totalTokens: 15 });
    expect(addUsage({ ...priced, cachedInputTokens: 4 }, { ...priced, reasoningTokens: 2 })).toMatchObject({
      cachedInputTokens: 4,
      reasoningTokens: 2,
    });
  });
});

describe("which API a model is called through", () => {
  it("calls OpenAI's own endpoint through Responses, anything else through Chat Completions, unless told", () => {
    expect(resolveModel("openai/gpt-5", { env: { OPENAI_API_KEY: "k" } }).api).toBe("responses");
    expect(
      resolveModel("gpt-4o", { env: { OPENAI_API_KEY: "k", OPENAI_BASE_URL: "http://127.0.0.1:11434/v1" } }).api,
    ).toBe("chat");
    expect(resolveModel("openai/gpt-5", { env: { OPENAI_API_KEY: "k", ANALYSTBENCH_OPENAI_API: "chat" } }).api).toBe(
      "chat",
    );
    expect(checkModel("openai/gpt-5", { env: { OPENAI_API_KEY: "k", ANALYSTBENCH_OPENAI_API: "grpc" } })).toBe(
      'ANALYSTBENCH_OPENAI_API is "grpc"; set it to chat or responses, or unset it.',
    );
    expect(resolveModel("anthropic/claude-haiku-4-5", { env: { ANTHROPIC_API_KEY: "k" } })).toMatchObject({
      api: "anthropic",
      baseURL: "https://api.anthropic.com",
    });
  });

  it("names the missing key's variable in one sentence", () => {
    expect(checkModel("anthropic/claude-sonnet-4-5", { env: {} })).toBe(
      "ANTHROPIC_API_KEY is not set: export ANTHROPIC_API_KEY=<your key> before starting AnalystBench, or choose the offline model builtin/reference.",
    );
    const file = modelsFile([{ name: "router", baseURL: "https://router.example/v1", apiKeyEnv: "ROUTER_KEY" }]);
    expect(checkModel("router/llama", { env: { ANALYSTBENCH_MODELS_FILE: file } })).toMatch(
      /^ROUTER_KEY is not set: export ROUTER_KEY=<your key> before starting AnalystBench for the router provider/,
    );
  });

  it("prices only a vendor's own endpoint from the list; another endpoint only from the models file", () => {
    const own = resolveModel("openai/gpt-4o", { env: { OPENAI_API_KEY: "k" } });
    expect(own.price("gpt-4o-2024-08-06")?.source).toMatch(/^price table/);
    const local = resolveModel("openai/gpt-4o", { env: { OPENAI_BASE_URL: "http://127.0.0.1:1/v1" } });
    expect(local.price("gpt-4o")).toBeNull();
    const file = modelsFile([{ name: "openai", pricing: { "gpt-4o": { input: 1, output: 2 } } }]);
    const overridden = resolveModel("openai/gpt-4o", { env: { OPENAI_API_KEY: "k", ANALYSTBENCH_MODELS_FILE: file } });
    expect(overridden.price("gpt-4o-2024-08-06")).toEqual({ price: { input: 1, output: 2 }, source: "models file" });
  });
});

describe("settings from the models file", () => {
  it("merges provider and model settings, the model's winning", () => {
    const file = modelsFile([
      {
        name: "anthropic",
        max_output_tokens: 16_000,
        models: ["claude-haiku-4-5", { id: "claude-sonnet-4-5", thinking_budget: 8_000 }],
      },
    ]);
    const env = { ANTHROPIC_API_KEY: "k", ANALYSTBENCH_MODELS_FILE: file };
    expect(resolveModel("anthropic/claude-sonnet-4-5", { env }).settings).toEqual({
      maxOutputTokens: 16_000,
      thinkingBudget: 8_000,
    });
    expect(resolveModel("anthropic/claude-haiku-4-5", { env }).settings).toEqual({ maxOutputTokens: 16_000 });
    expect(checkModel("anthropic/claude-opus-4-5", { env })).toMatch(/does not list the model "claude-opus-4-5"/);
  });

  it.each([
    [
      { name: "local", baseURL: "http://127.0.0.1:1/v1", thinking_budget: 4096 },
      "local/m",
      /thinking_budget applies only to api "anthropic", but this model is called through "chat"/,
    ],
    [
      { name: "anthropic", reasoning_effort: "high" },
      "anthropic/claude-haiku-4-5",
      /reasoning_effort applies to OpenAI's APIs/,
    ],
    [
      { name: "anthropic", thinking_budget: 4096, temperature: 0 },
      "anthropic/claude-haiku-4-5",
      /does not accept a temperature/,
    ],
    [
      { name: "anthropic", thinking_budget: 4096, max_output_tokens: 4096 },
      "anthropic/claude-haiku-4-5",
      /max_output_tokens \(4096\) must be larger than thinking_budget \(4096\)/,
    ],
    [{ name: "openai", reasoning_effort: "extreme" }, "openai/o3", /reasoning_effort/],
    [{ name: "openai", thinking_budget: 10 }, "openai/o3", /thinking_budget is at least 1024 tokens/],
    [{ name: "local", baseURL: "http://127.0.0.1:1/v1", temprature: 0.2 }, "local/m", /Unrecognized key.*temprature/],
    [{ name: "local" }, "local/m", /Provider local in ANALYSTBENCH_MODELS_FILE has no baseURL/],
  ])("refuses %j with one sentence naming the setting", (provider, model, message) => {
    const file = modelsFile([provider]);
    const problem = checkModel(model, {
      env: { OPENAI_API_KEY: "k", ANTHROPIC_API_KEY: "k", ANALYSTBENCH_MODELS_FILE: file },
    });
    expect(problem).toMatch(message);
    expect(problem!.split(/(?<=\.)\s+(?=[A-Z])/).length).toBeLessThanOrEqual(2);
  });

  describe("sent on the wire", () => {
    let fake: FakeOpenAI | undefined;
    afterEach(async () => {
      await fake?.close();
      fake = undefined;
    });

    it("sends a router's extra body (provider pinning, fallbacks off), headers and settings, and records them", async () => {
      fake = await startFakeOpenAI({ script: [{ kind: "reply", content: "ok" }] });
      const pin = { order: ["together"], allow_fallbacks: false };
      const file = modelsFile([
        {
          name: "router",
          baseURL: fake.url,
          apiKeyEnv: "ROUTER_KEY",
          headers: { "X-Title": "AnalystBench" },
          extra_body: { provider: pin },
          models: [{ id: "llama-70b", temperature: 0.2, max_output_tokens: 900, reasoning_effort: "low" }],
        },
      ]);
      const client = createModelClient("router/llama-70b", findCase("s1-dmz")!.samples[0]!, {
        env: { ROUTER_KEY: "secret", ANALYSTBENCH_MODELS_FILE: file },
      });
      const reply = await client.complete(
        { messages: [{ id: "u", role: "user", content: "hi" }], tools: [] },
        new AbortController().signal,
      );
      const sent = fake.requests[0]!;
      expect(sent.body).toMatchObject({
        model: "llama-70b",
        provider: pin,
        temperature: 0.2,
        max_tokens: 900,
        reasoning_effort: "low",
      });
      expect(sent.headers["x-title"]).toBe("AnalystBench");
      expect(sent.headers.authorization).toBe("Bearer secret");
      expect(reply.provenance).toMatchObject({
        api: "chat",
        provider: "router",
        requestedModel: "llama-70b",
        settings: { temperature: 0.2, maxOutputTokens: 900, reasoningEffort: "low" },
        priceSource: null,
        retries: 0,
      });
      expect(reply.provenance!.requestSha256).toMatch(/^[0-9a-f]{64}$/);
      expect(reply.usage.costUsd).toBeNull();
      // A request's own temperature overrides the configured one.
      fake.script.push({ kind: "reply", content: "ok" });
      await client.complete(
        { messages: [{ id: "u", role: "user", content: "hi" }], tools: [], temperature: 0 },
        new AbortController().signal,
      );
      expect(fake.requests[1]!.body.temperature).toBe(0);
    });
  });
});

describe("the configured models", () => {
  it("lists built-ins, the vendors' models and the file's, with API, key presence and price, never the key", () => {
    const file = modelsFile([{ name: "ollama", baseURL: "http://127.0.0.1:11434/v1", models: ["llama3.1:8b"] }]);
    const models = listConfiguredModels({
      env: { ANTHROPIC_API_KEY: "sk-ant-secret", ANALYSTBENCH_MODELS_FILE: file },
    });
    const by = (name: string) => models.find((m) => m.name === name);
    expect(by("builtin/reference")).toMatchObject({ api: "builtin", problem: null });
    expect(by("anthropic/claude-sonnet-4-5")).toMatchObject({
      api: "anthropic",
      keyPresent: true,
      priced: true,
      problem: null,
    });
    expect(by("openai/gpt-5")).toMatchObject({
      api: "responses",
      keyEnv: "OPENAI_API_KEY",
      keyPresent: false,
      priced: true,
    });
    expect(by("openai/gpt-5")!.problem).toMatch(/OPENAI_API_KEY is not set/);
    expect(by("ollama/llama3.1:8b")).toMatchObject({
      api: "chat",
      keyEnv: null,
      keyPresent: true,
      priced: false,
      problem: null,
    });
    expect(JSON.stringify(models)).not.toContain("sk-ant-secret");
  });

  it("shows a broken models file as every provider model's problem instead of throwing", () => {
    const file = path.join(dir, "broken.json");
    writeFileSync(file, "{ not json");
    const models = listConfiguredModels({ env: { ANALYSTBENCH_MODELS_FILE: file } });
    expect(models.find((m) => m.name === "builtin/reference")!.problem).toBeNull();
    expect(models.find((m) => m.name === "openai/gpt-5")!.problem).toMatch(/cannot be read as JSON/);
  });
});

describe("waiting before a retry", () => {
  const headers = (h: Record<string, string>) => ({ get: (k: string) => h[k] ?? null });
  const policy = { maxRetries: 3, baseDelayMs: 100, maxDelayMs: 60_000 };
  it("waits for an exhausted rate limit to reset when no retry-after is given", () => {
    const now = () => Date.parse("2026-11-25T12:00:00Z");
    expect(
      retryDelayMs(
        0,
        policy,
        () => 0.5,
        headers({ "x-ratelimit-remaining-requests": "0", "x-ratelimit-reset-requests": "1.5s" }),
        now,
      ),
    ).toBe(1500);
    expect(
      retryDelayMs(
        0,
        policy,
        () => 0.5,
        headers({ "x-ratelimit-remaining-tokens": "0", "x-ratelimit-reset-tokens": "6m0s" }),
        now,
      ),
    ).toBe(60_000);
    expect(
      retryDelayMs(
        0,
        policy,
        () => 0.5,
        headers({ "x-ratelimit-remaining-tokens": "0", "x-ratelimit-reset-tokens": "20ms" }),
        now,
      ),
    ).toBe(20);
    expect(
      retryDelayMs(
        0,
        policy,
        () => 0.5,
        headers({
          "anthropic-ratelimit-tokens-remaining": "0",
          "anthropic-ratelimit-tokens-reset": "2026-11-25T12:00:07Z",
        }),
        now,
      ),
    ).toBe(7000);
    // A limit not exhausted says nothing about when to retry: backoff with jitter.
    expect(
      retryDelayMs(
        0,
        policy,
        () => 0.5,
        headers({ "x-ratelimit-remaining-requests": "12", "x-ratelimit-reset-requests": "9s" }),
        now,
      ),
    ).toBe(75);
    // retry-after wins over the reset headers.
    expect(
      retryDelayMs(
        0,
        policy,
        () => 0.5,
        headers({ "retry-after": "2", "x-ratelimit-remaining-requests": "0", "x-ratelimit-reset-requests": "9s" }),
        now,
      ),
    ).toBe(2000);
  });
});

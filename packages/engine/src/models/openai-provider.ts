import OpenAI, { APIConnectionError, APIError, APIUserAbortError } from "openai";
import type {
  ChatCompletionChunk,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from "openai/resources/chat/completions";
import type { ChatMessage, ToolCallRecord, Usage } from "../types";
import {
  estimateTokens,
  ModelCallError,
  parseToolArguments,
  type ModelClient,
  type ModelReply,
  type ModelRequest,
} from "./model-client";
import { DEFAULT_RETRY, retryDelayMs, sleep as realSleep, type RetryPolicy } from "./retry";

/**
 * A model behind the OpenAI chat-completions API: OpenAI itself or any compatible server
 * (Ollama, vLLM, LM Studio, gateways). Calls stream, so the console can show text as it comes.
 * Retries are ours, not the SDK's, so a stream dropped halfway is retried like a 500.
 */
export interface OpenAIProviderOptions {
  /** provider/model as the platform names it. */
  name: string;
  /** The model id the server knows. */
  model: string;
  baseURL: string;
  apiKey: string;
  /** Per-attempt timeout. */
  timeoutMs?: number;
  retry?: RetryPolicy;
  /** USD per million input and output tokens, when known. */
  pricing?: { input: number; output: number } | null;
  stream?: boolean;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

/** Statuses a retry can fix: rate limits, timeouts, conflicts and server errors. */
const RETRYABLE_STATUS = (s: number) => s === 408 || s === 409 || s === 429 || s >= 500;

function toOpenAIMessages(messages: ChatMessage[]): ChatCompletionMessageParam[] {
  return messages.map((m): ChatCompletionMessageParam => {
    switch (m.role) {
      case "system":
        return { role: "system", content: m.content };
      case "user":
        return { role: "user", content: m.content };
      case "assistant":
        return {
          role: "assistant",
          content: m.content || null,
          ...(m.toolCalls.length
            ? {
                tool_calls: m.toolCalls.map((c) => ({
                  id: c.id,
                  type: "function" as const,
                  function: { name: c.name, arguments: c.rawArguments },
                })),
              }
            : {}),
        };
      case "tool":
        return { role: "tool", tool_call_id: m.toolCallId, content: m.content };
    }
  });
}

function finishReason(raw: string | null | undefined): ModelReply["finishReason"] {
  return raw === "stop" || raw === "tool_calls" || raw === "length" || raw === "content_filter"
    ? raw
    : raw === "function_call"
      ? "tool_calls"
      : "unknown";
}

function describeError(e: unknown): string {
  if (e instanceof APIError && e.status) return `the model server answered ${e.status}: ${e.message}`;
  if (e instanceof APIConnectionError) return `the model server could not be reached (${e.message})`;
  return (e as Error).message;
}

export function createOpenAIClient(opts: OpenAIProviderOptions): ModelClient {
  const client = new OpenAI({
    apiKey: opts.apiKey,
    baseURL: opts.baseURL,
    maxRetries: 0,
    timeout: opts.timeoutMs ?? 120_000,
  });
  const retry = opts.retry ?? DEFAULT_RETRY;
  const pause = opts.sleep ?? realSleep;
  const random = opts.random ?? Math.random;
  const useStream = opts.stream ?? true;

  const cost = (u: Omit<Usage, "costUsd">): number | null =>
    opts.pricing ? (u.inputTokens * opts.pricing.input + u.outputTokens * opts.pricing.output) / 1_000_000 : null;

  async function attempt(request: ModelRequest, signal: AbortSignal): Promise<Omit<ModelReply, "retries">> {
    const tools: ChatCompletionTool[] = request.tools.map((t) => ({
      type: "function",
      function: { name: t.name, description: t.description, parameters: t.parameters },
    }));
    const body = {
      model: opts.model,
      messages: toOpenAIMessages(request.messages),
      ...(tools.length ? { tools, parallel_tool_calls: true } : {}),
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      ...(request.maxOutputTokens ? { max_tokens: request.maxOutputTokens } : {}),
    };
    let content = "";
    const calls = new Map<number, { id: string; name: string; args: string }>();
    let finish: string | null | undefined;
    let usage: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } | undefined;

    if (useStream) {
      const stream = await client.chat.completions.create(
        { ...body, stream: true, stream_options: { include_usage: true } },
        { signal },
      );
      for await (const chunk of stream as AsyncIterable<ChatCompletionChunk>) {
        if (chunk.usage) usage = chunk.usage;
        const choice = chunk.choices[0];
        if (!choice) continue;
        if (choice.delta.content) {
          content += choice.delta.content;
          request.onText?.(choice.delta.content);
        }
        for (const tc of choice.delta.tool_calls ?? []) {
          const slot = calls.get(tc.index) ?? { id: "", name: "", args: "" };
          if (tc.id) slot.id = tc.id;
          if (tc.function?.name) slot.name += tc.function.name;
          if (tc.function?.arguments) slot.args += tc.function.arguments;
          calls.set(tc.index, slot);
        }
        if (choice.finish_reason) finish = choice.finish_reason;
      }
      // A stream that ends without a finish reason was cut off: treat it like a dropped connection.
      if (!finish) throw new APIConnectionError({ message: "the response stream ended before the model finished" });
    } else {
      const r = await client.chat.completions.create(body, { signal });
      const choice = r.choices[0];
      if (!choice) throw new ModelCallError("the model server returned no choices", 0);
      content = choice.message.content ?? "";
      (choice.message.tool_calls ?? []).forEach((tc, i) => {
        if (tc.type === "function") calls.set(i, { id: tc.id, name: tc.function.name, args: tc.function.arguments });
      });
      finish = choice.finish_reason;
      usage = r.usage ?? undefined;
    }

    const toolCalls: ToolCallRecord[] = [...calls.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([index, c]) => {
        const parsed = parseToolArguments(c.args);
        return {
          id: c.id || `call_${index}`,
          name: c.name,
          arguments: parsed.args,
          rawArguments: c.args,
          parseError: parsed.error,
        };
      });
    const inputTokens = usage?.prompt_tokens ?? estimateTokens(JSON.stringify(body.messages));
    const outputTokens =
      usage?.completion_tokens ?? estimateTokens(content + toolCalls.map((c) => c.rawArguments).join(""));
    const counted = { inputTokens, outputTokens, totalTokens: usage?.total_tokens ?? inputTokens + outputTokens };
    return { content, toolCalls, finishReason: finishReason(finish), usage: { ...counted, costUsd: cost(counted) } };
  }

  return {
    name: opts.name,
    baseUrl: opts.baseURL,
    async complete(request, signal) {
      for (let retries = 0; ; retries++) {
        try {
          return { ...(await attempt(request, signal)), retries };
        } catch (e) {
          if (signal.aborted || e instanceof APIUserAbortError)
            throw new ModelCallError("the run was cancelled", retries);
          if (e instanceof ModelCallError) throw e;
          const status = e instanceof APIError && typeof e.status === "number" ? e.status : null;
          const retryable =
            status === null
              ? e instanceof APIConnectionError ||
                e instanceof TypeError ||
                /terminated|socket|ECONNRESET|aborted/i.test(String(e))
              : RETRYABLE_STATUS(status);
          if (!retryable) throw new ModelCallError(describeError(e), retries, status);
          if (retries >= retry.maxRetries)
            throw new ModelCallError(`${describeError(e)} — gave up after ${retries + 1} attempts`, retries, status);
          const headers =
            e instanceof APIError ? (e.headers as { get(name: string): string | null } | undefined) : undefined;
          await pause(retryDelayMs(retries, retry, random, headers), signal);
        }
      }
    },
  };
}

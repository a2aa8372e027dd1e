import OpenAI, { APIConnectionError } from "openai";
import type {
  ChatCompletionChunk,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from "openai/resources/chat/completions";
import type { CallSettings, ChatMessage } from "../types";
import {
  readStreamWithinBudget,
  sdkClientOptions,
  sdkRequestOptions,
  type AdapterOptions,
  type ApiAdapter,
  type AttemptInput,
  type AttemptOutput,
} from "./call-loop";
import {
  estimateTokens,
  ModelCallError,
  toolCallsInOrder,
  type FunctionTool,
  type ModelReply,
  type ModelRequest,
} from "./model-client";
import type { ReplyBudget } from "./reply-budget";
import { ConversationJson } from "./conversation-json";
import { openAIStreamEvents } from "./openai-stream";
import { postForStream } from "./sse-events";

/**
 * The OpenAI Chat Completions wire format: OpenAI itself or any compatible server (Ollama, vLLM,
 * LM Studio, gateways such as OpenRouter). Calls stream, so the console can show text as it
 * comes; a stream dropped halfway is retried like a 500 by the call loop.
 */
function toOpenAIMessages(messages: ChatMessage[]): ChatCompletionMessageParam[] {
  return messages.map(toOpenAIMessage);
}

function toOpenAIMessage(m: ChatMessage): ChatCompletionMessageParam {
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
}

/** Each message's JSON on the wire, made once per message (see ConversationJson). */
const conversationJson = new ConversationJson((m) => JSON.stringify(toOpenAIMessage(m)));

const toOpenAITool = (t: FunctionTool): ChatCompletionTool => ({
  type: "function",
  function: { name: t.name, description: t.description, parameters: t.parameters },
});

/** What a request sends but its messages and tools (see requestHead). */
type BodyHead = Omit<ChatCompletionCreateParamsNonStreaming, "messages">;

/**
 * A streamed request's body as JSON text: the head, then the messages (already JSON), then the
 * tools. The head's own keys for these give way to ours, as they did when the body was one object
 * with ours spread last.
 */
function streamBodyText(head: BodyHead, messages: string, tools: FunctionTool[]): string {
  const { messages: _m, ...rest } = head as BodyHead & { messages?: unknown };
  const own: Record<string, unknown> = { ...rest, stream: true, stream_options: { include_usage: true } };
  if (tools.length) {
    delete own.tools;
    delete own.parallel_tool_calls;
  }
  const start = JSON.stringify(own).slice(0, -1);
  const toolsText = tools.length
    ? `,"tools":${JSON.stringify(tools.map(toOpenAITool))},"parallel_tool_calls":true`
    : "";
  return `${start},"messages":${messages}${toolsText}}`;
}

function finishReason(raw: string | null | undefined): ModelReply["finishReason"] {
  return raw === "stop" || raw === "tool_calls" || raw === "length" || raw === "content_filter"
    ? raw
    : raw === "function_call"
      ? "tool_calls"
      : "unknown";
}

/** A reply as it is assembled from a stream's deltas or a whole message, within the byte budget. */
interface Draft {
  content: string;
  calls: Map<number, { id: string; name: string; args: string }>;
  finish: string | null | undefined;
  usage: OpenAI.CompletionUsage | undefined;
  model: string | null;
  fingerprint: string | null;
  tier: string | null;
  budget: ReplyBudget;
}

type Delta = {
  content?: string | null;
  refusal?: string | null;
  tool_calls?: { index: number; id?: string; function?: { name?: string; arguments?: string } }[];
};

/** Adds a delta's text and tool-call fragments to the draft, as far as the budget allows. */
function addDelta(draft: Draft, delta: Delta, onText?: (text: string) => void): void {
  for (const piece of [delta.content, delta.refusal]) {
    if (!piece) continue;
    const text = draft.budget.take(piece);
    draft.content += text;
    if (text) onText?.(text);
  }
  for (const tc of delta.tool_calls ?? []) {
    const slot = draft.calls.get(tc.index) ?? { id: "", name: "", args: "" };
    if (tc.id) slot.id = tc.id;
    if (tc.function?.name) slot.name += draft.budget.take(tc.function.name);
    if (tc.function?.arguments) slot.args += draft.budget.take(tc.function.arguments);
    draft.calls.set(tc.index, slot);
  }
}

/** Notes who answered, from any chunk or whole reply that says. */
function noteOrigin(
  draft: Draft,
  r: { model?: string; system_fingerprint?: string | null; service_tier?: string | null },
) {
  if (r.model) draft.model = r.model;
  if (r.system_fingerprint) draft.fingerprint = r.system_fingerprint;
  if (r.service_tier) draft.tier = r.service_tier;
}

export function chatCompletionsAdapter(opts: AdapterOptions): ApiAdapter {
  const { settings } = opts;

  /** Everything a request sends but its messages and tools. */
  function requestHead(request: ModelRequest): BodyHead {
    const temperature = request.temperature ?? settings.temperature;
    const maxTokens = request.maxOutputTokens ?? settings.maxOutputTokens;
    return {
      ...opts.extraBody,
      model: opts.model,
      ...(temperature !== undefined ? { temperature } : {}),
      ...(maxTokens ? { max_tokens: maxTokens } : {}),
      ...(settings.reasoningEffort
        ? { reasoning_effort: settings.reasoningEffort as ChatCompletionCreateParamsNonStreaming["reasoning_effort"] }
        : {}),
    };
  }

  /** What was actually sent, for the record. */
  const sentSettings = (body: BodyHead): CallSettings => ({
    ...(typeof body.temperature === "number" ? { temperature: body.temperature } : {}),
    ...(body.max_tokens ? { maxOutputTokens: body.max_tokens } : {}),
    ...(body.reasoning_effort ? { reasoningEffort: body.reasoning_effort } : {}),
  });

  /**
   * Reads a streamed reply into the draft. Stops reading once the budget is spent: leaving the
   * loop cancels the body, so the rest is never received. The body goes out as text made from
   * each message's stored JSON (see ConversationJson), and is read as openai-stream.ts says.
   */
  async function readStream(client: OpenAI, head: BodyHead, messages: string, draft: Draft, input: AttemptInput) {
    const { tools } = input.request;
    const response = await postForStream(
      client,
      "/chat/completions",
      streamBodyText(head, messages, tools),
      opts,
      input,
    );
    await readStreamWithinBudget(
      openAIStreamEvents<ChatCompletionChunk>(response),
      (chunk) => {
        noteOrigin(draft, chunk);
        if (chunk.usage) draft.usage = chunk.usage;
        const choice = chunk.choices[0];
        if (!choice) return;
        addDelta(draft, choice.delta, input.request.onText);
        if (choice.finish_reason && !draft.budget.exhausted) draft.finish = choice.finish_reason;
      },
      input,
      () => Boolean(draft.finish),
      (message) => new APIConnectionError({ message }),
    );
  }

  /** Reads a whole (non-streamed) reply into the draft; the wire guard refuses an oversized body. */
  async function readCompletion(client: OpenAI, head: BodyHead, draft: Draft, input: AttemptInput) {
    const { messages, tools } = input.request;
    const body: ChatCompletionCreateParamsNonStreaming = {
      ...head,
      messages: toOpenAIMessages(messages),
      ...(tools.length ? { tools: tools.map(toOpenAITool), parallel_tool_calls: true } : {}),
      // Over an extra body's own `stream`, which would have the whole reply come as events.
      stream: false,
    };
    const r = await client.chat.completions.create(body, sdkRequestOptions(opts, input));
    noteOrigin(draft, r);
    const choice = r.choices[0];
    if (!choice) throw new ModelCallError("the model server returned no choices", 0);
    addDelta(draft, {
      content: choice.message.content,
      refusal: choice.message.refusal,
      tool_calls: (choice.message.tool_calls ?? []).flatMap((tc, index) =>
        tc.type === "function" ? [{ index, id: tc.id, function: tc.function }] : [],
      ),
    });
    draft.finish = choice.finish_reason;
    draft.usage = r.usage ?? undefined;
  }

  /** The attempt's outcome; `messages` is the request's messages as JSON, for a server that does not count tokens. */
  function toOutput(draft: Draft, head: BodyHead, messages: () => string): AttemptOutput {
    const toolCalls = toolCallsInOrder(draft.calls);
    const { content, usage } = draft;
    const inputTokens = usage?.prompt_tokens ?? estimateTokens(messages());
    const outputTokens =
      usage?.completion_tokens ?? estimateTokens(content + toolCalls.map((c) => c.rawArguments).join(""));
    const cached = usage?.prompt_tokens_details?.cached_tokens;
    const reasoning = usage?.completion_tokens_details?.reasoning_tokens;
    return {
      content,
      toolCalls,
      finishReason: finishReason(draft.finish),
      usage: {
        inputTokens,
        outputTokens,
        totalTokens: usage?.total_tokens ?? inputTokens + outputTokens,
        ...(cached ? { cachedInputTokens: cached } : {}),
        ...(reasoning ? { reasoningTokens: reasoning } : {}),
      },
      modelId: draft.model,
      systemFingerprint: draft.fingerprint,
      serviceTier: draft.tier,
      settings: sentSettings(head),
    };
  }

  /** One client for every attempt (see sdkClientOptions). */
  const client = new OpenAI(sdkClientOptions(opts));

  return {
    api: "chat",
    async attempt(input) {
      const head = requestHead(input.request);
      // The messages as JSON, as sent in a stream's body (and counted when the server does not).
      const messages = () => conversationJson.of(input.request.messages);
      const draft: Draft = {
        content: "",
        calls: new Map(),
        finish: undefined,
        usage: undefined,
        model: null,
        fingerprint: null,
        tier: null,
        budget: input.budget,
      };
      if (input.stream) {
        const sent = messages();
        await readStream(client, head, sent, draft, input);
        return toOutput(draft, head, () => sent);
      }
      await readCompletion(client, head, draft, input);
      return toOutput(draft, head, messages);
    },
  };
}

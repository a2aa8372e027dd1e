import OpenAI, { APIConnectionError } from "openai";
import type {
  FunctionTool,
  Response,
  ResponseCreateParamsNonStreaming,
  ResponseFunctionToolCall,
  ResponseInputItem,
  ResponseReasoningItem,
  ResponseStreamEvent,
  ResponseUsage,
} from "openai/resources/responses/responses";
import type { ReasoningEffort } from "openai/resources/shared";
import type { CallSettings, ChatMessage, ToolCallRecord } from "../types";
import {
  readStreamWithinBudget,
  sdkClientOptions,
  sdkRequestOptions,
  type AdapterOptions,
  type ApiAdapter,
  type AttemptInput,
  type AttemptOutput,
} from "./call-loop";
import { estimateTokens, toolCallsInOrder, type ModelReply, type ModelRequest } from "./model-client";
import { openAIStreamEvents } from "./openai-stream";
import { postForStream } from "./sse-events";
import { StreamFailedError, TRANSIENT_ERROR_TYPE } from "./provider-errors";
import type { ReplyBudget } from "./reply-budget";

/**
 * The OpenAI Responses API, used statelessly: nothing is kept at OpenAI (`store: false`), so every
 * call sends the whole conversation. A reasoning model's reasoning comes back as encrypted items;
 * sending them back unchanged with the next call lets it keep reasoning across tool calls. A
 * failure reported inside a stream as an event of its own (an `error` event with no nested
 * `error`, `response.failed`) is no error to the stream reader (openai-stream.ts), so this adapter
 * raises StreamFailedError itself, retryable when the provider calls it transient.
 */

const isReasoning = (item: { type: string }): item is ResponseReasoningItem => item.type === "reasoning";

/** An assistant turn as input items: its reasoning first, as received, then its text and calls. */
function assistantItems(m: Extract<ChatMessage, { role: "assistant" }>): ResponseInputItem[] {
  const replayed = m.replay?.api === "responses" ? (m.replay.items as ResponseReasoningItem[]) : [];
  return [
    ...replayed,
    ...(m.content ? [{ role: "assistant" as const, content: m.content }] : []),
    // No `id`: without storage OpenAI cannot resolve item ids, save a reasoning item's (it carries its content).
    ...m.toolCalls.map((c): ResponseFunctionToolCall => ({
      type: "function_call",
      call_id: c.id,
      name: c.name,
      arguments: c.rawArguments,
    })),
  ];
}

/** The conversation as `instructions` (the system messages) and input items (the rest). */
function toInput(messages: ChatMessage[]): { instructions: string | undefined; input: ResponseInputItem[] } {
  const system = messages.flatMap((m) => (m.role === "system" ? [m.content] : []));
  const input = messages.flatMap((m): ResponseInputItem[] => {
    switch (m.role) {
      case "system":
        return [];
      case "user":
        return [{ role: "user", content: m.content }];
      case "assistant":
        return assistantItems(m);
      case "tool":
        return [{ type: "function_call_output", call_id: m.toolCallId, output: m.content }];
    }
  });
  return { instructions: system.length ? system.join("\n\n") : undefined, input };
}

/** A reply as it is assembled from a stream's events or a whole response, within the byte budget. */
interface Draft {
  content: string;
  refused: boolean;
  /** Function calls by output index, so they keep the order the model made them in. */
  calls: Map<number, { id: string; name: string; args: string }>;
  reasoning: ResponseReasoningItem[];
  /** How the response ended; null until it has. */
  status: "completed" | "incomplete" | null;
  incomplete: string | null;
  usage: ResponseUsage | undefined;
  model: string | null;
  tier: string | null;
  budget: ReplyBudget;
  /** For the reasoning items, which go back whole or not at all. */
  reasoningBudget: ReplyBudget;
}

function addText(draft: Draft, piece: string, onText?: (text: string) => void): void {
  const text = draft.budget.take(piece);
  draft.content += text;
  if (text) onText?.(text);
}

/** Starts a function call (with whatever arguments it already carries). */
function openCall(draft: Draft, index: number, item: ResponseFunctionToolCall): void {
  const name = draft.budget.take(item.name);
  draft.calls.set(index, { id: item.call_id, name, args: "" });
  if (item.arguments) addArguments(draft, index, item.arguments);
}

function addArguments(draft: Draft, index: number, piece: string): void {
  const slot = draft.calls.get(index);
  if (slot) slot.args += draft.budget.take(piece);
}

/** Notes who answered, from any response object that says. */
function noteOrigin(draft: Draft, r: Pick<Response, "model" | "service_tier">): void {
  if (r.model) draft.model = r.model;
  if (r.service_tier) draft.tier = r.service_tier;
}

/** Takes what only the finished response has: how it ended, its usage and its reasoning items. */
function settle(draft: Draft, r: Response, status: "completed" | "incomplete"): void {
  noteOrigin(draft, r);
  draft.status = status;
  draft.incomplete = r.incomplete_details?.reason ?? null;
  draft.usage = r.usage;
  // Kept exactly as received (the encrypted content is only valid unchanged), and only whole:
  // reasoning beyond its budget cuts the reply instead.
  const reasoning = r.output.filter(isReasoning);
  draft.reasoning = reasoning.length && draft.reasoningBudget.fits(JSON.stringify(reasoning)) ? reasoning : [];
}

/** A failure the provider reported in a response it had started; transient ones are retried. */
function reportedFailure(what: string, error: { code?: string | null; message?: string } | null | undefined) {
  const code = error?.code ?? "";
  const said = error?.message || "no details given";
  return new StreamFailedError(
    `the model server reported ${what}${code ? ` (${code})` : ""}: ${said}`,
    TRANSIENT_ERROR_TYPE.test(code),
  );
}

/** Adds one streamed event to the draft; throws for the events that report a failure. */
function addEvent(draft: Draft, event: ResponseStreamEvent, onText?: (text: string) => void): void {
  switch (event.type) {
    case "response.created":
      return noteOrigin(draft, event.response);
    case "response.output_text.delta":
      return addText(draft, event.delta, onText);
    case "response.refusal.delta":
      draft.refused = true;
      return addText(draft, event.delta, onText);
    case "response.output_item.added":
      if (event.item.type === "function_call") openCall(draft, event.output_index, event.item);
      return;
    case "response.function_call_arguments.delta":
      return addArguments(draft, event.output_index, event.delta);
    case "response.completed":
      return settle(draft, event.response, "completed");
    case "response.incomplete":
      return settle(draft, event.response, "incomplete");
    case "response.failed":
      throw reportedFailure("a failed response", event.response.error);
    case "error":
      throw reportedFailure("an error", event);
  }
}

/** Adds a whole (non-streamed) response to the draft, item by item in the model's order. */
function addResponse(draft: Draft, r: Response): void {
  if (r.status === "failed") throw reportedFailure("a failed response", r.error);
  r.output.forEach((item, index) => {
    if (item.type === "function_call") openCall(draft, index, item);
    if (item.type !== "message") return;
    for (const part of item.content) {
      if (part.type === "refusal") draft.refused = true;
      addText(draft, part.type === "refusal" ? part.refusal : part.text);
    }
  });
  settle(draft, r, r.status === "incomplete" ? "incomplete" : "completed");
}

function finishReason(draft: Draft, toolCalls: number): ModelReply["finishReason"] {
  if (toolCalls) return "tool_calls";
  if (draft.status === "incomplete")
    return draft.incomplete === "max_output_tokens"
      ? "length"
      : draft.incomplete === "content_filter"
        ? "content_filter"
        : "unknown";
  if (draft.refused) return "content_filter";
  return draft.status === "completed" ? "stop" : "unknown";
}

/** Usage as the platform counts it: OpenAI's input and output counts already include cached and reasoning tokens. */
function usageOf(draft: Draft, body: ResponseCreateParamsNonStreaming, toolCalls: ToolCallRecord[]) {
  const { usage } = draft;
  const sent = (body.instructions ?? "") + JSON.stringify(body.input);
  const inputTokens = usage?.input_tokens ?? estimateTokens(sent);
  const outputTokens =
    usage?.output_tokens ?? estimateTokens(draft.content + toolCalls.map((c) => c.rawArguments).join(""));
  // The details are optional in practice: compatible servers leave them out.
  const cached = usage?.input_tokens_details?.cached_tokens;
  const written = usage?.input_tokens_details?.cache_write_tokens;
  const reasoning = usage?.output_tokens_details?.reasoning_tokens;
  return {
    inputTokens,
    outputTokens,
    totalTokens: usage?.total_tokens ?? inputTokens + outputTokens,
    ...(cached ? { cachedInputTokens: cached } : {}),
    ...(written ? { cacheWriteTokens: written } : {}),
    ...(reasoning ? { reasoningTokens: reasoning } : {}),
  };
}

export function responsesAdapter(opts: AdapterOptions): ApiAdapter {
  const { settings } = opts;

  function requestBody(request: ModelRequest): ResponseCreateParamsNonStreaming {
    const tools: FunctionTool[] = request.tools.map((t) => ({
      type: "function",
      name: t.name,
      description: t.description,
      parameters: t.parameters,
      strict: false,
    }));
    const { instructions, input } = toInput(request.messages);
    const temperature = request.temperature ?? settings.temperature;
    const maxTokens = request.maxOutputTokens ?? settings.maxOutputTokens;
    return {
      ...opts.extraBody,
      model: opts.model,
      ...(instructions !== undefined ? { instructions } : {}),
      input,
      store: false,
      // Without storage, reasoning can only be carried to the next call in encrypted form.
      include: ["reasoning.encrypted_content"],
      ...(tools.length ? { tools, parallel_tool_calls: true } : {}),
      ...(temperature !== undefined ? { temperature } : {}),
      ...(maxTokens ? { max_output_tokens: maxTokens } : {}),
      ...(settings.reasoningEffort ? { reasoning: { effort: settings.reasoningEffort as ReasoningEffort } } : {}),
    };
  }

  /** What was actually sent, for the record. */
  const sentSettings = (body: ResponseCreateParamsNonStreaming): CallSettings => ({
    ...(typeof body.temperature === "number" ? { temperature: body.temperature } : {}),
    ...(body.max_output_tokens ? { maxOutputTokens: body.max_output_tokens } : {}),
    ...(body.reasoning?.effort ? { reasoningEffort: body.reasoning.effort } : {}),
  });

  /**
   * Reads a streamed reply into the draft (see openai-stream.ts). Stops reading once the budget
   * is spent: leaving the loop cancels the body, so the rest is never received.
   */
  async function readStream(client: OpenAI, body: ResponseCreateParamsNonStreaming, draft: Draft, input: AttemptInput) {
    const response = await postForStream(client, "/responses", JSON.stringify({ ...body, stream: true }), opts, input);
    await readStreamWithinBudget(
      openAIStreamEvents<ResponseStreamEvent>(response),
      (event) => addEvent(draft, event, input.request.onText),
      input,
      () => draft.status !== null,
      (message) => new APIConnectionError({ message }),
    );
  }

  /** Reads a whole (non-streamed) reply into the draft; the wire guard refuses an oversized body. */
  async function readResponse(
    client: OpenAI,
    body: ResponseCreateParamsNonStreaming,
    draft: Draft,
    input: AttemptInput,
  ) {
    addResponse(draft, await client.responses.create(body, sdkRequestOptions(opts, input)));
  }

  function toOutput(draft: Draft, body: ResponseCreateParamsNonStreaming): AttemptOutput {
    const toolCalls = toolCallsInOrder(draft.calls);
    return {
      content: draft.content,
      toolCalls,
      finishReason: finishReason(draft, toolCalls.length),
      usage: usageOf(draft, body, toolCalls),
      modelId: draft.model,
      systemFingerprint: null,
      serviceTier: draft.tier,
      settings: sentSettings(body),
      ...(draft.reasoning.length ? { replay: { api: "responses" as const, items: draft.reasoning } } : {}),
    };
  }

  /** One client for every attempt (see sdkClientOptions). */
  const client = new OpenAI(sdkClientOptions(opts));

  return {
    api: "responses",
    async attempt(input) {
      const body = requestBody(input.request);
      const draft: Draft = {
        content: "",
        refused: false,
        calls: new Map(),
        reasoning: [],
        status: null,
        incomplete: null,
        usage: undefined,
        model: null,
        tier: null,
        budget: input.budget,
        reasoningBudget: input.reasoningBudget,
      };
      if (input.stream) await readStream(client, body, draft, input);
      else await readResponse(client, body, draft, input);
      return toOutput(draft, body);
    },
  };
}

import Anthropic, { APIConnectionError, APIError } from "@anthropic-ai/sdk";
import type {
  ContentBlock,
  ContentBlockParam,
  MessageCreateParamsNonStreaming,
  MessageDeltaUsage,
  MessageParam,
  RawMessageStreamEvent,
  RedactedThinkingBlock,
  TextBlockParam,
  ThinkingBlock,
  Tool,
  ToolResultBlockParam,
  Usage as AnthropicUsage,
} from "@anthropic-ai/sdk/resources/messages";
import type { ErrorType } from "@anthropic-ai/sdk/resources/shared";
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
import { estimateTokens, toolCallRecord, type ModelReply, type ModelRequest } from "./model-client";
import type { ReplyBudget } from "./reply-budget";
import { postForStream, readEventBatches } from "./sse-events";

/**
 * Anthropic's Messages API, through the official SDK. Differences from Chat Completions that
 * shape this file: the system prompt is a top-level field; user and assistant turns must
 * alternate, so tool results travel as blocks of one user turn; thinking blocks must go back
 * unchanged (signature included) with the turn they came with; `max_tokens` is required; and
 * prompt caching is opt-in, by marking where the cacheable prefix ends.
 */

/** Anthropic refuses a request without `max_tokens`; this is enough for any analyst turn. */
const DEFAULT_MAX_TOKENS = 8192;

const EPHEMERAL = { type: "ephemeral" } as const;

/**
 * The request body. SDK 1.14 no longer declares `temperature` (deprecated by Anthropic); it is
 * still sent, as given, for models that take it, since the SDK passes the body through unchanged.
 */
type Body = MessageCreateParamsNonStreaming & { temperature?: number };

type AssistantMessage = Extract<ChatMessage, { role: "assistant" }>;
type ReplayBlock = ThinkingBlock | RedactedThinkingBlock;

const isReplayBlock = (item: unknown): item is ReplayBlock => {
  const type = (item as { type?: unknown } | null)?.type;
  return type === "thinking" || type === "redacted_thinking";
};

/** The thinking blocks a turn carried, exactly as they were received (a changed one is refused). */
function replayedThinking(m: AssistantMessage): ContentBlockParam[] {
  return m.replay?.api === "anthropic" ? m.replay.items.filter(isReplayBlock) : [];
}

function assistantBlocks(m: AssistantMessage): ContentBlockParam[] {
  return [
    ...replayedThinking(m),
    ...(m.content ? [{ type: "text" as const, text: m.content }] : []),
    // Arguments that did not parse were answered with an error; the call itself must still be an object.
    ...m.toolCalls.map((c) => ({ type: "tool_use" as const, id: c.id, name: c.name, input: c.arguments ?? {} })),
  ];
}

function toolResult(m: Extract<ChatMessage, { role: "tool" }>): ToolResultBlockParam {
  return {
    type: "tool_result",
    tool_use_id: m.toolCallId,
    ...(m.content ? { content: m.content } : {}),
    ...(m.error ? { is_error: true } : {}),
  };
}

/**
 * The conversation as alternating turns: consecutive tool results, and a user message right
 * after them, become one user turn; a message with nothing to send (empty text) is left out.
 */
function toAnthropicMessages(messages: ChatMessage[]): MessageParam[] {
  const turns: { role: "user" | "assistant"; content: ContentBlockParam[] }[] = [];
  const add = (role: "user" | "assistant", blocks: ContentBlockParam[]) => {
    if (!blocks.length) return;
    const last = turns.at(-1);
    if (last?.role === role) last.content.push(...blocks);
    else turns.push({ role, content: blocks });
  };
  for (const m of messages) {
    if (m.role === "user") add("user", m.content ? [{ type: "text", text: m.content }] : []);
    else if (m.role === "assistant") add("assistant", assistantBlocks(m));
    else if (m.role === "tool") add("user", [toolResult(m)]);
  }
  return turns;
}

function systemBlocks(messages: ChatMessage[]): TextBlockParam[] {
  const blocks = messages.flatMap((m) =>
    m.role === "system" && m.content ? [{ type: "text" as const, text: m.content }] : [],
  );
  return withCacheMark(blocks);
}

/**
 * Marks the last block as the end of a cacheable prefix. Three marks in all (system, tools,
 * conversation), within Anthropic's four. Thinking blocks cannot carry a mark, and replayed
 * blocks are never touched.
 */
function withCacheMark<T extends ContentBlockParam | Tool>(blocks: T[]): T[] {
  const last = blocks.at(-1);
  if (!last || isReplayBlock(last)) return blocks;
  return [...blocks.slice(0, -1), { ...last, cache_control: EPHEMERAL }];
}

function withConversationCacheMark(messages: MessageParam[]): MessageParam[] {
  const last = messages.at(-1);
  if (!last || typeof last.content === "string") return messages;
  return [...messages.slice(0, -1), { ...last, content: withCacheMark(last.content) } as MessageParam];
}

function finishReason(raw: string | null): ModelReply["finishReason"] {
  switch (raw) {
    case "end_turn":
    case "stop_sequence":
      return "stop";
    case "tool_use":
      return "tool_calls";
    case "max_tokens":
    case "model_context_window_exceeded":
      return "length";
    case "refusal":
      return "content_filter";
    default:
      // pause_turn (a server tool's long turn) and anything newer.
      return "unknown";
  }
}

/** One content block of the reply, by its index in the message. */
type Slot =
  | { kind: "text" }
  | { kind: "replay"; item: ReplayBlock }
  | { kind: "tool"; id: string; name: string; args: string }
  | { kind: "other" };

/** Token counts as the stream reports them: set by message_start, updated by message_delta. */
interface Counts {
  input: number;
  cacheRead: number;
  cacheWrite: number;
  output: number;
  thinking: number | null;
}

/** A reply as it is assembled from a stream's events or a whole message, within the byte budget. */
interface Draft {
  content: string;
  slots: Map<number, Slot>;
  stop: string | null;
  counts: Counts | null;
  model: string | null;
  tier: string | null;
  budget: ReplyBudget;
  /** For thinking blocks, which go back whole or not at all. */
  reasoningBudget: ReplyBudget;
}

function addText(draft: Draft, piece: string, onText?: (text: string) => void): void {
  if (!piece) return;
  const text = draft.budget.take(piece);
  draft.content += text;
  if (text) onText?.(text);
}

/** Opens a block. Thinking counts against the reasoning budget, text and tool calls against the reply's. */
function openSlot(draft: Draft, index: number, block: ContentBlock, onText?: (text: string) => void): void {
  switch (block.type) {
    case "text":
      draft.slots.set(index, { kind: "text" });
      addText(draft, block.text, onText);
      return;
    case "thinking":
      draft.slots.set(index, {
        kind: "replay",
        item: {
          type: "thinking",
          thinking: draft.reasoningBudget.take(block.thinking),
          signature: draft.reasoningBudget.take(block.signature),
        },
      });
      return;
    case "redacted_thinking":
      draft.slots.set(index, {
        kind: "replay",
        item: { type: "redacted_thinking", data: draft.reasoningBudget.take(block.data) },
      });
      return;
    case "tool_use":
      draft.slots.set(index, { kind: "tool", id: block.id, name: draft.budget.take(block.name), args: "" });
      return;
    default:
      draft.slots.set(index, { kind: "other" });
  }
}

/** Adds one block of a whole message: thinking kept exactly as received, tool input as sent. */
function addWholeBlock(draft: Draft, index: number, block: ContentBlock): void {
  if (isReplayBlock(block)) {
    if (draft.reasoningBudget.fits(JSON.stringify(block))) draft.slots.set(index, { kind: "replay", item: block });
    return;
  }
  openSlot(draft, index, block);
  const slot = draft.slots.get(index);
  if (slot?.kind === "tool" && block.type === "tool_use") slot.args = draft.budget.take(JSON.stringify(block.input));
}

function noteUsage(draft: Draft, u: AnthropicUsage | MessageDeltaUsage): void {
  const c = (draft.counts ??= { input: 0, cacheRead: 0, cacheWrite: 0, output: 0, thinking: null });
  // Every counter is a running total for the whole message: overwrite when present, never add.
  if (u.input_tokens != null) c.input = u.input_tokens;
  if (u.cache_read_input_tokens != null) c.cacheRead = u.cache_read_input_tokens;
  if (u.cache_creation_input_tokens != null) c.cacheWrite = u.cache_creation_input_tokens;
  c.output = u.output_tokens;
  if (u.output_tokens_details) c.thinking = u.output_tokens_details.thinking_tokens;
  if ("service_tier" in u && u.service_tier) draft.tier = u.service_tier;
}

/**
 * The events of a streamed reply, sent through the SDK's client (postForStream) and read here as
 * the SDK's stream read them, without its line decoder and web-stream iterator: events without
 * a name and pings are passed over; an `error` event (overloaded_error, api_error) fails the
 * reply with the SDK's APIError without a status, typed by its error, which the call loop
 * retries by; any other event with data is its JSON. A read that fails, an abort included,
 * fails the loop; the call loop says why. An event with a name but no data (`event: error` alone)
 * is none to eventsource-parser, as the event-stream format says, where the SDK raised it;
 * Anthropic's error events carry their error as data.
 */
function messageEvents(response: Response): AsyncGenerator<RawMessageStreamEvent[]> {
  return readEventBatches(response, (event) => {
    if (event.event === undefined || event.event === "ping") return undefined;
    if (event.event === "error") {
      // As the SDK made it: the data as JSON, or as it came when it is none (or JSON's null).
      const body = (parsedOrUndefined(event.data) ?? event.data) as { error?: { type?: ErrorType } };
      throw new APIError(undefined, body, undefined, response.headers, body.error?.type);
    }
    return event.data ? (JSON.parse(event.data) as RawMessageStreamEvent) : undefined;
  });
}

function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Adds one streamed event to the draft, as far as the budget allows. */
function addEvent(draft: Draft, event: RawMessageStreamEvent, onText?: (text: string) => void): void {
  switch (event.type) {
    case "message_start":
      draft.model = event.message.model;
      noteUsage(draft, event.message.usage);
      return;
    case "content_block_start":
      openSlot(draft, event.index, event.content_block, onText);
      return;
    case "content_block_delta": {
      const slot = draft.slots.get(event.index);
      const d = event.delta;
      if (d.type === "text_delta") addText(draft, d.text, onText);
      else if (d.type === "input_json_delta" && slot?.kind === "tool") slot.args += draft.budget.take(d.partial_json);
      else if (d.type === "thinking_delta" && slot?.kind === "replay" && slot.item.type === "thinking")
        slot.item.thinking += draft.reasoningBudget.take(d.thinking);
      else if (d.type === "signature_delta" && slot?.kind === "replay" && slot.item.type === "thinking")
        slot.item.signature = draft.reasoningBudget.take(d.signature);
      return;
    }
    case "message_delta":
      if (event.delta.stop_reason) draft.stop = event.delta.stop_reason;
      noteUsage(draft, event.usage);
      return;
    default:
      return;
  }
}

export function anthropicAdapter(opts: AdapterOptions): ApiAdapter {
  const { settings } = opts;

  function requestBody(request: ModelRequest): Body {
    const budget = settings.thinkingBudget;
    // Thinking tokens count toward max_tokens, so the default leaves the answer its own room.
    const maxTokens =
      request.maxOutputTokens ??
      settings.maxOutputTokens ??
      (budget ? budget + DEFAULT_MAX_TOKENS : DEFAULT_MAX_TOKENS);
    // Anthropic refuses a temperature when thinking is on.
    const temperature = budget ? undefined : (request.temperature ?? settings.temperature);
    const tools: Tool[] = request.tools.map((t) => ({
      name: t.name,
      description: t.description,
      input_schema: t.parameters as Tool.InputSchema,
    }));
    const system = systemBlocks(request.messages);
    return {
      ...opts.extraBody,
      model: opts.model,
      max_tokens: maxTokens,
      messages: withConversationCacheMark(toAnthropicMessages(request.messages)),
      ...(system.length ? { system } : {}),
      ...(tools.length ? { tools: withCacheMark(tools) } : {}),
      ...(budget ? { thinking: { type: "enabled" as const, budget_tokens: budget } } : {}),
      ...(temperature !== undefined ? { temperature } : {}),
    };
  }

  /** What was actually sent, for the record. */
  const sentSettings = (body: Body): CallSettings => ({
    ...(typeof body.temperature === "number" ? { temperature: body.temperature } : {}),
    maxOutputTokens: body.max_tokens,
    ...(body.thinking?.type === "enabled" ? { thinkingBudget: body.thinking.budget_tokens } : {}),
  });

  /**
   * Reads a streamed reply into the draft (see messageEvents). Stops reading once the budget is
   * spent: leaving the loop cancels the body, so the rest is never received.
   */
  async function readStream(client: Anthropic, body: Body, draft: Draft, input: AttemptInput) {
    // messages.create sends these two (from an extra body) as headers, not in the body.
    const { user_profile_id, workspace_id, ...sent } = body as Body & Record<string, unknown>;
    const fromBody = {
      ...(user_profile_id != null ? { "anthropic-user-profile-id": String(user_profile_id) } : {}),
      ...(workspace_id != null ? { "anthropic-workspace-id": String(workspace_id) } : {}),
    };
    const text = JSON.stringify({ ...sent, stream: true });
    const response = await postForStream(client, "/v1/messages", text, opts, input, fromBody);
    await readStreamWithinBudget(
      messageEvents(response),
      (event) => addEvent(draft, event, input.request.onText),
      input,
      () => draft.stop !== null,
      (message) => new APIConnectionError({ message }),
    );
  }

  /** Reads a whole (non-streamed) reply into the draft; the wire guard refuses an oversized body. */
  async function readMessage(client: Anthropic, body: Body, draft: Draft, input: AttemptInput) {
    // `stream` is pinned: extra body fields must not turn a whole reply into a stream.
    const r = await client.messages.create({ ...body, stream: false }, sdkRequestOptions(opts, input));
    draft.model = r.model;
    noteUsage(draft, r.usage);
    r.content.forEach((block, index) => addWholeBlock(draft, index, block));
    draft.stop = r.stop_reason;
  }

  function toOutput(draft: Draft, body: Body): AttemptOutput {
    const slots = [...draft.slots.entries()].sort((a, b) => a[0] - b[0]).map(([, s]) => s);
    const toolCalls: ToolCallRecord[] = slots.flatMap((s, i) => {
      if (s.kind !== "tool") return [];
      // A tool without parameters streams an empty input.
      const raw = s.args || "{}";
      return [toolCallRecord(s.id || `toolu_${i}`, s.name, raw)];
    });
    const replay = slots.flatMap((s) => (s.kind === "replay" ? [s.item] : []));
    const c = draft.counts;
    // Anthropic's input_tokens are the uncached ones only; ours include the cache's.
    const inputTokens = c ? c.input + c.cacheRead + c.cacheWrite : estimateTokens(JSON.stringify(body.messages));
    const outputTokens = c?.output ?? estimateTokens(draft.content + toolCalls.map((t) => t.rawArguments).join(""));
    return {
      content: draft.content,
      toolCalls,
      finishReason: finishReason(draft.stop),
      usage: {
        inputTokens,
        outputTokens,
        totalTokens: inputTokens + outputTokens,
        ...(c?.cacheRead ? { cachedInputTokens: c.cacheRead } : {}),
        ...(c?.cacheWrite ? { cacheWriteTokens: c.cacheWrite } : {}),
        ...(c?.thinking ? { reasoningTokens: c.thinking } : {}),
      },
      modelId: draft.model,
      systemFingerprint: null,
      serviceTier: draft.tier,
      settings: sentSettings(body),
      ...(replay.length ? { replay: { api: "anthropic" as const, items: replay } } : {}),
    };
  }

  /** One client for every attempt (see sdkClientOptions). */
  const client = new Anthropic(sdkClientOptions(opts));

  return {
    api: "anthropic",
    async attempt(input) {
      const body = requestBody(input.request);
      const draft: Draft = {
        content: "",
        slots: new Map(),
        stop: null,
        counts: null,
        model: null,
        tier: null,
        budget: input.budget,
        reasoningBudget: input.reasoningBudget,
      };
      if (input.stream) await readStream(client, body, draft, input);
      else await readMessage(client, body, draft, input);
      return toOutput(draft, body);
    },
  };
}

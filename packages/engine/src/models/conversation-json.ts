import type { ChatMessage } from "../types";

/**
 * The JSON of each message of the conversations in flight, made once per message. A
 * conversation is sent whole every turn and grows by a few messages, so encoding all of it
 * again each turn was the largest part of building a request (the SDK's JSON.stringify, some
 * 0.15 ms of the main thread a call in a profile of bench:engine).
 *
 * Kept by conversation (its first message, each sample's own), for the most recent
 * `maxConversations` only: memory is that of the conversations in flight, not of every
 * transcript a run holds until its end. A message's JSON is reused only while every field it
 * was made from is the same, so one changed in place is encoded anew, never sent stale.
 */
export class ConversationJson {
  private readonly recent = new Map<ChatMessage, { made: unknown[][]; json: string[] }>();

  constructor(
    private readonly encode: (m: ChatMessage) => string,
    private readonly maxConversations = 512,
  ) {}

  /** The messages as one JSON array. */
  of(messages: ChatMessage[]): string {
    const first = messages[0];
    if (!first) return "[]";
    const known = this.recent.get(first);
    const made: unknown[][] = [];
    const json: string[] = [];
    messages.forEach((m, i) => {
      const from = madeFrom(m);
      const kept = known && i < known.json.length && same(known.made[i]!, from);
      made.push(from);
      json.push(kept ? known.json[i]! : this.encode(m));
    });
    // Most recent last, so the first key is the one used longest ago.
    this.recent.delete(first);
    this.recent.set(first, { made, json });
    if (this.recent.size > this.maxConversations) this.recent.delete(this.recent.keys().next().value!);
    return `[${json.join(",")}]`;
  }
}

/** Everything a message's JSON is made from: the message itself, and each field it shows. */
function madeFrom(m: ChatMessage): unknown[] {
  const from: unknown[] = [m, m.role, m.content];
  if (m.role === "tool") from.push(m.toolCallId);
  if (m.role === "assistant") for (const c of m.toolCalls) from.push(c.id, c.name, c.rawArguments);
  return from;
}

function same(a: unknown[], b: unknown[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

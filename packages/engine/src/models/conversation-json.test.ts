import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../types";
import { ConversationJson } from "./conversation-json";

/** A ConversationJson whose encodings are counted by message id. */
function counted(max?: number) {
  const encoded: string[] = [];
  const json = new ConversationJson((m) => {
    encoded.push(m.id);
    return JSON.stringify(m);
  }, max);
  return { json, encoded };
}

const conversation = (): ChatMessage[] => [
  { id: "s", role: "system", content: "You investigate." },
  { id: "u", role: "user", content: "Look." },
  {
    id: "a",
    role: "assistant",
    content: "",
    toolCalls: [{ id: "c1", name: "look", arguments: {}, rawArguments: "{}", parseError: null }],
    model: "m",
  },
  { id: "t", role: "tool", toolCallId: "c1", name: "look", content: "Nothing.", error: null },
];

describe("each message's JSON, made once per conversation in flight", () => {
  it("encodes only the messages a turn added, and gives what encoding them all gives", () => {
    const { json, encoded } = counted();
    const messages = conversation();
    expect(json.of(messages.slice(0, 2))).toBe(JSON.stringify(messages.slice(0, 2)));
    expect(json.of(messages)).toBe(JSON.stringify(messages));
    expect(json.of(messages)).toBe(JSON.stringify(messages));
    expect(encoded).toEqual(["s", "u", "a", "t"]);
    expect(json.of([])).toBe("[]");
  });

  it.each<[string, (m: ChatMessage[]) => void]>([
    ["its text replaced", (m) => (m[1]!.content = "Look again.")],
    [
      "a tool call added",
      (m) =>
        (m[2] as Extract<ChatMessage, { role: "assistant" }>).toolCalls.push({
          id: "c2",
          name: "x",
          arguments: {},
          rawArguments: "{}",
          parseError: null,
        }),
    ],
    [
      "a call's arguments changed",
      (m) => ((m[2] as Extract<ChatMessage, { role: "assistant" }>).toolCalls[0]!.rawArguments = '{"a":1}'),
    ],
    ["a call's id changed", (m) => ((m[2] as Extract<ChatMessage, { role: "assistant" }>).toolCalls[0]!.id = "c9")],
    [
      "a call's name changed",
      (m) => ((m[2] as Extract<ChatMessage, { role: "assistant" }>).toolCalls[0]!.name = "other"),
    ],
    ["the call it answers changed", (m) => ((m[3] as Extract<ChatMessage, { role: "tool" }>).toolCallId = "c9")],
    ["its role changed", (m) => ((m[1] as { role: string }).role = "system")],
    [
      "another message in its place",
      (m) => (m[3] = { id: "t2", role: "tool", toolCallId: "c1", name: "look", content: "Nothing.", error: null }),
    ],
  ])("encodes a message anew with %s, never sending it stale", (_, change) => {
    const { json, encoded } = counted();
    const messages = conversation();
    json.of(messages);
    change(messages);
    expect(json.of(messages)).toBe(JSON.stringify(messages));
    expect(encoded.length).toBe(5);
  });

  it("keeps only the conversations used most recently, so memory is that of the ones in flight", () => {
    const { json, encoded } = counted(2);
    const [one, two, three] = [conversation(), conversation(), conversation()];
    for (const c of [one, two, one, three]) json.of(c); // three pushes out two, used longer ago than one
    expect(encoded.length).toBe(12);
    json.of(one);
    json.of(three);
    expect(encoded.length).toBe(12);
    json.of(two);
    expect(encoded.length).toBe(16);
  });
});

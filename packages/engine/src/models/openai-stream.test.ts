import { APIError } from "openai";
import { describe, expect, it } from "vitest";
import { openAIStreamEvents } from "./openai-stream";

/** A response whose body arrives in exactly these pieces. */
function responseOf(pieces: string[]): Response {
  const left = pieces.map((p) => new TextEncoder().encode(p));
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const next = left.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(stream);
}

/** Every event read, in order, and the error that ended the reading (null when none did). */
async function readAll(pieces: string[]) {
  const seen: unknown[] = [];
  let failure: unknown = null;
  try {
    for await (const batch of openAIStreamEvents<unknown>(responseOf(pieces))) seen.push(...batch);
  } catch (e) {
    failure = e;
  }
  return { seen, failure };
}

describe("the JSON events of an OpenAI stream", () => {
  it("gives each read's events as one batch, JSON, and nothing after [DONE]", async () => {
    const batches: unknown[][] = [];
    const pieces = ['data: {"n":1}\n\ndata: {"n":2}\n\n', 'data: {"n":3}\n\ndata: [DONE]\n\ndata: {"n":4}\n\n'];
    for await (const batch of openAIStreamEvents<unknown>(responseOf(pieces))) batches.push(batch);
    expect(batches).toEqual([[{ n: 1 }, { n: 2 }], [{ n: 3 }]]);
  });

  it("passes over pings and the Assistants API's thread events", async () => {
    const { seen } = await readAll(['event: ping\n\nevent: thread.run\ndata: {"x":0}\n\ndata: {"n":1}\n\n']);
    expect(seen).toEqual([{ n: 1 }]);
  });

  it("gives the events before an error event, then fails with the SDK's error", async () => {
    const { seen, failure } = await readAll([
      'data: {"n":1}\n\ndata: {"n":2}\n\ndata: {"error":{"message":"overloaded"}}\n\ndata: {"n":3}\n\n',
    ]);
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    expect(failure).toBeInstanceOf(APIError);
  });

  it("gives the events before one that is not JSON, then fails", async () => {
    const { seen, failure } = await readAll(['data: {"n":1}\n\ndata: {not json\n\ndata: {"n":2}\n\n']);
    expect(seen).toEqual([{ n: 1 }]);
    expect(failure).toBeInstanceOf(SyntaxError);
  });
});

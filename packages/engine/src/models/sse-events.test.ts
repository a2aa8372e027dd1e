import { describe, expect, it } from "vitest";
import { serverSentEvents } from "./sse-events";

/** A body that arrives in exactly these pieces; `cancelled` says whether its reader gave up on it. */
function body(pieces: (string | Uint8Array)[]) {
  const state = { cancelled: false };
  const left = pieces.map((p) => (typeof p === "string" ? new TextEncoder().encode(p) : p));
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const next = left.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

async function dataOf(pieces: (string | Uint8Array)[]) {
  const out: { event?: string; data: string }[] = [];
  for await (const batch of serverSentEvents(new Response(body(pieces).stream)))
    for (const e of batch) out.push(e.event ? { event: e.event, data: e.data } : { data: e.data });
  return out;
}

describe("server-sent events of a streamed reply", () => {
  it("reads events however the network cut them, with every line ending and a character split in two", async () => {
    const e = new TextEncoder().encode("data: é\n\n"); // é is two bytes: [6] and [7]
    const events = await dataOf([
      "data: a\r",
      "\n\r\ndata: b\rdata: c\r\r: a comment\n\nevent: note\ndata:d\n",
      "\n",
      e.subarray(0, 7),
      e.subarray(7),
      'data: {"x":1}\n\ndata: not ended',
    ]);
    expect(events).toEqual([
      { data: "a" },
      { data: "b\nc" },
      { event: "note", data: "d" },
      { data: "é" },
      { data: '{"x":1}' },
    ]);
  });

  it("gives the events in the batches each read of the body completed, never an empty one", async () => {
    const batches: string[][] = [];
    const pieces = ["data: 1\n\ndata: 2\n\ndata: 3\n\ndata: 4", "", "\n\n: a comment\n\ndata: 5\n\n"];
    for await (const batch of serverSentEvents(new Response(body(pieces).stream)))
      batches.push(batch.map((e) => e.data));
    expect(batches).toEqual([
      ["1", "2", "3"],
      ["4", "5"],
    ]);
  });

  it("ends the last event at a CR that ends the body, as no LF can follow it", async () => {
    expect(await dataOf(["data: 1\r\r", "data: 2\r\r"])).toEqual([{ data: "1" }, { data: "2" }]);
    expect(await dataOf(["data: 1\r\rdata: 2\r"])).toEqual([{ data: "1" }]);
  });

  it("cancels the body when its reader leaves early, so the rest is never received", async () => {
    const { stream, state } = body(["data: 1\n\n", "data: 2\n\n", "data: 3\n\n"]);
    for await (const batch of serverSentEvents(new Response(stream))) {
      expect(batch.map((e) => e.data)).toEqual(["1"]);
      break;
    }
    expect(state.cancelled).toBe(true);
  });

  it("fails with the body's own error when a read fails", async () => {
    const failure = new TypeError("terminated");
    let sent = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(failure);
        sent = true;
        controller.enqueue(new TextEncoder().encode("data: 1\n\n"));
      },
    });
    const seen: string[] = [];
    const reading = (async () => {
      for await (const batch of serverSentEvents(new Response(stream))) seen.push(...batch.map((e) => e.data));
    })();
    await expect(reading).rejects.toBe(failure);
    expect(seen).toEqual(["1"]);
  });
});

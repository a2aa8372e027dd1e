import { afterEach, describe, expect, it, vi } from "vitest";
import { readEventStream, renderStreamEvent } from "./sse";

afterEach(() => vi.restoreAllMocks());

/** A Response whose body arrives in the given chunks, split wherever the test likes. */
function streamed(chunks: string[], status = 200): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { "Content-Type": "text/event-stream" } });
}

async function collect(res: Response) {
  const events: unknown[] = [];
  await readEventStream(res, (e) => events.push(e));
  return events;
}

describe("readEventStream", () => {
  it("parses data lines, even when a line or a character is split across chunks", async () => {
    const bytes =
      'data: {"message":"caf\u00e9"}\n\ndata: {"command":"ls -la"}\r\n: heartbeat\nevent: x\ndata: {"data":"tail"}';
    const chunks = [bytes.slice(0, 7), bytes.slice(7, 20), bytes.slice(20, 41), bytes.slice(41)];
    expect(await collect(streamed(chunks))).toEqual([{ message: "café" }, { command: "ls -la" }, { data: "tail" }]);
  });

  it("decodes a multi-byte character split between chunks", async () => {
    const encoder = new TextEncoder();
    const all = encoder.encode('data: {"data":"✓"}\n');
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(all.slice(0, 16));
        c.enqueue(all.slice(16));
        c.close();
      },
    });
    expect(await collect(new Response(body))).toEqual([{ data: "✓" }]);
  });

  it("logs and skips data that is not a JSON object", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const events = await collect(streamed(["data: {broken\n", "data: 42\n", 'data: {"message":"ok"}\n']));
    expect(events).toEqual([{ message: "ok" }]);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("throws the spec's messages for an HTTP error and a missing body", async () => {
    await expect(collect(streamed([], 502))).rejects.toThrow("HTTP error! status 502");
    await expect(collect(new Response(null, { status: 200 }))).rejects.toThrow("No response body reader available");
  });

  it("passes on an error raised while reading", async () => {
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (pulls++ === 0) c.enqueue(new TextEncoder().encode('data: {"message":"first"}\n'));
        else c.error(new Error("network went away"));
      },
    });
    const events: unknown[] = [];
    await expect(readEventStream(new Response(body), (e) => events.push(e))).rejects.toThrow("network went away");
    expect(events).toEqual([{ message: "first" }]);
  });
});

describe("renderStreamEvent", () => {
  it("appends data raw, a message with a newline and a command as a Command line", () => {
    expect(renderStreamEvent({ data: "abc" })).toBe("abc");
    expect(renderStreamEvent({ message: "hello" })).toBe("hello\n");
    expect(renderStreamEvent({ command: "nmap -sV dmz-web" })).toBe("Command: nmap -sV dmz-web\n");
    expect(renderStreamEvent({ event: "error", message: "model timed out" })).toBe("✗ model timed out\n");
    expect(renderStreamEvent({ event: "run", runId: "r1" })).toBe("");
  });
});

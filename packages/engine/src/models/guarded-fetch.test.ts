import { describe, expect, it } from "vitest";
import { guardedFetch, ModelServerStalledError, ReplyTooLargeError, SseEventSize } from "./guarded-fetch";

const encoder = new TextEncoder();

/** A fetch whose response body is `chunks`, then (unless `open`) its end. */
function fetchOf(chunks: string[], { open = false } = {}) {
  return async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const c of chunks) controller.enqueue(encoder.encode(c));
          if (!open) controller.close();
        },
      }),
    );
}

const settle = () => new Promise((r) => setTimeout(r, 20));

describe("guardedFetch", () => {
  it("fails a body past maxBytes, and tells `ended` once", async () => {
    let ended = 0;
    const fetch = guardedFetch(
      () => ({ idleMs: 1_000, maxBytes: 10 }),
      fetchOf(["123456", "789012", "345"]),
      undefined,
      () => ended++,
    );
    const response = await fetch("http://model.test");
    await expect(response.text()).rejects.toBeInstanceOf(ReplyTooLargeError);
    expect(ended).toBe(1);
  });

  /** What a guarded body delivers before it fails (or ends): the text read, and the failure. */
  async function readUntilFailure(limits: Parameters<typeof guardedFetch>[0], chunks: string[]) {
    const response = await guardedFetch(limits, fetchOf(chunks))("http://model.test");
    // However long the consumer waits before reading.
    await settle();
    const reader = response.body!.getReader();
    const got: string[] = [];
    for (;;) {
      try {
        const { done, value } = await reader.read();
        if (done) return { got, failure: null };
        got.push(new TextDecoder().decode(value));
      } catch (failure) {
        return { got, failure };
      }
    }
  }

  it("delivers the body up to the byte a limit is passed at, then the failure (a cut reply keeps what came before)", async () => {
    const { got, failure } = await readUntilFailure(
      () => ({ idleMs: 1_000, maxBytes: 12 }),
      ["data: a\n\n", "b\n", "far too many bytes"],
    );
    expect(got).toEqual(["data: a\n\n", "b\n", "f"]);
    expect(failure).toBeInstanceOf(ReplyTooLargeError);
  });

  it("delivers the events whole before one too large, however the server cut its chunks", async () => {
    const body = "data: 1\n\ndata: 2\r\n\r\ndata: " + "x".repeat(60) + "\n\n";
    const limits = () => ({ idleMs: 1_000, maxBytes: 1_000, maxEventBytes: 20 });
    // The third event passes 20 bytes at its 21st: what goes on ends with "data: " and 14 x's.
    const before = "data: 1\n\ndata: 2\r\n\r\ndata: " + "x".repeat(14);
    for (const chunks of [[body], body.split(""), [body.slice(0, 5), body.slice(5, 40), body.slice(40)]]) {
      const { got, failure } = await readUntilFailure(limits, chunks);
      expect(got.join("")).toBe(before);
      expect(failure).toBeInstanceOf(ReplyTooLargeError);
      expect((failure as ReplyTooLargeError).limitBytes).toBe(20);
    }
  });

  it("shows the tap exactly the bytes it passes on, and passes an empty chunk on as nothing", async () => {
    const tapped: string[] = [];
    const tap = { request: () => {}, response: (chunk: Uint8Array) => tapped.push(new TextDecoder().decode(chunk)) };
    const fetch = guardedFetch(
      () => ({ idleMs: 1_000, maxBytes: 12 }),
      fetchOf(["data: a\n\n", "", "b\n", "cdef"]),
      tap,
    );
    const response = await fetch("http://model.test");
    await expect(response.text()).rejects.toBeInstanceOf(ReplyTooLargeError);
    expect(tapped.join("")).toBe("data: a\n\nb\nc");
  });

  it("sends a text body as its UTF-8 bytes, the very bytes the tap is shown", async () => {
    const text = '{"content":"é ✓ 😀 \ud800"}';
    let tapped: unknown;
    let sent: RequestInit | undefined;
    const base = async (_: unknown, init?: RequestInit) => ((sent = init), new Response("ok"));
    const tap = { request: (body: unknown) => (tapped = body), response: () => {} };
    const headers = { "content-type": "application/json" };
    await guardedFetch(
      () => ({ idleMs: 1_000, maxBytes: 12 }),
      base,
      tap,
    )("http://model.test", {
      method: "POST",
      headers,
      body: text,
    });
    expect(sent?.body).toBeInstanceOf(Uint8Array);
    expect(tapped).toBe(sent?.body);
    // What undici would have made of the text: a lone surrogate becomes U+FFFD, as there.
    expect(Buffer.compare(sent?.body as Uint8Array, Buffer.from(text))).toBe(0);
    expect([sent?.method, sent?.headers]).toEqual(["POST", headers]);
  });

  it("tells `ended` once, however the body ends (read whole and then cancelled)", async () => {
    let ended = 0;
    const fetch = guardedFetch(
      () => ({ idleMs: 1_000, maxBytes: 1_000 }),
      fetchOf(["a", "b", "c"]),
      undefined,
      () => ended++,
    );
    const response = await fetch("http://model.test");
    await settle();
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel("the SDK stopped early");
    expect(ended).toBe(1);
  });

  it("fails a body whose server falls silent", async () => {
    const fetch = guardedFetch(() => ({ idleMs: 50, maxBytes: 1_000 }), fetchOf(["data: a\n\n"], { open: true }));
    const response = await fetch("http://model.test");
    await expect(response.text()).rejects.toBeInstanceOf(ModelServerStalledError);
  });
});

/** The event size read a byte at a time, as it was: the oracle SseEventSize is held to. */
class ByteAtATime {
  private eventBytes = 0;
  private lineBytes = 0;
  private afterCR = false;
  overAt(chunk: Uint8Array, limit: number): number {
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (b === 0x0a && this.afterCR) {
        this.afterCR = false;
        continue;
      }
      this.afterCR = b === 0x0d;
      if (b === 0x0a || b === 0x0d) {
        if (this.lineBytes === 0) this.eventBytes = 0;
        this.lineBytes = 0;
        continue;
      }
      this.lineBytes++;
      if (++this.eventBytes > limit) return i;
    }
    return -1;
  }
}

describe("the size of the event being received", () => {
  it("is found where reading a byte at a time finds it, however lines end and chunks are cut", () => {
    let seed = 20261128;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const bytes = [0x61, 0x61, 0x61, 0x61, 0x0a, 0x0d];
    let passed = 0;
    for (let round = 0; round < 4_000; round++) {
      const length = Math.floor(next() * 80);
      const stream = Uint8Array.from({ length }, () => bytes[Math.floor(next() * bytes.length)]!);
      const limit = 1 + Math.floor(next() * 12);
      const ours = new SseEventSize();
      const oracle = new ByteAtATime();
      for (let at = 0; at < length;) {
        const chunk = stream.subarray(at, at + 1 + Math.floor(next() * 16));
        at += chunk.length;
        const got = ours.overAt(chunk, limit);
        expect(got, `${JSON.stringify([...stream])} limit ${limit}`).toBe(oracle.overAt(chunk, limit));
        if (got >= 0) {
          passed++;
          break;
        }
      }
    }
    // Both answers are exercised: streams whose events stay within the limit, and ones that pass it.
    expect(passed).toBeGreaterThan(500);
    expect(passed).toBeLessThan(3_500);
  });
});

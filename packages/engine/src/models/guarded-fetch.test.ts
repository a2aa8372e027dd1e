import { describe, expect, it } from "vitest";
import { guardedFetch, ModelServerStalledError, ReplyTooLargeError } from "./guarded-fetch";

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
  it("tells `ended` once the last bytes have arrived, before the consumer has read them (the connection is given back then)", async () => {
    let ended = 0;
    const fetch = guardedFetch(
      () => ({ idleMs: 1_000, maxBytes: 1_000 }),
      fetchOf(["data: a\n\n", "data: b\n\n"]),
      undefined,
      () => ended++,
    );
    const response = await fetch("http://model.test");
    await settle();
    expect(ended).toBe(1);
    // The consumer still gets every byte, in order.
    expect(await response.text()).toBe("data: a\n\ndata: b\n\n");
    expect(ended).toBe(1);
  });

  it("reads ahead only within maxBytes: a body past it fails, and `ended` is told once", async () => {
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

  it("delivers every chunk accepted before a limit failed the body, then the failure (a cut reply keeps what came before)", async () => {
    const fetch = guardedFetch(
      () => ({ idleMs: 1_000, maxBytes: 12 }),
      fetchOf(["data: a\n\n", "b\n", "far too many bytes"]),
    );
    const response = await fetch("http://model.test");
    // The guard has read ahead to the failure before the consumer starts.
    await settle();
    const reader = response.body!.getReader();
    const got: string[] = [];
    const failure = await (async () => {
      for (;;) {
        try {
          const { done, value } = await reader.read();
          if (done) return null;
          got.push(new TextDecoder().decode(value));
        } catch (e) {
          return e;
        }
      }
    })();
    expect(got).toEqual(["data: a\n\n", "b\n"]);
    expect(failure).toBeInstanceOf(ReplyTooLargeError);
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

  it("still fails a body whose server falls silent, read ahead or not", async () => {
    const fetch = guardedFetch(() => ({ idleMs: 50, maxBytes: 1_000 }), fetchOf(["data: a\n\n"], { open: true }));
    const response = await fetch("http://model.test");
    await expect(response.text()).rejects.toBeInstanceOf(ModelServerStalledError);
  });
});

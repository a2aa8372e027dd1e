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

  it("delivers every chunk accepted before a limit failed the body, then the failure (a cut reply keeps what came before)", async () => {
    const fetch = guardedFetch(
      () => ({ idleMs: 1_000, maxBytes: 12 }),
      fetchOf(["data: a\n\n", "b\n", "far too many bytes"]),
    );
    const response = await fetch("http://model.test");
    // However long the consumer waits before reading.
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

  it("fails a body whose server falls silent", async () => {
    const fetch = guardedFetch(() => ({ idleMs: 50, maxBytes: 1_000 }), fetchOf(["data: a\n\n"], { open: true }));
    const response = await fetch("http://model.test");
    await expect(response.text()).rejects.toBeInstanceOf(ModelServerStalledError);
  });
});

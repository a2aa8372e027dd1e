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

  it("still fails a body whose server falls silent, read ahead or not", async () => {
    const fetch = guardedFetch(() => ({ idleMs: 50, maxBytes: 1_000 }), fetchOf(["data: a\n\n"], { open: true }));
    const response = await fetch("http://model.test");
    await expect(response.text()).rejects.toBeInstanceOf(ModelServerStalledError);
  });
});

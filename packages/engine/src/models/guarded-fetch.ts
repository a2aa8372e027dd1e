/**
 * A `fetch` for the OpenAI and Anthropic SDKs (their `fetch` client option) that guards every response body,
 * for two things the SDK has no option for:
 *
 * - Silence. The SDK's `timeout` is cleared as soon as the response headers arrive, so a body
 *   (a stream, or a JSON reply sent slowly) is only bounded by undici's own 5-minute body
 *   timeout. Here a read that waits longer than `idleMs` fails the body.
 * - Size. The SDK buffers a whole JSON reply before parsing it, and buffers each server-sent
 *   event until its blank line, copying and re-scanning the buffer for every network chunk
 *   (quadratic in the event's size). Here the body fails once it passes `maxBytes`, and a
 *   server-sent event once it passes `maxEventBytes`, so neither is ever held or parsed whole.
 *
 * The errors below are what the body fails with; the SDK passes them on (a streamed body's
 * through the stream's iterator, a JSON body's through `response.json()`).
 */
export interface BodyLimits {
  /** Longest wait for the next piece of the body. */
  idleMs: number;
  /** Most bytes the whole body may have. */
  maxBytes: number;
  /** For server-sent events: most bytes one event may have. */
  maxEventBytes?: number;
}

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** The model server sent nothing for `idleMs` while a reply's body was being read. */
export class ModelServerStalledError extends Error {
  override name = "ModelServerStalledError";
  constructor(readonly idleMs: number) {
    super(`the model server stopped sending (nothing for ${idleMs / 1000} s)`);
  }
}

/** A response body, or one event of a streamed body, passed its byte limit and was not read further. */
export class ReplyTooLargeError extends Error {
  override name = "ReplyTooLargeError";
  constructor(readonly limitBytes: number) {
    super(`the model's reply was larger than ${limitBytes} bytes`);
  }
}

/** The first error of class `type` in the `cause` chain of `e` (the SDK wraps some errors it passes on). */
export function findCause<T extends Error>(e: unknown, type: abstract new (...args: never[]) => T): T | null {
  for (let cur = e, depth = 0; cur && depth < 8; cur = (cur as { cause?: unknown }).cause, depth++)
    if (cur instanceof type) return cur;
  return null;
}

/** Sees the exact bytes of a request body and of its response body as they pass (for hashing). */
export interface WireTap {
  request(body: RequestInit["body"]): void;
  response(chunk: Uint8Array): void;
}

/**
 * Wraps `base` so each response's body is read under the limits `limitsFor` picks for it (a
 * successful stream and a JSON document need different ones), and shows `tap` what passes.
 * `ended` is told when a body has come to its end: read whole, failed or cancelled (at once for a
 * response without one).
 */
export function guardedFetch(
  limitsFor: (response: Response) => BodyLimits,
  base: Fetch = globalThis.fetch,
  tap?: WireTap,
  ended?: () => void,
): Fetch {
  return async (input, init) => {
    // A text body as bytes, made once: the tap hashes them and the wire sends them as they are.
    // Handed the text, each encoded it again (0.13 ms more a call for a transcript of 100 KB).
    const sent = typeof init?.body === "string" ? { ...init, body: Buffer.from(init.body) } : init;
    tap?.request(sent?.body);
    const response = await base(input, sent);
    if (!response.body) {
      ended?.();
      return response;
    }
    return new Response(guardBody(response.body, limitsFor(response), tap, ended), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

function guardBody(
  source: ReadableStream<Uint8Array>,
  limits: BodyLimits,
  tap?: WireTap,
  ended?: () => void,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  const event = limits.maxEventBytes ? new SseEventSize() : null;
  let total = 0;
  /** A limit the last chunk passed: its bytes before that point went on, and the body fails at the next read. */
  let passed: ReplyTooLargeError | null = null;
  const stop = (error: Error): never => {
    // Cancelling the source closes the connection, so the rest of the body is never received.
    reader.cancel(error).catch(() => {});
    ended?.();
    throw error;
  };
  /** How many bytes of `chunk` stay within the limits; sets `passed` when not all of them do. */
  const within = (chunk: Uint8Array): number => {
    let keep = chunk.byteLength;
    if (total + keep > limits.maxBytes) {
      keep = limits.maxBytes - total;
      passed = new ReplyTooLargeError(limits.maxBytes);
    }
    const over = event ? event.overAt(chunk.subarray(0, keep), limits.maxEventBytes!) : -1;
    if (over >= 0) {
      keep = over;
      passed = new ReplyTooLargeError(limits.maxEventBytes!);
    }
    total += keep;
    return keep;
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (passed) stop(passed);
        const { done, value } = await readWithin(reader, limits.idleMs).catch(stop);
        if (done) {
          ended?.();
          return controller.close();
        }
        // What came within the limits goes on, however the server cut its chunks: the events
        // whole before the limit are read, as they would be had they come in a chunk of their own.
        const keep = within(value);
        if (keep === 0 && passed) stop(passed);
        const piece = keep < value.byteLength ? value.subarray(0, keep) : value;
        tap?.response(piece);
        controller.enqueue(piece);
      },
      cancel(reason) {
        ended?.();
        return reader.cancel(reason);
      },
    },
    // Read only when the consumer asks, so the idle clock measures the server's silence alone.
    { highWaterMark: 0 },
  );
}

async function readWithin<T>(reader: ReadableStreamDefaultReader<T>, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ModelServerStalledError(ms)), ms);
  });
  try {
    return await Promise.race([reader.read(), stalled]);
  } finally {
    clearTimeout(timer);
  }
}

const LF = 0x0a;
const CR = 0x0d;

/**
 * The size of the server-sent event being received: bytes (line breaks aside) since the last
 * blank line, which ends an event. Lines end in LF, CR or CRLF, as the SDK's decoder accepts.
 * A line's bytes are counted a run at a time between line breaks, found by indexOf: a byte at a
 * time, a reply's bytes were a tenth of a model call's main thread.
 */
export class SseEventSize {
  private eventBytes = 0;
  private lineBytes = 0;
  private afterCR = false;

  /** Feeds a chunk; returns where in it the current event passes `limit` bytes, or -1 when it does not. */
  overAt(chunk: Uint8Array, limit: number): number {
    const n = chunk.length;
    // The next LF and CR at or after the place read (n when there is none), each found once.
    let lf = -1;
    let cr = -1;
    for (let i = 0; i < n;) {
      if (this.afterCR && chunk[i] === LF) {
        this.afterCR = false; // the LF of a CRLF: the line already ended at the CR
        i++;
        continue;
      }
      this.afterCR = false;
      if (lf < i) lf = indexOrEnd(chunk, LF, i);
      if (cr < i) cr = indexOrEnd(chunk, CR, i);
      const end = Math.min(lf, cr);
      const run = end - i;
      if (this.eventBytes + run > limit) return i + (limit - this.eventBytes);
      this.eventBytes += run;
      this.lineBytes += run;
      if (end === n) break;
      this.afterCR = end === cr;
      if (this.lineBytes === 0) this.eventBytes = 0;
      this.lineBytes = 0;
      i = end + 1;
    }
    return -1;
  }
}

const indexOrEnd = (chunk: Uint8Array, byte: number, from: number) => {
  const at = chunk.indexOf(byte, from);
  return at < 0 ? chunk.length : at;
};

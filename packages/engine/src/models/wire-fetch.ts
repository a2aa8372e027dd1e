import type { Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { request, type Dispatcher } from "undici";

/**
 * The `fetch` model calls go out through, made on undici's request API instead of Node's fetch.
 * A streamed reply through Node's fetch passed three web streams (undici's body, the Response's,
 * the guard's: see guarded-fetch.ts) and fetch's Request, Headers and resource-timing machinery:
 * some 0.3 ms of the main thread a call more than this, in a run where each turn's whole budget
 * is a few ms. The SDKs take any function that answers like fetch; this one answers with a
 * Response whose body is read from undici's only as fast as the SDK asks.
 *
 * Unlike fetch, it follows no redirect and says so (RedirectRefusedError), and it does not ask
 * for a compressed body (fetch asked for gzip, deflate and br): model APIs answer uncompressed
 * when not asked. A body compressed all the same is undone, as fetch would.
 */
export async function wireFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  if (input instanceof Request) throw new TypeError("model calls pass a URL, not a Request");
  const url = String(input);
  const answer = await request(url, {
    method: (init.method ?? "GET") as Dispatcher.HttpMethod,
    headers: headerList(init.headers),
    body: bodyOf(init.body),
    signal: init.signal ?? undefined,
  });
  if (REDIRECTS.has(answer.statusCode) && answer.headers.location !== undefined) {
    discard(answer.body);
    throw new RedirectRefusedError(url);
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers))
    if (value !== undefined) for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  const bodiless = NO_BODY.has(answer.statusCode);
  if (bodiless) discard(answer.body);
  return new Response(bodiless ? null : bodyStream(decoded(answer.body, headers)), {
    status: answer.statusCode,
    headers,
  });
}

/**
 * A model server answered with a redirect. Model calls never follow one: fetch drops only the
 * Authorization header on the way to another origin, so a provider's key in its own header
 * (Anthropic's x-api-key, Azure's api-key) and the whole transcript would go where it points.
 * Not retried: the operator sets the model's base URL to the address it redirects to.
 */
export class RedirectRefusedError extends Error {
  override name = "RedirectRefusedError";
  constructor(url: string) {
    super(
      `the model server answered ${url} with a redirect, which model calls never follow (the API key and the transcript would go where it points): set the model's base URL to the address it redirects to`,
    );
  }
}

/** The statuses fetch follows (with a Location). */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** The statuses a Response may not have a body with. */
const NO_BODY = new Set([204, 205, 304]);

function headerList(init: RequestInit["headers"]): string[] {
  const list: string[] = [];
  new Headers(init).forEach((value, name) => list.push(name, value));
  return list;
}

/** The request bodies the SDKs send: JSON text (or bytes), never a stream or a form here. */
function bodyOf(body: RequestInit["body"]): string | Uint8Array | undefined {
  if (body == null) return undefined;
  if (typeof body === "string" || body instanceof Uint8Array) return body;
  throw new TypeError("model calls send their body as text or bytes");
}

/** Drops a body unread. Destroyed, undici's fails with "Request aborted", which is no failure of ours. */
function discard(body: Readable): void {
  body.on("error", () => {});
  body.destroy();
}

/** The body with its one content coding undone (gzip, deflate or br); any other as it came, as fetch leaves it. */
function decoded(body: Readable, headers: Headers): Readable {
  const coding = headers.get("content-encoding")?.trim().toLowerCase();
  const decoder =
    coding === "gzip" || coding === "x-gzip"
      ? createGunzip()
      : coding === "deflate"
        ? createInflate()
        : coding === "br"
          ? createBrotliDecompress()
          : null;
  if (!decoder) return body;
  // A failure on either side fails the stream the SDK reads, and stops the other.
  body.on("error", (e) => decoder.destroy(e));
  decoder.on("close", () => body.destroy());
  return body.pipe(decoder);
}

/** undici's body as a web stream, read from it as the SDK asks for more. */
function bodyStream(body: Readable): ReadableStream<Uint8Array> {
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      },
      async cancel() {
        // An iterator not yet started ends without touching its stream: the stream is dropped here.
        await chunks.return?.();
        discard(body);
      },
    },
    { highWaterMark: 0 },
  );
}

import { pipeline, type Readable } from "node:stream";
import { constants, createBrotliDecompress, createGunzip, createInflate, type ZlibOptions } from "node:zlib";
import { request, type Dispatcher } from "undici";

/**
 * The `fetch` model calls go out through, made on undici's request API instead of Node's fetch.
 * A streamed reply through Node's fetch passed three web streams (undici's body, the Response's,
 * the guard's: see guarded-fetch.ts) and fetch's Request, Headers and resource-timing machinery:
 * some 0.3 ms of the main thread a call more than this, in a run where each turn's whole budget
 * is a few ms. The SDKs take any function that answers like fetch; this one answers with a
 * Response whose body is read from undici's as the SDK asks for more.
 *
 * Where it differs from fetch, on purpose: it follows no redirect and says so
 * (RedirectRefusedError), and it does not ask for a compressed body (fetch asked for gzip, deflate
 * and br): model APIs answer uncompressed when not asked. A body compressed all the same is
 * undone as fetch undoes it, raw deflate aside. A body that fails halfway fails as fetch's did
 * (TypeError "terminated", its cause the reason), which the call loop retries.
 */
export async function wireFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  if (input instanceof Request) throw new WireRefusedError("a model call passed a Request, not a URL");
  const url = String(input);
  const answer = await request(url, {
    method: (init.method ?? "GET") as Dispatcher.HttpMethod,
    headers: headerList(init.headers),
    body: bodyOf(init.body),
    signal: init.signal ?? undefined,
  });
  let body: Readable = answer.body;
  try {
    if (REDIRECTS.has(answer.statusCode) && answer.headers.location !== undefined) throw new RedirectRefusedError(url);
    // A Response can only be made with a status from 200 to 599 (fetch's own carried any).
    if (answer.statusCode < 200 || answer.statusCode > 599)
      throw new WireRefusedError(
        `the model server answered ${url} with status ${answer.statusCode}, which is not HTTP`,
      );
    const headers = responseHeaders(answer.headers);
    if (NO_BODY.has(answer.statusCode)) {
      discard(body);
      return new Response(null, { status: answer.statusCode, headers });
    }
    body = decoded(body, headers, url);
    return new Response(bodyStream(body, init.signal), { status: answer.statusCode, headers });
  } catch (e) {
    discard(body);
    throw e;
  }
}

/**
 * What wireFetch will not send, or cannot make a Response of. Not retried: a retry would meet it
 * again (the call loop looks for it in the SDK's error's causes).
 */
export class WireRefusedError extends Error {
  override name = "WireRefusedError";
}

/**
 * A model server answered with a redirect. Model calls never follow one: fetch drops only the
 * Authorization header on the way to another origin, so a provider's key in its own header
 * (Anthropic's x-api-key, Azure's api-key) and the whole transcript would go where it points.
 * The operator sets the model's base URL to the address it redirects to.
 */
export class RedirectRefusedError extends WireRefusedError {
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

function responseHeaders(raw: Dispatcher.ResponseData["headers"]): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw))
    if (value !== undefined) for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  return headers;
}

/** The request bodies the SDKs send on the calls made here: JSON text (or its bytes). */
function bodyOf(body: RequestInit["body"]): string | Uint8Array | undefined {
  if (body == null) return undefined;
  if (typeof body === "string" || body instanceof Uint8Array) return body;
  throw new WireRefusedError("a model call's body was neither text nor bytes");
}

/** Drops a body unread. Destroyed, undici's fails with "Request aborted", which is no failure of ours. */
function discard(body: Readable): void {
  body.on("error", () => {});
  body.destroy();
}

/** The most content codings a body may have, as undici's fetch allows. */
const MAX_CODINGS = 5;

/**
 * fetch's flushing: a compressed body cut short gives what it held, not an error
 * (Z_SYNC_FLUSH at the end, as browsers and undici's fetch decode).
 */
const ZLIB_FLUSH: ZlibOptions = { flush: constants.Z_SYNC_FLUSH, finishFlush: constants.Z_SYNC_FLUSH };
const BROTLI_FLUSH = {
  flush: constants.BROTLI_OPERATION_FLUSH,
  finishFlush: constants.BROTLI_OPERATION_FLUSH,
};

/**
 * The body with its content codings undone, last applied first (gzip, deflate, br), as fetch
 * undoes them; a coding fetch does not know leaves the body as it came, as fetch leaves it.
 * The decoders are piped so that a failure anywhere fails the stream read, never the process.
 */
function decoded(body: Readable, headers: Headers, url: string): Readable {
  const codings = (headers.get("content-encoding") ?? "")
    .split(",")
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c && c !== "identity")
    .reverse();
  // As undici's fetch: thousands of codings in one header would cost a decoder each.
  if (codings.length > MAX_CODINGS)
    throw new WireRefusedError(`the model server answered ${url} with ${codings.length} content codings`);
  const decoders: NodeJS.ReadWriteStream[] = [];
  for (const coding of codings) {
    if (coding === "gzip" || coding === "x-gzip") decoders.push(createGunzip(ZLIB_FLUSH));
    else if (coding === "deflate") decoders.push(createInflate(ZLIB_FLUSH));
    else if (coding === "br") decoders.push(createBrotliDecompress(BROTLI_FLUSH));
    else return body;
  }
  if (decoders.length === 0) return body;
  // pipeline listens for every stream's errors (none goes unhandled) and destroys them all on one.
  return pipeline([body, ...decoders], () => {}) as unknown as Readable;
}

/**
 * The body as a web stream, read from it as the SDK asks for more. A failure halfway is fetch's
 * TypeError "terminated" (the call loop retries it); an abort stays the abort.
 */
function bodyStream(body: Readable, signal: RequestInit["signal"]): ReadableStream<Uint8Array> {
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let next: IteratorResult<Buffer>;
        try {
          next = await chunks.next();
        } catch (e) {
          throw signal?.aborted ? e : new TypeError("terminated", { cause: e });
        }
        if (next.done) controller.close();
        else controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
      },
      cancel() {
        // The body first: a read still waiting on it (a stalled server) would hold the iterator's
        // return, and the connection with it, until the server sent more.
        discard(body);
        void chunks.return?.().catch(() => {});
      },
    },
    { highWaterMark: 0 },
  );
}

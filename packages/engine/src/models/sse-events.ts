import { createParser, type EventSourceMessage } from "eventsource-parser";
import { sdkRequestOptions, type AdapterOptions, type AttemptInput } from "./call-loop";

/** What postForStream needs of an official SDK's client (both have it). */
interface SdkClient {
  post(path: string, opts: object): { asResponse(): Promise<Response> };
}

/**
 * Sends `body`, JSON text, to `path` through an SDK's client and answers with the response as it
 * came, for its events to be read with serverSentEvents: the SDK builds and sends the request and
 * fails one the server refuses with its own errors, as its typed methods did. `fromBody` are
 * headers a typed method made of body fields; the configured headers go over them, as there.
 */
export function postForStream(
  client: SdkClient,
  path: string,
  body: string,
  opts: AdapterOptions,
  input: AttemptInput,
  fromBody: Record<string, string> = {},
): Promise<Response> {
  const headers = { "content-type": "application/json", ...fromBody, ...opts.headers };
  return client.post(path, { ...sdkRequestOptions(opts, input), headers, body }).asResponse();
}

/**
 * The server-sent events of a streamed reply, in order, as its body arrives: what an SDK's
 * stream iterator reads, without its line decoder and web-stream iterator (see bench:model-call;
 * the parsing is eventsource-parser's). They come in batches, the events each read of the body
 * completed: a model's tokens come an event each, some 90 to a short reply, and a step of an
 * async generator for each (two, through openAIStreamEvents) was a fifth of a call's main thread.
 *
 * Leaving the loop early cancels the body, so the rest of the reply is never received and its
 * connection is given back (see guardedFetch). A read that fails ends the loop with its error.
 */
export async function* serverSentEvents(response: Response): AsyncGenerator<EventSourceMessage[]> {
  // A success with no body to stream (a 204): the server was reached, and asking again gets the same.
  if (!response.body) throw new Error(`the model server answered ${response.status} with no reply to stream`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parsed: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => parsed.push(event) });
  let last = "";
  const feed = (text: string) => {
    if (text) parser.feed((last = text));
  };
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      feed(decoder.decode(value, { stream: true }));
      // Taken out before they are yielded: a consumer that leaves mid-way leaves nothing behind.
      if (parsed.length) yield parsed.splice(0);
    }
    feed(decoder.decode());
    // The parser holds back a CR at the end of what it was fed, in case an LF comes next: at the
    // body's end none will, and a line (or the blank line ending the last event) ends there.
    if (last.endsWith("\r")) parser.feed("\n");
    if (parsed.length) yield parsed.splice(0);
    finished = true;
  } finally {
    if (!finished) reader.cancel().catch(() => {});
  }
}

/**
 * A streamed reply's events read into what an API makes of them, batch by batch as they came (see
 * serverSentEvents): `read` gives an event's value, or undefined to pass it over, or throws to fail
 * the reply. The values read before a failing event are given first: the reply's as far as it went.
 */
export async function* readEventBatches<T>(
  response: Response,
  read: (event: EventSourceMessage) => T | undefined,
): AsyncGenerator<T[]> {
  for await (const events of serverSentEvents(response)) {
    const batch: T[] = [];
    try {
      for (const event of events) {
        const value = read(event);
        if (value !== undefined) batch.push(value);
      }
    } catch (e) {
      if (batch.length) yield batch;
      throw e;
    }
    if (batch.length) yield batch;
  }
}

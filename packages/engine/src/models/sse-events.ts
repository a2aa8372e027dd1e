import { createParser, type EventSourceMessage } from "eventsource-parser";

/**
 * The server-sent events of a streamed reply, in order, as their body arrives: what an SDK's
 * stream iterator reads, without its line decoder and web-stream iterator, which bench:engine
 * measured at some 0.3 ms of the main thread a call (the parsing is eventsource-parser's).
 *
 * Leaving the loop early cancels the body, so the rest of the reply is never received and its
 * connection is given back (see guardedFetch). A read that fails ends the loop with its error.
 */
export async function* serverSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<EventSourceMessage> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parsed: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => parsed.push(event) });
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      // Taken out before each is yielded: a consumer that leaves mid-way leaves nothing behind.
      for (const event of parsed.splice(0)) yield event;
    }
    finished = true;
  } finally {
    if (!finished) reader.cancel().catch(() => {});
  }
}

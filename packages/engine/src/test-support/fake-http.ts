import { once } from "node:events";
import type { Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What the fake model servers share: listening on loopback, and large answers written with backpressure. */

/** Resolves when the socket can take more, or the client has gone. */
export async function drainedOrClosed(res: ServerResponse): Promise<void> {
  const settled = new AbortController();
  try {
    await Promise.race([
      once(res, "drain", { signal: settled.signal }),
      once(res, "close", { signal: settled.signal }),
    ]);
  } finally {
    settled.abort(); // removes the listener that lost the race
  }
}

/** Writes the parts in order, waiting for the socket to drain; stops when the client goes away. */
export async function writeAll(res: ServerResponse, parts: Iterable<string>): Promise<void> {
  for (const part of parts) {
    if (res.destroyed) return;
    if (!res.write(part)) await drainedOrClosed(res);
  }
  if (!res.destroyed) res.end();
}

/** `bytes` of filler as strings of at most `pieceBytes`, without ever holding the whole. */
export function* filler(bytes: number, pieceBytes: number): Generator<string> {
  const piece = "x".repeat(pieceBytes);
  for (let left = bytes; left > 0; left -= pieceBytes) yield left >= pieceBytes ? piece : piece.slice(0, left);
}

/**
 * Starts `server` on a free port of 127.0.0.1. Its `close` first cuts the answers a fake holds
 * open on purpose (`held`: hangs and stalls), which would otherwise keep the server from closing.
 */
export async function listenOnLoopback(
  server: Server,
  held: Set<ServerResponse>,
): Promise<{ origin: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    async close() {
      for (const res of held) res.socket?.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

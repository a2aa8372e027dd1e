/**
 * The lines a grep selected in a big file, kept with the file's stored bytes. A case's logs are
 * built once per worker and shared by every session and epoch that reads them, and models grep them
 * for the same addresses and users again and again; what a pattern selects in bytes that never
 * change (a write replaces a file's bytes, it never changes them in place: see tracked-fs.ts) is
 * the same every time. Kept only for a scan that ran to its end, and bounded: a model that greps a
 * log with thousands of patterns costs a few results per file, not memory without end.
 */

/** Results kept per file's bytes; the oldest goes first. */
export const MEMO_RESULTS_PER_FILE = 32;
/** A result with more lines than this is not kept: it costs memory to keep and little to find. */
export const MEMO_MAX_LINES = 5_000;

const memo = new WeakMap<Uint8Array, Map<string, readonly unknown[]>>();

/**
 * The items `run` yields for `key` over `bytes`: remembered ones when an earlier scan ran to its end,
 * else `run`'s, remembered once the caller has taken them all (a caller that stops early, as
 * grep -q or -m does, leaves nothing behind).
 */
export function* remembered<T>(bytes: Uint8Array, key: string, run: () => Iterable<T>): Generator<T> {
  const kept = memo.get(bytes)?.get(key) as readonly T[] | undefined;
  if (kept) {
    yield* kept;
    return;
  }
  let found: T[] | null = [];
  for (const item of run()) {
    if (found && found.push(item) > MEMO_MAX_LINES) found = null;
    yield item;
  }
  if (found) remember(bytes, key, found);
}

function remember(bytes: Uint8Array, key: string, items: readonly unknown[]): void {
  let results = memo.get(bytes);
  if (!results) memo.set(bytes, (results = new Map()));
  if (results.size >= MEMO_RESULTS_PER_FILE) results.delete(results.keys().next().value!);
  results.set(key, items);
}

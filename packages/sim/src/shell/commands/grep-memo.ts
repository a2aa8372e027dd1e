/**
 * The lines a grep selected in a generated log, kept with the log's stored bytes. A case's logs
 * are built once per worker and shared by every session and epoch that reads them, and models grep
 * them for the same addresses and users again and again; what a pattern selects in bytes that
 * never change (written once in shared memory, and a write to the file replaces them: see
 * sharedLogBytes in big-file-texts.ts) is the same every time. Kept only for a scan that ran to its
 * end, and bounded for the whole worker: a model grepping with thousands of patterns evicts older
 * results, it does not grow the worker's memory.
 */

/** A result with more lines than this is not kept: it costs memory to keep and little to find. */
export const MEMO_MAX_LINES = 5_000;
/** The lines kept in all results of the worker together (some 80 bytes each); the oldest result goes first. */
export const MEMO_TOTAL_LINES = 50_000;
/** The results kept in the worker. */
export const MEMO_RESULTS = 256;
/** A pattern longer than this is not kept as a key. */
export const MEMO_MAX_KEY = 1_024;

/** A file's kept results by key; `id` tells a result from a later one kept under the same key. */
type Results = Map<string, { id: number; items: readonly unknown[] }>;

const memo = new WeakMap<Uint8Array, Results>();

/**
 * A kept result, in the order kept. Its file's results are held weakly (they die with the
 * file's bytes), its lines not at all: a WeakRef keeps its target alive until the current job
 * ends, and one command line can grep a thousand times in one job.
 */
interface Kept {
  results: WeakRef<Results>;
  key: string;
  id: number;
  /** Its lines, plus one for the result itself. */
  cost: number;
}

const keptInOrder = new Set<Kept>();
let keptCost = 0;
let nextId = 0;

/**
 * The items `run` yields for `key` over `bytes`: remembered ones when an earlier scan ran to its end,
 * else `run`'s, remembered once the caller has taken them all (a caller that stops early, as
 * grep -q or -m does, leaves nothing behind).
 */
export function* remembered<T>(bytes: Uint8Array, key: string, run: () => Iterable<T>): Generator<T> {
  const kept = memo.get(bytes)?.get(key)?.items as readonly T[] | undefined;
  if (kept) {
    yield* kept;
    return;
  }
  let found: T[] | null = key.length > MEMO_MAX_KEY ? null : [];
  for (const item of run()) {
    if (found && found.push(item) > MEMO_MAX_LINES) found = null;
    yield item;
  }
  if (found) remember(bytes, key, found);
}

function remember(bytes: Uint8Array, key: string, items: readonly unknown[]): void {
  let results = memo.get(bytes);
  if (!results) memo.set(bytes, (results = new Map()));
  const id = nextId++;
  results.set(key, { id, items });
  const kept: Kept = { results: new WeakRef(results), key, id, cost: items.length + 1 };
  keptInOrder.add(kept);
  keptCost += kept.cost;
  while (keptCost > MEMO_TOTAL_LINES || keptInOrder.size > MEMO_RESULTS) forgetOldest();
}

function forgetOldest(): void {
  const oldest = keptInOrder.values().next().value!;
  keptInOrder.delete(oldest);
  keptCost -= oldest.cost;
  const results = oldest.results.deref();
  if (results?.get(oldest.key)?.id === oldest.id) results.delete(oldest.key);
}

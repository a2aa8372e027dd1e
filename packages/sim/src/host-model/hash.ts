/**
 * Cheap, stable numbers from a seed and a key. The host model derives hundreds of small values
 * per host (file ages, process sizes, offsets); a keyed FNV-1a is plenty for them, where a
 * SHA-256 stream per value was a noticeable share of building an environment.
 */

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a's state after `text`, going on from `h`: hashing two texts in turn is hashing them joined. */
function fnvOver(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, FNV_PRIME);
  }
  return h;
}

/** 32-bit FNV-1a of a string. */
export function fnv1a(text: string): number {
  return fnvOver(FNV_OFFSET, text) >>> 0;
}

/**
 * Each seed's state after `${seed}\0`, which unit hashes before every key: a host's seeds are a
 * few, its keys thousands (one per file's time, building a host's some 2,000 files).
 */
const seedStates = new Map<string, number>();
const MAX_SEEDS = 4_096;

function seedState(seed: string): number {
  let h = seedStates.get(seed);
  if (h === undefined) {
    if (seedStates.size >= MAX_SEEDS) seedStates.clear();
    seedStates.set(seed, (h = fnvOver(fnvOver(FNV_OFFSET, seed), "\u0000")));
  }
  return h;
}

/**
 * A number in [0, 1) from a seed and a key: the same pair always gives the same number. It is
 * fnv1a(`${fnv1a(`${seed}\0${key}`)}:${key}`), worked out without joining the texts.
 */
export function unit(seed: string, key: string): number {
  // A second round spreads keys that differ only in their last characters.
  const first = fnvOver(seedState(seed), key) >>> 0;
  return (fnvOver(fnvOver(FNV_OFFSET, `${first}:`), key) >>> 0) / 4294967296;
}

/** An integer in [min, max] from a seed and a key. */
export function between(seed: string, key: string, min: number, max: number): number {
  return min + Math.floor(unit(seed, key) * (max - min + 1));
}

/** One of `items`, chosen by a seed and a key. */
export function choose<T>(seed: string, key: string, items: readonly T[]): T {
  return items[Math.floor(unit(seed, key) * items.length)]!;
}

/** Hex digits from a seed and a key (boot IDs, UUIDs). */
export function hexFrom(seed: string, key: string, length: number): string {
  let out = "";
  for (let i = 0; out.length < length; i++)
    out += Math.floor(unit(seed, `${key}:${i}`) * 4294967296)
      .toString(16)
      .padStart(8, "0");
  return out.slice(0, length);
}

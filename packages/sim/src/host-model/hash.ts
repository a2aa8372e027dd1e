/**
 * Cheap, stable numbers from a seed and a key. The host model derives hundreds of small values
 * per host (file ages, process sizes, offsets); a keyed FNV-1a is plenty for them, where a
 * SHA-256 stream per value was a noticeable share of building an environment.
 */

/** 32-bit FNV-1a of a string. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A number in [0, 1) from a seed and a key: the same pair always gives the same number. */
export function unit(seed: string, key: string): number {
  // A second round spreads keys that differ only in their last characters.
  return fnv1a(`${fnv1a(`${seed}\u0000${key}`)}:${key}`) / 4294967296;
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

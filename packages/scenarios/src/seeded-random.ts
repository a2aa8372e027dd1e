/**
 * mulberry32: a 32-bit state PRNG, exact in JavaScript's integer arithmetic, so the same seed
 * yields the same floats in [0, 1) on every machine. Content noise, the benchmark's synthetic
 * records and the leaderboard's bootstrap all draw from it.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

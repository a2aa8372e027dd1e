import { createHash } from "node:crypto";

/**
 * A seeded random source (sfc32 seeded from SHA-256 of a string). Everything random in an
 * environment comes from one of these, so the same content and seed build the same bytes.
 */
export interface Random {
  /** The seed this source was made from (its identity). */
  readonly seed: string;
  /** Uniform in [0, 1). */
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  hex(length: number): string;
  /** A new independent source derived from this seed and a label. */
  fork(label: string): Random;
}

export function createRandom(seed: string): Random {
  const h = createHash("sha256").update(seed).digest();
  let a = h.readUInt32LE(0);
  let b = h.readUInt32LE(4);
  let c = h.readUInt32LE(8);
  let d = h.readUInt32LE(12);
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  const rng: Random = {
    seed,
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
    hex: (length) => {
      let s = "";
      while (s.length < length) s += Math.floor(next() * 16).toString(16);
      return s;
    },
    fork: (label) => createRandom(`${seed}/${label}`),
  };
  return rng;
}

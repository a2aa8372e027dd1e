import { describe, expect, it } from "vitest";
import { bootstrapMean, clusterBootstrap, mulberry32, quantile, resamplesFor, selectQuantile } from "./bootstrap";

/** Box–Muller normals from the same seeded PRNG, so the "known case" is the same on every run. */
function normals(n: number, mean: number, sd: number, seed: number): Float64Array {
  const random = mulberry32(seed);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const u = 1 - random();
    out[i] = mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  }
  return out;
}

describe("mulberry32", () => {
  it("is a fixed sequence in [0, 1) for a seed", () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    // Pinned: a change of generator would silently change every published interval.
    expect(mulberry32(1)()).toBeCloseTo(0.6270739405881613, 15);
    expect(Math.abs(xs.reduce((s, x) => s + x, 0) / xs.length - 0.5)).toBeLessThan(0.03);
  });
});

describe("the inlined generator", () => {
  it("draws exactly what mulberry32 and a sort would give", () => {
    const sums = [4, -2, 9, 0, 7, -10, 3];
    const counts = [1, 2, 3, 1, 1, 2, 1];
    const random = mulberry32(123);
    const means = new Float64Array(300);
    for (let r = 0; r < means.length; r++) {
      let s = 0;
      let c = 0;
      for (let i = 0; i < sums.length; i++) {
        const j = Math.floor(random() * sums.length);
        s += sums[j]!;
        c += counts[j]!;
      }
      means[r] = s / c;
    }
    means.sort();
    const got = clusterBootstrap(sums, counts, { seed: 123, resamples: 300 })!;
    expect(got.low).toBe(quantile(means, 0.025));
    expect(got.high).toBe(quantile(means, 0.975));
  });
});

describe("quantile", () => {
  it("interpolates between order statistics", () => {
    expect(quantile([1, 2, 3, 4], 0)).toBe(1);
    expect(quantile([1, 2, 3, 4], 1)).toBe(4);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([7], 0.975)).toBe(7);
  });
});

describe("clusterBootstrap", () => {
  it("is null with nothing to average", () => {
    expect(clusterBootstrap([], [])).toBeNull();
    expect(bootstrapMean([])).toBeNull();
  });

  it("refuses an empty cluster, which could make a resample 0 / 0", () => {
    expect(() => clusterBootstrap([0], [0])).toThrow(RangeError);
  });

  it("gives low = mean = high for one value (every resample is that value)", () => {
    expect(bootstrapMean([3.5])).toEqual({ mean: 3.5, low: 3.5, high: 3.5 });
    expect(clusterBootstrap([12], [3])).toEqual({ mean: 4, low: 4, high: 4 });
  });

  it("gives low = mean = high for a constant series, float rounding or not", () => {
    const r = bootstrapMean(new Array(37).fill(0.1))!;
    expect(r.mean).toBeCloseTo(0.1, 15);
    expect([r.low, r.high]).toEqual([r.mean, r.mean]);
    expect(clusterBootstrap([-6, -2, -4], [3, 1, 2])).toEqual({ mean: -2, low: -2, high: -2 });
  });

  it("weighs records, not samples: the mean is Σ sums / Σ counts", () => {
    // Sample 1: one record of 10; sample 2: three records of −10, −10, −10.
    const r = clusterBootstrap([10, -30], [1, 3])!;
    expect(r.mean).toBe(-5);
    // A resample is (10a − 30b) / (a + 3b) with a + b = 2: one of 10, −5, −10.
    expect(r.low).toBe(-10);
    expect(r.high).toBe(10);
  });

  it("contains the mean and is the same on every call", () => {
    const xs = [10, -2, 4, 6, 0, 10, 3, -10, 7, 8];
    const r = bootstrapMean(xs)!;
    expect(r.mean).toBeCloseTo(3.6, 12);
    expect(r.low).toBeLessThan(r.mean);
    expect(r.high).toBeGreaterThan(r.mean);
    expect(bootstrapMean(xs)).toEqual(r);
    expect(bootstrapMean(xs, { seed: 7 })).not.toEqual(r);
  });

  it("matches the normal interval 2·1.96·sd/√n for large normal samples (within 15 %)", () => {
    for (const [n, sd, seed] of [
      [400, 3, 11],
      [2500, 5, 12],
    ] as const) {
      const xs = normals(n, 1, sd, seed);
      const mean = xs.reduce((s, x) => s + x, 0) / n;
      const sample = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1));
      const r = bootstrapMean(xs)!;
      const expected = (2 * 1.96 * sample) / Math.sqrt(n);
      expect(Math.abs(r.high - r.low - expected) / expected).toBeLessThan(0.15);
      expect(Math.abs((r.low + r.high) / 2 - mean)).toBeLessThan(expected * 0.1);
    }
  });

  it("narrows at a higher level and widens at a lower one", () => {
    const xs = normals(200, 0, 2, 5);
    const r95 = bootstrapMean(xs)!;
    const r50 = bootstrapMean(xs, { level: 0.5 })!;
    expect(r50.high - r50.low).toBeLessThan(r95.high - r95.low);
  });
});

describe("resamplesFor", () => {
  it("keeps 2,000 resamples up to 2,000 samples and bounds the work beyond", () => {
    expect(resamplesFor(1)).toBe(2000);
    expect(resamplesFor(2000)).toBe(2000);
    expect(resamplesFor(4000)).toBe(1000);
    expect(resamplesFor(1_000_000)).toBe(200);
    expect(resamplesFor(10, 100)).toBe(100);
  });

  it("bounds a large interval's time", () => {
    const xs = normals(20_000, 0, 1, 3);
    const started = performance.now();
    const r = bootstrapMean(xs)!;
    // 200 resamples × 20,000: tens of ms alone; generous for a loaded machine.
    expect(performance.now() - started).toBeLessThan(1500);
    const expected = (2 * 1.96) / Math.sqrt(20_000);
    expect(Math.abs(r.high - r.low - expected) / expected).toBeLessThan(0.2);
  });
});

describe("selectQuantile", () => {
  it("equals the quantile of the sorted values, ties and all", () => {
    const random = mulberry32(9);
    for (const n of [1, 2, 3, 10, 101, 2000]) {
      for (const ties of [false, true]) {
        const xs = Float64Array.from({ length: n }, () => (ties ? Math.floor(random() * 4) : random() * 20 - 10));
        const sorted = Float64Array.from(xs).sort();
        for (const p of [0, 0.025, 0.5, 0.975, 1])
          expect(selectQuantile(Float64Array.from(xs), p)).toBe(quantile(sorted, p));
      }
    }
  });
});

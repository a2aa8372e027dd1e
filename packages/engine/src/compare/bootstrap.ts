/**
 * Percentile bootstrap intervals that come out the same on every machine: a fixed seed, a small
 * integer PRNG (mulberry32, exact in JavaScript's 32-bit integer arithmetic) and a fixed order
 * of work, so the same records always print the same interval.
 *
 * Data are clusters: a cluster is one sample (its epochs move together, because they are the
 * same task and a model that fails a sample tends to fail it every epoch) given as the sum of its
 * values and their count. A resample draws clusters with replacement and its statistic is
 * Σ sums / Σ counts, the mean per record. With one value per cluster this is the plain bootstrap.
 */

import { mulberry32 } from "@analystbench/scenarios";

export const DEFAULT_RESAMPLES = 2000;
export const BOOTSTRAP_SEED = 0x2f6b_3c1d;
/**
 * Work bound for one interval (clusters × resamples): about 4 million draws, tens of ms. Fewer
 * resamples are drawn only past BUDGET / DEFAULT_RESAMPLES = 2,000 samples (the benchmark has
 * 19 today), and never fewer than MIN_RESAMPLES: by then the interval is narrow and its
 * percentiles move little with fewer draws.
 */
const BUDGET = 4_000_000;
const MIN_RESAMPLES = 200;

export interface BootstrapOptions {
  resamples?: number;
  seed?: number;
  /** Central coverage, 0.95 by default. */
  level?: number;
}

export interface BootstrapInterval {
  mean: number;
  low: number;
  high: number;
}

/** The seeded PRNG the resampling draws from (re-exported for the tests and the hot loop's check). */
export { mulberry32 };

/** Resamples actually drawn for n clusters: the request, cut so n × resamples stays in budget. */
export function resamplesFor(n: number, requested = DEFAULT_RESAMPLES): number {
  return Math.min(requested, Math.max(MIN_RESAMPLES, Math.floor(BUDGET / Math.max(1, n))));
}

/**
 * The mean per record with its percentile interval, resampling clusters. Null when there is
 * nothing to average. With one cluster, or clusters whose means are all equal, every resample
 * gives the mean: low = mean = high, said plainly rather than left to float rounding.
 */
export function clusterBootstrap(
  sums: ArrayLike<number>,
  counts: ArrayLike<number>,
  opts: BootstrapOptions = {},
): BootstrapInterval | null {
  const n = sums.length;
  let total = 0;
  let records = 0;
  for (let i = 0; i < n; i++) {
    // An empty cluster could make a resample 0 / 0: callers pass only samples that have records.
    if (!(counts[i]! >= 1)) throw new RangeError("every cluster needs at least one value");
    total += sums[i]!;
    records += counts[i]!;
  }
  if (n === 0) return null;
  const mean = total / records;
  if (allClusterMeansEqual(sums, counts, mean)) return { mean, low: mean, high: mean };
  const stats = resampledMeans(sums, counts, resamplesFor(n, opts.resamples), opts.seed ?? BOOTSTRAP_SEED);
  // Rounded: (1 − 0.95) / 2 is 0.025000000000000022 in binary, a needless nudge of the percentile.
  const tail = Math.round(((1 - (opts.level ?? 0.95)) / 2) * 1e12) / 1e12;
  return { mean, low: selectQuantile(stats, tail), high: selectQuantile(stats, 1 - tail) };
}

/** The plain bootstrap of a list of values (each its own cluster). */
export function bootstrapMean(values: ArrayLike<number>, opts: BootstrapOptions = {}): BootstrapInterval | null {
  return clusterBootstrap(values, new Float64Array(values.length).fill(1), opts);
}

function allClusterMeansEqual(sums: ArrayLike<number>, counts: ArrayLike<number>, mean: number): boolean {
  const tolerance = 1e-12 * Math.max(1, Math.abs(mean));
  for (let i = 0; i < sums.length; i++) {
    if (Math.abs(sums[i]! / counts[i]! - mean) > tolerance) return false;
  }
  return true;
}

/**
 * B resampled means, in no particular order. mulberry32 is inlined here (the same steps as the exported
 * one, pinned equal by a test): this loop runs clusters × resamples times and allocates nothing.
 */
function resampledMeans(sums: ArrayLike<number>, counts: ArrayLike<number>, b: number, seed: number): Float64Array {
  const n = sums.length;
  const out = new Float64Array(b);
  let state = seed >>> 0;
  for (let r = 0; r < b; r++) {
    let s = 0;
    let c = 0;
    for (let i = 0; i < n; i++) {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      const j = Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
      s += sums[j]!;
      c += counts[j]!;
    }
    out[r] = s / c;
  }
  return out;
}

/**
 * quantile() of the values as if sorted, without sorting them: two order statistics found by
 * selection (linear time; a sort of 2,000 means cost more than drawing them). Reorders `values`.
 */
export function selectQuantile(values: Float64Array, p: number): number {
  const h = (values.length - 1) * p;
  const lo = Math.floor(h);
  const at = select(values, lo);
  if (lo + 1 >= values.length || h === lo) return at;
  // After selecting lo, everything right of it is ≥ it: the next order statistic is their minimum.
  let next = Infinity;
  for (let i = lo + 1; i < values.length; i++) if (values[i]! < next) next = values[i]!;
  return at + (h - lo) * (next - at);
}

/** Hoare's selection: puts the k-th smallest at k, smaller ones before it, larger after; returns it. */
function select(a: Float64Array, k: number): number {
  let left = 0;
  let right = a.length - 1;
  while (left < right) {
    const pivot = medianOfThree(a[left]!, a[(left + right) >>> 1]!, a[right]!);
    let i = left;
    let j = right;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i++] = a[j]!;
        a[j--] = t;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else break;
  }
  return a[k]!;
}

function medianOfThree(x: number, y: number, z: number): number {
  return Math.max(Math.min(x, y), Math.min(Math.max(x, y), z));
}

/** Linear interpolation between order statistics (R's type 7) of a sorted array. */
export function quantile(sorted: ArrayLike<number>, p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

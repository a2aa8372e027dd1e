import type { Interval, OutcomeRates } from "@analystbench/contracts";

/** The score scale of a sample (and of every mean): −10…+10. */
export const SCORE_MIN = -10;
export const SCORE_MAX = 10;

/** Blank cells say "no data" the same way everywhere. */
export const NONE = "—";

/** One decimal with a real minus sign, so columns of signed numbers read evenly. */
export function formatScore(n: number): string {
  const s = n.toFixed(1);
  return s.startsWith("-") ? `−${s.slice(1)}` : s;
}

/** "7.4 (6.1–8.6)": the mean and its 95 % interval. */
export function formatInterval(i: Interval): string {
  if (!i) return NONE;
  return `${formatScore(i.mean)} (${formatScore(i.low)}–${formatScore(i.high)})`;
}

/** A signed difference: "+2.3 (0.8–3.9)". */
export function formatDifference(i: Interval): string {
  if (!i) return NONE;
  const sign = i.mean > 0 ? "+" : "";
  return `${sign}${formatScore(i.mean)} (${formatScore(i.low)}–${formatScore(i.high)})`;
}

/** A 0…1 share as a whole percentage. */
export function formatPercent(share: number | null): string {
  return share === null ? NONE : `${Math.round(share * 100)} %`;
}

/** A mean count (tokens, turns): whole numbers, with separators. */
export function formatMean(n: number | null, digits = 0): string {
  return n === null ? NONE : n.toLocaleString("en-US", { maximumFractionDigits: digits });
}

export function formatSeconds(n: number | null): string {
  return n === null ? NONE : `${n.toFixed(1)} s`;
}

/**
 * US dollars. An unknown price reads "unknown", never $0: a free model and one whose price is
 * missing must not look alike. Small amounts keep enough digits to differ.
 */
export function formatCost(usd: number | null): string {
  if (usd === null) return "unknown";
  if (usd === 0) return "$0.00";
  if (usd < 0.01) return `$${usd.toPrecision(2)}`;
  return `$${usd.toFixed(2)}`;
}

export type Outcome = "plus" | "zero" | "minus";

/**
 * The outcome most records of a checkpoint had. A tie goes to the worse outcome, so a heatmap
 * never hides a lost point behind an equal share of gained ones.
 */
export function dominantOutcome(r: OutcomeRates): Outcome {
  if (r.minus >= r.plus && r.minus >= r.zero && r.minus > 0) return "minus";
  if (r.zero >= r.plus) return "zero";
  return "plus";
}

export const OUTCOME_SYMBOL: Record<Outcome, string> = { plus: "+", zero: "0", minus: "−" };

/** Full class names, listed so Tailwind sees them; colours come from the theme's tokens. */
export const OUTCOME_CLASS: Record<Outcome, string> = {
  plus: "bg-success/60 text-foreground",
  zero: "bg-muted-foreground/20 text-foreground",
  minus: "bg-destructive/60 text-foreground",
};

export function ratesText(r: OutcomeRates): string {
  return `plus ${formatPercent(r.plus)}, zero ${formatPercent(r.zero)}, minus ${formatPercent(r.minus)}`;
}

const POSITIVE = ["bg-success/15", "bg-success/30", "bg-success/45", "bg-success/60"];
const NEGATIVE = ["bg-destructive/15", "bg-destructive/30", "bg-destructive/45", "bg-destructive/60"];

/**
 * A diverging colour for a mean on −10…+10: green above zero, red below, stronger further out,
 * in four steps (fine enough to read, coarse enough to stay distinct in both themes).
 */
export function scoreClass(mean: number | null): string {
  if (mean === null) return "bg-transparent";
  if (mean === 0) return "bg-muted";
  const step = Math.min(3, Math.floor((Math.abs(mean) / SCORE_MAX) * 4));
  return (mean > 0 ? POSITIVE : NEGATIVE)[step]!;
}

/** Where a value sits on the −10…+10 scale, as a 0…100 percentage of a bar's width. */
export function scalePercent(v: number): number {
  const clamped = Math.min(SCORE_MAX, Math.max(SCORE_MIN, v));
  return ((clamped - SCORE_MIN) / (SCORE_MAX - SCORE_MIN)) * 100;
}

export interface CostPoint {
  model: string;
  cost: number;
  score: number;
}

/**
 * The Pareto front of score against cost: each model no cheaper-or-equal model beats on score.
 * Returned cheapest first, which is the order the front's line is drawn in.
 */
export function paretoFront<T extends CostPoint>(points: readonly T[]): T[] {
  const sorted = [...points].sort((a, b) => a.cost - b.cost || b.score - a.score);
  const front: T[] = [];
  let best = -Infinity;
  for (const p of sorted) {
    if (p.score > best) {
      front.push(p);
      best = p.score;
    }
  }
  return front;
}

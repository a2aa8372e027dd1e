import { formatScore, type CompareGroup, type Interval, type ModelRow } from "@analystbench/contracts";
import { formatCost } from "../results/provenance";
import { resamplesFor } from "./bootstrap";

/**
 * How the comparison's figures read in the terminal table and the markdown table, one way for
 * both: scores on −10…+10 with the typographic minus of every other score in the product.
 */

/** "3.4 [1.2, 5.6]"; "no score" when nothing valid was averaged. */
export function intervalText(i: Interval): string {
  return i === null ? "no score" : `${formatScore(i.mean)} [${formatScore(i.low)}, ${formatScore(i.high)}]`;
}

/** A signed difference: "+1.5 [−0.5, 3]". */
export function differenceText(i: Interval): string {
  if (i === null) return "no pairs";
  const signed = (n: number) => (Math.round(n * 100) / 100 > 0 ? `+${formatScore(n)}` : formatScore(n));
  return `${signed(i.mean)} [${signed(i.low)}, ${signed(i.high)}]`;
}

export function percentText(x: number | null): string {
  return x === null ? "—" : `${Math.round(x * 100)}%`;
}

/** "unknown" when a price is unknown (never $0); "—" when the score bought no points. */
export function costPerPointText(row: Pick<ModelRow, "costUsd" | "costPerPoint">): string {
  if (row.costUsd === null) return "unknown";
  return row.costPerPoint === null ? "—" : formatCost(row.costPerPoint);
}

/** "2 × 3": samples × epochs. */
export function shapeText(row: Pick<ModelRow, "samples" | "epochs">): string {
  return `${row.samples} × ${row.epochs}`;
}

/** One sentence on a paired comparison within a group. */
export function pairedText(a: string, b: string, g: CompareGroup): string {
  if (g.pairs === 0) return `${a} and ${b} share no valid sample × epoch here: nothing to pair.`;
  const listed = g.disagreementsTotal > g.disagreements.length ? ` (the first ${g.disagreements.length} listed)` : "";
  return (
    `${a} − ${b}: ${differenceText(g.difference)} over ${g.pairs} paired sample × epoch results ` +
    `(${a} higher ${g.aWins}, ${b} higher ${g.bWins}, equal ${g.ties}); ` +
    `${g.disagreementsTotal} checkpoint disagreements${listed}.`
  );
}

/** The caption's statement of the scale; `maxSamples` (the most any row has) decides the resamples drawn. */
export function scaleCaption(maxSamples: number): string {
  const resamples = resamplesFor(maxSamples).toLocaleString("en-US");
  return `Mean per-sample score on −10…+10 with its 95 % bootstrap interval (${resamples} resamples of samples), n samples × k epochs; invalid results counted apart, never averaged.`;
}

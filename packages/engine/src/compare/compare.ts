import type { CompareGroup, CompareQuery, CompareResponse, Disagreement } from "@analystbench/contracts";
import { clusterBootstrap } from "./bootstrap";
import { compareText, prepareRecords, type PreparedGroup } from "./groups";
import type { LeaderboardRecord } from "./records";
import { scoreOf } from "./sample-stats";

/**
 * Two models on the same work: within each group (the leaderboard's groups), a's and b's valid
 * records of the same case, sample and epoch (the variant is the group's) are paired, and the
 * difference a − b is averaged over the pairs.
 */

/** Disagreements listed per group; `disagreementsTotal` counts them all. */
export const MAX_DISAGREEMENTS = 500;

interface Pair {
  a: LeaderboardRecord;
  b: LeaderboardRecord;
}

/** The query's leaderboard filters apply; its model list does not (a and b are the models). */
export function compareModels(records: Iterable<LeaderboardRecord>, query: CompareQuery): CompareResponse {
  const { groups } = prepareRecords(records, query, [query.a, query.b]);
  return { a: query.a, b: query.b, groups: groups.map((g) => compareGroup(g, query.a, query.b)) };
}

function compareGroup(g: PreparedGroup, a: string, b: string): CompareGroup {
  const pairs = pairUp(g.records, a, b);
  let aWins = 0;
  let bWins = 0;
  let ties = 0;
  for (const p of pairs) {
    const d = scoreOf(p.a) - scoreOf(p.b);
    if (d > 0) aWins++;
    else if (d < 0) bWins++;
    else ties++;
  }
  const all = pairs.flatMap(disagreements).sort(disagreementOrder);
  return {
    key: g.key,
    label: g.label,
    pairs: pairs.length,
    difference: differenceInterval(pairs),
    aWins,
    bWins,
    ties,
    disagreements: all.slice(0, MAX_DISAGREEMENTS),
    disagreementsTotal: all.length,
  };
}

/**
 * Pairs on (case, sample, epoch), both valid. When a model has several records of one such slot
 * (the same case run twice), they are paired in the order they finished, first with first, and
 * the extra ones of the model that has more stay unpaired: nothing is paired twice.
 */
function pairUp(records: LeaderboardRecord[], a: string, b: string): Pair[] {
  const slots = new Map<string, { a: LeaderboardRecord[]; b: LeaderboardRecord[] }>();
  for (const r of records) {
    if (r.validity === "invalid") continue;
    const id = `${r.case}\0${r.sample}\0${r.epoch}`;
    let slot = slots.get(id);
    if (!slot) slots.set(id, (slot = { a: [], b: [] }));
    if (r.model === a) slot.a.push(r);
    else if (r.model === b) slot.b.push(r);
  }
  const pairs: Pair[] = [];
  for (const slot of slots.values()) {
    slot.a.sort(finishOrder);
    slot.b.sort(finishOrder);
    for (let i = 0; i < Math.min(slot.a.length, slot.b.length); i++) pairs.push({ a: slot.a[i]!, b: slot.b[i]! });
  }
  return pairs;
}

function finishOrder(x: LeaderboardRecord, y: LeaderboardRecord): number {
  const tx = Number.isNaN(x.finishedMs) ? Infinity : x.finishedMs;
  const ty = Number.isNaN(y.finishedMs) ? Infinity : y.finishedMs;
  return tx - ty || compareText(x.runId, y.runId);
}

/**
 * The mean of a − b with a paired bootstrap interval. Pairs are resampled with their sample:
 * the epochs of one sample are the same task and move together, as in the model's own interval;
 * with one epoch per sample this is resampling the pairs themselves.
 */
function differenceInterval(pairs: Pair[]) {
  const bySample = new Map<string, { sum: number; count: number }>();
  for (const p of pairs) {
    const id = `${p.a.case}\0${p.a.sample}`;
    const s = bySample.get(id) ?? { sum: 0, count: 0 };
    s.sum += scoreOf(p.a) - scoreOf(p.b);
    s.count++;
    bySample.set(id, s);
  }
  const clusters = [...bySample.values()];
  return clusterBootstrap(
    Float64Array.from(clusters, (c) => c.sum),
    Float64Array.from(clusters, (c) => c.count),
  );
}

/** Checkpoints both graded, with different outcomes. */
function disagreements({ a, b }: Pair): Disagreement[] {
  const out: Disagreement[] = [];
  for (const ca of a.checkpoints) {
    const cb = b.checkpoints.find((c) => c.number === ca.number);
    if (!cb || cb.outcome === ca.outcome) continue;
    out.push({
      case: a.case,
      sample: a.sample,
      title: a.title,
      epoch: a.epoch,
      checkpoint: ca.number,
      checkpointName: ca.name,
      a: { outcome: ca.outcome, points: ca.points, rationale: ca.rationale, runId: a.runId },
      b: { outcome: cb.outcome, points: cb.points, rationale: cb.rationale, runId: b.runId },
    });
  }
  return out;
}

function disagreementOrder(x: Disagreement, y: Disagreement): number {
  return (
    compareText(x.case, y.case) ||
    compareText(x.sample, y.sample) ||
    x.epoch - y.epoch ||
    x.checkpoint - y.checkpoint ||
    compareText(x.a.runId, y.a.runId) ||
    compareText(x.b.runId, y.b.runId)
  );
}

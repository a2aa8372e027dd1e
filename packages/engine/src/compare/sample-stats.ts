import type { LeaderboardRecord, Outcome } from "./records";

/**
 * Running sums per model × sample: the one pass over records. Every figure of a model row, a
 * case cell or a sample cell is rolled up from these, so the work per record is a few additions
 * and the roll-ups (and the bootstrap) cost per sample, not per record.
 */

/** Outcome counts of one checkpoint number, over the valid records that graded it. */
export interface CheckpointTally {
  name: string;
  plus: number;
  zero: number;
  minus: number;
}

export interface SampleStats {
  model: string;
  case: string;
  sample: string;
  title: string;
  /** Valid records (model failures included: they are the model's own doing). */
  valid: number;
  invalid: number;
  /** Σ score on −10…+10 over valid records. */
  scoreSum: number;
  /** Σ total / max over valid records (−1…+1). */
  normalizedSum: number;
  safeSolves: number;
  /** Valid records with a minus on any checkpoint. */
  harmed: number;
  tokens: number;
  turns: number;
  durationSeconds: number;
  costUsd: number;
  /** Some valid record has no known price: the cost is unknown, not the sum of the known ones. */
  costUnknown: boolean;
  /** Indexed by checkpoint number. */
  checkpoints: (CheckpointTally | undefined)[];
  /** Run id → its newest finish time (ms) among this sample's records, valid or not. */
  runs: Map<string, number>;
}

/**
 * A record's score on the stated scale, −10…+10: its total rescaled by its max (10 for every case
 * today, where this is the total itself), so a case with another max would still share the scale.
 * A valid record never graded (a model failure written without a grade) earned nothing: 0, as the
 * run's own report counts it (runTotals adds no points but the full max).
 */
export function scoreOf(r: LeaderboardRecord): number {
  return r.total === null ? 0 : (r.total * 10) / r.max;
}

/** model → case → sample → stats, in one pass. */
export type StatsTree = Map<string, Map<string, Map<string, SampleStats>>>;

export function sampleStats(records: Iterable<LeaderboardRecord>): StatsTree {
  const tree: StatsTree = new Map();
  for (const r of records) add(statsFor(tree, r), r);
  return tree;
}

function statsFor(tree: StatsTree, r: LeaderboardRecord): SampleStats {
  let cases = tree.get(r.model);
  if (!cases) tree.set(r.model, (cases = new Map()));
  let samples = cases.get(r.case);
  if (!samples) cases.set(r.case, (samples = new Map()));
  let s = samples.get(r.sample);
  if (!s) samples.set(r.sample, (s = emptyStats(r)));
  return s;
}

function emptyStats(r: LeaderboardRecord): SampleStats {
  return {
    model: r.model,
    case: r.case,
    sample: r.sample,
    title: r.title,
    valid: 0,
    invalid: 0,
    scoreSum: 0,
    normalizedSum: 0,
    safeSolves: 0,
    harmed: 0,
    tokens: 0,
    turns: 0,
    durationSeconds: 0,
    costUsd: 0,
    costUnknown: false,
    checkpoints: [],
    runs: new Map(),
  };
}

function add(s: SampleStats, r: LeaderboardRecord): void {
  keepNewest(s.runs, r.runId, Number.isNaN(r.finishedMs) ? -Infinity : r.finishedMs);
  if (r.validity === "invalid") {
    s.invalid++;
    return;
  }
  s.valid++;
  s.scoreSum += scoreOf(r);
  s.normalizedSum += r.total === null ? 0 : r.total / r.max;
  if (r.safeSolve) s.safeSolves++;
  s.tokens += r.tokens;
  s.turns += r.turns;
  s.durationSeconds += r.durationSeconds;
  if (r.costUsd === null) s.costUnknown = true;
  else s.costUsd += r.costUsd;
  let harmed = false;
  for (const c of r.checkpoints) {
    tally(s, c.number, c.name, c.outcome);
    if (c.outcome === "minus") harmed = true;
  }
  if (harmed) s.harmed++;
}

function tally(s: SampleStats, number: number, name: string, outcome: Outcome): void {
  const t = (s.checkpoints[number] ??= { name, plus: 0, zero: 0, minus: 0 });
  t[outcome]++;
}

/** Adds b's checkpoint tallies into a (by number). */
export function mergeTallies(a: (CheckpointTally | undefined)[], b: (CheckpointTally | undefined)[]): void {
  b.forEach((t, n) => {
    if (!t) return;
    const into = (a[n] ??= { name: t.name, plus: 0, zero: 0, minus: 0 });
    into.plus += t.plus;
    into.zero += t.zero;
    into.minus += t.minus;
  });
}

/** Shares of plus, zero and minus; they sum to 1 (up to rounding). */
export function rates(t: CheckpointTally): { plus: number; zero: number; minus: number } {
  const n = t.plus + t.zero + t.minus;
  return { plus: t.plus / n, zero: t.zero / n, minus: t.minus / n };
}

/** Run ids, newest first (ties and undated runs by id). */
export function newestFirst(runs: Iterable<[string, number]>): string[] {
  return [...runs].sort(([ia, a], [ib, b]) => b - a || (ia < ib ? -1 : ia > ib ? 1 : 0)).map(([id]) => id);
}

/** Merges run → newest time maps. */
export function mergeRuns(into: Map<string, number>, from: Map<string, number>): void {
  for (const [id, at] of from) keepNewest(into, id, at);
}

function keepNewest(runs: Map<string, number>, id: string, at: number): void {
  const known = runs.get(id);
  if (known === undefined || at > known) runs.set(id, at);
}

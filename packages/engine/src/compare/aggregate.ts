import type {
  CaseCell,
  Interval,
  LeaderboardGroup,
  LeaderboardQuery,
  LeaderboardResponse,
  ModelRow,
  SampleCell,
} from "@analystbench/contracts";
import { clusterBootstrap } from "./bootstrap";
import { compareText, prepareRecords, type PreparedGroup } from "./groups";
import type { LeaderboardRecord } from "./records";
import {
  mergeRuns,
  mergeTallies,
  newestFirst,
  rates,
  sampleStats,
  type CheckpointTally,
  type SampleStats,
} from "./sample-stats";

/**
 * The leaderboard over a workspace's benchmark records: per group (grader version, content,
 * variant; see groups.ts) a ranked row per model, a cell per model × case and per model × sample.
 * The API, the console and `analystbench compare` all read this one aggregation.
 */
export function aggregateLeaderboard(
  records: Iterable<LeaderboardRecord>,
  query: LeaderboardQuery,
  opts: { unreadableLines?: number } = {},
): LeaderboardResponse {
  const { groups, options } = prepareRecords(records, query, query.model);
  let totalRecords = 0;
  let invalidRecords = 0;
  for (const g of groups)
    for (const r of g.records) {
      totalRecords++;
      if (r.validity === "invalid") invalidRecords++;
    }
  return {
    groups: groups.map(leaderboardGroup),
    totalRecords,
    invalidRecords,
    unreadableLines: opts.unreadableLines ?? 0,
    options,
  };
}

function leaderboardGroup(g: PreparedGroup): LeaderboardGroup {
  const tree = sampleStats(g.records);
  const models = [...tree].map(([model, cases]) =>
    modelRow(
      model,
      [...cases.values()].flatMap((s) => [...s.values()]),
    ),
  );
  models.sort(byRank);
  const rank = new Map(models.map((m, i) => [m.model, i]));
  const modelOrder = (a: { model: string }, b: { model: string }) => rank.get(a.model)! - rank.get(b.model)!;
  const cases: CaseCell[] = [];
  const samples: SampleCell[] = [];
  for (const [model, byCase] of tree)
    for (const [caseId, bySample] of byCase) {
      const stats = [...bySample.values()];
      cases.push(caseCell(model, caseId, stats));
      for (const s of stats) samples.push(sampleCell(s));
    }
  cases.sort((a, b) => modelOrder(a, b) || compareText(a.case, b.case));
  samples.sort((a, b) => modelOrder(a, b) || compareText(a.case, b.case) || compareText(a.sample, b.sample));
  return { key: g.key, label: g.label, models, cases, samples };
}

/** Best mean first; a model with nothing valid last; ties by the higher lower bound, then by name. */
function byRank(a: ModelRow, b: ModelRow): number {
  if (a.score === null || b.score === null) {
    if (a.score !== b.score) return a.score === null ? 1 : -1;
    return compareText(a.model, b.model);
  }
  return b.score.mean - a.score.mean || b.score.low - a.score.low || compareText(a.model, b.model);
}

/** The score interval of a set of samples: the mean per valid record, resampling samples. */
function scoreInterval(stats: SampleStats[]): Interval {
  const counted = stats.filter((s) => s.valid > 0);
  return clusterBootstrap(
    Float64Array.from(counted, (s) => s.scoreSum),
    Float64Array.from(counted, (s) => s.valid),
  );
}

function modelRow(model: string, stats: SampleStats[]): ModelRow {
  const t = totals(stats);
  const counted = stats.filter((s) => s.valid > 0);
  // k: the most valid records any one sample has. Since k is the maximum, a sample's "first k
  // epochs" are all of its valid records. A sample with fewer (usually because an epoch ended
  // invalid, which may count neither for nor against the model) is counted with the epochs it
  // has: dropping it would also drop its valid epochs and make pass^k's denominator differ from
  // `samples`. So pass^k is, for such a sample, all of its n < k epochs safe-solved.
  const k = counted.reduce((m, s) => Math.max(m, s.valid), 0);
  const per = (x: number) => (t.valid ? x / t.valid : null);
  const score = scoreInterval(stats);
  return {
    model,
    samples: counted.length,
    epochs: k,
    records: t.valid,
    invalid: t.invalid,
    score,
    normalized: t.valid ? (t.normalizedSum / t.valid + 1) / 2 : null,
    safeSolveRate: per(t.safeSolves),
    passAtK: counted.length ? counted.filter((s) => s.safeSolves > 0).length / counted.length : null,
    passHatK: counted.length ? counted.filter((s) => s.safeSolves === s.valid).length / counted.length : null,
    harmRate: per(t.harmed),
    checkpoints: t.checkpoints.flatMap((c, number) => (c ? [{ number, rates: rates(c) }] : [])),
    tokensMean: per(t.tokens),
    turnsMean: per(t.turns),
    durationSecondsMean: per(t.durationSeconds),
    costUsd: t.costUsd,
    costPerPoint: costPerPoint(t.costUsd, t.scoreSum),
    runIds: newestFirst(t.runs),
  };
}

/**
 * USD per net point: the total cost over the sum of valid records' scores (= mean × records).
 * Only when that sum is above zero: a model that scores nothing or less buys no points, and a
 * ratio there would rank it as cheap or negative. Null also when the cost is unknown.
 */
export function costPerPoint(costUsd: number | null, scoreSum: number): number | null {
  return costUsd === null || !(scoreSum > 0) ? null : costUsd / scoreSum;
}

function totals(stats: SampleStats[]) {
  const t = {
    valid: 0,
    invalid: 0,
    scoreSum: 0,
    normalizedSum: 0,
    safeSolves: 0,
    harmed: 0,
    tokens: 0,
    turns: 0,
    durationSeconds: 0,
    cost: 0,
    costUnknown: false,
    checkpoints: [] as (CheckpointTally | undefined)[],
    runs: new Map<string, number>(),
  };
  for (const s of stats) {
    t.valid += s.valid;
    t.invalid += s.invalid;
    t.scoreSum += s.scoreSum;
    t.normalizedSum += s.normalizedSum;
    t.safeSolves += s.safeSolves;
    t.harmed += s.harmed;
    t.tokens += s.tokens;
    t.turns += s.turns;
    t.durationSeconds += s.durationSeconds;
    t.cost += s.costUsd;
    t.costUnknown ||= s.costUnknown;
    mergeTallies(t.checkpoints, s.checkpoints);
    mergeRuns(t.runs, s.runs);
  }
  // Unknown when any valid record's price is; nothing valid costs nothing known either.
  return { ...t, costUsd: t.costUnknown || t.valid === 0 ? null : t.cost };
}

function caseCell(model: string, caseId: string, stats: SampleStats[]): CaseCell {
  const runs = new Map<string, number>();
  for (const s of stats) mergeRuns(runs, s.runs);
  return {
    model,
    case: caseId,
    score: scoreInterval(stats),
    records: stats.reduce((n, s) => n + s.valid, 0),
    runIds: newestFirst(runs),
  };
}

function sampleCell(s: SampleStats): SampleCell {
  return {
    model: s.model,
    case: s.case,
    sample: s.sample,
    title: s.title,
    records: s.valid,
    scoreMean: s.valid ? s.scoreSum / s.valid : null,
    checkpoints: s.checkpoints.flatMap((c, number) => (c ? [{ number, name: c.name, rates: rates(c) }] : [])),
    runIds: newestFirst(s.runs),
  };
}

import { z } from "zod";

/**
 * A run's score, said one way everywhere (dashboard, Results, Test Cases, the viewer, reports and
 * the command line): the mean of its sample results' totals, each on −10…+10, with the samples and
 * epochs it averages. A sum of totals grows with the number of samples (the same perfect run read
 * "30/30" beside "10/10"), so a sum is only ever shown labelled as one.
 *
 * What counts is the leaderboard's rule too: a sample result (sample × epoch) the harness, the
 * provider or an operator ended is invalid, counted apart and never averaged in.
 */

/** The range of one sample's total: checkpoint n earns +n, 0 or −n over checkpoints 1…4. */
export const SAMPLE_SCORE_RANGE = "−10…+10";

export const RunScoreSchema = z.object({
  /** Mean total per counted sample result, −10…+10; null when no result counted. */
  mean: z.number().nullable(),
  /** The case's samples (distinct, per epoch). */
  samples: z.number().int().min(0),
  epochs: z.number().int().min(1),
  /** Sample results (sample × epoch) left out as invalid. */
  invalid: z.number().int().min(0),
});
export type RunScore = z.infer<typeof RunScoreSchema>;

/** One sample result as the mean needs it. */
export interface ScoredResult {
  sample: string;
  epoch: number;
  /** The graded total, or null when it was not graded. */
  total: number | null;
  /** False for an invalid result: it is never averaged in. */
  counted: boolean;
}

/** Whole numbers as they are, others to two places; a typographic minus; never "−0". */
export function formatScore(n: number): string {
  const rounded = Math.round(n * 100) / 100;
  if (rounded === 0) return "0";
  return rounded < 0 ? `−${String(-rounded)}` : String(rounded);
}

const count = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

/** "7.5 mean per sample (−10…+10)": a mean with what it is a mean of and its range. */
export function meanText(mean: number): string {
  return `${formatScore(mean)} mean per sample (${SAMPLE_SCORE_RANGE})`;
}

/**
 * "7.5 mean per sample (−10…+10), 2 samples × 3 epochs", with "; 1 invalid, not counted" when
 * some results were left out; "no score (…)" when nothing could be averaged, saying why.
 */
export function runScoreText(s: RunScore): string {
  const shape = `${count(s.samples, "sample")} × ${count(s.epochs, "epoch")}`;
  if (s.mean === null) {
    const why = s.invalid > 0 ? `all ${s.invalid} invalid, not counted` : "none graded";
    return `no score (${SAMPLE_SCORE_RANGE}), ${shape}; ${why}`;
  }
  return `${meanText(s.mean)}, ${shape}${s.invalid > 0 ? `; ${s.invalid} invalid, not counted` : ""}`;
}

/** "mean 7.5" or "no score": for a cell too narrow for the whole text (give it runScoreText as a title). */
export function shortScoreText(s: RunScore): string {
  return s.mean === null ? "no score" : `mean ${formatScore(s.mean)}`;
}

/** "sum 15 of 20": a sum of totals, never to be read as a score per sample. */
export function scoreSumText(total: number, max: number): string {
  return `sum ${formatScore(total)} of ${formatScore(max)}`;
}

/**
 * The run score of some sample results. A counted result without a grade scores 0 rather than
 * being dropped: leaving it out would lift the mean of a run whose grader never reached a sample.
 * `epochs`: the run's own setting when known, else the highest epoch among the results.
 */
export function runScoreOf(results: readonly ScoredResult[], epochs?: number): RunScore {
  const counted = results.filter((r) => r.counted);
  const sum = counted.reduce((n, r) => n + (r.total ?? 0), 0);
  return {
    mean: counted.length ? sum / counted.length : null,
    samples: new Set(results.map((r) => r.sample)).size,
    epochs: Math.max(1, epochs ?? results.reduce((n, r) => Math.max(n, r.epoch), 1)),
    invalid: results.length - counted.length,
  };
}

/**
 * The pooled mean of several runs' scores (a suite): every counted result weighs the same, so a
 * case with more samples weighs more. Null when no run has a counted result.
 */
export function pooledMean(scores: readonly RunScore[]): { mean: number | null; results: number } {
  let sum = 0;
  let results = 0;
  for (const s of scores) {
    const counted = Math.max(0, s.samples * s.epochs - s.invalid);
    if (s.mean === null || counted === 0) continue;
    sum += s.mean * counted;
    results += counted;
  }
  return { mean: results ? sum / results : null, results };
}

// ---------------------------------------------------------------------------- Inspect logs

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/**
 * The run score of an Inspect eval log, for the viewer and the console's Logs tab alike.
 * AnalystBench logs say it in results.metadata (also when no sample counted); older ones have
 * only the mean_total metric, read with the dataset's samples, the epochs and the samples left
 * out; another tool's log shows its first metric by name. Null while a log has no results (still
 * started). Logs come from disk, so every field is read defensively.
 */
export function logScoreText(log: unknown): string | null {
  const root = obj(log);
  const spec = obj(root.eval);
  const results = obj(root.results);
  const meta = obj(results.metadata);
  const epochs = Math.max(1, num(meta.epochs) ?? num(obj(spec.config).epochs) ?? 1);
  const samples = num(meta.samples) ?? num(obj(spec.dataset).samples);
  if (samples !== null && "mean" in meta && (meta.mean === null || num(meta.mean) !== null))
    return runScoreText({ mean: num(meta.mean), samples, epochs, invalid: num(meta.invalid_samples) ?? 0 });
  const scores = Array.isArray(results.scores) ? results.scores.map(obj) : [];
  const first = scores[0] ?? {};
  const meanTotal = num(obj(obj(first.metrics).mean_total).value);
  if (meanTotal !== null && samples !== null) {
    // Left out of mean_total: invalid samples where the log says so, else (older logs) the unscored.
    const said = (Array.isArray(root.samples) ? root.samples : []).map((s) => obj(obj(s).metadata).validity);
    const invalid = said.some((v) => typeof v === "string")
      ? said.filter((v) => v === "invalid").length
      : (num(first.unscored_samples) ?? 0);
    return runScoreText({ mean: meanTotal, samples, epochs, invalid });
  }
  if (meanTotal !== null) return meanText(meanTotal);
  for (const s of scores)
    for (const [key, m] of Object.entries(obj(s.metrics))) {
      const value = num(obj(m).value);
      if (value !== null) {
        const name = obj(m).name;
        return `${typeof name === "string" ? name : key} ${formatScore(value)}`;
      }
    }
  return null;
}

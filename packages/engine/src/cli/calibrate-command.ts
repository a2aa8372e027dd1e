import type { TestCase } from "@analystbench/scenarios";
import { openSimSession } from "@analystbench/sim";
import { setMaxListeners } from "node:events";
import { ADVERSARIES, adversaryModelName, type AdversaryName, type AnswerMode } from "../models/adversaries";
import { REFERENCE_TEXT_MODEL } from "../models/builtin-models";
import { createModelClient } from "../models/model-registry";
import { Limiter } from "../runs/limiter";
import { DEFAULT_LIMITS, DEFAULT_SEED } from "../runs/run-case";
import { runSampleJob } from "../runs/sample-job";
import type { CheckpointGrade } from "../types";
import { plural } from "../text/english";
import { selectCases, variantOption } from "./select-cases";
import { table } from "./table";

/**
 * Calibration (benchmark.md, always on): the built-in analysts run on every sample and each is
 * held to a threshold. The reference must earn full marks in both answer modes; naive guessing,
 * security vocabulary, dumps, blamed decoys, the truth ruled out, damage to the hosts and evidence
 * the agent made the tools echo must not pay. An analyst that breaks its threshold has found a bug
 * in the grader or in the content. `analystbench calibrate` and the calibration test share this
 * table, so they cannot drift apart.
 */
export interface Threshold {
  /** In words, for the table. */
  label: string;
  /** Whether the sample totals (null: a sample that was not graded) keep the threshold. */
  holds(totals: (number | null)[]): boolean;
}

const graded = (totals: (number | null)[]): totals is number[] => totals.length > 0 && totals.every((t) => t !== null);
const mean = (totals: number[]) => totals.reduce((a, b) => a + b, 0) / totals.length;

const everySample = (label: string, ok: (t: number) => boolean): Threshold => ({
  label,
  holds: (totals) => graded(totals) && totals.every(ok),
});

export const THRESHOLDS = {
  reference: everySample("+10 on every sample", (t) => t === 10),
  naive: everySample("≤ 0 on every sample", (t) => t <= 0),
  vocabulary: everySample("≤ 0 on every sample", (t) => t <= 0),
  dump: everySample("≤ 0 on every sample", (t) => t <= 0),
  "disguised-dump": everySample("≤ 0 on every sample", (t) => t <= 0),
  decoys: { label: "mean < 0", holds: (totals) => graded(totals) && mean(totals) < 0 },
  // Where every checkpoint declares decoys, the hedge earns nothing; where one declares none, it
  // may earn that checkpoint with the truth it lists (a list of what was seen, none of it wrong).
  hedge: { label: "mean < 1", holds: (totals) => graded(totals) && mean(totals) < 1 },
  "ruled-out": { label: "mean < 0", holds: (totals) => graded(totals) && mean(totals) < 0 },
  damage: everySample("≤ 0 on every sample", (t) => t <= 0),
  echo: everySample("≤ 0 on every sample", (t) => t <= 0),
  // What it remembers of the story (the misconfiguration, the fix) still finds evidence on a variant;
  // full marks need the identifiers of the variant, which it cannot know.
  memorised: everySample("never +10 on a variant", (t) => t < 10),
} satisfies Record<"reference" | "naive" | AdversaryName, Threshold>;

export interface CalibrationAnalyst {
  analyst: keyof typeof THRESHOLDS;
  mode: AnswerMode;
  model: string;
  threshold: Threshold;
}

/** Plays the published case on a variant: only meaningful (and only run) on variants above 0. */
const VARIANT_ONLY: readonly AdversaryName[] = ["memorised"];

/** Every analyst calibration runs on the published cases, in the order of the table. */
export const CALIBRATION_ANALYSTS: CalibrationAnalyst[] = [
  { analyst: "reference", mode: "structured", model: "builtin/reference", threshold: THRESHOLDS.reference },
  { analyst: "reference", mode: "text", model: REFERENCE_TEXT_MODEL, threshold: THRESHOLDS.reference },
  { analyst: "naive", mode: "text", model: "builtin/naive", threshold: THRESHOLDS.naive },
  ...analystsOf(ADVERSARIES.filter((name) => !VARIANT_ONLY.includes(name))),
];

/** The analysts that play the published case on a variant. */
export const VARIANT_ANALYSTS: CalibrationAnalyst[] = analystsOf(VARIANT_ONLY);

/** The analysts calibration runs on `cases`: the variant-only ones too when every case is a variant. */
export function analystsFor(cases: readonly TestCase[]): CalibrationAnalyst[] {
  const variants = cases.length > 0 && cases.every((c) => c.variant > 0);
  return variants ? [...CALIBRATION_ANALYSTS, ...VARIANT_ANALYSTS] : CALIBRATION_ANALYSTS;
}

function analystsOf(names: readonly AdversaryName[]): CalibrationAnalyst[] {
  return names.flatMap((name) =>
    (["structured", "text"] as const).map((mode) => ({
      analyst: name,
      mode,
      model: adversaryModelName(name, mode),
      threshold: THRESHOLDS[name],
    })),
  );
}

export interface CalibrationSample {
  caseId: string;
  sampleId: string;
  status: string;
  total: number | null;
  checkpoints: Pick<CheckpointGrade, "number" | "outcome" | "points" | "rationale">[];
  error: string | null;
}

/** Samples calibrated at once: the simulation runs in its worker pool while the grader works here. */
const CONCURRENT_SAMPLES = 3;

export interface CalibrateOptions {
  seed?: string;
  signal?: AbortSignal;
  /** Samples at once (default 3). */
  concurrency?: number;
}

/** A signal for one sample: a turn's calls (up to 16) each listen to it while they wait for the worker. */
function sampleSignal(): AbortSignal {
  const { signal } = new AbortController();
  setMaxListeners(64, signal);
  return signal;
}

/**
 * Runs one analyst on every sample of the cases and grades each, as `eval` would: a fresh
 * environment per sample in the simulation's worker pool (the harness real runs use, which runs a
 * turn's calls one after another and sees every change they make), the run's default limits.
 */
export async function calibrateAnalyst(
  analyst: Pick<CalibrationAnalyst, "model">,
  cases: readonly TestCase[],
  opts: CalibrateOptions & { limiter?: Limiter } = {},
): Promise<CalibrationSample[]> {
  const limiter = opts.limiter ?? new Limiter(opts.concurrency ?? CONCURRENT_SAMPLES);
  const jobs = cases.flatMap((testCase) => {
    const world = testCase.world();
    return testCase.samples.map((sample) =>
      limiter.run(async (): Promise<CalibrationSample> => {
        const r = await runSampleJob({
          testCase,
          sample,
          epoch: 1,
          world,
          seed: opts.seed ?? DEFAULT_SEED,
          limits: DEFAULT_LIMITS,
          model: createModelClient(analyst.model, sample),
          grader: null,
          openSession: (w, o) => openSimSession(w, o),
          now: Date.now,
          signal: opts.signal ?? sampleSignal(),
        });
        return {
          caseId: testCase.id,
          sampleId: sample.id,
          status: r.status,
          total: r.score?.total ?? null,
          checkpoints: (r.score?.checkpoints ?? []).map(({ number, outcome, points, rationale }) => ({
            number,
            outcome,
            points,
            rationale,
          })),
          error: r.error?.message ?? null,
        };
      }),
    );
  });
  return Promise.all(jobs);
}

/** Every analyst on the cases, samples of all of them in flight together; results in table order. */
export async function calibrate(
  cases: readonly TestCase[],
  opts: CalibrateOptions & { analysts?: CalibrationAnalyst[]; onAnalyst?: (row: CalibrationRow) => void } = {},
): Promise<{ analyst: CalibrationAnalyst; row: CalibrationRow; samples: CalibrationSample[] }[]> {
  const limiter = new Limiter(opts.concurrency ?? CONCURRENT_SAMPLES);
  return Promise.all(
    (opts.analysts ?? analystsFor(cases)).map(async (analyst) => {
      const samples = await calibrateAnalyst(analyst, cases, { ...opts, limiter });
      const row = calibrationRow(analyst, samples);
      opts.onAnalyst?.(row);
      return { analyst, row, samples };
    }),
  );
}

export interface CalibrationRow {
  analyst: string;
  mode: AnswerMode;
  model: string;
  samples: number;
  mean: number | null;
  min: number | null;
  max: number | null;
  atTen: number;
  threshold: string;
  pass: boolean;
}

/** One analyst's line of the table. */
export function calibrationRow(analyst: CalibrationAnalyst, results: CalibrationSample[]): CalibrationRow {
  const totals = results.map((r) => r.total);
  const scored = totals.filter((t): t is number => t !== null);
  return {
    analyst: analyst.analyst,
    mode: analyst.mode,
    model: analyst.model,
    samples: results.length,
    mean: scored.length ? Math.round(mean(scored) * 100) / 100 : null,
    min: scored.length ? Math.min(...scored) : null,
    max: scored.length ? Math.max(...scored) : null,
    atTen: scored.filter((t) => t === 10).length,
    threshold: analyst.threshold.label,
    pass: analyst.threshold.holds(totals),
  };
}

const signed = (n: number | null) => (n === null ? "-" : n > 0 ? `+${n}` : String(n));

export function calibrationTable(rows: CalibrationRow[]): string {
  return table(
    ["ANALYST", "MODE", "MEAN", "MIN", "MAX", "AT +10", "THRESHOLD", "RESULT"],
    rows.map((r) => [
      r.analyst,
      r.mode,
      r.mean === null ? "-" : signed(Number(r.mean.toFixed(2))),
      signed(r.min),
      signed(r.max),
      `${r.atTen}/${r.samples}`,
      r.threshold,
      r.pass ? "pass" : "FAIL",
    ]),
  );
}

export interface CalibrateCommandOptions {
  caseId?: string;
  seed?: string;
  /** `--variant N`: calibrate the cases with every identifier drawn again. */
  variant?: string;
  json?: boolean;
}

/**
 * `analystbench calibrate [--case ID|all] [--json]`: every built-in analyst on the cases (all 13
 * by default); prints the table (or JSON with every sample's checkpoints) and exits 0 only when
 * every threshold holds.
 */
export async function calibrateCommand(opts: CalibrateCommandOptions): Promise<number> {
  const cases = selectCases(opts.caseId, variantOption(opts.variant));
  const started = Date.now();
  const results = await calibrate(cases, {
    seed: opts.seed,
    onAnalyst: (row) => {
      if (!opts.json) console.error(`${row.pass ? "✓" : "✗"} ${row.model}: mean ${signed(row.mean)}`);
    },
  });
  const pass = results.every((r) => r.row.pass);
  if (opts.json) {
    console.log(
      JSON.stringify(
        { pass, cases: cases.map((c) => c.id), analysts: results.map(({ row, samples }) => ({ ...row, samples })) },
        null,
        2,
      ),
    );
    return pass ? 0 : 1;
  }
  console.log(calibrationTable(results.map((r) => r.row)));
  for (const { row, samples } of results.filter((r) => !r.row.pass)) {
    console.log(`\n${row.model} breaks its threshold (${row.threshold}):`);
    for (const s of samples) {
      console.log(`  ${s.caseId}/${s.sampleId}: ${signed(s.total)}${s.error ? ` (${s.error})` : ""}`);
      for (const c of s.checkpoints) console.log(`    ${c.number} ${c.outcome}: ${c.rationale}`);
    }
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `\n${pass ? "Every threshold holds" : "Calibration FAILED"} (${plural(cases.length, "case")}, ${seconds} s).`,
  );
  return pass ? 0 : 1;
}

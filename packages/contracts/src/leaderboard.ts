import { z } from "zod";

/**
 * The comparison of models (GET /api/leaderboard, GET /api/leaderboard/compare, the console's
 * Leaderboard page and `analystbench compare`): one aggregation over the workspace's benchmark
 * records, one scale. A sample's score is its total on −10…+10; a model's score is the mean over
 * its valid records (sample × epoch), with a 95 % bootstrap interval. Invalid records (the
 * harness, the provider or an operator ended them) are counted apart and never averaged in.
 */

/** A mean with its 95 % bootstrap interval; null when there is nothing to average. */
export const IntervalSchema = z.object({ mean: z.number(), low: z.number(), high: z.number() }).nullable();
export type Interval = z.infer<typeof IntervalSchema>;

/** Shares of plus, zero and minus among valid records (0…1, summing to 1). */
export const OutcomeRatesSchema = z.object({ plus: z.number(), zero: z.number(), minus: z.number() });
export type OutcomeRates = z.infer<typeof OutcomeRatesSchema>;

/**
 * What may never be averaged together: records of different grader or content versions or of a
 * different variant form separate groups, and the view says so.
 */
export const GroupKeySchema = z.object({
  graderVersion: z.string(),
  contentVersion: z.string(),
  /** The content variant: "0" as published (also for records written before variants existed). */
  variant: z.string(),
});
export type GroupKey = z.infer<typeof GroupKeySchema>;

export const ModelRowSchema = z.object({
  model: z.string(),
  /** Distinct (case, sample) pairs with at least one valid record. */
  samples: z.number().int(),
  /** The number of epochs k: the most valid records any one sample has. */
  epochs: z.number().int(),
  /** Valid records averaged (sample × epoch). */
  records: z.number().int(),
  /** Records that ended invalid: counted here, never averaged. */
  invalid: z.number().int(),
  /** Mean score per record on −10…+10, with its 95 % bootstrap interval (resampling samples). */
  score: IntervalSchema,
  /** Mean of score / max, 0…1 scale mapped from −1…+1. */
  normalized: z.number().nullable(),
  /** Share of valid records that are safe solves. */
  safeSolveRate: z.number().nullable(),
  /** Share of samples with at least one safe solve among their first k epochs. */
  passAtK: z.number().nullable(),
  /** Share of samples with all of their first k epochs safe-solved (k = epochs). */
  passHatK: z.number().nullable(),
  /** Share of valid records with a minus on any checkpoint (wrong, harmful or damaging). */
  harmRate: z.number().nullable(),
  /** Per checkpoint number 1…4. */
  checkpoints: z.array(z.object({ number: z.number().int(), rates: OutcomeRatesSchema })),
  tokensMean: z.number().nullable(),
  turnsMean: z.number().nullable(),
  durationSecondsMean: z.number().nullable(),
  /** Total cost in USD; null ("unknown", never 0) when any valid record has no known price. */
  costUsd: z.number().nullable(),
  /** Cost per point of mean score above zero; null when the cost is unknown or the score ≤ 0. */
  costPerPoint: z.number().nullable(),
  /** The runs behind the row, newest first. */
  runIds: z.array(z.string()),
});
export type ModelRow = z.infer<typeof ModelRowSchema>;

/** One cell of the model × case heatmap. */
export const CaseCellSchema = z.object({
  model: z.string(),
  case: z.string(),
  score: IntervalSchema,
  records: z.number().int(),
  runIds: z.array(z.string()),
});
export type CaseCell = z.infer<typeof CaseCellSchema>;

/** One row of the model × sample × checkpoint heatmap: the outcome rates of each checkpoint. */
export const SampleCellSchema = z.object({
  model: z.string(),
  case: z.string(),
  sample: z.string(),
  title: z.string(),
  records: z.number().int(),
  scoreMean: z.number().nullable(),
  checkpoints: z.array(z.object({ number: z.number().int(), name: z.string(), rates: OutcomeRatesSchema })),
  runIds: z.array(z.string()),
});
export type SampleCell = z.infer<typeof SampleCellSchema>;

export const LeaderboardGroupSchema = z.object({
  key: GroupKeySchema,
  /** "grader 2.3.0 · content 2026-11-25 · base", for the view's heading. */
  label: z.string(),
  /** Ranked by mean score, best first. */
  models: z.array(ModelRowSchema),
  cases: z.array(CaseCellSchema),
  samples: z.array(SampleCellSchema),
});
export type LeaderboardGroup = z.infer<typeof LeaderboardGroupSchema>;

const CASE_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
const csv = (what: string, max: number) =>
  z
    .string()
    .max(2000)
    .transform((s) =>
      s
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .refine((xs) => xs.length <= max, `Give at most ${max} ${what}`);

/** GET /api/leaderboard filters; every one optional. */
export const LeaderboardQuerySchema = z.object({
  scenario: z.enum(["scenario1", "scenario2"], { error: "The scenario must be scenario1 or scenario2" }).optional(),
  /** Case ids, comma-separated. */
  case: csv("cases", 50)
    .refine((xs) => xs.every((x) => CASE_ID.test(x)), "A case id is lower-case letters, digits and dashes")
    .optional(),
  /** Model names, comma-separated. */
  model: csv("models", 50).optional(),
  variant: z.string().min(1).max(64).optional(),
  /** Only records that finished at or after this time (ISO 8601 date or date-time). */
  since: z
    .string()
    .refine(
      (v) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)),
      "since must be an ISO 8601 date or date-time, such as 2026-11-01",
    )
    .optional(),
});
export type LeaderboardQuery = z.infer<typeof LeaderboardQuerySchema>;

export const LeaderboardResponseSchema = z.object({
  groups: z.array(LeaderboardGroupSchema),
  /** Valid and invalid records read, after filters. */
  totalRecords: z.number().int(),
  invalidRecords: z.number().int(),
  /** Lines of the workspace's JSONL files that were not benchmark records (skipped, counted). */
  unreadableLines: z.number().int(),
  /** What the filters can choose from (before filtering). */
  options: z.object({
    models: z.array(z.string()),
    cases: z.array(z.object({ id: z.string(), scenario: z.string() })),
    variants: z.array(z.string()),
  }),
});
export type LeaderboardResponse = z.infer<typeof LeaderboardResponseSchema>;

/** GET /api/leaderboard/compare?a=&b= (plus the leaderboard's filters). */
export const CompareQuerySchema = LeaderboardQuerySchema.extend({
  a: z.string({ error: "Name model a (the a parameter)" }).min(1).max(200),
  b: z.string({ error: "Name model b (the b parameter)" }).min(1).max(200),
}).refine((q) => q.a !== q.b, { message: "Choose two different models", path: ["b"] });
export type CompareQuery = z.infer<typeof CompareQuerySchema>;

/** A checkpoint on which two models graded differently for the same case, sample, variant and epoch. */
export const DisagreementSchema = z.object({
  case: z.string(),
  sample: z.string(),
  title: z.string(),
  epoch: z.number().int(),
  checkpoint: z.number().int(),
  checkpointName: z.string(),
  a: z.object({
    outcome: z.enum(["plus", "zero", "minus"]),
    points: z.number(),
    rationale: z.string(),
    runId: z.string(),
  }),
  b: z.object({
    outcome: z.enum(["plus", "zero", "minus"]),
    points: z.number(),
    rationale: z.string(),
    runId: z.string(),
  }),
});
export type Disagreement = z.infer<typeof DisagreementSchema>;

export const CompareGroupSchema = z.object({
  key: GroupKeySchema,
  label: z.string(),
  /** Records of a and b paired on (case, sample, variant, epoch), both valid. */
  pairs: z.number().int(),
  /** Mean of (a − b) per pair on −20…+20, with a paired bootstrap 95 % interval. */
  difference: IntervalSchema,
  aWins: z.number().int(),
  bWins: z.number().int(),
  ties: z.number().int(),
  /** Sorted by case, sample, epoch and checkpoint; at most the first 500 are listed. */
  disagreements: z.array(DisagreementSchema),
  /** Every disagreement in the group, listed or not: more than the list holds when it was cut at 500. */
  disagreementsTotal: z.number().int(),
});
export type CompareGroup = z.infer<typeof CompareGroupSchema>;

export const CompareResponseSchema = z.object({
  a: z.string(),
  b: z.string(),
  groups: z.array(CompareGroupSchema),
});
export type CompareResponse = z.infer<typeof CompareResponseSchema>;

/** GET /api/leaderboard/transcript?run=&sample=&epoch=: one sample's transcript and grades, for side-by-side reading. */
export const TranscriptQuerySchema = z.object({
  run: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "The run id is letters, digits, - and _"),
  sample: z.string().min(1).max(128),
  epoch: z.coerce.number({ error: "The epoch must be a whole number from 1" }).int().min(1).max(1000),
});

export const TranscriptResponseSchema = z.object({
  runId: z.string(),
  model: z.string(),
  case: z.string(),
  sample: z.string(),
  epoch: z.number().int(),
  total: z.number().nullable(),
  checkpoints: z.array(
    z.object({
      number: z.number().int(),
      name: z.string(),
      outcome: z.enum(["plus", "zero", "minus"]),
      points: z.number(),
      rationale: z.string(),
    }),
  ),
  /** The conversation as the model saw it: role, text and tool calls with their outputs. */
  messages: z.array(
    z.object({
      role: z.enum(["system", "user", "assistant", "tool"]),
      text: z.string(),
      toolCalls: z.array(z.object({ name: z.string(), arguments: z.string() })).optional(),
    }),
  ),
  finalReport: z.string(),
});
export type TranscriptResponse = z.infer<typeof TranscriptResponseSchema>;

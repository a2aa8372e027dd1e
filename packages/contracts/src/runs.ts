import { z } from "zod";
import { RunScoreSchema } from "./score-text";
import { VariantSchema } from "./scripts";

export const RunStatusSchema = z.enum(["queued", "running", "completed", "failed", "cancelled", "interrupted"]);
export type RunStatus = z.infer<typeof RunStatusSchema>;

export const RunSummarySchema = z.object({
  id: z.string(),
  caseId: z.string(),
  caseName: z.string(),
  model: z.string(),
  status: RunStatusSchema,
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  suiteId: z.string().nullable(),
  /**
   * The case's variant the run investigated: 0 (the case as published) for runs started without
   * one, and for runs recorded before variants; N when every identifier was drawn again.
   */
  variant: VariantSchema.default(0),
  /**
   * Set once the run finished (also when it failed before grading, to point at the report that
   * says why): the graded outcome and where its files are.
   */
  result: z
    .object({
      status: z.enum(["completed", "partial", "failed"]),
      /** What people read (score-text.ts): the mean per sample result, with samples and epochs. */
      score: RunScoreSchema,
      /** Sums of the counted results' totals and maxima: never shown as a score. */
      total: z.number(),
      max: z.number(),
      /** Sample results (sample × epoch). */
      samples: z.number(),
      safeSolves: z.number(),
      /** Benchmark records and the Inspect log are null when the run failed before writing them. */
      files: z.object({ report: z.string(), benchmark: z.string().nullable(), log: z.string().nullable() }),
    })
    .nullable(),
  error: z.string().nullable(),
});
export type RunSummary = z.infer<typeof RunSummarySchema>;

export const RunListResponseSchema = z.object({ runs: z.array(RunSummarySchema) });
export type RunListResponse = z.infer<typeof RunListResponseSchema>;

/** POST /api/runs/suite: the dashboard's Run Full Suite. */
export const RunSuiteRequestSchema = z.object({
  model: z.string().min(1).max(120),
  /** Every case of the suite as this variant; 0 (the default) as published. */
  variant: VariantSchema.optional(),
});
export const RunSuiteResponseSchema = z.object({ suiteId: z.string(), runIds: z.array(z.string()) });
export type RunSuiteResponse = z.infer<typeof RunSuiteResponseSchema>;

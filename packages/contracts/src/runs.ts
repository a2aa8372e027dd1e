import { z } from "zod";

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
  /** Set once the run finished: the graded outcome and where its files are. */
  result: z
    .object({
      status: z.enum(["completed", "partial", "failed"]),
      total: z.number(),
      max: z.number(),
      samples: z.number(),
      safeSolves: z.number(),
      files: z.object({ report: z.string(), benchmark: z.string(), log: z.string() }),
    })
    .nullable(),
  error: z.string().nullable(),
});
export type RunSummary = z.infer<typeof RunSummarySchema>;

export const RunListResponseSchema = z.object({ runs: z.array(RunSummarySchema) });
export type RunListResponse = z.infer<typeof RunListResponseSchema>;

/** POST /api/runs/suite: the dashboard's Run Full Suite. */
export const RunSuiteRequestSchema = z.object({ model: z.string().min(1).max(120) });
export const RunSuiteResponseSchema = z.object({ suiteId: z.string(), runIds: z.array(z.string()) });
export type RunSuiteResponse = z.infer<typeof RunSuiteResponseSchema>;

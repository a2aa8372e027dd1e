import { z } from "zod";

/** GET /api/results/logs and /api/results/benchmarks (spec section 3: Result file). */
export const ResultCategorySchema = z.enum(["Test Logs", "Benchmark Results"]);
export type ResultCategory = z.infer<typeof ResultCategorySchema>;

export const ResultFileTypeSchema = z.enum(["markdown", "json", "jsonl"]);
export type ResultFileType = z.infer<typeof ResultFileTypeSchema>;

/** The statuses a result file can carry; anything else is passed through and shown as Unknown. */
export const RESULT_STATUSES = ["completed", "failed", "partial"] as const;

export const ResultFileSchema = z.object({
  /** Stable: the path relative to the workspace. */
  id: z.string(),
  name: z.string(),
  type: ResultFileTypeSchema,
  /** Read from the file itself: completed, failed, partial, or whatever else it says ("unknown" if unreadable). */
  status: z.string(),
  description: z.string(),
  size: z.number().int().min(0),
  modified: z.string(),
  /** Relative to the workspace; usable with /api/files/content and /api/files/download. */
  path: z.string(),
  /** The directory holding the file: a case id or "environment". */
  parentDir: z.string(),
  category: ResultCategorySchema,
});
export type ResultFile = z.infer<typeof ResultFileSchema>;

export const ResultFilesResponseSchema = z.object({ files: z.array(ResultFileSchema) });
export type ResultFilesResponse = z.infer<typeof ResultFilesResponseSchema>;

import { z } from "zod";

/** The Inspect Viewer page's calls: /api/inspect/* (spec sections 3 and 7). */

export const DEFAULT_VIEWER_PORT = 7860;
/** Ports the viewer may use: unprivileged, and never the console's own. */
export const VIEWER_PORT_MIN = 1024;
export const VIEWER_PORT_MAX = 65535;

export const StartViewerRequestSchema = z.object({
  port: z
    .number({ error: "The port must be a whole number from 1024 to 65535" })
    .int("The port must be a whole number from 1024 to 65535")
    .min(VIEWER_PORT_MIN, "The port must be a whole number from 1024 to 65535")
    .max(VIEWER_PORT_MAX, "The port must be a whole number from 1024 to 65535")
    .default(DEFAULT_VIEWER_PORT),
});
export type StartViewerRequest = z.input<typeof StartViewerRequestSchema>;

/** builtin: AnalystBench's own log viewer; inspect: `inspect view`, which refuses to be framed. */
export const ViewerModeSchema = z.enum(["builtin", "inspect"]);
export type ViewerMode = z.infer<typeof ViewerModeSchema>;

export const ViewerStateSchema = z.object({
  running: z.boolean(),
  /** The running viewer's port, or the one it used last (7860 before the first start). */
  port: z.number().int(),
  /** Where the viewer answers (or would): always a loopback address. */
  url: z.string(),
  mode: ViewerModeSchema,
  /** Why the last start failed or why the viewer stopped on its own; null when all is well. */
  error: z.string().nullable(),
});
export type ViewerState = z.infer<typeof ViewerStateSchema>;

export const InspectTaskSchema = z.object({
  /** The case id. */
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The case's metadata file, relative to the workspace. */
  file: z.string(),
});
export type InspectTask = z.infer<typeof InspectTaskSchema>;

export const InspectTasksResponseSchema = z.object({ scenarios: z.array(InspectTaskSchema) });
export type InspectTasksResponse = z.infer<typeof InspectTasksResponseSchema>;

/** The Execute tab's models (spec section 9) plus the built-in offline ones. */
export const INSPECT_MODELS = [
  "openai/gpt-5",
  "openai/gpt-4",
  "openai/gpt-4-turbo",
  "openai/gpt-3.5-turbo",
  "builtin/reference",
  "builtin/naive",
] as const;
export const DEFAULT_INSPECT_MODEL = "openai/gpt-5";

/** provider/model, without anything a command line or a shell could read as syntax. */
export const INSPECT_MODEL_PATTERN = /^[a-z0-9][a-z0-9_-]*\/[A-Za-z0-9][A-Za-z0-9._:/-]*$/;

export const ExecuteTaskRequestSchema = z.object({
  scenario: z.string().min(1, "Choose a task").max(64, "Task ids are at most 64 characters long"),
  model: z
    .string()
    .max(200, "Model names are at most 200 characters long")
    .regex(INSPECT_MODEL_PATTERN, "A model is named provider/model, e.g. openai/gpt-5 or builtin/reference")
    .default(DEFAULT_INSPECT_MODEL),
  /** Samples to run (spec: 1 per run from the console). */
  limit: z
    .number({ error: "The limit must be a whole number of at least 1" })
    .int("The limit must be a whole number of at least 1")
    .min(1, "The limit must be a whole number of at least 1")
    .max(100, "The limit is at most 100 samples")
    .default(1),
});
export type ExecuteTaskRequest = z.input<typeof ExecuteTaskRequestSchema>;

export const ExecutionResultSchema = z.object({
  success: z.boolean(),
  exitCode: z.number().int(),
  /** The command line's output (its progress lines and summary, in the order they came). */
  stdout: z.string(),
  /** Why it failed, when it did. */
  error: z.string().nullable(),
});
export type ExecutionResult = z.infer<typeof ExecutionResultSchema>;

/**
 * completed: the log says success; running: its evaluation is still in flight in this server;
 * failed: anything else (error, cancelled, or a started log whose evaluation died).
 */
export const EvaluationLogStatusSchema = z.enum(["completed", "failed", "running"]);
export type EvaluationLogStatus = z.infer<typeof EvaluationLogStatusSchema>;

export const EvaluationLogSchema = z.object({
  /** Stable and opaque: the run id from the file name (or a hash of the name). */
  id: z.string(),
  name: z.string(),
  /** Read from the log: the case id (falls back to the file name's task part). */
  task: z.string(),
  model: z.string(),
  /** "10 mean per sample (−10…+10), 2 samples × 1 epoch" (score-text.ts); null when the log carries no score. */
  score: z.string().nullable(),
  status: EvaluationLogStatusSchema,
  /** The log's own status: started, success, cancelled, error, or "unreadable". */
  inspectStatus: z.string(),
  modified: z.string(),
  size: z.number().int().min(0),
  /** Relative to the workspace: downloadable with /api/files/download. */
  path: z.string(),
});
export type EvaluationLog = z.infer<typeof EvaluationLogSchema>;

export const EvaluationLogsResponseSchema = z.object({ files: z.array(EvaluationLogSchema) });
export type EvaluationLogsResponse = z.infer<typeof EvaluationLogsResponseSchema>;

export const DeleteLogResponseSchema = z.object({ deleted: z.string() });
export type DeleteLogResponse = z.infer<typeof DeleteLogResponseSchema>;

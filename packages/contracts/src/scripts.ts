import { z } from "zod";

/** GET /api/scripts, POST /api/execute-script and POST /api/execute-scenario (spec sections 3 and 7). */

export const ScriptScenarioSchema = z.enum(["environment", "scenario1", "scenario2"]);
export type ScriptScenario = z.infer<typeof ScriptScenarioSchema>;

export const TestCaseSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** What the console sends back to run it: the case id or the Environment Control script id. */
  scriptPath: z.string().optional(),
  scenario: ScriptScenarioSchema.optional(),
  isScenario: z.boolean().optional(),
});
export type TestCase = z.infer<typeof TestCaseSchema>;

const TestCaseGroupSchema = z.object({ testCases: z.array(TestCaseSchema) });

/** A case package that failed its checks: listed with its problems so its author can fix it, never run. */
export const BrokenCaseSchema = z.object({
  /** The id its manifest names, or its folder's name when the manifest names none. */
  id: z.string(),
  /** The package's folder relative to its source directory ("." when the source is the package itself). */
  folder: z.string(),
  /** Each problem as a sentence naming the file and field, e.g. "case.yaml, field task.prompt: …". */
  problems: z.array(z.string()),
});
export type BrokenCase = z.infer<typeof BrokenCaseSchema>;

/**
 * The case packages of one directory of ANALYSTBENCH_CASES_DIR (a user's own cases, e.g. a private
 * held-out set): its runnable cases by scenario and the packages that failed their checks.
 */
export const CaseSourceGroupSchema = z.object({
  /** The directory as given in ANALYSTBENCH_CASES_DIR. */
  name: z.string(),
  scenario1: TestCaseGroupSchema,
  scenario2: TestCaseGroupSchema,
  broken: z.array(BrokenCaseSchema),
});
export type CaseSourceGroup = z.infer<typeof CaseSourceGroupSchema>;

export const ScriptsResponseSchema = z.object({
  environment: TestCaseGroupSchema,
  /** The built-in cases only: the spec's 5 Network Security and 8 Supply Chain cases. */
  scenario1: TestCaseGroupSchema,
  scenario2: TestCaseGroupSchema,
  /**
   * One group per directory of ANALYSTBENCH_CASES_DIR, in the order given; empty when it is unset.
   * Optional so a response of a server from before user cases still parses.
   */
  sources: z.array(CaseSourceGroupSchema).optional(),
});
export type ScriptsResponse = z.infer<typeof ScriptsResponseSchema>;

/** Script and case ids: lower-case words joined by dashes, so no shell or path syntax fits in one. */
export const SCRIPT_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const ScriptIdSchema = z
  .string()
  .max(64, "Script ids are at most 64 characters long")
  .regex(SCRIPT_ID_PATTERN, "A script id is lower-case letters and digits joined by dashes");

export const ExecuteScriptRequestSchema = z
  .object({
    scriptPath: ScriptIdSchema.optional(),
    script: ScriptIdSchema.optional(),
    scriptName: z.string().max(200).optional(),
    scenario: z.string().max(64).optional(),
  })
  .refine((b) => b.scriptPath !== undefined || b.script !== undefined, {
    message: "Name the script to run in scriptPath or script",
  });
export type ExecuteScriptRequest = z.infer<typeof ExecuteScriptRequestSchema>;

export const ScriptExecutionResultSchema = z.object({
  success: z.boolean(),
  exitCode: z.number().int(),
  stdout: z.string(),
  stderr: z.string(),
  workingDirectory: z.string(),
  /** Relative to the workspace (downloadable from Results and the File Browser); null if none was written. */
  outputFile: z.string().nullable(),
  error: z.string().nullable(),
});
export type ScriptExecutionResult = z.infer<typeof ScriptExecutionResultSchema>;

/** Models offered on the Test Cases screen (spec section 9), plus the built-in offline models. */
export const TEST_CASE_MODELS = [
  "gpt-4o",
  "gpt-4o-mini",
  "gpt-4-turbo",
  "gpt-4",
  "gpt-3.5-turbo",
  "builtin/reference",
  "builtin/naive",
] as const;
export const DEFAULT_TEST_CASE_MODEL = "gpt-4o";

/** The highest variant number: variants run from 0 (the case as published) to this. */
export const MAX_VARIANT = 1_000_000;

/** What the console and the server say of a variant number that is not one. */
export const VARIANT_RULE = "A variant is a whole number from 0 to 1,000,000 (0 is the case as published)";

/** A case's variant: 0 as published, N with every identifier of its table drawn again. */
export const VariantSchema = z
  .number({ error: VARIANT_RULE })
  .int({ error: VARIANT_RULE })
  .min(0, { error: VARIANT_RULE })
  .max(MAX_VARIANT, { error: VARIANT_RULE });

export const ExecuteScenarioRequestSchema = z.object({
  scenarioId: ScriptIdSchema,
  scenarioName: z.string().max(200).optional(),
  model: z.string().min(1).max(200),
  /** Always "openai" from the console (spec section 7); the model name says the provider. */
  llm: z.string().max(40).optional(),
  epochs: z.number().int().min(1).max(20).optional(),
  /** The case's variant: 0 (the default) as published, N with every identifier drawn again. */
  variant: VariantSchema.optional(),
  /** An optional grader model (LLM judge). */
  grader: z.string().min(1).max(200).optional(),
});
export type ExecuteScenarioRequest = z.infer<typeof ExecuteScenarioRequestSchema>;

/**
 * One `data:` line of the execute-scenario stream. The spec's fields (data, message, command) are
 * printed; `event` lets clients do more (architecture.md), e.g. `{event: "run", runId}` first.
 */
export const ScenarioStreamEventSchema = z.looseObject({
  event: z.enum(["run", "turn", "tool", "score", "done", "error"]).optional(),
  runId: z.string().optional(),
  data: z.string().optional(),
  message: z.string().optional(),
  command: z.string().optional(),
  status: z.string().optional(),
});
export type ScenarioStreamEvent = z.infer<typeof ScenarioStreamEventSchema>;

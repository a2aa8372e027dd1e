export { main as runCli } from "./cli/main";
export {
  runCase,
  beginRun,
  runOneSample,
  finishRun,
  gatedModel,
  longestFirst,
  newRunId,
  DEFAULT_LIMITS,
  DEFAULT_SEED,
  type RunCaseOptions,
  type RunEvent,
  type RunFiles,
  type RunHeader,
  type RunStart,
  type SampleRunContext,
} from "./runs/run-case";
export { sampleNotRun } from "./runs/sample-job";
export { Limiter, ModelLimiters, sampleHeadStartMs, samplesInFlight, withdrawn } from "./runs/limiter";
export { writeFileAtomic } from "./results/atomic-write";
export { runTotals } from "./results/markdown-report";
export { writeFailedRunReport, type FailedRunInfo } from "./results/failed-run-report";
export {
  checkModel,
  normalizeModelName,
  createModelClient,
  listConfiguredModels,
  type ConfiguredModel,
  type ModelFactoryOptions,
} from "./models/model-registry";
export { BUILTIN_MODELS } from "./models/builtin-models";
export { ModelConfigError } from "./models/model-client";
export { SUBMISSION_GUIDE, SUBMIT_FINDINGS_TOOL, type Submission } from "./grading/submission";
export { GRADER_VERSION } from "./grading/grade-sample";
export type * from "./types";
export {
  parseBenchmarkLine,
  recordFormatDigest,
  type LeaderboardRecord,
  type RecordCheckpoint,
} from "./compare/records";
export { aggregateLeaderboard } from "./compare/aggregate";
export { compareModels, MAX_DISAGREEMENTS } from "./compare/compare";
export { readWorkspaceRecords, WorkspaceError, type WorkspaceRecords } from "./compare/read-workspace";

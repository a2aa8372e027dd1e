export {
  buildEnvironment,
  capOutput,
  OUTPUT_CAP_BYTES,
  type EnvironmentDiff,
  type FileChange,
  type SimEnvironment,
  type ShellOutcome,
  type CommandRecord,
} from "./environment";
export { TOOL_DEFINITIONS, type ToolDefinition } from "./tools/definitions";
export { runTool, isToolName, type ToolResult, type OutputProvenance } from "./tools/run-tool";
export { walkSolutionPath, verifySample, type SampleCheck, type StepCheck } from "./verify";
export type { StateChange } from "./host-state";
export {
  openSimSession,
  openInProcessSession,
  SimHarnessError,
  TOOL_TIMEOUT_MS,
  type CallOptions,
  type SimHarnessErrorCode,
  type SimSession,
} from "./session";
export { exportEnvironment } from "./export";
export { checkPlacedFiles, type PlacedFile, type PlacementCheck } from "./integrity";

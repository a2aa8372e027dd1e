export { main as runCli } from "./cli/main";
export { runCase, newRunId, DEFAULT_LIMITS, type RunCaseOptions, type RunEvent, type RunFiles } from "./runs/run-case";
export { Limiter, ModelLimiters, samplesInFlight } from "./runs/limiter";
export { writeFileAtomic } from "./results/atomic-write";
export { checkModel, normalizeModelName, createModelClient, type ModelFactoryOptions } from "./models/model-registry";
export { BUILTIN_MODELS } from "./models/builtin-models";
export { ModelConfigError } from "./models/model-client";
export type * from "./types";

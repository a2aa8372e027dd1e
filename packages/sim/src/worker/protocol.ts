import type { CaseWorld } from "@analystbench/scenarios";
import type { EnvironmentDiff } from "../environment";
import type { ToolResult } from "../tools/run-tool";

/** Messages between the main thread and the simulation worker. */
export type WorkerRequest =
  /** `world` is omitted when this worker already holds the world with this key. */
  | { id: number; type: "build"; worldKey: string; world?: CaseWorld; seed: string; replay: { role: string; command: string }[] }
  | { id: number; type: "tool"; name: string; args: unknown }
  | { id: number; type: "diff" }
  | { id: number; type: "hash" };

export type WorkerResponse =
  | { id: number; type: "built"; setupFailures: { role: string; command: string; error: string }[] }
  | { id: number; type: "tool"; result: ToolResult; stateChange?: { role: string; command: string } }
  | { id: number; type: "diff"; diff: EnvironmentDiff }
  | { id: number; type: "hash"; hash: string }
  | { id: number; type: "error"; message: string };

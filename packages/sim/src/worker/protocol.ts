import type { CaseWorld } from "@analystbench/scenarios";
import type { EnvironmentDiff } from "../environment";
import type { ToolResult } from "../tools/run-tool";

/**
 * Messages between the main thread and a simulation worker. A worker holds the environments of
 * several sessions at once; every request names its session.
 */
export type WorkerRequest =
  /** `world` is omitted when this worker already holds the world with this key. */
  | {
      id: number;
      session: number;
      type: "build";
      worldKey: string;
      world?: CaseWorld;
      seed: string;
      replay: { role: string; command: string }[];
    }
  | { id: number; session: number; type: "tool"; name: string; args: unknown }
  | { id: number; session: number; type: "diff" }
  | { id: number; session: number; type: "hash" }
  | { id: number; session: number; type: "close" };

export type WorkerResponse =
  | { id: number; type: "built"; setupFailures: { role: string; command: string; error: string }[] }
  | { id: number; type: "tool"; result: ToolResult; stateChange?: { role: string; command: string } }
  | { id: number; type: "diff"; diff: EnvironmentDiff }
  | { id: number; type: "hash"; hash: string }
  | { id: number; type: "closed" }
  | { id: number; type: "error"; message: string };

/**
 * How many worlds a worker keeps. The main thread mirrors this cache (same size, same
 * oldest-first eviction, same message order), so it always knows whether to send a world again.
 */
export const MAX_WORLDS_PER_WORKER = 16;

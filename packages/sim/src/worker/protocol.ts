import type { CaseWorld } from "@analystbench/scenarios";
import type { RenderedLog } from "../build-host";
import type { EnvironmentDiff } from "../environment";
import type { SavedState } from "../saved-state";
import type { ToolResult } from "../tools/run-tool";

/**
 * Messages between the main thread and a simulation worker. A worker holds the environments of
 * several sessions at once; every request names its session.
 */
export type WorkerRequest =
  /**
   * Builds the session's environment from world and seed, then restores `state` (what its
   * earlier commands changed). `world` is omitted when this worker already holds the world with
   * this key; `knownHash` is the pristine hash of an earlier build of the same world and seed.
   */
  | {
      id: number;
      session: number;
      type: "build";
      worldKey: string;
      world?: CaseWorld;
      seed: string;
      knownHash?: string;
      state: SavedState;
    }
  | { id: number; session: number; type: "tool"; name: string; args: unknown }
  | { id: number; session: number; type: "diff" }
  | { id: number; session: number; type: "hash" }
  | { id: number; session: number; type: "close" };

export type WorkerResponse =
  | {
      id: number;
      type: "built";
      setupFailures: { role: string; command: string; error: string }[];
      /** The environment's pristine hash, and how long the build and restore took in the worker. */
      hash: string;
      buildMs: number;
    }
  /**
   * `delta`: what the call changed, for the main thread's saved state (see saved-state.ts).
   * `result.provenance` travels as it is: plain booleans, structured-cloned like the rest.
   */
  | { id: number; type: "tool"; result: ToolResult; delta: SavedState }
  | { id: number; type: "diff"; diff: EnvironmentDiff }
  | { id: number; type: "hash"; hash: string }
  | { id: number; type: "closed" }
  | { id: number; type: "error"; message: string };

/**
 * A generated log one worker rendered, for the others (both ways: a worker tells the main thread,
 * which passes it on to every other worker). Not a request: nothing answers it. The bytes are in
 * a SharedArrayBuffer, so passing them on copies nothing; the same recipe gives the same bytes.
 */
export interface RenderedLogNotice {
  type: "log";
  recipe: string;
  log: RenderedLog;
}

/**
 * About to render a log, a worker asks the main thread first (worker to main). The answer is
 * the log (a RenderedLogNotice) when another worker rendered it, or a LogRenderNotice.
 */
export interface LogClaimNotice {
  type: "claim";
  recipe: string;
}

/** Main to worker: no other worker has this log or is rendering it; render it yourself. */
export interface LogRenderNotice {
  type: "render";
  recipe: string;
}

/**
 * How many worlds a worker keeps. The main thread mirrors this cache (same size, same
 * oldest-first eviction, same message order), so it always knows whether to send a world again.
 */
export const MAX_WORLDS_PER_WORKER = 16;

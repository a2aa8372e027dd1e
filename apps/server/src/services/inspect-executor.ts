import path from "node:path";
import type { ExecutionResult } from "@analystbench/contracts";
import { checkModel } from "@analystbench/engine";
import type { ActivityLog } from "./activity";
import { exitCodeOf, failureOf, killGroup, runBoundedProcess, truncationNote } from "./bounded-process";
import { plainOutputEnv } from "./child-env";
import { scrubNullable, workspacePathScrubber } from "@analystbench/contracts/server-paths";

/**
 * The Inspect Viewer page's Execute: runs the project's own command line,
 * `analystbench eval --case=<id> --model=<name> --limit=<n> --workspace=<dir>`, as a child process
 * without a shell, in its own process group (a timeout kills all of it), output capped. Every
 * value reaches the argument vector as one `--flag=value` element, after the route has checked it.
 * Keys stay in the environment, never in argv.
 *
 * The command line prints where it wrote the report, records and eval log as absolute paths; the
 * console shows them relative to the workspace (@analystbench/contracts/server-paths), in the output, the error and
 * the activity entry alike.
 */
export class ExecuteError extends Error {
  constructor(
    readonly status: 409,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const EXECUTE_OUTPUT_CAP_BYTES = 1024 * 1024;
export const DEFAULT_EXECUTE_TIMEOUT_MS = 30 * 60_000;

const REPO_ROOT = path.resolve(import.meta.dirname, "../../../..");
const CLI = path.join(REPO_ROOT, "bin/analystbench.mjs");

export interface ExecuteRequest {
  caseId: string;
  caseName: string;
  model: string;
  limit: number;
  actor?: string;
}

export interface InspectExecutorDeps {
  workspaceDir: string;
  activity: ActivityLog;
  /** What the child inherits (model keys included); process.env by default. */
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

export function createInspectExecutor(deps: InspectExecutorDeps) {
  const env = deps.env ?? process.env;
  const timeoutMs = deps.timeoutMs ?? DEFAULT_EXECUTE_TIMEOUT_MS;
  const scrub = workspacePathScrubber(deps.workspaceDir);
  let running: { caseId: string; startedAt: Date; pid: number | undefined; done: Promise<unknown> } | null = null;

  async function runCli(argv: string[], onStart: (pid: number | undefined) => void) {
    const run = await runBoundedProcess({
      argv,
      cwd: deps.workspaceDir,
      env: plainOutputEnv(env, { TZ: "UTC" }),
      timeoutMs,
      outputCapBytes: EXECUTE_OUTPUT_CAP_BYTES,
      onStart,
    });
    return {
      exitCode: exitCodeOf(run),
      // The summary (stdout) and progress lines (stderr) as a terminal shows them.
      output: scrub(run.truncated ? run.combined + truncationNote(EXECUTE_OUTPUT_CAP_BYTES) : run.combined),
      error: scrubNullable(scrub, failureOf(run, "The evaluation", `${Math.round(timeoutMs / 60_000)} min`)),
    };
  }

  return {
    /** The evaluation executing now, if any: its case and when it started. */
    runningTask(): { caseId: string; startedAt: Date } | null {
      return running ? { caseId: running.caseId, startedAt: running.startedAt } : null;
    },

    async execute(req: ExecuteRequest): Promise<ExecutionResult> {
      if (running)
        throw new ExecuteError(
          409,
          "TASK_BUSY",
          `A task is already executing (${running.caseId}); wait for it to finish before starting another.`,
        );
      // Claimed before the first await, so two requests at once cannot both pass the check above.
      const entry = {
        caseId: req.caseId,
        startedAt: new Date(),
        pid: undefined as number | undefined,
        done: Promise.resolve() as Promise<unknown>,
      };
      running = entry;
      try {
        const activityId = await deps.activity.record({
          kind: "script",
          action: `Inspect task ${req.caseName} with ${req.model}`,
          status: "running",
          result: `Started (${req.limit} sample${req.limit === 1 ? "" : "s"})`,
          actor: req.actor,
          ref: req.caseId,
        });
        // A missing key is the model's problem, told as the output would tell it, not a crash.
        const problem = checkModel(req.model, { env });
        if (problem) {
          await deps.activity.update(activityId, "failed", problem);
          return { success: false, exitCode: 1, stdout: `${problem}\n`, error: problem };
        }
        const argv = [
          process.execPath,
          CLI,
          "eval",
          `--case=${req.caseId}`,
          `--model=${req.model}`,
          `--limit=${req.limit}`,
          `--workspace=${deps.workspaceDir}`,
        ];
        const work = runCli(argv, (pid) => (entry.pid = pid));
        entry.done = work;
        const outcome = await work;
        const success = outcome.error === null;
        const lastLine = outcome.output.trim().split("\n").at(-1) ?? "";
        await deps.activity.update(
          activityId,
          success ? "completed" : "failed",
          success ? `Exit code 0 · ${lastLine}`.slice(0, 300) : (outcome.error ?? "Failed"),
        );
        return { success, exitCode: outcome.exitCode, stdout: outcome.output, error: outcome.error };
      } finally {
        running = null;
      }
    },

    /** Server shutdown: kills the executing evaluation's process group and waits for it. */
    async stop(): Promise<void> {
      const r = running;
      if (!r) return;
      if (r.pid !== undefined) killGroup(r.pid, "SIGKILL");
      await r.done.catch(() => {});
    },
  };
}

export type InspectExecutor = ReturnType<typeof createInspectExecutor>;

import type { Database } from "../db/database";

/**
 * The samples this process is running, by run, so an operator's cancel reaches them: a
 * notification on CANCEL_CHANNEL (payload: the run id) aborts them at once, and a check of the
 * store every few seconds catches a notification missed while the connection was down.
 */
export const CANCEL_CHANNEL = "analystbench_run_cancel";
const RECHECK_MS = 3_000;

export interface RunCancellation {
  controller: AbortController;
  /** Whether the operator cancelled the run (not a shutdown). */
  cancelled(): boolean;
  release(): void;
}

export function createRunCancellations(db: Database) {
  const running = new Map<string, Set<AbortController>>();
  const cancelledRuns = new Set<string>();

  const cancel = (runId: string) => {
    const set = running.get(runId);
    if (!set) return;
    cancelledRuns.add(runId);
    for (const c of set) c.abort(new Error("the run was cancelled"));
  };

  /** Asks the store which of this process's runs were cancelled. */
  const recheck = async () => {
    const ids = [...running.keys()];
    if (!ids.length) return;
    const r = await db
      .execute({
        sql: `SELECT id FROM runs WHERE cancel_requested_at IS NOT NULL AND id IN (${ids.map(() => "?").join(", ")})`,
        args: ids,
      })
      .catch(() => ({ rows: [] }));
    for (const row of r.rows) cancel(String(row.id));
  };
  const timer = setInterval(() => void recheck(), RECHECK_MS);
  timer.unref();

  return {
    cancel,
    recheck,
    register(runId: string): RunCancellation {
      const controller = new AbortController();
      let set = running.get(runId);
      if (!set) running.set(runId, (set = new Set()));
      set.add(controller);
      if (cancelledRuns.has(runId)) controller.abort(new Error("the run was cancelled"));
      return {
        controller,
        cancelled: () => cancelledRuns.has(runId),
        release() {
          set.delete(controller);
          if (!set.size) {
            running.delete(runId);
            cancelledRuns.delete(runId);
          }
        },
      };
    },
    stop: () => clearInterval(timer),
  };
}
export type RunCancellations = ReturnType<typeof createRunCancellations>;

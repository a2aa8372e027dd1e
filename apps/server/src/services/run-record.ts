import { runScoreText, type RunScore, type RunStatus, type RunSummary } from "@analystbench/contracts";
import { runTotals, type RunFiles } from "@analystbench/engine";
import type { RunResult } from "@analystbench/engine";
import type { Database } from "../db/database";
import type { ActivityLog } from "./activity";

/** Recent Activity's line for a run that finished: its score, and why when it failed. */
export function runOutcomeText(status: string, score: RunScore, error: string | null, report: string): string {
  const why = status === "failed" ? `Failed: ${error ?? "every sample failed"}; ` : "";
  return `${why}${runScoreText(score)} (${status}) — ${report}`;
}

/** Sets fields of a run's record. */
export async function updateRun(db: Database, id: string, fields: Record<string, string | null>): Promise<number> {
  const keys = Object.keys(fields);
  const r = await db.execute({
    sql: `UPDATE runs SET ${keys.map((k) => `${k} = ?`).join(", ")} WHERE id = ?`,
    args: [...keys.map((k) => fields[k] ?? null), id],
  });
  return r.rowsAffected;
}

/**
 * Records how a run ended, once its files are written: its status, summary and error, and its
 * Recent Activity line. Whichever process ran it (the server, or the worker that assembled a
 * queued run) records it through here, so both read alike. Returns false when the run was
 * already finished (a second assembly of the same run changes nothing).
 */
export async function recordFinishedRun(
  deps: { db: Database; activity: ActivityLog; now: () => Date },
  finished: {
    id: string;
    result: RunResult;
    files: RunFiles;
    cancelled: boolean;
    user: string | null;
    activityId: string;
  },
): Promise<boolean> {
  const { result, files, cancelled } = finished;
  const totals = runTotals(result);
  const summary: NonNullable<RunSummary["result"]> = {
    status: result.status,
    score: totals.score,
    // Sums over the results that count, kept for older readers; people read the score.
    total: totals.total,
    max: totals.max,
    samples: result.samples.length,
    safeSolves: totals.safeSolves,
    files,
  };
  const status: RunStatus = cancelled ? "cancelled" : result.status === "failed" ? "failed" : "completed";
  const firstError = result.samples.find((s) => s.error)?.error?.message ?? null;
  const r = await deps.db.execute({
    sql: "UPDATE runs SET status = ?, finished_at = ?, summary = ?, error = ? WHERE id = ? AND finished_at IS NULL",
    args: [
      status,
      deps.now().toISOString(),
      JSON.stringify(summary),
      status === "completed" ? null : firstError,
      finished.id,
    ],
  });
  if (r.rowsAffected === 0) return false;
  await deps.activity.update(
    finished.activityId,
    status === "completed" ? "completed" : "failed",
    cancelled
      ? `Cancelled by ${finished.user ?? "an operator"}; partial results written`
      : runOutcomeText(result.status, totals.score, firstError, files.report),
  );
  return true;
}

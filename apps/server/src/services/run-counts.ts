import type { Database } from "../db/database";
import { summaryFile } from "./summary-files";

/** Active and completed runs, from the run records. */
export async function countRuns(db: Database): Promise<{ active: number; completed: number }> {
  const r = await db.execute(
    `SELECT sum(CASE WHEN status IN ('queued', 'running') THEN 1 ELSE 0 END) AS active,
            sum(CASE WHEN status = 'completed' THEN 1 ELSE 0 END) AS completed FROM runs`,
  );
  const row = r.rows[0]!;
  return { active: Number(row.active ?? 0), completed: Number(row.completed ?? 0) };
}

/** A run that ended, as its record tells it. Cancelled runs are left out: an operator chose that end. */
export interface FinishedRun {
  id: string;
  /** "provider/model", as the run service stores it (builtin/… for the built-in models). */
  model: string;
  status: "completed" | "failed" | "interrupted";
  finishedAt: string;
  /** The first sample error (or the run's own) when the run did not complete. */
  error: string | null;
  /** The benchmark JSONL, relative to the workspace, once the run wrote its files. */
  benchmarkFile: string | null;
}

/** Runs that finished at or after `sinceIso`, newest first, at most `limit`. */
export async function finishedRunsSince(db: Database, sinceIso: string, limit: number): Promise<FinishedRun[]> {
  const r = await db.execute({
    sql: `SELECT id, model, status, finished_at, error, summary
          FROM runs
          WHERE status IN ('completed', 'failed', 'interrupted') AND finished_at >= ?
          ORDER BY finished_at DESC, id DESC LIMIT ?`,
    args: [sinceIso, limit],
  });
  return r.rows.map((row) => ({
    id: String(row.id),
    model: String(row.model),
    status: row.status as FinishedRun["status"],
    finishedAt: String(row.finished_at),
    error: row.error === null ? null : String(row.error),
    benchmarkFile: summaryFile(row.summary, "benchmark"),
  }));
}

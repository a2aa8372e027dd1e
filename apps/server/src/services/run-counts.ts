import type { Database } from "../db/database";

/** Active and completed runs, from the run records. */
export async function countRuns(db: Database): Promise<{ active: number; completed: number }> {
  const r = await db.execute(
    "SELECT sum(status IN ('queued', 'running')) AS active, sum(status = 'completed') AS completed FROM runs",
  );
  const row = r.rows[0]!;
  return { active: Number(row.active ?? 0), completed: Number(row.completed ?? 0) };
}

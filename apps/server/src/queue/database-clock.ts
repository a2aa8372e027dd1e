import type { Database } from "../db/database";

/**
 * The database's clock in milliseconds, as SQL. The queue's times are compared on the database
 * (graphile-worker's run_at, the workers' heartbeats), so they are taken from its clock too: the
 * processes' own clocks may differ from it and from each other.
 */
export const DB_NOW_MS = "CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)";

/** The database's clock in milliseconds, read now. */
export async function databaseNowMs(db: Database): Promise<number> {
  const r = await db.execute({ sql: `SELECT ${DB_NOW_MS} AS ms`, args: [] });
  return Number(r.rows[0]!.ms);
}

import path from "node:path";
import { MIGRATIONS, statementFor } from "./migrations";
import { openPostgres } from "./postgres-database";
import type { Database } from "./sql-database";
import { openSqlite } from "./sqlite-database";

export type { Database, Executor, Row } from "./sql-database";
export { jsonText } from "./sql-database";

/**
 * Opens the server's database and brings its schema up to date: Postgres when `databaseUrl` is
 * given (the team deployment), else the SQLite file in the private data directory. `:memory:`
 * gives a throwaway SQLite database for tests.
 */
export async function openDatabase(privateDir: string | ":memory:", databaseUrl?: string): Promise<Database> {
  const db = databaseUrl
    ? await openPostgres(databaseUrl)
    : await openSqlite(privateDir === ":memory:" ? ":memory:" : path.join(privateDir, "analystbench.db"));
  try {
    await migrate(db);
  } catch (e) {
    await db.close();
    throw e;
  }
  return db;
}

/**
 * Applies, in order and each in its own transaction, the migrations not applied yet. On Postgres
 * an advisory lock makes servers and workers starting together apply each migration once.
 */
export async function migrate(db: Database): Promise<number> {
  await db.execute(
    "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)",
  );
  let count = 0;
  for (const m of MIGRATIONS) {
    const applied = await db.transaction(async (tx) => {
      if (db.dialect === "postgres") await tx.execute("SELECT pg_advisory_xact_lock(72616)");
      const done = await tx.execute({ sql: "SELECT 1 FROM schema_migrations WHERE version = ?", args: [m.version] });
      if (done.rows.length) return false;
      for (const statement of m.statements) await tx.execute(statementFor(statement, db.dialect));
      await tx.execute({
        sql: "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
        args: [m.version, m.name, new Date().toISOString()],
      });
      return true;
    });
    if (applied) count++;
  }
  return count;
}

import { createClient, type Client } from "@libsql/client";
import path from "node:path";
import { MIGRATIONS } from "./migrations";

export type Database = Client;

/**
 * Opens the SQLite database in the private data directory and brings its schema up to date.
 * `:memory:` gives a throwaway database for tests.
 */
export async function openDatabase(privateDir: string | ":memory:"): Promise<Database> {
  const url = privateDir === ":memory:" ? ":memory:" : `file:${path.join(privateDir, "analystbench.db")}`;
  const db = createClient({ url });
  await db.execute("PRAGMA foreign_keys = ON");
  if (privateDir !== ":memory:") {
    // WAL keeps readers (dashboard polls) from blocking the writer (run progress).
    await db.execute("PRAGMA journal_mode = WAL");
    await db.execute("PRAGMA busy_timeout = 5000");
  }
  await migrate(db);
  return db;
}

/** Applies, in order and each in its own transaction, the migrations not applied yet. */
export async function migrate(db: Database): Promise<number> {
  await db.execute(
    "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)",
  );
  const applied = new Set(
    (await db.execute("SELECT version FROM schema_migrations")).rows.map((r) => Number(r.version)),
  );
  let count = 0;
  for (const m of MIGRATIONS) {
    if (applied.has(m.version)) continue;
    const tx = await db.transaction("write");
    try {
      for (const statement of m.statements) await tx.execute(statement);
      await tx.execute({
        sql: "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
        args: [m.version, m.name, new Date().toISOString()],
      });
      await tx.commit();
      count++;
    } catch (e) {
      await tx.rollback();
      throw e;
    } finally {
      tx.close();
    }
  }
  return count;
}

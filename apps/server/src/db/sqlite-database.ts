import { createClient, type Client, type InStatement, type Transaction } from "@libsql/client";
import { sqlOf, type Database, type Executor, type QueryResult, type Statement } from "./sql-database";

/** The embedded store: one SQLite file in the private data directory (`:memory:` for tests). */
export async function openSqlite(file: string | ":memory:"): Promise<Database> {
  const client = createClient({ url: file === ":memory:" ? ":memory:" : `file:${file}` });
  await client.execute("PRAGMA foreign_keys = ON");
  if (file !== ":memory:") {
    // WAL keeps readers (dashboard polls) from blocking the writer (run progress).
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute("PRAGMA busy_timeout = 5000");
  }
  return sqliteDatabase(client);
}

async function run(target: Client | Transaction, statement: Statement): Promise<QueryResult> {
  const r = await target.execute(sqlOf(statement) as InStatement);
  return { rows: r.rows as unknown as QueryResult["rows"], rowsAffected: r.rowsAffected };
}

function sqliteDatabase(client: Client): Database {
  // SQLite has one writer, and libsql's in-memory client one connection: transactions take turns.
  let turn: Promise<unknown> = Promise.resolve();
  return {
    dialect: "sqlite",
    execute: (statement) => run(client, statement),
    transaction(work) {
      const mine = turn.then(() => inTransaction(client, work));
      turn = mine.catch(() => undefined);
      return mine;
    },
    async close() {
      client.close();
    },
  };
}

async function inTransaction<T>(client: Client, work: (tx: Executor) => Promise<T>): Promise<T> {
  const tx = await client.transaction("write");
  const executor: Executor = { execute: (statement) => run(tx, statement) };
  try {
    const result = await work(executor);
    await tx.commit();
    return result;
  } catch (e) {
    await tx.rollback();
    throw e;
  } finally {
    tx.close();
  }
}

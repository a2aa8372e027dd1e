import pg from "pg";
import { sqlOf, type Database, type Executor, type QueryResult, type SqlValue, type Statement } from "./sql-database";

/**
 * The team store: Postgres at `DATABASE_URL`. Counts and sums come back as numbers, as SQLite's
 * do (pg's default for 64-bit integers and numerics is a string, for precision the server's
 * counters never need).
 */
const NUMBER_TYPES = new Set([20 /* int8 */, 1700 /* numeric */]);
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    NUMBER_TYPES.has(oid) ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as "text")) as never,
};

export async function openPostgres(url: string, opts: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10, types });
  // An idle client's error (the server restarted) must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  await pool.query("SELECT 1");
  return postgresDatabase(pool);
}

/** `?` placeholders as Postgres's `$1, $2, …`, leaving quoted text alone. */
export function numberedPlaceholders(sql: string): string {
  let n = 0;
  let out = "";
  let quote: string | null = null;
  for (const c of sql) {
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === "?") {
      out += `$${++n}`;
      continue;
    }
    out += c;
  }
  return out;
}

/**
 * Postgres text cannot hold NUL, which SQLite stores: a hostile name with one must be recorded,
 * not fail the request, so NUL is left out (readers drop control characters from names anyway).
 */
const storable = (v: SqlValue) => (typeof v === "string" && v.includes("\0") ? v.replace(/\0/g, "") : v);

async function run(target: pg.Pool | pg.PoolClient, statement: Statement): Promise<QueryResult> {
  const { sql, args } = sqlOf(statement);
  const r = await target.query(numberedPlaceholders(sql), args.map(storable));
  return { rows: r.rows, rowsAffected: r.rowCount ?? 0 };
}

function postgresDatabase(pool: pg.Pool): Database {
  return {
    dialect: "postgres",
    execute: (statement) => run(pool, statement),
    async transaction(work) {
      const client = await pool.connect();
      const executor: Executor = { execute: (statement) => run(client, statement) };
      try {
        await client.query("BEGIN");
        const result = await work(executor);
        await client.query("COMMIT");
        return result;
      } catch (e) {
        await client.query("ROLLBACK").catch(() => {});
        throw e;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

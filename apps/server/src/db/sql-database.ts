/**
 * The one data-access interface the server's stores use, over either the embedded SQLite file
 * (the default, no setup) or Postgres (`DATABASE_URL`, the team deployment). Statements are plain
 * SQL with `?` placeholders, written in the subset both dialects share; where they differ (JSON
 * fields, identity columns) the dialect is asked for its spelling (see jsonText, migrations.ts).
 */

export type Dialect = "sqlite" | "postgres";
export type SqlValue = string | number | null;
export type Statement = string | { sql: string; args?: SqlValue[] };
export type Row = Record<string, unknown>;

export interface QueryResult {
  rows: Row[];
  rowsAffected: number;
}

export interface Executor {
  execute(statement: Statement): Promise<QueryResult>;
}

export interface Database extends Executor {
  readonly dialect: Dialect;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const sqlOf = (s: Statement) =>
  typeof s === "string" ? { sql: s, args: [] } : { sql: s.sql, args: s.args ?? [] };

/** The text at `key` of the JSON object stored in `column`, in the dialect's spelling. */
export function jsonText(dialect: Dialect, column: string, key: string): string {
  if (!/^[a-z_]+$/.test(column) || !/^[A-Za-z_]+$/.test(key)) throw new Error(`unsafe JSON path ${column}.${key}`);
  return dialect === "postgres" ? `(${column}::jsonb ->> '${key}')` : `json_extract(${column}, '$.${key}')`;
}

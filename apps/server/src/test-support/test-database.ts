import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "../db/database";

/**
 * The database a test runs against: a fresh in-memory SQLite by default, or, when
 * ANALYSTBENCH_TEST_POSTGRES_URL names a Postgres cluster (scripts/test.mjs starts a throwaway
 * one), a fresh database created on it for this test alone. The same tests thereby run on both
 * stores.
 */
export const TEST_POSTGRES_URL = process.env.ANALYSTBENCH_TEST_POSTGRES_URL;

let admin: pg.Pool | undefined;
const urls = new WeakMap<Database, string>();

/** The Postgres URL of a database openTestDatabase made; undefined for SQLite. */
export const testDatabaseUrl = (db: Database) => urls.get(db);

export async function openTestDatabase(): Promise<Database> {
  if (!TEST_POSTGRES_URL) return openDatabase(":memory:");
  admin ??= new pg.Pool({ connectionString: TEST_POSTGRES_URL, max: 2 });
  const name = `test_${randomBytes(8).toString("hex")}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  const db = await openDatabase(":memory:", url.toString());
  urls.set(db, url.toString());
  return db;
}

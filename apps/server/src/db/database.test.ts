import { afterEach, describe, expect, it } from "vitest";
import { openTestDatabase } from "../test-support/test-database";
import { migrate, type Database } from "./database";
import { MIGRATIONS } from "./migrations";
import { numberedPlaceholders } from "./postgres-database";
import { jsonText } from "./sql-database";

describe("the data layer, on the store this run tests (SQLite, or Postgres under ANALYSTBENCH_TEST_POSTGRES_URL)", () => {
  let db: Database | undefined;
  afterEach(async () => db?.close());

  it("applies every migration once, however many servers migrate at the same time", async () => {
    db = await openTestDatabase();
    expect(await Promise.all([migrate(db), migrate(db), migrate(db)])).toEqual([0, 0, 0]);
    const r = await db.execute("SELECT version FROM schema_migrations ORDER BY version");
    expect(r.rows.map((x) => Number(x.version))).toEqual(MIGRATIONS.map((m) => m.version));
  });

  it("assigns ids, counts as numbers, and stores a NUL-bearing name without failing", async () => {
    db = await openTestDatabase();
    const insert =
      "INSERT INTO users (username, password_hash, created_at, updated_at) VALUES (?, 'x', 't', 't') RETURNING id";
    const a = await db.execute({ sql: insert, args: ["a"] });
    const b = await db.execute({ sql: insert, args: ["b\u0000c"] });
    expect(Number(b.rows[0]!.id)).toBe(Number(a.rows[0]!.id) + 1);
    const n = await db.execute("SELECT count(*) AS n FROM users");
    expect(n.rows[0]!.n).toBe(2);
  });

  it("rolls a transaction back when its work throws, and reads JSON fields in the dialect's words", async () => {
    db = await openTestDatabase();
    const insertRun = (id: string) => ({
      sql: "INSERT INTO runs (id, case_id, model, status, created_at, options) VALUES (?, 'c', 'm', 'queued', 't', ?)",
      args: [id, JSON.stringify({ suiteId: `s-${id}` })],
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(insertRun("lost"));
        throw new Error("stop");
      }),
    ).rejects.toThrow("stop");
    await db.transaction(async (tx) => tx.execute(insertRun("kept")));
    const r = await db.execute({
      sql: `SELECT id FROM runs WHERE ${jsonText(db.dialect, "options", "suiteId")} = ?`,
      args: ["s-kept"],
    });
    expect(r.rows.map((x) => x.id)).toEqual(["kept"]);
    expect((await db.execute("SELECT id FROM runs WHERE id = 'lost'")).rows).toEqual([]);
  });
});

describe("Postgres placeholders", () => {
  it("numbers each ? in order and leaves quoted question marks alone", () => {
    expect(numberedPlaceholders("SELECT ? , 'a?b', \"c?\" FROM t WHERE x = ? AND y = ?")).toBe(
      "SELECT $1 , 'a?b', \"c?\" FROM t WHERE x = $2 AND y = $3",
    );
  });

  it("refuses a JSON path that could carry SQL", () => {
    expect(() => jsonText("postgres", "options", "x'; DROP TABLE runs; --")).toThrow(/unsafe JSON path/);
  });
});

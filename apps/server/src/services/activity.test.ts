import { ActivityItemSchema } from "@analystbench/contracts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { openTestDatabase } from "../test-support/test-database";
import {
  AUTH_ACTIONS,
  createActivityLog,
  dayPhrase,
  displayName,
  relabelLegacyScore,
  workspaceRelativePath,
  type ActivityLog,
} from "./activity";

let db: Database;
let log: ActivityLog;
// A clock the test moves: the fold groups by the UTC day of each event.
let clock = new Date("2026-11-25T09:00:00.000Z");
const at = (iso: string) => (clock = new Date(iso));

beforeEach(async () => {
  db = await openTestDatabase();
  clock = new Date("2026-11-25T09:00:00.000Z");
  log = createActivityLog(db, () => clock);
});
afterEach(() => db.close());

const signIn = (actor: string, status: "completed" | "failed" = "completed") =>
  log.record({ kind: "auth", action: AUTH_ACTIONS.signIn, status, result: `${actor} signed in`, actor });

async function insertRun(id: string, summary: string | null) {
  await db.execute({
    sql: "INSERT INTO runs (id, case_id, model, status, created_at, summary) VALUES (?, 's1-dmz', 'builtin/reference', 'completed', ?, ?)",
    args: [id, clock.toISOString(), summary],
  });
}
const summaryWithReport = (report: string) =>
  JSON.stringify({ status: "completed", files: { report, benchmark: "b.jsonl", log: "/abs/log.json" } });

describe("recent: order and limit", () => {
  it("folds 30 sign-ins by 2 users over 2 days into 4 rows after the runs, which they never push out", async () => {
    at("2026-11-24T08:00:00.000Z");
    const runIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      at(`2026-11-24T08:0${i}:00.000Z`);
      runIds.push(
        await log.record({ kind: "run", action: `Run ${i}`, status: "completed", result: "ok", ref: `r${i}` }),
      );
    }
    // Every sign-in is newer than every run: ordering by time alone would bury the runs.
    for (let i = 0; i < 30; i++) {
      const day = i < 15 ? "24" : "25";
      at(`2026-11-${day}T10:${String(i).padStart(2, "0")}:00.000Z`);
      await signIn(i % 2 ? "admin" : "analyst");
    }
    at("2026-11-25T12:00:00.000Z");

    const items = await log.recent(8);
    for (const item of items) ActivityItemSchema.parse(item);
    expect(items.slice(0, 3).map((i) => i.action)).toEqual(["Run 2", "Run 1", "Run 0"]);
    const folded = items.slice(3);
    expect(folded.length).toBeLessThanOrEqual(4);
    expect(folded.every((i) => i.kind === "sign-in")).toBe(true);
    expect(folded.reduce((n, i) => n + (i.count ?? 0), 0)).toBe(30);
    expect(folded.map((i) => i.result)).toEqual([
      "admin signed in 8 times today",
      "analyst signed in 7 times today",
      "analyst signed in 8 times yesterday",
      "admin signed in 7 times yesterday",
    ]);
    // The folded row shows when the latest of its sign-ins happened.
    expect(folded[0]!.timestamp).toBe("2026-11-25T10:29:00.000Z");
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);

    // A small limit keeps the runs and drops the sign-ins, never the other way round.
    expect((await log.recent(3)).map((i) => i.kind)).toEqual(["run", "run", "run"]);
    expect((await log.recent(1)).map((i) => i.action)).toEqual(["Run 2"]);
    expect((await log.recent(4)).map((i) => i.kind)).toEqual(["run", "run", "run", "sign-in"]);
  });

  it("orders actions newest first by their last update, so a run that just finished comes first", async () => {
    const a = await log.record({ kind: "run", action: "A", status: "running", result: "started", ref: "ra" });
    at("2026-11-25T09:01:00.000Z");
    await log.record({ kind: "script", action: "B", status: "completed", result: "ok", ref: "clean-results" });
    await log.record({ kind: "system", action: "C", status: "completed", result: "ok" });
    at("2026-11-25T09:02:00.000Z");
    await log.update(a, "completed", "done");
    expect((await log.recent(10)).map((i) => [i.action, i.kind])).toEqual([
      ["A", "run"],
      ["C", "system"],
      ["B", "script"],
    ]);
  });

  it("returns nothing for a limit of 0 rather than every sign-in", async () => {
    await signIn("admin");
    expect(await log.recent(0)).toEqual([]);
  });
});

describe("recent: folded sign-ins", () => {
  it("counts sign-outs on the same line and words one and two as once and twice", async () => {
    await signIn("admin");
    await log.record({ kind: "auth", action: AUTH_ACTIONS.signOut, status: "completed", result: "x", actor: "admin" });
    await log.record({ kind: "auth", action: AUTH_ACTIONS.signOut, status: "completed", result: "x", actor: "admin" });
    const [row] = await log.recent(5);
    expect(row).toMatchObject({
      action: "User sign-in",
      status: "completed",
      kind: "sign-in",
      result: "admin signed in once and signed out twice today",
      count: 3,
    });
  });

  it("folds failed attempts apart from successful ones and says they failed", async () => {
    await signIn("admin");
    for (let i = 0; i < 3; i++) await signIn("admin", "failed");
    at("2026-10-02T09:00:00.000Z");
    await signIn("root", "failed");
    at("2026-11-25T10:00:00.000Z");
    const items = await log.recent(5);
    expect(items.map((i) => [i.action, i.status, i.result])).toEqual([
      ["Failed sign-in", "failed", "3 failed sign-in attempts as admin today"],
      ["User sign-in", "completed", "admin signed in once today"],
      ["Failed sign-in", "failed", "1 failed sign-in attempt as root on 2 Oct"],
    ]);
  });

  it("keeps hostile names to one line of plain text: no line breaks, bidi overrides or unbounded length", async () => {
    const hostile = '<img src=x onerror="alert(1)">\nadmin\r\n\u202Egnp.exe\u0000';
    await signIn(hostile);
    await signIn("x".repeat(5000));
    await log.record({ kind: "auth", action: AUTH_ACTIONS.signIn, status: "completed", result: "?" });
    const results = (await log.recent(5)).map((i) => i.result);
    // Grouping is by the exact name: three people, three rows.
    expect(results).toHaveLength(3);
    for (const r of results) expect(r).not.toMatch(/[\n\r\u0000\u202E]/);
    // The markup stays literal text; the console renders it as text, never as HTML.
    expect(results).toContain('<img src=x onerror="alert(1)"> admin gnp.exe signed in once today');
    expect(results.find((r) => r.startsWith("xxx"))!.length).toBeLessThan(100);
    expect(results).toContain("an unknown user signed in once today");
  });

  it("names days: today, yesterday, a date this year, a date with its year", () => {
    const now = new Date("2026-01-01T00:30:00.000Z");
    expect(dayPhrase("2026-01-01", now)).toBe("today");
    expect(dayPhrase("2025-12-31", now)).toBe("yesterday");
    expect(dayPhrase("2025-11-24", now)).toBe("on 24 Nov 2025");
    expect(dayPhrase("2026-11-24", new Date("2026-12-01T00:00:00Z"))).toBe("on 24 Nov");
    expect(dayPhrase("garbage", now)).toBe("on an unknown day");
  });

  it("flattens names", () => {
    expect(displayName("  a\t\tb  ")).toBe("a b");
    expect(displayName(null)).toBe("an unknown user");
    expect(displayName("\u200B\u2028")).toBe("an unknown user");
  });
});

describe("recent: links", () => {
  it("links a finished run to its report and a run without one to its output", async () => {
    await insertRun("r_done", summaryWithReport("results/s1-dmz/2026-11-25T09-00-00Z_builtin-reference_r_done.md"));
    await insertRun("r_live", null);
    await log.record({ kind: "run", action: "Run done", status: "completed", result: "ok", ref: "r_done" });
    await log.record({ kind: "run", action: "Run live", status: "running", result: "started", ref: "r_live" });
    const byAction = Object.fromEntries((await log.recent(5)).map((i) => [i.action, i.link]));
    expect(byAction["Run done"]).toEqual({
      type: "result",
      path: "results/s1-dmz/2026-11-25T09-00-00Z_builtin-reference_r_done.md",
    });
    expect(byAction["Run live"]).toEqual({ type: "run", runId: "r_live" });
  });

  it("never hands out a server path or one leaving the workspace; a corrupt summary costs only the link", async () => {
    const bad = ["/srv/analystbench/results/x.md", "../../etc/passwd", "results/../../x.md", "C:\\results\\x.md"];
    for (const [i, report] of bad.entries()) {
      await insertRun(`r_${i}`, summaryWithReport(report));
      await log.record({ kind: "run", action: `Run ${i}`, status: "completed", result: "ok", ref: `r_${i}` });
    }
    await insertRun("r_corrupt", "{not json");
    await log.record({ kind: "run", action: "Corrupt", status: "completed", result: "ok", ref: "r_corrupt" });
    const items = await log.recent(10);
    expect(items).toHaveLength(5);
    // Each falls back to the run's output, which the console fetches by id.
    for (const item of items) expect(item.link).toMatchObject({ type: "run" });
  });

  it("links a script to the output file it wrote, once the update names it", async () => {
    const id = await log.record({ kind: "script", action: "Clean Results", status: "running", result: "Started" });
    expect((await log.recent(1))[0]!.link).toBeUndefined();
    await log.update(id, "completed", "Exit code 0", { outputPath: "results/environment/2026_clean-results.md" });
    expect((await log.recent(1))[0]).toMatchObject({
      kind: "script",
      status: "completed",
      link: { type: "result", path: "results/environment/2026_clean-results.md" },
    });
    // An update without the option leaves the path alone; an absolute one is not linked.
    await log.update(id, "completed", "Exit code 0");
    expect((await log.recent(1))[0]!.link).toMatchObject({ type: "result" });
    await log.update(id, "completed", "Exit code 0", { outputPath: "/tmp/out.md" });
    expect((await log.recent(1))[0]!.link).toBeUndefined();
  });

  it("accepts only plain relative paths", () => {
    expect(workspaceRelativePath("results/environment/a b.md")).toBe("results/environment/a b.md");
    for (const p of ["", "/a", "a//b", "./a", "a/./b", "a/..", "a\\b", "a\nb", "C:x", 42, null, "a".repeat(2000)])
      expect(workspaceRelativePath(p)).toBeNull();
  });

  it("gives notifications the same links", async () => {
    const uid = Number(
      (
        await db.execute({
          sql: "INSERT INTO users (username, password_hash, created_at, updated_at) VALUES ('u', 'x', ?, ?) RETURNING id",
          args: [clock.toISOString(), clock.toISOString()],
        })
      ).rows[0]!.id,
    );
    await insertRun("r_n", summaryWithReport("results/s1-dmz/n.md"));
    await log.record({ kind: "run", action: "Run n", status: "completed", result: "ok", ref: "r_n" });
    await signIn("u");
    const n = await log.notifications(uid, 5);
    expect(n.unseen).toBe(1);
    expect(n.items).toEqual([expect.objectContaining({ link: { type: "result", path: "results/s1-dmz/n.md" } })]);
  });
});

describe("runs recorded before scores were means", () => {
  it("show their old 'Score 30/30' as the sum it was, in Recent Activity and notifications", async () => {
    const id = await log.record({ kind: "run", action: "Run DMZ", status: "running", result: "started", ref: "r_x" });
    await log.update(id, "completed", "Score -3/20 (partial) — results/s1-dmz/a.md");
    at("2026-11-25T09:01:00.000Z");
    const script = await log.record({ kind: "script", action: "Clean", status: "running", result: "" });
    await log.update(script, "completed", "Score 1/2 (a script's own words are left alone)");
    const items = await log.recent(10);
    expect(items.map((i) => i.result)).toEqual([
      "Score 1/2 (a script's own words are left alone)",
      "sum −3 of 20 over the samples (partial) — results/s1-dmz/a.md",
    ]);
  });

  it.each([
    ["Score 30/30 (completed) — r.md", "sum 30 of 30 over the samples (completed) — r.md"],
    ["7.5 mean per sample (−10…+10), 2 samples × 1 epoch (completed) — r.md", null],
    ["Run failed: Score 3/10 (x)", null],
  ])("relabels %j", (text, expected) => {
    expect(relabelLegacyScore(text)).toBe(expected ?? text);
  });
});

import {
  ActivityResponseSchema,
  NotificationsResponseSchema,
  SystemStatsSchema,
  type SystemStats,
} from "@analystbench/contracts";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createHealthMonitor, type StatfsReader } from "../services/system-health";
import { createTestApp, type TestApp } from "../test-support/test-app";

let t: TestApp;
let auth: Record<string, string>;
beforeEach(async () => {
  t = await createTestApp();
  auth = { authorization: `Bearer ${await t.login()}` };
});
afterEach(async () => {
  await t.close();
});

describe("GET /api/system/stats", () => {
  it("reports the process's own memory and uptime and the run counts of the database", async () => {
    await t.db.execute(
      `INSERT INTO runs (id, case_id, model, status, created_at) VALUES
       ('r1', 's1-dmz', 'builtin/reference', 'running', '2026-01-01T00:00:00Z'),
       ('r2', 's1-dmz', 'builtin/reference', 'completed', '2026-01-01T00:00:00Z'),
       ('r3', 's1-dmz', 'builtin/reference', 'completed', '2026-01-01T00:00:00Z'),
       ('r4', 's1-dmz', 'builtin/reference', 'failed', '2026-01-01T00:00:00Z')`,
    );
    const res = await t.app.inject({ url: "/api/system/stats", headers: auth });
    expect(res.statusCode).toBe(200);
    const stats = SystemStatsSchema.parse(res.json());
    expect(stats.totalScripts).toBe(13);
    expect(stats.activeTests).toBe(1);
    expect(stats.completedTests).toBe(2);
    expect(stats.memory.rss).toBeGreaterThan(10 * 1024 * 1024);
    expect(stats.memory.heapUsed).toBeLessThanOrEqual(stats.memory.heapTotal);
    expect(stats.uptime).toBeGreaterThanOrEqual(0);
    expect(stats.health.checks.map((c) => c.id)).toEqual([
      "runs",
      "provider",
      "workers",
      "disk",
      "memory",
      "event-loop",
    ]);
  });
});

describe("system health", () => {
  const GiB = 1024 ** 3;
  let freeGiB = 60;
  let statfs: StatfsReader = () => ({
    bsize: 4096,
    blocks: (100 * GiB) / 4096,
    bfree: (freeGiB * GiB) / 4096,
    bavail: (freeGiB * GiB) / 4096,
  });
  let h: TestApp;
  let hAuth: Record<string, string>;
  beforeEach(async () => {
    freeGiB = 60;
    const health = createHealthMonitor("/data", { statfs: (dir) => statfs(dir) });
    h = await createTestApp({ overrides: { health } });
    hAuth = { authorization: `Bearer ${await h.login()}` };
  });
  afterEach(async () => {
    h.deps.health.stop();
    await h.close();
  });

  const read = async () =>
    SystemStatsSchema.parse((await h.app.inject({ url: "/api/system/stats", headers: hAuth })).json());
  const check = (stats: SystemStats, id: string) => stats.health.checks.find((c) => c.id === id)!;
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
  let seq = 0;
  async function run(
    model: string,
    status: string,
    opts: { error?: string; minutes?: number; samples?: object[] } = {},
  ) {
    const id = `r_health${++seq}`;
    let summary: string | null = null;
    if (opts.samples) {
      const file = `results/${id}.jsonl`;
      mkdirSync(path.join(h.deps.config.workspaceDir, "results"), { recursive: true });
      writeFileSync(
        path.join(h.deps.config.workspaceDir, file),
        opts.samples
          .map((s) => JSON.stringify({ validity: "valid", error: null, error_source: null, retried_after: null, ...s }))
          .join("\n"),
      );
      summary = JSON.stringify({ status: "partial", files: { benchmark: file, report: "r.md", log: "l.json" } });
    }
    const at = minutesAgo(opts.minutes ?? 5);
    await h.db.execute({
      sql: "INSERT INTO runs (id, case_id, model, status, created_at, finished_at, summary, error) VALUES (?, 's1-dmz', ?, ?, ?, ?, ?, ?)",
      args: [id, model, status, at, at, summary, opts.error ?? null],
    });
  }

  it("reads 100 and 'All systems operational' on an idle server, every time", async () => {
    for (let i = 0; i < 5; i++) {
      const stats = await read();
      expect(stats.systemHealth).toBe(100);
      expect(stats.health).toMatchObject({ status: "ok", headline: "All systems operational" });
      for (const c of stats.health.checks) expect([c.id, c.status, c.penalty]).toEqual([c.id, "ok", 0]);
      expect(check(stats, "runs").summary).toBe("No run finished in the past 24 h, so none failed.");
    }
  });

  it("does not flip to an outage for a single failed run among few", async () => {
    await run("builtin/reference", "completed");
    await run("builtin/reference", "failed", { error: "the simulated environment failed: boom" });
    const stats = await read();
    expect(stats.systemHealth).toBe(100);
    expect(check(stats, "runs")).toMatchObject({ status: "ok", figure: "1 of 2 failed" });
  });

  it("goes down when most recent runs fail, and leaves old and cancelled runs out", async () => {
    for (let i = 0; i < 3; i++) await run("builtin/reference", "failed", { error: "boom" });
    await run("builtin/reference", "interrupted");
    await run("builtin/reference", "completed");
    for (let i = 0; i < 5; i++) await run("builtin/reference", "cancelled");
    for (let i = 0; i < 5; i++) await run("builtin/reference", "completed", { minutes: 25 * 60 });
    const stats = await read();
    expect(check(stats, "runs")).toMatchObject({
      status: "down",
      penalty: 50,
      summary: "4 of the last 5 finished runs in the past 24 h failed or lost samples to the harness or provider.",
    });
    expect(stats.systemHealth).toBe(50);
    expect(stats.health.headline).toBe("Major outage");
  });

  it("says which provider cannot be reached, and never blames the built-in models", async () => {
    const error = "the model server could not be reached (Connection error.) — gave up after 4 attempts";
    await run("builtin/reference", "failed", { error });
    let stats = await read();
    expect(check(stats, "provider")).toMatchObject({ status: "ok", figure: "not used" });
    await run("openai/gpt-4o", "failed", { samples: [{ validity: "invalid", error_source: "provider", error }] });
    stats = await read();
    expect(check(stats, "provider")).toMatchObject({
      status: "degraded",
      summary: `The latest run against openai could not use its model server: ${error}.`,
    });
    // Both runs failed, so the runs check says so too: the symptom and its cause each cost points.
    expect(check(stats, "runs").status).toBe("degraded");
    expect(stats.systemHealth).toBe(60);
    expect(stats.health.headline).toBe("Degraded performance");
  });

  it("counts simulation harness failures from the runs' sample records", async () => {
    const lost = {
      validity: "invalid",
      error_source: "harness",
      error: "the simulation worker died",
      retried_after: "the simulation worker died",
    };
    await run("builtin/reference", "completed", {
      samples: [lost, { retried_after: "worker died" }, {}, {}, {}, {}, {}, {}, {}, {}],
    });
    const stats = await read();
    expect(check(stats, "workers")).toMatchObject({ status: "degraded", figure: "3 in 10 samples" });
    expect(check(stats, "runs").status).toBe("ok");
  });

  it("warns of a nearly full disk and an unreadable one is not counted", async () => {
    freeGiB = 4;
    let stats = await read();
    expect(check(stats, "disk")).toMatchObject({ status: "degraded", figure: "4.0 % free (4.0 GiB)" });
    expect(stats.health.status).toBe("degraded");
    statfs = () => {
      throw Object.assign(new Error("gone"), { code: "ENOENT" });
    };
    stats = await read();
    expect(stats.systemHealth).toBe(100);
    expect(check(stats, "disk").summary).toMatch(/could not be read \(ENOENT\), so it is not counted\.$/);
    statfs = () => ({ bsize: Number.NaN, blocks: Number.NaN, bfree: Number.NaN, bavail: Number.NaN });
    expect(check(await read(), "disk").figure).toBe("unknown");
  });
});

describe("activity and notifications", () => {
  it("lists recent activity newest first and honours the limit", async () => {
    for (let i = 0; i < 3; i++)
      await t.deps.activity.record({ kind: "system", action: `Event ${i}`, status: "completed", result: "ok" });
    const res = await t.app.inject({ url: "/api/activity?limit=2", headers: auth });
    const body = ActivityResponseSchema.parse(res.json());
    expect(body.items).toHaveLength(2);
    expect(body.items[0]!.action).toBe("Event 2");
  });

  it("rejects a limit that is not a number from 1 to 100", async () => {
    for (const limit of ["0", "101", "abc"]) {
      const res = await t.app.inject({ url: `/api/activity?limit=${limit}`, headers: auth });
      expect(res.statusCode).toBe(400);
    }
  });

  it("counts finished runs and scripts as unseen until marked seen; sign-ins never notify", async () => {
    const id = await t.deps.activity.record({
      kind: "run",
      action: "Run s1-dmz",
      status: "running",
      result: "started",
    });
    let res = NotificationsResponseSchema.parse(
      (await t.app.inject({ url: "/api/notifications", headers: auth })).json(),
    );
    expect(res.unseen).toBe(0);
    await t.deps.activity.update(id, "completed", "score 10/10");
    res = NotificationsResponseSchema.parse((await t.app.inject({ url: "/api/notifications", headers: auth })).json());
    expect(res.unseen).toBe(1);
    expect(res.items[0]).toMatchObject({ action: "Run s1-dmz", seen: false });
    await new Promise((r) => setTimeout(r, 5));
    await t.app.inject({ method: "POST", url: "/api/notifications/seen", headers: auth });
    res = NotificationsResponseSchema.parse((await t.app.inject({ url: "/api/notifications", headers: auth })).json());
    expect(res.unseen).toBe(0);
    expect(res.items[0]!.seen).toBe(true);
  });
});

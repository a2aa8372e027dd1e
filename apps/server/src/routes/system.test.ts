import { ActivityResponseSchema, NotificationsResponseSchema, SystemStatsSchema } from "@analystbench/contracts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
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
    expect(stats.systemHealth).toBeGreaterThan(0);
    expect(stats.systemHealth).toBeLessThanOrEqual(100);
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

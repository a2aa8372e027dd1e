import type { SystemStats } from "@analystbench/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Database } from "../db/database";
import { requireSession } from "../plugins/auth";
import { parseWith } from "../plugins/http-error";
import type { ActivityLog } from "../services/activity";
import { countRuns } from "../services/run-counts";
import type { HealthMonitor } from "../services/system-health";

export interface SystemDeps {
  db: Database;
  health: HealthMonitor;
  activity: ActivityLog;
  /** Test cases and scripts the console can execute. */
  countScripts: () => number;
}

const LimitQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) });

export function systemRoutes(app: FastifyInstance, deps: SystemDeps): void {
  app.get("/api/system/stats", async (): Promise<SystemStats> => {
    const runs = await countRuns(deps.db);
    const health = deps.health.read();
    const mem = process.memoryUsage();
    return {
      totalScripts: deps.countScripts(),
      activeTests: runs.active,
      completedTests: runs.completed,
      systemHealth: health.systemHealth,
      uptime: Math.floor(process.uptime()),
      memory: { heapUsed: mem.heapUsed, heapTotal: mem.heapTotal, rss: mem.rss },
      healthDetails: {
        eventLoopDelayP99Ms: health.eventLoopDelayP99Ms,
        heapUsedRatio: Math.round(health.heapUsedRatio * 1000) / 1000,
        diskFreeRatio: health.diskFreeRatio === null ? null : Math.round(health.diskFreeRatio * 1000) / 1000,
        penalties: health.penalties,
      },
    };
  });

  app.get("/api/activity", async (request) => {
    const { limit } = parseWith(LimitQuery, request.query, "query");
    return { items: await deps.activity.recent(limit) };
  });

  app.get("/api/notifications", async (request) => {
    const session = requireSession(request);
    const { limit } = parseWith(LimitQuery, request.query, "query");
    return deps.activity.notifications(session.user.id, limit);
  });

  app.post("/api/notifications/seen", async (request) => {
    const session = requireSession(request);
    await deps.activity.markNotificationsSeen(session.user.id);
    return { ok: true };
  });
}

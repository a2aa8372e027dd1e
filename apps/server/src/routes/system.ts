import type { SystemStats } from "@analystbench/contracts";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/database";
import { countRuns } from "../services/run-counts";
import type { HealthMonitor } from "../services/system-health";

export interface SystemDeps {
  db: Database;
  health: HealthMonitor;
  /** Test cases and scripts the console can execute. */
  countScripts: () => number;
}

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
}

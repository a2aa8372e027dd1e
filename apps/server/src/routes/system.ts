import type { SystemStats } from "@analystbench/contracts";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/database";
import { countRuns } from "../services/run-counts";
import { providerCheck, recentRunsCheck, workersCheck } from "../services/run-health";
import { createRunOutcomeReader } from "../services/run-outcomes";
import { assessHealth, resourceChecks, type HealthMonitor } from "../services/system-health";

export interface SystemDeps {
  db: Database;
  health: HealthMonitor;
  config: { workspaceDir: string };
  /** Test cases and scripts the console can execute. */
  countScripts: () => number;
  /** The clock the run-based checks look back from; injected by tests. */
  now?: () => number;
}

/** The run-based checks look back this far, over at most this many finished runs. */
const LOOKBACK_MS = 24 * 3600_000;
const LOOKBACK_RUNS = 50;

export function systemRoutes(app: FastifyInstance, deps: SystemDeps): void {
  const outcomes = createRunOutcomeReader({ db: deps.db, workspaceDir: deps.config.workspaceDir });
  const now = deps.now ?? Date.now;

  app.get("/api/system/stats", async (): Promise<SystemStats> => {
    const at = now();
    const [runs, recent] = await Promise.all([
      countRuns(deps.db),
      outcomes.recent(new Date(at - LOOKBACK_MS).toISOString(), LOOKBACK_RUNS),
    ]);
    const { systemHealth, health } = assessHealth([
      ["runs", recentRunsCheck(recent)],
      ["provider", providerCheck(recent, at)],
      ["workers", workersCheck(recent)],
      ...resourceChecks(deps.health.read()),
    ]);
    const mem = process.memoryUsage();
    return {
      totalScripts: deps.countScripts(),
      activeTests: runs.active,
      completedTests: runs.completed,
      systemHealth,
      uptime: Math.floor(process.uptime()),
      memory: { heapUsed: mem.heapUsed, heapTotal: mem.heapTotal, rss: mem.rss },
      health,
    };
  });
}

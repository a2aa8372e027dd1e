import { z } from "zod";

export const HealthResponseSchema = z.object({ status: z.literal("ok"), version: z.string() });
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/** GET /api/system/stats (spec section 3: System status). Memory figures are bytes. */
export const SystemStatsSchema = z.object({
  totalScripts: z.number().int().min(0),
  activeTests: z.number().int().min(0),
  completedTests: z.number().int().min(0),
  /** 0–100, see apps/server/src/services/system-health.ts for the formula. */
  systemHealth: z.number().min(0).max(100),
  /** Seconds since the server process started. */
  uptime: z.number().min(0),
  memory: z.object({ heapUsed: z.number(), heapTotal: z.number(), rss: z.number() }),
  /** What the health figure is made of, for the System Health quick action. */
  healthDetails: z
    .object({
      eventLoopDelayP99Ms: z.number(),
      heapUsedRatio: z.number(),
      diskFreeRatio: z.number().nullable(),
      penalties: z.object({ eventLoop: z.number(), memory: z.number(), disk: z.number() }),
    })
    .optional(),
});
export type SystemStats = z.infer<typeof SystemStatsSchema>;

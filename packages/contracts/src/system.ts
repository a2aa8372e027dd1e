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

export const ActivityStatusSchema = z.enum(["completed", "running", "failed"]);
export type ActivityStatus = z.infer<typeof ActivityStatusSchema>;

/** One row of Recent Activity (spec: id, action, status, timestamp, result). */
export const ActivityItemSchema = z.object({
  id: z.string(),
  action: z.string(),
  status: ActivityStatusSchema,
  timestamp: z.string(),
  result: z.string(),
});
export type ActivityItem = z.infer<typeof ActivityItemSchema>;

export const ActivityResponseSchema = z.object({ items: z.array(ActivityItemSchema) });
export type ActivityResponse = z.infer<typeof ActivityResponseSchema>;

/** GET /api/notifications: finished runs and script executions the user has not seen yet. */
export const NotificationsResponseSchema = z.object({
  unseen: z.number().int().min(0),
  items: z.array(ActivityItemSchema.extend({ seen: z.boolean() })),
});
export type NotificationsResponse = z.infer<typeof NotificationsResponseSchema>;

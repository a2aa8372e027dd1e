import { z } from "zod";

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

import { z } from "zod";

export const ActivityStatusSchema = z.enum(["completed", "running", "failed"]);
export type ActivityStatus = z.infer<typeof ActivityStatusSchema>;

/**
 * What a Recent Activity row is about. Runs, environment scripts and system events are the
 * actions the dashboard leads with; "sign-in" rows are folded summaries shown after them.
 */
export const ActivityItemKindSchema = z.enum(["run", "script", "sign-in", "system"]);
export type ActivityItemKind = z.infer<typeof ActivityItemKindSchema>;

/**
 * Where a row leads in the console. Paths are relative to the workspace (never a server path),
 * so the console can hand them to the Results page and /api/files/*.
 */
export const ActivityLinkSchema = z.discriminatedUnion("type", [
  /** The run's output on the Test Cases page (live, or replayed while the server still holds it). */
  z.object({ type: z.literal("run"), runId: z.string() }),
  /** A report or script output file on the Results page. */
  z.object({ type: z.literal("result"), path: z.string() }),
]);
export type ActivityLink = z.infer<typeof ActivityLinkSchema>;

/** One row of Recent Activity (spec: id, action, status, timestamp, result; kind, link and count added). */
export const ActivityItemSchema = z.object({
  id: z.string(),
  action: z.string(),
  status: ActivityStatusSchema,
  timestamp: z.string(),
  result: z.string(),
  kind: ActivityItemKindSchema.optional(),
  link: ActivityLinkSchema.optional(),
  /** For a folded row: how many events it stands for. */
  count: z.number().int().min(1).optional(),
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

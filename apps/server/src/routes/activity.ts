import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireSession } from "../plugins/auth";
import { parseWith } from "../plugins/http-error";
import type { ActivityLog } from "../services/activity";

const LimitQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) });

/** Recent Activity on the dashboard and the notification bell. */
export function activityRoutes(app: FastifyInstance, deps: { activity: ActivityLog }): void {
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

import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireSession } from "../plugins/auth";
import { parseWith } from "../plugins/http-error";
import type { ActivityLog } from "../services/activity";

const LIMIT_SENTENCE = "Give limit as a whole number from 1 to 100";
// One sentence for every way a limit can be wrong (0, 1000, "abc", repeated), not zod's internals.
const LimitQuery = z.object({
  limit: z.coerce
    .number({ message: LIMIT_SENTENCE })
    .int({ message: LIMIT_SENTENCE })
    .min(1, { message: LIMIT_SENTENCE })
    .max(100, { message: LIMIT_SENTENCE })
    .default(10),
});

/** Recent Activity on the dashboard and the notification bell. */
export function activityRoutes(app: FastifyInstance, deps: { activity: ActivityLog }): void {
  // Runs and script actions first, then sign-ins folded per user and day (see ActivityLog.recent).
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

import type { ActivityItem, ActivityStatus, NotificationsResponse } from "@analystbench/contracts";
import type { Database } from "../db/database";

/** Kinds of activity. Runs and scripts also notify; sign-ins only show in Recent Activity. */
export type ActivityKind = "auth" | "run" | "script" | "system";
const NOTIFYING_KINDS = ["run", "script"];

export interface ActivityLog {
  record(entry: {
    kind: ActivityKind;
    action: string;
    status: ActivityStatus;
    result: string;
    actor?: string;
    ref?: string;
  }): Promise<string>;
  update(id: string, status: ActivityStatus, result: string): Promise<void>;
  recent(limit: number): Promise<ActivityItem[]>;
  notifications(userId: number, limit: number): Promise<NotificationsResponse>;
  markNotificationsSeen(userId: number): Promise<void>;
}

export function createActivityLog(db: Database, now: () => Date = () => new Date()): ActivityLog {
  const toItem = (row: Record<string, unknown>): ActivityItem => ({
    id: String(row.id),
    action: String(row.action),
    status: row.status as ActivityStatus,
    timestamp: String(row.updated_at),
    result: String(row.result),
  });

  return {
    async record({ kind, action, status, result, actor, ref }) {
      const at = now().toISOString();
      const r = await db.execute({
        sql: `INSERT INTO activity (kind, action, status, result, actor, ref, created_at, updated_at)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        args: [kind, action, status, result, actor ?? null, ref ?? null, at, at],
      });
      return String(r.lastInsertRowid);
    },
    async update(id, status, result) {
      await db.execute({
        sql: "UPDATE activity SET status = ?, result = ?, updated_at = ? WHERE id = ?",
        args: [status, result, now().toISOString(), Number(id)],
      });
    },
    async recent(limit) {
      const r = await db.execute({
        sql: "SELECT id, action, status, result, updated_at FROM activity ORDER BY updated_at DESC, id DESC LIMIT ?",
        args: [limit],
      });
      return r.rows.map((row) => toItem(row));
    },
    async notifications(userId, limit) {
      const placeholders = NOTIFYING_KINDS.map(() => "?").join(", ");
      const seenRow = await db.execute({ sql: "SELECT notifications_seen_at FROM users WHERE id = ?", args: [userId] });
      const seenAt = String(seenRow.rows[0]?.notifications_seen_at ?? "1970-01-01T00:00:00.000Z");
      const finished = `kind IN (${placeholders}) AND status IN ('completed', 'failed')`;
      const unseen = await db.execute({
        sql: `SELECT count(*) AS n FROM activity WHERE ${finished} AND updated_at > ?`,
        args: [...NOTIFYING_KINDS, seenAt],
      });
      const r = await db.execute({
        sql: `SELECT id, action, status, result, updated_at FROM activity WHERE ${finished}
              ORDER BY updated_at DESC, id DESC LIMIT ?`,
        args: [...NOTIFYING_KINDS, limit],
      });
      return {
        unseen: Number(unseen.rows[0]!.n),
        items: r.rows.map((row) => ({ ...toItem(row), seen: String(row.updated_at) <= seenAt })),
      };
    },
    async markNotificationsSeen(userId) {
      await db.execute({
        sql: "UPDATE users SET notifications_seen_at = ? WHERE id = ?",
        args: [now().toISOString(), userId],
      });
    },
  };
}

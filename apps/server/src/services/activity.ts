import {
  scoreSumText,
  type ActivityItem,
  type ActivityItemKind,
  type ActivityLink,
  type ActivityStatus,
  type NotificationsResponse,
} from "@analystbench/contracts";
import type { Database } from "../db/database";
import { summaryFile } from "./summary-files";

/** Kinds of activity. Runs and scripts also notify; sign-ins only show in Recent Activity. */
export type ActivityKind = "auth" | "run" | "script" | "system";
const NOTIFYING_KINDS = ["run", "script"];

/**
 * The actions auth records. Recent Activity folds them per user and day and tells sign-ins from
 * sign-outs by these names, so the recorder and the fold share them.
 */
export const AUTH_ACTIONS = { signIn: "User sign-in", signOut: "User sign-out" } as const;
/** The folded row's action for failed attempts (recorded with status failed). */
export const FAILED_SIGN_IN_ACTION = "Failed sign-in";

export interface ActivityLog {
  record(entry: {
    kind: ActivityKind;
    action: string;
    status: ActivityStatus;
    result: string;
    actor?: string;
    /** A run's id (kind run), a script's id (kind script); what the row links to. */
    ref?: string;
  }): Promise<string>;
  /** `outputPath`: the file the action wrote, relative to the workspace (a script's output). */
  update(id: string, status: ActivityStatus, result: string, opts?: { outputPath?: string | null }): Promise<void>;
  /**
   * Recent Activity: runs, scripts and system events first, newest first, up to `limit`; the
   * slots left over go to sign-ins folded into one row per user, UTC day and outcome. Sign-ins
   * come last so a burst of them can never push a run out of the list.
   */
  recent(limit: number): Promise<ActivityItem[]>;
  notifications(userId: number, limit: number): Promise<NotificationsResponse>;
  markNotificationsSeen(userId: number): Promise<void>;
}

/**
 * The report of a run lives in the runs table (summary.files.report, relative to the workspace);
 * joining it keeps one source of truth and also links rows recorded before output_path existed.
 */
const ACTION_COLUMNS = `a.id, a.kind, a.action, a.status, a.result, a.updated_at, a.ref, a.output_path,
  r.summary AS run_summary`;
const ACTION_FROM = "activity a LEFT JOIN runs r ON a.kind = 'run' AND r.id = a.ref";

const MAX_PATH_LENGTH = 1024;

/**
 * A path the console may open: relative to the workspace, without `..`, a drive or control
 * characters. Anything else (an absolute server path, a hand-edited row) yields no link rather
 * than leaking where the workspace lives or pointing outside it.
 */
export function workspaceRelativePath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_PATH_LENGTH) return null;
  if (/[\u0000-\u001f\u007f\\]/.test(value) || value.startsWith("/") || /^[A-Za-z]:/.test(value)) return null;
  const segments = value.split("/");
  if (segments.some((s) => s === "" || s === "." || s === "..")) return null;
  return value;
}

function linkFor(row: Record<string, unknown>): ActivityLink | undefined {
  const report = workspaceRelativePath(summaryFile(row.run_summary, "report"));
  const output = workspaceRelativePath(row.output_path);
  if (row.kind === "run") {
    // A finished run's report outlives the server's in-memory output, so it is the better target.
    const written = report ?? output;
    if (written) return { type: "result", path: written };
    return typeof row.ref === "string" && row.ref ? { type: "run", runId: row.ref } : undefined;
  }
  return output ? { type: "result", path: output } : undefined;
}

function itemKind(kind: unknown): ActivityItemKind {
  if (kind === "run" || kind === "script") return kind;
  return kind === "auth" ? "sign-in" : "system";
}

/**
 * Runs recorded before scores were means wrote "Score 30/30 (completed) — …": a sum over the
 * samples that reads like a mark out of 30. It is shown labelled as the sum it is.
 */
export function relabelLegacyScore(result: string): string {
  return result.replace(/^Score (-?\d+(?:\.\d+)?)\/(-?\d+(?:\.\d+)?) \(/, (_m, total: string, max: string) => {
    return `${scoreSumText(Number(total), Number(max))} over the samples (`;
  });
}

function toActionItem(row: Record<string, unknown>): ActivityItem {
  const link = linkFor(row);
  return {
    id: String(row.id),
    action: String(row.action),
    status: row.status as ActivityStatus,
    timestamp: String(row.updated_at),
    result: row.kind === "run" ? relabelLegacyScore(String(row.result)) : String(row.result),
    kind: itemKind(row.kind),
    ...(link ? { link } : {}),
  };
}

const MAX_NAME_LENGTH = 64;

/**
 * A user name as one short line of text. Names come from the users table today, but a failed
 * attempt carries whatever was typed: control, line-break and bidi-override characters would
 * break or disguise the row, so they become spaces, and a long name is cut.
 */
export function displayName(actor: unknown): string {
  const flat = String(actor ?? "")
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!flat) return "an unknown user";
  return flat.length > MAX_NAME_LENGTH ? `${flat.slice(0, MAX_NAME_LENGTH - 1)}…` : flat;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "today", "yesterday", "on 24 Nov" or "on 24 Nov 2025" for a UTC day "YYYY-MM-DD". */
export function dayPhrase(day: string, now: Date): string {
  const today = now.toISOString().slice(0, 10);
  if (day === today) return "today";
  if (day === new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10)) return "yesterday";
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return "on an unknown day";
  const [, year, month, date] = m;
  const label = `${Number(date)} ${MONTHS[Number(month) - 1] ?? "?"}`;
  return year === today.slice(0, 4) ? `on ${label}` : `on ${label} ${year}`;
}

function times(n: number): string {
  return n === 1 ? "once" : n === 2 ? "twice" : `${n} times`;
}

/** One folded row: a user's successful sign-ins and sign-outs, or failed attempts, on one day. */
function toSignInItem(row: Record<string, unknown>, now: Date): ActivityItem {
  const name = displayName(row.actor);
  const day = dayPhrase(String(row.day), now);
  const count = Number(row.n);
  const failed = row.status === "failed";
  let result: string;
  if (failed) {
    result = `${count} failed sign-in attempt${count === 1 ? "" : "s"} as ${name} ${day}`;
  } else {
    const signOuts = Number(row.sign_outs);
    const signIns = count - signOuts;
    const parts = [
      ...(signIns ? [`signed in ${times(signIns)}`] : []),
      ...(signOuts ? [`signed out ${times(signOuts)}`] : []),
    ];
    result = `${name} ${parts.join(" and ")} ${day}`;
  }
  return {
    // The newest event's id keeps the row's key unique and changes when the row gains an event.
    id: `sign-in-${String(row.last_id)}`,
    action: failed ? FAILED_SIGN_IN_ACTION : AUTH_ACTIONS.signIn,
    status: failed ? "failed" : "completed",
    timestamp: String(row.latest),
    result,
    kind: "sign-in",
    count,
  };
}

export function createActivityLog(db: Database, now: () => Date = () => new Date()): ActivityLog {
  return {
    async record({ kind, action, status, result, actor, ref }) {
      const at = now().toISOString();
      const r = await db.execute({
        sql: `INSERT INTO activity (kind, action, status, result, actor, ref, created_at, updated_at)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        args: [kind, action, status, result, actor ?? null, ref ?? null, at, at],
      });
      return String(r.rows[0]!.id);
    },
    async update(id, status, result, opts = {}) {
      const setPath = opts.outputPath !== undefined;
      await db.execute({
        sql: `UPDATE activity SET status = ?, result = ?, updated_at = ?${setPath ? ", output_path = ?" : ""} WHERE id = ?`,
        args: [status, result, now().toISOString(), ...(setPath ? [opts.outputPath ?? null] : []), Number(id)],
      });
    },
    async recent(limit) {
      const actions = await db.execute({
        sql: `SELECT ${ACTION_COLUMNS} FROM ${ACTION_FROM} WHERE a.kind != 'auth'
              ORDER BY a.updated_at DESC, a.id DESC LIMIT ?`,
        args: [limit],
      });
      const items = actions.rows.map((row) => toActionItem(row));
      const room = limit - items.length;
      if (room <= 0) return items;
      // created_at is an ISO UTC time, so its first ten characters are the UTC day.
      const folded = await db.execute({
        sql: `SELECT coalesce(actor, '') AS actor, substr(created_at, 1, 10) AS day, status,
                count(*) AS n, sum(CASE WHEN action = ? THEN 1 ELSE 0 END) AS sign_outs, max(updated_at) AS latest, max(id) AS last_id
              FROM activity WHERE kind = 'auth'
              GROUP BY coalesce(actor, ''), substr(created_at, 1, 10), status
              ORDER BY latest DESC, last_id DESC LIMIT ?`,
        args: [AUTH_ACTIONS.signOut, room],
      });
      const at = now();
      return [...items, ...folded.rows.map((row) => toSignInItem(row, at))];
    },
    async notifications(userId, limit) {
      const placeholders = NOTIFYING_KINDS.map(() => "?").join(", ");
      const seenRow = await db.execute({ sql: "SELECT notifications_seen_at FROM users WHERE id = ?", args: [userId] });
      const seenAt = String(seenRow.rows[0]?.notifications_seen_at ?? "1970-01-01T00:00:00.000Z");
      const finished = `a.kind IN (${placeholders}) AND a.status IN ('completed', 'failed')`;
      const unseen = await db.execute({
        sql: `SELECT count(*) AS n FROM activity a WHERE ${finished} AND a.updated_at > ?`,
        args: [...NOTIFYING_KINDS, seenAt],
      });
      const r = await db.execute({
        sql: `SELECT ${ACTION_COLUMNS} FROM ${ACTION_FROM} WHERE ${finished}
              ORDER BY a.updated_at DESC, a.id DESC LIMIT ?`,
        args: [...NOTIFYING_KINDS, limit],
      });
      return {
        unseen: Number(unseen.rows[0]!.n),
        items: r.rows.map((row) => ({ ...toActionItem(row), seen: String(row.updated_at) <= seenAt })),
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

import { createHash, randomBytes } from "node:crypto";
import type { Database } from "../db/database";
import type { User } from "./users";

export interface Session {
  user: User;
  expiresAt: string;
}

export interface SessionStore {
  /** Issues a new token: 256 random bits, base64url. Only its hash is stored. */
  create(user: User): Promise<{ token: string; expiresAt: string }>;
  /** The session of a live token, or undefined for unknown, expired and revoked tokens. */
  resolve(token: string): Promise<Session | undefined>;
  revoke(token: string): Promise<void>;
  revokeAllFor(userId: number): Promise<void>;
}

/** Tokens are exactly 43 base64url characters; anything else is malformed and never hits the DB. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function createSessionStore(db: Database, ttlMs: number, now: () => Date = () => new Date()): SessionStore {
  return {
    async create(user) {
      const token = randomBytes(32).toString("base64url");
      const created = now();
      const expiresAt = new Date(created.getTime() + ttlMs).toISOString();
      await db.execute({
        sql: "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
        args: [hashToken(token), user.id, created.toISOString(), expiresAt],
      });
      return { token, expiresAt };
    },
    async resolve(token) {
      if (!TOKEN_PATTERN.test(token)) return undefined;
      const r = await db.execute({
        sql: `SELECT u.id, u.username, s.expires_at FROM sessions s JOIN users u ON u.id = s.user_id
              WHERE s.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ?`,
        args: [hashToken(token), now().toISOString()],
      });
      const row = r.rows[0];
      if (!row) return undefined;
      return { user: { id: Number(row.id), username: String(row.username) }, expiresAt: String(row.expires_at) };
    },
    async revoke(token) {
      if (!TOKEN_PATTERN.test(token)) return;
      await db.execute({
        sql: "UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL",
        args: [now().toISOString(), hashToken(token)],
      });
    },
    async revokeAllFor(userId) {
      await db.execute({
        sql: "UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL",
        args: [now().toISOString(), userId],
      });
    },
  };
}

import { USERNAME_PATTERN } from "@analystbench/contracts";
import type { Database } from "../db/database";
import { hashPassword, verifyPassword } from "./passwords";

export interface User {
  id: number;
  username: string;
}

export class UserError extends Error {}

/** Validates a username for creation; existing accounts are looked up as given. */
export function checkUsername(username: string): void {
  if (!USERNAME_PATTERN.test(username)) {
    throw new UserError(
      `"${username}" is not a valid username: use 2–32 lower-case letters, digits, dots, dashes or underscores, starting with a letter.`,
    );
  }
}

export function checkNewPassword(password: string): void {
  if (password.length < 12) throw new UserError("Passwords must be at least 12 characters long.");
  if (password.length > 1024) throw new UserError("Passwords must be at most 1024 characters long.");
}

export interface UserStore {
  count(): Promise<number>;
  find(username: string): Promise<User | undefined>;
  create(username: string, password: string): Promise<User>;
  setPassword(username: string, password: string): Promise<void>;
  /** The user when the password is right; undefined otherwise (unknown user or wrong password). */
  authenticate(username: string, password: string): Promise<User | undefined>;
  list(): Promise<User[]>;
}

export function createUserStore(db: Database, now: () => Date = () => new Date()): UserStore {
  // Verifying against a real hash when the user does not exist keeps the timing of "unknown
  // user" and "wrong password" alike, so sign-in does not reveal which accounts exist.
  let decoyHash: Promise<string> | undefined;
  const decoy = () => (decoyHash ??= hashPassword("decoy password that never matches"));

  const find = async (username: string) => {
    const r = await db.execute({ sql: "SELECT id, username FROM users WHERE username = ?", args: [username] });
    const row = r.rows[0];
    return row ? { id: Number(row.id), username: String(row.username) } : undefined;
  };

  return {
    async count() {
      const r = await db.execute("SELECT count(*) AS n FROM users");
      return Number(r.rows[0]!.n);
    },
    find,
    async create(username, password) {
      checkUsername(username);
      checkNewPassword(password);
      if (await find(username)) throw new UserError(`A user named "${username}" already exists.`);
      const at = now().toISOString();
      const r = await db.execute({
        sql: "INSERT INTO users (username, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING id",
        args: [username, await hashPassword(password), at, at],
      });
      return { id: Number(r.rows[0]!.id), username };
    },
    async setPassword(username, password) {
      checkNewPassword(password);
      const r = await db.execute({
        sql: "UPDATE users SET password_hash = ?, updated_at = ? WHERE username = ?",
        args: [await hashPassword(password), now().toISOString(), username],
      });
      if (r.rowsAffected === 0) throw new UserError(`There is no user named "${username}".`);
    },
    async authenticate(username, password) {
      const r = await db.execute({
        sql: "SELECT id, username, password_hash FROM users WHERE username = ?",
        args: [username],
      });
      const row = r.rows[0];
      if (!row) {
        await verifyPassword(await decoy(), password);
        return undefined;
      }
      const ok = await verifyPassword(String(row.password_hash), password);
      return ok ? { id: Number(row.id), username: String(row.username) } : undefined;
    },
    async list() {
      const r = await db.execute("SELECT id, username FROM users ORDER BY username");
      return r.rows.map((row) => ({ id: Number(row.id), username: String(row.username) }));
    },
  };
}

import { hash, verify } from "@node-rs/argon2";
import { randomBytes } from "node:crypto";

// argon2id with OWASP's second recommended profile (19 MiB, t=2, p=1): ~30 ms here, enough to
// make guessing expensive without slowing sign-in for people.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A random password for the first admin: 24 characters from a 64-symbol alphabet (144 bits). */
export function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}

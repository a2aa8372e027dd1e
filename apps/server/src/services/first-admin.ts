import { writeFileSync } from "node:fs";
import path from "node:path";
import { generatePassword } from "./passwords";
import type { UserStore } from "./users";

export const INITIAL_PASSWORD_FILE = "initial-admin-password";

/**
 * On the very first start (no users yet) creates the admin account. Without a configured
 * password a random one is generated, written to a 0600 file in the private data directory and
 * returned so the caller prints it once.
 */
export async function ensureFirstAdmin(
  users: UserStore,
  opts: { username: string; password: string | undefined; privateDir: string },
): Promise<{ created: false } | { created: true; generatedPassword?: string; passwordFile?: string }> {
  if ((await users.count()) > 0) return { created: false };
  if (opts.password) {
    await users.create(opts.username, opts.password);
    return { created: true };
  }
  const password = generatePassword();
  const passwordFile = path.join(opts.privateDir, INITIAL_PASSWORD_FILE);
  writeFileSync(passwordFile, `${opts.username}\n${password}\n`, { mode: 0o600 });
  await users.create(opts.username, password);
  return { created: true, generatedPassword: password, passwordFile };
}

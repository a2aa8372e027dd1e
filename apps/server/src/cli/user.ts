/**
 * Account management from the command line:
 *   npm run user -- add alice          prompts for a password (or reads one line from stdin with --password-stdin)
 *   npm run user -- reset alice        sets a new password and signs alice out everywhere
 *   npm run user -- list
 */
import { createInterface } from "node:readline";
import { ConfigError, loadConfig, prepareDataDir } from "../config";
import { openDatabase } from "../db/database";
import { createSessionStore } from "../services/sessions";
import { UserError, createUserStore } from "../services/users";

const USAGE = "usage: npm run user -- add <username> | reset <username> | list   [--password-stdin]";

async function readLine(): Promise<string> {
  const rl = createInterface({ input: process.stdin });
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return "";
}

async function promptHidden(question: string): Promise<string> {
  if (!process.stdin.isTTY) return readLine();
  process.stdout.write(question);
  return new Promise((resolve) => {
    let value = "";
    process.stdin.setRawMode(true);
    process.stdin.resume();
    const onData = (buf: Buffer) => {
      for (const ch of buf.toString("utf8")) {
        if (ch === "\r" || ch === "\n") {
          process.stdin.setRawMode(false);
          process.stdin.pause();
          process.stdin.off("data", onData);
          process.stdout.write("\n");
          resolve(value);
          return;
        }
        if (ch === "\u0003") process.exit(130);
        if (ch === "\u007f") value = value.slice(0, -1);
        else value += ch;
      }
    };
    process.stdin.on("data", onData);
  });
}

async function askPassword(fromStdin: boolean): Promise<string> {
  if (fromStdin) return (await readLine()).trimEnd();
  const first = await promptHidden("New password (at least 12 characters): ");
  const second = await promptHidden("Repeat it: ");
  if (first !== second) throw new UserError("The two passwords differ; nothing was changed.");
  return first;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== "--password-stdin");
  const fromStdin = process.argv.includes("--password-stdin");
  const [command, username] = args;
  const config = loadConfig();
  prepareDataDir(config);
  const db = await openDatabase(config.privateDir, config.databaseUrl);
  try {
    const users = createUserStore(db);
    if (command === "list" && !username) {
      for (const u of await users.list()) console.log(u.username);
      return 0;
    }
    if ((command === "add" || command === "reset") && username) {
      if (command === "add") {
        if (await users.find(username))
          throw new UserError(`A user named "${username}" already exists; use reset to change the password.`);
        await users.create(username, await askPassword(fromStdin));
        console.log(`Created user "${username}".`);
      } else {
        const user = await users.find(username);
        if (!user) throw new UserError(`There is no user named "${username}".`);
        await users.setPassword(username, await askPassword(fromStdin));
        await createSessionStore(db, config.sessionTtlMs).revokeAllFor(user.id);
        console.log(`Changed the password of "${username}" and signed them out everywhere.`);
      }
      return 0;
    }
    console.error(USAGE);
    return 2;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    if (e instanceof UserError || e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  },
);

import { Bash } from "just-bash";
import { beforeAll, describe, expect, it } from "vitest";
import { buildEnvironment, type SimEnvironment } from "../../environment";
import { fixtureWorld } from "../../test-support/fixture-world";

/**
 * find's fast path must print exactly what just-bash's own find prints. A plain interpreter over
 * the same filesystem, without the simulator's commands, runs just-bash's find for comparison.
 */
let env: SimEnvironment;
let plain: Bash;
beforeAll(async () => {
  env = await buildEnvironment(fixtureWorld());
  await env.exec("Web Server", "true");
  plain = new Bash({ fs: env.findHost("Web Server")!.fs, cwd: "/root" });
});

const EXPRESSIONS = [
  "/var -name '*.log'",
  "/var/log -type f",
  "/ -name passwd",
  "/etc -maxdepth 1 -type d",
  "/var/www -name '.env'",
  "/var -iname '*ACCESS*'",
  "/var -path '*nginx*' -type f",
  "/var/spool -mindepth 2",
  "/proc -maxdepth 1 -name '[0-9]*'",
  ". -maxdepth 1",
  "/srv /var/www -type d",
  "/var/www/crm/.env",
];

describe("find fast path", () => {
  it.each(EXPRESSIONS)("find %s prints what just-bash's find prints", async (expr) => {
    const fast = await env.exec("Web Server", `find ${expr}`);
    const reference = await plain.exec(`find ${expr}`);
    expect(fast.output).toBe(reference.stdout + reference.stderr);
  });

  it("filters by owner, which just-bash's find cannot see", async () => {
    expect((await env.exec("Web Server", "find /home /var/www -user deploy")).output).toBe(
      "/home/deploy\n/home/deploy/notes.txt\n",
    );
  });

  it("hands every other expression and every error to just-bash's find", async () => {
    expect((await env.exec("Web Server", "find /var -name '*.log' -o -name '*.conf' | wc -l")).output.trim()).not.toBe(
      "0",
    );
    expect((await env.exec("Web Server", "find /nope -name x")).output).toContain("No such file or directory");
  });

  it("selects by modification time with -newermt, negated by ! and -not", async () => {
    const sh = async (cmd: string) => (await env.exec("Web Server", cmd)).output;
    const newer = await sh("find /var/log -type f -newermt '2026-03-15' | sort");
    const older = await sh("find /var/log -type f ! -newermt '2026-03-15' | sort");
    const all = await sh("find /var/log -type f | sort");
    expect(newer).toContain("/var/log/auth.log");
    expect([...newer.split("\n"), ...older.split("\n")].filter(Boolean).sort()).toEqual(
      all.split("\n").filter(Boolean).sort(),
    );
    expect(await sh("find /var/log -type f -not -newermt '2026-03-15' | sort")).toBe(older);
    expect(await sh("find /var -newermt 'last tuesday'")).toBe(
      "find: I cannot figure out how to interpret ‘last tuesday’ as a date or time\n",
    );
  });
});

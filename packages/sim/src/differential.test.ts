import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEnvironment, type SimEnvironment } from "./environment";
import { exportHost } from "./export";
import { fixtureWorld } from "./test-support/fixture-world";

/**
 * The simulated shell answers common analyst commands exactly as real bash does on the same
 * files: the host is exported to disk and each command runs in both.
 */
let env: SimEnvironment;
let root: string;

beforeAll(async () => {
  env = await buildEnvironment(fixtureWorld());
  root = mkdtempSync(path.join(os.tmpdir(), "ab-diff-"));
  await exportHost(env.findHost("Web Server")!, root);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const COMMANDS = [
  "grep -rn 'GET /.env' var/log | sort",
  "grep -c 'sshd' var/log/auth.log",
  "grep -n -e 'GET /.env' -e 'Accepted publickey' var/log/nginx/access.log var/log/auth.log | head -n 20",
  "grep -c -F -e '.env' -e '(' var/log/nginx/access.log",
  "grep -rln -e 'kworkerd' -e 'hunter2' var etc | sort",
  "grep -E -e 'GET|POST' -e 'sshd\\[' var/log/auth.log var/log/nginx/access.log | wc -l",
  "grep -i 'accepted PUBLICKEY' var/log/auth.log | head -n 3",
  "grep -v 'CRON' var/log/auth.log | head -n 4",
  "grep -c -v 'GET' var/log/nginx/access.log",
  "grep -c 'sshd' var/log/auth.log var/log/nginx/access.log",
  "grep -o '[0-9]\\{1,3\\}\\.[0-9]\\{1,3\\}\\.[0-9]\\{1,3\\}\\.[0-9]\\{1,3\\}' var/log/nginx/access.log | sort | uniq -c | sort -rn | head -n 3",
  "grep -oE '\"(GET|POST) [^ ]+' var/log/nginx/access.log | head -n 5",
  "grep -E '[[:digit:]]{3} [[:digit:]]+ \"-\"' var/log/nginx/access.log | head -n 2",
  "grep -w 'root' etc/passwd",
  "grep -x 'beta' home/deploy/notes.txt",
  "grep -m 2 -n 'session' var/log/auth.log",
  "grep -l 'kworkerd' var/spool/cron/crontabs/www-data var/log/auth.log",
  "grep -L 'kworkerd' var/spool/cron/crontabs/www-data var/log/auth.log",
  "grep -h -c 'a' etc/passwd etc/group",
  "grep '\\(alpha\\|gamma\\)' home/deploy/notes.txt",
  "grep -F '[14/Mar/2026' var/log/nginx/access.log",
  "grep -n '\\<sudo\\>' var/log/auth.log | head -n 2",
  "cat home/deploy/notes.txt | grep -n beta",
  "grep -q hunter2 var/www/crm/.env && echo found",
  "grep -i -E 'session (opened|closed)' var/log/auth.log | head -n 5",
  "find var -name '*.log' | sort",
  "find var/www -type f | sort",
  "awk '{print $1}' var/log/nginx/access.log | sort | uniq -c | sort -rn | head -n 5",
  "awk -F: '$3 >= 1000 {print $1, $6}' etc/passwd",
  "sort var/log/nginx/access.log | uniq -c | sort -rn | head -n 3",
  "head -n 3 var/log/nginx/access.log",
  "tail -n 5 var/log/auth.log",
  "wc -l var/log/nginx/access.log var/log/auth.log",
  "cut -d' ' -f1,4 var/log/nginx/access.log | head -n 10",
  "cut -d: -f1,7 etc/passwd",
  "sed -n '10,15p' var/log/auth.log",
  "sed -n '/GET \\/\\.env/p' var/log/nginx/access.log",
  "cat home/deploy/notes.txt | sort | uniq -c",
  "grep -o '\"[A-Z]* [^ ]*' var/log/nginx/access.log | sort | uniq -c | sort -rn | head -n 5",
];

describe("differential: simulated shell vs real bash on the exported files", () => {
  it.each(COMMANDS)("%s", async (cmd) => {
    const sim = await env.exec("Web Server", `cd / && ${cmd}`);
    const real = execFileSync("bash", ["-c", cmd], {
      cwd: root,
      env: { PATH: process.env.PATH, LC_ALL: "C" },
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(sim.output).toBe(real);
  });
});

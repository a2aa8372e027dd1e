import { spawnSync } from "node:child_process";
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

/** The first catalogue: grep, find and text pipelines. */
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

/**
 * What analysts type to cut and count evidence: byte and line offsets, counting pipelines, field
 * extraction, and errors (missing files, bad options), whose messages must read as coreutils'.
 */
const ANALYST_CATALOGUE = [
  // head and tail: line and byte offsets, from the start or the end, several files, errors.
  "tail -c +100 var/log/nginx/access.log | head -c 300",
  "tail -c +1 home/deploy/notes.txt",
  "tail -c +0 home/deploy/notes.txt",
  "tail -c 25 var/log/auth.log",
  "tail -c 1K var/log/auth.log | wc -c",
  "tail -n +5 var/log/auth.log | head -n 3",
  "tail -n +1 home/deploy/notes.txt",
  "tail -n 0 home/deploy/notes.txt",
  "tail -3 etc/passwd",
  "tail +4 home/deploy/notes.txt",
  "tail -n 2 etc/passwd etc/group",
  "tail -qn 1 etc/passwd etc/group",
  "head -c 200 var/log/auth.log",
  "head -c -20 var/www/crm/.env",
  "head -n -2 home/deploy/notes.txt",
  "head -n -100 etc/passwd",
  "head -3 etc/passwd",
  "head -n 2 etc/passwd etc/group",
  "head -v -n 1 etc/hostname",
  "head -n 1 nope.txt etc/hostname",
  "tail -n 1 var/log",
  "tail -n x etc/passwd",
  "head -c 1x etc/passwd",
  "sort -t ab etc/passwd",
  "sort -k 0 etc/passwd",
  "sort nope.txt",
  "sort -Q etc/passwd",
  "head -Q etc/passwd",
  "tail --bogus etc/passwd",
  "cat var/log/auth.log | tail -c +50 | head -n 2",
  "printf 'a\\nb\\nc' | tail -n 1",
  "printf 'a\\nb\\nc' | head -n -1",
  // counting and sorting
  "wc -l var/log/auth.log",
  "wc -c etc/passwd",
  "wc -w home/deploy/notes.txt",
  "wc -l < var/log/nginx/access.log",
  "wc var/www/crm/.env",
  "cat etc/passwd | wc -l",
  "sort home/deploy/notes.txt | uniq -c | sort -rn",
  "sort -u home/deploy/notes.txt",
  "sort -r home/deploy/notes.txt | head -n 2",
  "sort -t: -k3,3n etc/passwd | cut -d: -f1,3",
  "sort home/deploy/notes.txt | uniq -d",
  "sort home/deploy/notes.txt | uniq -u",
  "awk '{print $1}' var/log/nginx/access.log | sort -u | wc -l",
  "awk '{print $9}' var/log/nginx/access.log | sort | uniq -c | sort -rn | head -n 5",
  "awk -F'\"' '{print $6}' var/log/nginx/access.log | sort | uniq -c | sort -rn | head -n 3",
  "awk 'NR==3' etc/passwd",
  "awk 'END {print NR}' var/log/auth.log",
  "awk '{bytes += $10} END {print bytes}' var/log/nginx/access.log",
  "awk -F: '{print $NF}' etc/passwd | sort | uniq -c",
  "cut -c1-15 var/log/auth.log | head -n 3",
  "cut -d' ' -f9 var/log/nginx/access.log | sort | uniq -c",
  "cut -d: -f1 etc/group | head -n 5",
  "tr ':' ' ' < etc/hostname",
  "tr -s ' ' < var/log/auth.log | head -n 2",
  "tr 'a-z' 'A-Z' < home/deploy/notes.txt",
  "grep -c . var/log/nginx/access.log",
  "grep -A 1 -B 1 gamma home/deploy/notes.txt",
  "grep -C 1 -n gamma home/deploy/notes.txt",
  "grep -ci 'GET' var/log/nginx/access.log",
  "grep -o 'sshd\\[[0-9]*\\]' var/log/auth.log | sort -u | head -n 3",
  "grep -h kworkerd var/spool/cron/crontabs/www-data",
  "grep -E '^[^#]' var/spool/cron/crontabs/www-data",
  "grep -rn 'autoindex' etc/nginx",
  "grep -Q x etc/passwd",
  "grep --bogus x etc/passwd",
  "grep root nope.txt",
  // files
  "find var/www -type f -name '.env'",
  "find etc/nginx -type f",
  "find var/log -type f -newer etc/hostname | sort",
  "find home -name '*.txt' -type f",
  "find var -maxdepth 2 -type d | sort",
  "stat -c '%n %s %a %F' etc/passwd var/www/crm/.env",
  "stat -c '%Y %n' var/log/nginx/access.log",
  "cat -n home/deploy/notes.txt",
  "nl home/deploy/notes.txt",
  "tac home/deploy/notes.txt",
  "sha256sum var/www/crm/.env",
  "md5sum etc/hostname etc/passwd",
  "diff home/deploy/notes.txt etc/hostname",
  "sed 's/gamma/GAMMA/' home/deploy/notes.txt | diff home/deploy/notes.txt -",
  "printf 'alpha\\nbeta\\n' | diff - home/deploy/notes.txt",
  "diff -q home/deploy/notes.txt etc/hostname",
  "diff -u home/deploy/notes.txt etc/hostname",
  // The headers carry the files' times, and this machine's clock is not the simulated one.
  "sed '3d' home/deploy/notes.txt | diff -U1 home/deploy/notes.txt - | tail -n +3",
  "diff etc/hostname etc/hostname && echo same",
  "diff nope.txt etc/hostname",
  "sed -n '$p' var/log/auth.log",
  "sed 's/beta/BETA/g' home/deploy/notes.txt",
  "cat nope.txt",
  "ls var/log/nginx",
  "ls nope",
];

/** Tools the catalogue needs on this machine; an entry using a missing one is skipped. */
const availability = new Map<string, boolean>();
const available = (tool: string) => {
  if (!availability.has(tool)) availability.set(tool, spawnSync("bash", ["-c", `command -v ${tool}`]).status === 0);
  return availability.get(tool)!;
};
/** The commands of a pipeline: the first word, and each word after |, && or ; outside quotes. */
const toolsOf = (cmd: string) => {
  const bare = cmd.replace(/'[^']*'|"(?:[^"\\]|\\.)*"/g, "''");
  return [...new Set([...bare.matchAll(/(?:^|\||&&|;)\s*([a-z0-9]+)/g)].map((m) => m[1]!))];
};

/** What a command printed (stdout, then stderr) and its exit status, in one comparable string. */
function runReal(cmd: string): string {
  const r = spawnSync("bash", ["-c", cmd], {
    cwd: root,
    // The simulated hosts run LANG=C.UTF-8: byte collation, and ‘’ quotes in coreutils' messages.
    env: { PATH: process.env.PATH, LC_ALL: "C.UTF-8", TZ: "UTC" },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    // A socket on stdin makes bash source ~/.bashrc (it takes itself for an rsh session).
    stdio: ["ignore", "pipe", "pipe"],
  });
  return `${r.stdout}${r.stderr}[exit ${r.status}]`;
}

async function runSim(cmd: string): Promise<string> {
  const sim = await env.exec("Web Server", `cd / && ${cmd}`);
  return `${sim.output}[exit ${sim.exitCode}]`;
}

const results: boolean[] = [];
const entries = [...COMMANDS, ...ANALYST_CATALOGUE];

describe("differential: simulated shell vs real bash on the exported files", () => {
  for (const cmd of entries)
    it.skipIf(!toolsOf(cmd).every(available))(cmd, async () => {
      const [sim, real] = [await runSim(cmd), runReal(cmd)];
      results.push(sim === real);
      expect(sim).toBe(real);
    });

  it(`passes the whole catalogue of ${entries.length} analyst commands`, () => {
    const passed = results.filter(Boolean).length;
    const skipped = entries.filter((c) => !toolsOf(c).every(available));
    console.log(
      `shell differential: ${passed}/${results.length} commands match real bash; skipped: ${JSON.stringify(skipped)}`,
    );
    expect(passed).toBe(results.length);
  });
});

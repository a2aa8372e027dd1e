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

/**
 * awk programs analysts write over logs, which the shell's own awk runs (commands/awk-fast/)
 * with mawk's semantics: fields, -F, patterns, counting arrays, NR/NF, builtins, printf. The
 * order of `for (k in a)` is unspecified in awk, so those pipe into sort.
 */
const AWK_CATALOGUE = [
  "awk '{print $1}' var/log/nginx/access.log | head -n 5",
  "awk '{print $1, $9}' var/log/nginx/access.log | tail -n 3",
  "awk '$9 == 404' var/log/nginx/access.log",
  "awk '$9 >= 400 {print $7}' var/log/nginx/access.log | sort | uniq -c",
  "awk '$9 != 200 {n++} END {print n+0}' var/log/nginx/access.log",
  "awk '/\\.env/' var/log/nginx/access.log",
  "awk '!/GET/ {print NR \": \" $0}' var/log/nginx/access.log | tail -n 5",
  "awk '{c[$1]++} END {for (k in c) print c[k], k}' var/log/nginx/access.log | sort -rn",
  "awk '{bytes[$1] += $10} END {for (ip in bytes) printf \"%-15s %8d\\n\", ip, bytes[ip]}' var/log/nginx/access.log | sort",
  "awk -F'\"' '{print $2}' var/log/nginx/access.log | awk '{print $1}' | sort | uniq -c",
  "awk -F: '{print NR, NF, $1}' etc/passwd",
  "awk -F: '$7 ~ /bash$/ {print $1}' etc/passwd",
  "awk -F: '$3 == 0 || $1 ~ /^(root|www-data)$/' etc/passwd",
  "awk -F: -v OFS=, '{print $1, $3, $4}' etc/passwd",
  "awk 'BEGIN {FS=\":\"} {print toupper($1), length($1)}' etc/passwd",
  "awk '{print substr($4, 2, 11), substr($0, 1, 7)}' var/log/nginx/access.log | head -n 4",
  "awk '{n = split($4, t, \":\"); print n, t[1], t[2]}' var/log/nginx/access.log | head -n 3",
  "awk '{print NF, $NF, $(NF-1)}' var/log/auth.log | head -n 5",
  "awk 'NR % 2 == 0 {print NR}' home/deploy/notes.txt",
  "awk 'NR >= 2 && NR <= 4' var/log/auth.log",
  "awk 'END {print NR, $0}' var/log/auth.log",
  "awk '{sum += $10} END {printf \"total %d avg %.2f\\n\", sum, sum / NR}' var/log/nginx/access.log",
  "awk '{printf \"%5s|%-8s|%05.1f|%x|%c|%e|%g\\n\", NR, $9, $10 / 3, $10, 65 + NR, $10, $10 / 7}' var/log/nginx/access.log | head -n 4",
  'awk \'{if ($9 >= 500) s = "error"; else if ($9 >= 400) s = "client"; else s = "ok"; c[s]++} END {for (k in c) print k, c[k]}\' var/log/nginx/access.log | sort',
  "awk '{for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+$/) n++} END {print n}' var/log/nginx/access.log",
  'awk \'{gsub(/"/, ""); print $6}\' var/log/nginx/access.log | head -n 3',
  "awk '{sub(/^[^ ]+ /, \"[&] \"); print}' var/log/auth.log | head -n 2",
  "awk 'match($0, /sshd\\[[0-9]+\\]/) {print RSTART, RLENGTH, substr($0, RSTART, RLENGTH)}' var/log/auth.log | head -n 3",
  "awk '{print index($0, \"sshd\"), tolower($5)}' var/log/auth.log | head -n 3",
  "awk '{$2 = \"-\"; print; print NF}' home/deploy/notes.txt",
  "awk '{x = $1; y = x \"\"; print (x < 10), (y < 10), length(x)}' home/deploy/notes.txt",
  "awk 'BEGIN {print 1/3, 2^31, 2^31 - 1, 100000 * 100000, -7 % 3, int(-3.7), 1e6, 0.1 + 0.2}'",
  'awk \'BEGIN {x["a"] = 1; delete x["a"]; print length(x), ("a" in x)}\'',
  "awk 'BEGIN {while (i < 3) {i++; if (i == 2) continue; print i}; do {j++} while (j < 5); print j}'",
  "awk '/Accepted/ {print $9; exit} END {print \"end\"}' var/log/auth.log",
  "awk 'NR == 1 {next} {n++} END {print n}' var/log/auth.log",
  "awk -v min=3 'length($0) > min' home/deploy/notes.txt",
  "cat var/log/nginx/access.log | awk '{print $7}' | sort | uniq -c | sort -rn | head -n 3",
  "awk '{print FILENAME, FNR}' etc/hostname home/deploy/notes.txt",
  // The native paths for wc -l, uniq and cut (commands/text-fast.ts).
  "wc -l etc/passwd",
  "cat var/log/auth.log | wc -l",
  "wc --lines var/log/nginx/access.log",
  "awk '{print $9}' var/log/nginx/access.log | sort | uniq",
  "awk '{print $9}' var/log/nginx/access.log | sort | uniq -d",
  "awk '{print $9}' var/log/nginx/access.log | sort | uniq -u",
  "printf 'a\\nA\\na\\nb' | uniq -ci",
  "cut -d' ' -f1,9 var/log/nginx/access.log | sort | uniq -c | sort -rn | head -n 5",
  "cut -d: -f1,6- etc/passwd",
  "cut -d: -f-3 etc/passwd etc/group | head -n 8",
  "cut -d, -f2 etc/hostname",
  "cut -c1-6,10 var/log/auth.log | head -n 4",
  "cut -c5- etc/hostname",
  "cut -f1 etc/passwd | head -n 2",
  // Tools for timelines and hidden bytes (find -newermt, od, xxd, stat, file).
  "find var/log -newermt '2026-03-15' -type f | sort",
  "find var/log -type f ! -newermt '2026-03-15 12:00' | sort",
  "find etc var -not -newermt '2026-01-01' -name '*.conf' | sort",
  "find var/www -newermt '2026-01-15T11:17:07' | sort",
  "find var -newermt yesterdayish",
  "od -c etc/hostname",
  "od -An -tx1 etc/hostname",
  "od -c var/www/crm/.env",
  "od -An -c -N 20 etc/passwd",
  "od -b etc/hostname",
  "od -x etc/hostname",
  "od -Ax -t x1 -j 4 -N 20 etc/passwd",
  "printf 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\\t\\001' | od -c",
  "od -c nope",
  "xxd etc/hostname",
  "xxd -l 16 etc/passwd",
  "xxd -l20 var/log/auth.log",
  "head -c 100 etc/passwd | xxd",
  "xxd nope",
  "stat etc/passwd | sed -n '1,2p;4p;6p'",
  "stat var/www | sed -n '2p;4p'",
  "stat -c '%n %s %y %U %G %a' etc/passwd etc/hostname",
  "stat -c '%u %g %h %b %F' etc/passwd var/www",
  "file etc/passwd var/log/auth.log home/deploy/notes.txt var/www",
  "file etc/passwd nope",
  "file -b etc/passwd var/www",
  "ls -la var/www | awk '{print $1, $2, $NF}'",
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
const entries = [...COMMANDS, ...ANALYST_CATALOGUE, ...AWK_CATALOGUE];

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

import type { NoiseFormat } from "@analystbench/scenarios";
import type { Random } from "../random";

/**
 * Benign background lines in the real format of each log, so that evidence sits among a
 * plausible volume of ordinary activity. Every value comes from the seeded random source.
 */
export interface NoiseContext {
  hostname: string;
  ip: string;
  /** Internal addresses of other hosts (clients, peers). */
  peers: string[];
  /** Interactive users of the host. */
  users: string[];
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const p2 = (n: number) => String(n).padStart(2, "0");
const p3 = (n: number) => String(n).padStart(3, "0");

function parts(ms: number) {
  const d = new Date(ms);
  return {
    y: d.getUTCFullYear(),
    mo: d.getUTCMonth(),
    d: d.getUTCDate(),
    hms: `${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}`,
    frac: p3(d.getUTCMilliseconds()),
  };
}

/** "Mar  4 02:17:09" */
export function syslogTime(ms: number): string {
  const t = parts(ms);
  return `${MONTHS[t.mo]} ${String(t.d).padStart(2, " ")} ${t.hms}`;
}

/** "04/Mar/2026:02:17:09 +0000" */
export function clfTime(ms: number): string {
  const t = parts(ms);
  return `${p2(t.d)}/${MONTHS[t.mo]}/${t.y}:${t.hms} +0000`;
}

/** "2026-03-04 02:17:09.120" */
function isoSpace(ms: number): string {
  const t = parts(ms);
  return `${t.y}-${p2(t.mo + 1)}-${p2(t.d)} ${t.hms}.${t.frac}`;
}

const USER_AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_3) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.3 Safari/605.1.15",
  "Mozilla/5.0 (X11; Linux x86_64; rv:123.0) Gecko/20100101 Firefox/123.0",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
  "kube-probe/1.28",
  "Prometheus/2.49.1",
  "curl/7.81.0",
];
const WEB_PATHS = [
  "/",
  "/index.php",
  "/index.php?module=Home&action=index",
  "/index.php?module=Accounts&action=DetailView",
  "/api/v1/shipments?page=2",
  "/api/v1/health",
  "/static/css/app.9f2c1.css",
  "/static/js/main.41ab7.js",
  "/favicon.ico",
  "/login",
  "/robots.txt",
  "/api/v1/rates/quote",
];
const CRON_JOBS = [
  "(root) CMD (   cd / && run-parts --report /etc/cron.hourly)",
  "(root) CMD (command -v debian-sa1 > /dev/null && debian-sa1 1 1)",
  "(root) CMD ([ -x /usr/lib/php/sessionclean ] && if [ ! -d /run/systemd/system ]; then /usr/lib/php/sessionclean; fi)",
  "(root) CMD (/usr/lib/sysstat/sa1 1 1)",
];
const SYSTEMD_MESSAGES = [
  "Starting Daily apt download activities...",
  "Finished Daily apt download activities.",
  "Starting Cleanup of Temporary Directories...",
  "Finished Cleanup of Temporary Directories.",
  "Started Session {n} of User {user}.",
  "Starting Rotate log files...",
  "logrotate.service: Deactivated successfully.",
  "Finished Rotate log files.",
  "Started Run anacron jobs.",
  "anacron.service: Deactivated successfully.",
  "Starting Message of the Day...",
  "motd-news.service: Deactivated successfully.",
];
const EXEC_COMMANDS = ["ls", "cat", "grep", "systemctl", "ps", "df", "tail", "sudo", "sshd", "cron", "logrotate"];
const NEXUS_PATHS = [
  "/repository/npm-group/lodash",
  "/repository/npm-group/express/-/express-4.19.2.tgz",
  "/repository/npm-group/@types%2fnode",
  "/repository/npm-group/typescript/-/typescript-5.4.5.tgz",
  "/repository/maven-public/org/springframework/spring-core/6.1.5/spring-core-6.1.5.pom",
  "/repository/pypi-group/simple/requests/",
  "/repository/docker-hosted/v2/",
  "/service/rest/v1/status",
];
const DB_USERS = ["app", "reporting", "flyway", "grafana"];
const APP_PATHS = ["/api/v1/health", "/api/v1/shipments", "/api/v1/rates/quote", "/api/v1/tracking/events", "/metrics"];

type Generator = (rng: Random, ctx: NoiseContext, ms: number) => string;

const pid = (rng: Random) => rng.int(800, 65000);
const peer = (rng: Random, ctx: NoiseContext) => (ctx.peers.length ? rng.pick(ctx.peers) : "10.0.20.15");
const user = (rng: Random, ctx: NoiseContext) => (ctx.users.length ? rng.pick(ctx.users) : "root");

const GENERATORS: Record<NoiseFormat, Generator> = {
  syslog: (rng, ctx, ms) => {
    const t = syslogTime(ms);
    if (rng.chance(0.35)) return `${t} ${ctx.hostname} CRON[${pid(rng)}]: ${rng.pick(CRON_JOBS)}`;
    if (rng.chance(0.15))
      return `${t} ${ctx.hostname} rsyslogd[${rng.int(500, 900)}]: imjournal: journal files changed, reloading...  [v8.2302.0 try https://www.rsyslog.com/e/0 ]`;
    const msg = rng
      .pick(SYSTEMD_MESSAGES)
      .replace("{n}", String(rng.int(100, 9999)))
      .replace("{user}", user(rng, ctx));
    return `${t} ${ctx.hostname} systemd[1]: ${msg}`;
  },
  auth: (rng, ctx, ms) => {
    const t = syslogTime(ms);
    const u = user(rng, ctx);
    const r = rng.next();
    if (r < 0.3)
      return `${t} ${ctx.hostname} CRON[${pid(rng)}]: pam_unix(cron:session): session opened for user root(uid=0) by (uid=0)`;
    if (r < 0.55) return `${t} ${ctx.hostname} CRON[${pid(rng)}]: pam_unix(cron:session): session closed for user root`;
    if (r < 0.7)
      return `${t} ${ctx.hostname} sshd[${pid(rng)}]: Accepted publickey for ${u} from ${peer(rng, ctx)} port ${rng.int(40000, 65000)} ssh2: ED25519 SHA256:${rng.hex(8)}${rng.hex(35).replace(/[0-9a-f]{2}/g, (h) => String.fromCharCode(65 + (parseInt(h, 16) % 26)))}`;
    if (r < 0.8)
      return `${t} ${ctx.hostname} sshd[${pid(rng)}]: pam_unix(sshd:session): session opened for user ${u}(uid=${rng.int(1000, 1010)}) by (uid=0)`;
    if (r < 0.9) return `${t} ${ctx.hostname} sshd[${pid(rng)}]: pam_unix(sshd:session): session closed for user ${u}`;
    return `${t} ${ctx.hostname} sudo: ${u} : TTY=pts/${rng.int(0, 3)} ; PWD=/home/${u} ; USER=root ; COMMAND=/usr/bin/${rng.pick(["systemctl status nginx", "journalctl -n 50", "apt list --upgradable", "df -h", "tail -n 100 /var/log/syslog"])}`;
  },
  "nginx-access": (rng, ctx, ms) => {
    const status = rng.pick([200, 200, 200, 200, 200, 304, 301, 404, 200, 302]);
    return `${peer(rng, ctx)} - - [${clfTime(ms)}] "${rng.pick(["GET", "GET", "GET", "POST"])} ${rng.pick(WEB_PATHS)} HTTP/1.1" ${status} ${status === 304 ? 0 : rng.int(180, 48000)} "-" "${rng.pick(USER_AGENTS)}"`;
  },
  "apache-access": (rng, ctx, ms) =>
    `${peer(rng, ctx)} - - [${clfTime(ms)}] "GET ${rng.pick(WEB_PATHS)} HTTP/1.1" ${rng.pick([200, 200, 200, 304, 404])} ${rng.int(180, 32000)} "-" "${rng.pick(USER_AGENTS)}"`,
  auditd: (rng, ctx, ms) => {
    const stamp = `${(ms / 1000).toFixed(3)}:${rng.int(1000, 99999)}`;
    if (rng.chance(0.3)) {
      return `type=USER_ACCT msg=audit(${stamp}): pid=${pid(rng)} uid=0 auid=4294967295 ses=4294967295 subj=unconfined msg='op=PAM:accounting grantors=pam_permit acct="root" exe="/usr/sbin/cron" hostname=? addr=? terminal=cron res=success'`;
    }
    const comm = rng.pick(EXEC_COMMANDS);
    return `type=SYSCALL msg=audit(${stamp}): arch=c000003e syscall=59 success=yes exit=0 a0=55d1 a1=55d2 a2=55d3 a3=8 items=2 ppid=${pid(rng)} pid=${pid(rng)} auid=${rng.int(1000, 1005)} uid=0 gid=0 euid=0 suid=0 fsuid=0 egid=0 sgid=0 fsgid=0 tty=(none) ses=${rng.int(1, 400)} comm="${comm}" exe="/usr/bin/${comm}" subj=unconfined key="exec"`;
  },
  "ci-runner": (rng, _ctx, ms) => {
    const jobs = [
      "shipment-tracker",
      "rate-engine",
      "customs-gateway",
      "warehouse-ui",
      "driver-app",
      "billing-service",
    ];
    const job = rng.pick(jobs);
    const n = rng.int(100, 900);
    const r = rng.next();
    if (r < 0.35)
      return `${isoSpace(ms)}+0000 [id=${rng.int(30, 400)}]\tINFO\thudson.model.Run#execute: ${job} #${n} main completed: ${rng.pick(["SUCCESS", "SUCCESS", "SUCCESS", "UNSTABLE", "FAILURE"])}`;
    if (r < 0.6)
      return `${isoSpace(ms)}+0000 [id=${rng.int(30, 400)}]\tINFO\to.j.p.w.j.WorkflowRun#finish: ${job} #${n} completed: SUCCESS`;
    if (r < 0.8)
      return `${isoSpace(ms)}+0000 [id=${rng.int(30, 400)}]\tINFO\thudson.triggers.SCMTrigger$Runner#run: SCM changes detected in ${job}. Triggering #${n}`;
    return `${isoSpace(ms)}+0000 [id=${rng.int(30, 400)}]\tINFO\tjenkins.branch.WorkspaceLocatorImpl#getWorkspaceRoot: allocated /var/lib/jenkins/workspace/${job}_main`;
  },
  "nexus-request": (rng, ctx, ms) => {
    const who = rng.pick(["jenkins", "jenkins", "anonymous", "svc-build", user(rng, ctx)]);
    return `${peer(rng, ctx)} - ${who} [${clfTime(ms)}] "GET ${rng.pick(NEXUS_PATHS)} HTTP/1.1" ${rng.pick([200, 200, 200, 304, 404])} - ${rng.int(300, 900000)} ${rng.int(2, 180)} "${rng.pick(["npm/10.5.0 node/v20.12.2 linux x64 workspaces/false", "Apache-Maven/3.9.6 (Java 17.0.10; Linux 6.1.0-26-amd64)", 'pip/24.0 {"ci":null}', "Nexus/3.68.1-02 (OSS; Linux; 6.1.0-26-amd64; amd64; 17.0.10)"])}" [qtp${rng.int(100000, 999999)}-${rng.int(100, 999)}]`;
  },
  "git-daemon": (rng, ctx, ms) => {
    const t = new Date(ms);
    const stamp = `${t.getUTCFullYear()}/${p2(t.getUTCMonth() + 1)}/${p2(t.getUTCDate())} ${p2(t.getUTCHours())}:${p2(t.getUTCMinutes())}:${p2(t.getUTCSeconds())}`;
    const repo = rng.pick([
      "shipment-tracker",
      "rate-engine",
      "customs-gateway",
      "warehouse-ui",
      "platform-docs",
      "infra-modules",
    ]);
    const path = rng.pick([
      `/kestrel/${repo}.git/info/refs?service=git-upload-pack`,
      `/kestrel/${repo}.git/git-upload-pack`,
      `/kestrel/${repo}/pulls`,
      `/kestrel/${repo}/commits/branch/main`,
      "/user/events",
      "/api/v1/repos/search?q=&limit=10",
    ]);
    return `${stamp} ...s/web/routing/logger.go:102:func1() [I] router: completed GET ${path} for ${peer(rng, ctx)}:${rng.int(40000, 65000)}, 200 OK in ${(rng.next() * 40 + 1).toFixed(1)}ms @ ${path.includes(".git") ? "repo/githttp.go:532(repo.GetInfoRefs)" : "web/goget.go:21(web.goGet)"}`;
  },
  postgres: (rng, ctx, ms) => {
    const u = rng.pick(DB_USERS);
    const r = rng.next();
    const head = `${isoSpace(ms)} UTC [${pid(rng)}]`;
    if (r < 0.4)
      return `${head} LOG:  connection authorized: user=${u} database=${rng.pick(["rates", "shipments", "reporting"])} application_name=${rng.pick(["psql", "PostgreSQL JDBC Driver", "grafana"])}`;
    if (r < 0.7)
      return `${head} LOG:  disconnection: session time: 0:00:0${rng.int(0, 9)}.${p3(rng.int(0, 999))} user=${u} database=rates host=${peer(rng, ctx)} port=${rng.int(40000, 65000)}`;
    if (r < 0.9)
      return `${head} LOG:  checkpoint complete: wrote ${rng.int(3, 900)} buffers (${(rng.next() * 5).toFixed(1)}%); 0 WAL file(s) added, 0 removed, 1 recycled`;
    return `${head} LOG:  automatic vacuum of table "rates.public.${rng.pick(["quotes", "lanes", "carriers"])}": index scans: 1`;
  },
  firewall: (rng, ctx, ms) => {
    const src = rng.chance(0.5)
      ? `${rng.int(11, 223)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`
      : peer(rng, ctx);
    const dpt = rng.pick([22, 23, 445, 3389, 8080, 5900, 1433, 3306, 161]);
    return `${syslogTime(ms)} ${ctx.hostname} kernel: [${(rng.next() * 900000).toFixed(6)}] [UFW BLOCK] IN=eth0 OUT= MAC=52:54:00:${rng.hex(2)}:${rng.hex(2)}:${rng.hex(2)} SRC=${src} DST=${ctx.ip} LEN=${rng.pick([40, 44, 52, 60])} TOS=0x00 PREC=0x00 TTL=${rng.int(40, 128)} ID=${rng.int(1, 65000)} PROTO=TCP SPT=${rng.int(1024, 65535)} DPT=${dpt} WINDOW=${rng.int(1024, 65535)} RES=0x00 SYN URGP=0`;
  },
  "windows-security": (rng, ctx, ms) => {
    const t = new Date(ms);
    const stamp = `${p2(t.getUTCMonth() + 1)}/${p2(t.getUTCDate())}/${t.getUTCFullYear()} ${p2(t.getUTCHours())}:${p2(t.getUTCMinutes())}:${p2(t.getUTCSeconds())}`;
    const id = rng.pick([4624, 4624, 4634, 4672, 4768, 4769]);
    return `${stamp} EventID=${id} Computer=${ctx.hostname} Account=${user(rng, ctx)} LogonType=${rng.pick([3, 3, 2, 10])} Source=${peer(rng, ctx)} Result=Success`;
  },
  modbus: (rng, ctx, ms) => {
    const fc = rng.pick([
      "03 read holding registers",
      "03 read holding registers",
      "04 read input registers",
      "01 read coils",
    ]);
    return `${isoSpace(ms)} mbusd[${rng.int(600, 700)}]: conn ${peer(rng, ctx)}:${rng.int(40000, 65000)} FC${fc} addr=${rng.pick([40001, 40011, 40021, 30001])} qty=${rng.pick([2, 4, 10])} unit=1 ok`;
  },
  "json-app": (rng, ctx, ms) =>
    JSON.stringify({
      time: new Date(ms).toISOString(),
      level: rng.pick(["info", "info", "info", "debug", "warn"]),
      msg: "request completed",
      method: rng.pick(["GET", "GET", "POST"]),
      path: rng.pick(APP_PATHS),
      status: rng.pick([200, 200, 200, 201, 304, 404]),
      duration_ms: rng.int(1, 240),
      remote: peer(rng, ctx),
    }),
};

/** `count` noise lines of `format`, at random moments in [from, to], oldest first. */
export function generateNoise(
  format: NoiseFormat,
  rng: Random,
  ctx: NoiseContext,
  count: number,
  fromMs: number,
  toMs: number,
): { ms: number; text: string }[] {
  const generate = GENERATORS[format];
  const span = Math.max(1, toMs - fromMs);
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push(fromMs + Math.floor(rng.next() * span));
  times.sort((a, b) => a - b);
  return times.map((ms) => ({ ms, text: generate(rng, ctx, ms) }));
}

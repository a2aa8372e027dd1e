import { NOISE_FORMATS, type NoiseFormat } from "@analystbench/scenarios";
import { describe, expect, it } from "vitest";
import { type NoiseContext, generateNoise } from "./generators";
import { createRandom } from "../random";

/**
 * Every format, old and new, checked once against the shape of the real log it imitates: each
 * line matches, the time it prints is the time it was generated for, times run forward within
 * the range, and the seed alone decides the lines.
 */

const FROM = Date.parse("2026-03-09T00:00:00Z");
const TO = Date.parse("2026-03-16T00:00:00Z");
const COUNT = 200;
const FULL: NoiseContext = {
  hostname: "web-01",
  ip: "10.0.20.10",
  peers: ["10.0.20.15", "10.0.20.21", "10.0.30.5"],
  users: ["alice", "bob"],
};
const EMPTY: NoiseContext = { hostname: "plc-gw", ip: "10.0.90.2", peers: [], users: [] };

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const MON = `(?:${MONTHS.join("|")})`;
const IP = String.raw`\d{1,3}(?:\.\d{1,3}){3}`;
const USER = String.raw`[a-z][\w.-]*`;
const SYSLOG_T = String.raw`${MON} [ 123]\d \d\d:\d\d:\d\d`;
const CLF_T = String.raw`\[\d\d/${MON}/\d{4}:\d\d:\d\d:\d\d \+0000\]`;
const ISO_SPACE_T = String.raw`\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ISO_SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const re = (source: string) => new RegExp(`^${source}$`);

const utc = (y: string, mo: string | number, d: string, h: string, mi: string, s: string, ms = "0") =>
  Date.UTC(
    Number(y),
    typeof mo === "number" ? mo : Number(mo) - 1,
    Number(d),
    Number(h),
    Number(mi),
    Number(s),
    Number(ms),
  );
const match = (text: string, pattern: RegExp) => {
  const m = pattern.exec(text);
  if (!m) throw new Error(`no timestamp in: ${text}`);
  return m.slice(1) as string[];
};

/** The time a line prints, read back, and how finely it prints it (ms). */
interface PrintedTime {
  read: (text: string) => number;
  precision: number;
}
const TIMES = {
  /** No year on the line: the test range lies within one year. */
  syslog: {
    read: (t: string) => {
      const [mon, d, h, mi, s] = match(t, /^(\w{3}) ([ \d]\d) (\d\d):(\d\d):(\d\d) /);
      return utc(String(new Date(FROM).getUTCFullYear()), MONTHS.indexOf(mon!), d!.trim(), h!, mi!, s!);
    },
    precision: 1000,
  },
  clf: {
    read: (t: string) => {
      const [d, mon, y, h, mi, s] = match(t, /\[(\d\d)\/(\w{3})\/(\d{4}):(\d\d):(\d\d):(\d\d) \+0000\]/);
      return utc(y!, MONTHS.indexOf(mon!), d!, h!, mi!, s!);
    },
    precision: 1000,
  },
  isoSpace: {
    read: (t: string) => {
      const [y, mo, d, h, mi, s, ms] = match(t, /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)\.(\d{3})/);
      return utc(y!, mo!, d!, h!, mi!, s!, ms);
    },
    precision: 1,
  },
  slash: {
    read: (t: string) => {
      const [y, mo, d, h, mi, s] = match(t, /^(\d{4})\/(\d\d)\/(\d\d) (\d\d):(\d\d):(\d\d) /);
      return utc(y!, mo!, d!, h!, mi!, s!);
    },
    precision: 1000,
  },
  us: {
    read: (t: string) => {
      const [mo, d, y, h, mi, s] = match(t, /^(\d\d)\/(\d\d)\/(\d{4}) (\d\d):(\d\d):(\d\d) /);
      return utc(y!, mo!, d!, h!, mi!, s!);
    },
    precision: 1000,
  },
  epoch: {
    read: (t: string) => {
      const [s, ms] = match(t, /msg=audit\((\d+)\.(\d{3}):/);
      return Number(s) * 1000 + Number(ms);
    },
    precision: 1,
  },
  shortIso: {
    read: (t: string) => {
      const [y, mo, d, h, mi, s] = match(t, /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)\+0000 /);
      return utc(y!, mo!, d!, h!, mi!, s!);
    },
    precision: 1000,
  },
  bind: {
    read: (t: string) => {
      const [d, mon, y, h, mi, s, ms] = match(t, /^(\d\d)-(\w{3})-(\d{4}) (\d\d):(\d\d):(\d\d)\.(\d{3}) /);
      return utc(y!, MONTHS.indexOf(mon!), d!, h!, mi!, s!, ms);
    },
    precision: 1,
  },
  bracketIso: { read: (t: string) => Date.parse(match(t, /^\[(\S+Z)\] /)[0]!), precision: 1 },
  jsonField: (key: string, precision: number): PrintedTime => ({
    read: (t: string) => Date.parse((JSON.parse(t) as Record<string, string>)[key]!),
    precision,
  }),
};

interface FormatSpec {
  /** Every line of the format, for the host in `ctx`. */
  line: (ctx: NoiseContext) => RegExp;
  /** null for a format whose lines carry no time (npm's debug log). */
  time: PrintedTime | null;
  /** For JSON formats: checks on each parsed record beyond the line pattern. */
  record?: (r: Record<string, unknown>, ctx: NoiseContext) => void;
}

const combined = () => re(String.raw`${IP} - - ${CLF_T} "(?:GET|POST) /\S* HTTP/1\.1" [1-5]\d\d \d+ "-" "[^"]+"`);

/** Typed by format: a format added to NOISE_FORMATS without a spec here does not compile. */
const SPECS: Record<NoiseFormat, FormatSpec> = {
  syslog: {
    line: (c) =>
      re(
        String.raw`${SYSLOG_T} ${esc(c.hostname)} (?:CRON\[\d+\]: \(root\) CMD \(.+\)|rsyslogd\[\d+\]: imjournal: journal files changed, reloading\.\.\.  \[v8\.2302\.0 try https://www\.rsyslog\.com/e/0 \]|systemd\[1\]: \S[^\n]*)`,
      ),
    time: TIMES.syslog,
  },
  auth: {
    line: (c) =>
      re(
        String.raw`${SYSLOG_T} ${esc(c.hostname)} (?:CRON\[\d+\]: pam_unix\(cron:session\): session (?:opened for user root\(uid=0\) by \(uid=0\)|closed for user root)|sshd\[\d+\]: (?:Accepted publickey for ${USER} from ${IP} port \d+ ssh2: ED25519 SHA256:[0-9A-Za-z]+|pam_unix\(sshd:session\): session (?:opened for user ${USER}\(uid=\d+\) by \(uid=0\)|closed for user ${USER}))|sudo: ${USER} : TTY=pts/\d ; PWD=/\S+ ; USER=root ; COMMAND=/usr/bin/\S.*)`,
      ),
    time: TIMES.syslog,
  },
  "nginx-access": { line: combined, time: TIMES.clf },
  "apache-access": { line: combined, time: TIMES.clf },
  auditd: {
    line: () =>
      re(
        String.raw`type=(?:USER_ACCT msg=audit\(\d+\.\d{3}:\d+\): pid=\d+ uid=0 auid=4294967295 ses=4294967295 subj=unconfined msg='op=PAM:accounting grantors=pam_permit acct="root" exe="/usr/sbin/cron" hostname=\? addr=\? terminal=cron res=success'|SYSCALL msg=audit\(\d+\.\d{3}:\d+\): arch=c000003e syscall=59 success=yes exit=0 a0=\w+ a1=\w+ a2=\w+ a3=\w+ items=2 ppid=\d+ pid=\d+ auid=\d+ uid=0 gid=0 euid=0 suid=0 fsuid=0 egid=0 sgid=0 fsgid=0 tty=\(none\) ses=\d+ comm="(\w+)" exe="/usr/bin/\1" subj=unconfined key="exec")`,
      ),
    time: TIMES.epoch,
  },
  "ci-runner": {
    line: () =>
      re(
        String.raw`${ISO_SPACE_T}\+0000 \[id=\d+\]\tINFO\t(?:hudson\.model\.Run#execute: [\w-]+ #\d+ main completed: (?:SUCCESS|UNSTABLE|FAILURE)|o\.j\.p\.w\.j\.WorkflowRun#finish: [\w-]+ #\d+ completed: SUCCESS|hudson\.triggers\.SCMTrigger\$Runner#run: SCM changes detected in [\w-]+\. Triggering #\d+|jenkins\.branch\.WorkspaceLocatorImpl#getWorkspaceRoot: allocated /var/lib/jenkins/workspace/[\w-]+_main)`,
      ),
    time: TIMES.isoSpace,
  },
  "nexus-request": {
    // pip's agent has quotes of its own ('pip/24.0 {"ci":null}'), which Nexus prints unescaped.
    line: () => re(String.raw`${IP} - ${USER} ${CLF_T} "GET /\S+ HTTP/1\.1" [1-5]\d\d - \d+ \d+ ".+" \[qtp\d+-\d+\]`),
    time: TIMES.clf,
  },
  "git-daemon": {
    line: () =>
      re(
        String.raw`\d{4}/\d\d/\d\d \d\d:\d\d:\d\d \.\.\.s/web/routing/logger\.go:102:func1\(\) \[I\] router: completed GET /\S+ for ${IP}:\d+, 200 OK in \d+\.\dms @ (?:repo/githttp\.go:532\(repo\.GetInfoRefs\)|web/goget\.go:21\(web\.goGet\))`,
      ),
    time: TIMES.slash,
  },
  postgres: {
    line: () =>
      re(
        String.raw`${ISO_SPACE_T} UTC \[\d+\] LOG:  (?:connection authorized: user=\w+ database=\w+ application_name=[\w ]+|disconnection: session time: 0:00:0\d\.\d{3} user=\w+ database=\w+ host=${IP} port=\d+|checkpoint complete: wrote \d+ buffers \(\d\.\d%\); 0 WAL file\(s\) added, 0 removed, 1 recycled|automatic vacuum of table "[\w.]+": index scans: 1)`,
      ),
    time: TIMES.isoSpace,
  },
  firewall: {
    line: (c) =>
      re(
        String.raw`${SYSLOG_T} ${esc(c.hostname)} kernel: \[\d+\.\d{6}\] \[UFW BLOCK\] IN=eth0 OUT= MAC=52:54:00(?::[0-9a-f]{2}){3} SRC=${IP} DST=${esc(c.ip)} LEN=\d+ TOS=0x00 PREC=0x00 TTL=\d+ ID=\d+ PROTO=TCP SPT=\d+ DPT=\d+ WINDOW=\d+ RES=0x00 SYN URGP=0`,
      ),
    time: TIMES.syslog,
  },
  "windows-security": {
    line: (c) =>
      re(
        String.raw`\d\d/\d\d/\d{4} \d\d:\d\d:\d\d EventID=(?:4624|4634|4672|4768|4769) Computer=${esc(c.hostname)} Account=${USER} LogonType=(?:2|3|10) Source=${IP} Result=Success`,
      ),
    time: TIMES.us,
  },
  modbus: {
    line: () =>
      re(
        String.raw`${ISO_SPACE_T} mbusd\[\d+\]: conn ${IP}:\d+ FC(?:03 read holding registers|04 read input registers|01 read coils) addr=\d{5} qty=\d+ unit=1 ok`,
      ),
    time: TIMES.isoSpace,
  },
  "json-app": {
    line: () => /^\{"time":"[^"]+","level":"(?:debug|info|warn)",.*\}$/,
    time: TIMES.jsonField("time", 1),
    record: (r) => {
      expect(Object.keys(r)).toEqual(["time", "level", "msg", "method", "path", "status", "duration_ms", "remote"]);
      expect(r.remote).toMatch(re(IP));
    },
  },
  journald: {
    line: (c) =>
      re(
        String.raw`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000 ${esc(c.hostname)} (?:systemd\[1\]: \S[^\n]*|systemd-logind\[\d+\]: (?:New session \d+ of user ${USER}\.|Session \d+ logged out\. Waiting for processes to exit\.|Removed session \d+\.)|CRON\[\d+\]: (?:\(root\) CMD \(.+\)|pam_unix\(cron:session\): session opened for user root\(uid=0\) by \(uid=0\))|systemd-journald\[\d+\]: Data hash table of /var/log/journal/[0-9a-f]{32}/system\.journal has a fill level at 75\.0 \(\d+ of 11377 items, \d+ file size, \d+ bytes per hash table item\), suggesting rotation\.|systemd-timesyncd\[\d+\]: (?:Network configuration changed, trying to establish connection\.|Contacted time server ${IP}:123 \(ntp\.ubuntu\.com\)\.))`,
      ),
    time: TIMES.shortIso,
  },
  "bind-query": {
    line: (c) =>
      re(
        String.raw`\d\d-${MON}-\d{4} \d\d:\d\d:\d\d\.\d{3} client @0x7f[0-9a-f]{9}[08] ${IP}#\d{5} \(([\w.-]+)\): query: \1 IN (?:A|AAAA|HTTPS|PTR|SRV) \+(?:E\(0\)K?)? \(${esc(c.ip)}\)`,
      ),
    time: TIMES.bind,
  },
  "jenkins-console": {
    line: () =>
      /^\[\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\] (?:|\S[^\n]*| (?:> |✓ |RUN {2}|Test Files {2})\S[^\n]*| {3,6}(?:Tests|Duration) {2}\S[^\n]*)$/,
    time: TIMES.bracketIso,
  },
  "npm-debug": {
    line: () => /^\d+ (?:verbose|info|timing|silly|http) \S[^\n]*$/,
    time: null,
  },
  cloudtrail: {
    line: () => /^\{"eventVersion":"1\.\d\d","userIdentity":\{.*\}$/,
    time: TIMES.jsonField("eventTime", 1000),
    record: (r, c) => {
      const id = r.userIdentity as Record<string, unknown>;
      expect(["IAMUser", "AssumedRole"]).toContain(id.type);
      expect(id.arn).toMatch(/^arn:aws:(?:iam::\d{12}:user\/[\w.-]+|sts::\d{12}:assumed-role\/[\w-]+\/[\w-]+)$/);
      if (id.type === "IAMUser") expect(c.users).toContain(id.userName);
      expect(r.eventTime).toMatch(ISO_SECONDS);
      expect(r.eventSource).toMatch(/^[a-z0-9]+\.amazonaws\.com$/);
      expect(r.eventName).toMatch(/^[A-Z][A-Za-z]+$/);
      expect(r.awsRegion).toMatch(/^[a-z]{2}-[a-z]+-\d$/);
      expect(r.sourceIPAddress).toMatch(re(IP));
      expect(r.userAgent).toEqual(expect.any(String));
      expect(r.requestID).toMatch(/^(?:[0-9A-F]{16}|[0-9a-f-]{36})$/);
      expect(r.eventID).toMatch(UUID);
      expect(r.recipientAccountId).toBe(id.accountId);
      expect(r.readOnly).toBe(true);
    },
  },
  "siem-alert": {
    line: () => /^\{"@timestamp":"[^"]+","alert_id":.*\}$/,
    time: TIMES.jsonField("@timestamp", 1000),
    record: (r, c) => {
      expect(Object.keys(r)).toEqual([
        "@timestamp",
        "alert_id",
        "rule_id",
        "rule",
        "severity",
        "host",
        "src_ip",
        "dst_ip",
        "message",
      ]);
      expect(r["@timestamp"]).toMatch(ISO_SECONDS);
      expect(r.alert_id).toMatch(UUID);
      expect(r.rule_id).toMatch(/^[A-Z]+-\d{3}$/);
      expect(["informational", "low"]).toContain(r.severity);
      expect([c.hostname, c.ip, ...c.peers, "10.0.20.15"]).toContain(r.host);
      for (const ip of [r.src_ip, r.dst_ip]) if (ip !== null) expect(ip).toMatch(re(IP));
      expect(r.message).toEqual(expect.any(String));
    },
  },
  postfix: {
    line: (c) =>
      re(
        String.raw`${SYSLOG_T} ${esc(c.hostname)} (?:postfix/(?:postscreen|smtpd|submission/smtpd|cleanup|qmgr|smtp|lmtp|bounce)|policyd-spf)\[\d+\]: \S[^\n]*`,
      ),
    time: TIMES.syslog,
  },
  // Two lines a record: the debug header with the time, then the indented message (no time);
  // describe("samba") below checks the header's time against the audit's.
  samba: {
    time: null,
    line: () =>
      re(
        String.raw`(?:\[\d{4}/\d\d/\d\d \d\d:\d\d:\d\d\.\d{6},  [0-3]\] \.\./\.\./[\w/-]+\.c:\d+\(\w+\)|  (?:Auth: \[[^\]]+\] user \[KESTREL\]\\\[[\w.$-]+\] at \[\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d\.\d{6} UTC\] with \[[\w-]+\] status \[NT_STATUS_\w+\] .*|\w+: .*))`,
      ),
  },
};

const generate = (format: NoiseFormat, seed: string, ctx: NoiseContext = FULL, count = COUNT) =>
  generateNoise(format, createRandom(seed), ctx, count, FROM, TO);

describe("noise formats", () => {
  for (const format of NOISE_FORMATS) {
    const spec = SPECS[format];
    it(`${format}: real line shape, times in order and in range, determined by the seed`, () => {
      for (const ctx of [FULL, EMPTY]) {
        const lines = generate(format, `formats:${format}`, ctx);
        expect(lines).toHaveLength(COUNT);
        const pattern = spec.line(ctx);
        for (const { text } of lines) expect(text).toMatch(pattern);
        let previous = FROM;
        for (const { ms, text } of lines) {
          expect(ms).toBeGreaterThanOrEqual(previous);
          expect(ms).toBeLessThanOrEqual(TO);
          previous = ms;
          if (!spec.time) continue;
          // The printed time is the line's time, cut to the precision the format prints.
          const printed = spec.time.read(text);
          expect(printed).toBeLessThanOrEqual(ms);
          expect(ms - printed).toBeLessThan(spec.time.precision);
        }
        if (spec.record) for (const { text } of lines) spec.record(JSON.parse(text) as Record<string, unknown>, ctx);
      }
      expect(generate(format, `formats:${format}`)).toEqual(generate(format, `formats:${format}`));
      const other = generate(format, `formats:${format}:other`).map((l) => l.text);
      expect(other).not.toEqual(generate(format, `formats:${format}`).map((l) => l.text));
    });
  }

  it("generates nothing for count 0, and every line at `from` for an empty range", () => {
    for (const format of NOISE_FORMATS) {
      expect(generateNoise(format, createRandom("empty"), FULL, 0, FROM, TO)).toEqual([]);
      const lines = generateNoise(format, createRandom("instant"), FULL, 5, FROM, FROM);
      expect(lines.map((l) => l.ms)).toEqual([FROM, FROM, FROM, FROM, FROM]);
    }
  });
});

describe("formats that record one run of a program", () => {
  it("npm-debug numbers its lines from 0 and opens and closes like one `npm install`", () => {
    const texts = generate("npm-debug", "npm").map((l) => l.text);
    texts.forEach((t, i) => expect(t.startsWith(`${i} `)).toBe(true));
    expect(texts[0]).toBe("0 verbose cli /usr/bin/node /usr/bin/npm");
    expect(texts).toContain(`17 verbose title npm install`);
    expect(texts.at(-1)).toBe(`${COUNT - 1} info ok`);
    expect(texts.at(-3)).toBe(`${COUNT - 3} verbose exit 0`);
    // The log file is named after the run's start, the start of the range.
    expect(texts.find((t) => t.includes("-debug-0.log"))).toMatch(
      /\/\.npm\/_logs\/2026-03-09T00_00_00_000Z-debug-0\.log$/,
    );
    // A host without interactive users is the build server.
    expect(generate("npm-debug", "npm", EMPTY)[9]!.text).toMatch(
      /^9 timing config:load:file:\/var\/lib\/jenkins\/workspace\/[\w-]+_main\/\.npmrc Completed in 0ms$/,
    );
  });

  it("jenkins-console is one build: started, checked out, tests that add up, finished", () => {
    const texts = generate("jenkins-console", "jenkins").map((l) => l.text.replace(/^\[[^\]]+\] /, ""));
    expect(texts[0]).toMatch(/^Started by (?:timer|an SCM change|user (?:alice|bob))$/);
    expect(texts.at(-1)).toBe("Finished: SUCCESS");
    const files = texts.filter((t) => t.startsWith(" ✓ "));
    const paths = files.map((t) => / ✓ (\S+) /.exec(t)![1]);
    expect(new Set(paths).size).toBe(paths.length);
    const tests = files.reduce((sum, t) => sum + Number(/\((\d+) tests\)/.exec(t)![1]), 0);
    expect(texts).toContain(` Test Files  ${files.length} passed (${files.length})`);
    expect(texts).toContain(`      Tests  ${tests} passed (${tests})`);
    const checkouts = texts.filter((t) => t.startsWith("Checking out Revision") || t.includes("git checkout -f"));
    expect(new Set(checkouts.map((t) => /[0-9a-f]{40}/.exec(t)![0])).size).toBe(1);
  });

  it("a run shorter than its opening and closing is the start of the run, cut off", () => {
    expect(generate("npm-debug", "short", FULL, 3).map((l) => l.text)).toEqual([
      "0 verbose cli /usr/bin/node /usr/bin/npm",
      "1 info using npm@10.5.0",
      "2 info using node@v20.12.2",
    ]);
    const jenkins = generate("jenkins-console", "short", FULL, 2).map((l) => l.text.replace(/^\[[^\]]+\] /, ""));
    expect(jenkins[1]).toMatch(/^Obtained Jenkinsfile from git ssh:\/\/\S+\.git$/);
  });
});

describe("postfix", () => {
  /** Queue IDs as postfix's short IDs print them, and each message's lines in the queue's order. */
  it("carries one queue ID through each message's lines, times increasing, ending in removed", () => {
    const lines = generate("postfix", "postfix:queue", FULL, 3000);
    const byId = new Map<string, string[]>();
    for (const { text } of lines) {
      const id = / postfix\/[a-z/]+\[\d+\]: ([0-9A-F]{10,12}): /.exec(text)?.[1];
      if (id) byId.set(id, [...(byId.get(id) ?? []), text]);
    }
    expect(byId.size).toBeGreaterThan(100);
    let complete = 0;
    for (const [id, texts] of byId) {
      expect(id).toMatch(/^[0-9A-F]{10,12}$/);
      const last = texts.at(-1)!;
      if (!last.endsWith(`${id}: removed`)) continue; // cut off at the end of the range
      complete++;
      expect(texts.filter((t) => t.includes("message-id=<"))).toHaveLength(1);
      expect(texts.filter((t) => / from=<[^>]*>, size=\d+, nrcpt=\d+ \(queue active\)$/.test(t))).toHaveLength(1);
      expect(
        texts.some((t) =>
          / to=<[^>]+>, (?:orig_to=<[^>]+>, )?relay=\S+, delay=[\d.]+, delays=[\d./]+, dsn=\d\.\d\.\d, status=(?:sent|deferred|bounced) /.test(
            t,
          ),
        ),
      ).toBe(true);
    }
    expect(complete).toBeGreaterThan(100);
  });

  it("an inbound MX shows DNSBL, unknown-user and SPF rejects, TLS and LMTP delivery", () => {
    const text = generate("postfix", "postfix:mix", FULL, 4000)
      .map((l) => l.text)
      .join("\n");
    expect(text).toMatch(
      /postscreen\[\d+\]: NOQUEUE: reject: RCPT from \[[\d.]+\]:\d+: 550 5\.7\.1 Service unavailable; client \[[\d.]+\] blocked using /,
    );
    expect(text).toMatch(/Recipient address rejected: User unknown in local recipient table/);
    expect(text).toMatch(/Recipient address rejected: Message rejected due to: SPF fail/);
    expect(text).toMatch(/Anonymous TLS connection established from \S+\[[\d.]+\]: TLSv1\.3/);
    expect(text).toMatch(/relay=web-01\[private\/dovecot-lmtp\], .* status=sent \(250 2\.0\.0 </);
    expect(text).toMatch(
      /postfix\/submission\/smtpd\[\d+\]: [0-9A-F]+: client=unknown\[10\.0\.[\d.]+\], sasl_method=PLAIN, sasl_username=(?:alice|bob)@/,
    );
  });
});

describe("samba", () => {
  /** Each record is a header and its message at one moment; the audit's time is the header's. */
  it("pairs every debug header with its message, successes at level 3 and failures at 2", () => {
    const lines = generate("samba", "samba:records", FULL, 2000);
    for (let i = 0; i + 1 < lines.length; i += 2) {
      const head = /^\[(\d{4})\/(\d\d)\/(\d\d) (\d\d:\d\d:\d\d)\.(\d{6}), {2}(\d)\] /.exec(lines[i]!.text);
      expect(head, lines[i]!.text).not.toBeNull();
      const body = lines[i + 1]!.text;
      expect(body.startsWith("  ")).toBe(true);
      if (!body.startsWith("  Auth: ")) continue;
      const [, y, mo, d, hms, us, level] = head!;
      expect(body).toContain(` ${d} ${MONTHS[Number(mo) - 1]} ${y} ${hms}.${us} UTC]`);
      expect(level).toBe(body.includes("status [NT_STATUS_OK]") ? "3" : "2");
      if (body.includes("status [NT_STATUS_OK]"))
        expect(body).toMatch(/ became \[KESTREL\]\\\[[\w$-]+\] \[S-1-5-21-\d+-\d+-\d+-\d+\]\. /);
    }
  });
});

import { NOISE_FORMAT_PROFILES, TEST_CASES, type NoiseFormat, type NoiseProfile } from "@analystbench/scenarios";
import { describe, expect, it } from "vitest";
import { type NoiseContext, type NoiseOptions, generateNoise } from "./generators";
import { DOCUMENTATION_POOL } from "./profiles/internet";
import { createRandom } from "../random";

/**
 * Profiles: each (format, profile) pair writes lines of its log's real shape, in time order within
 * the range, as many as asked, the same for the same seed; and the properties that keep noise from
 * pointing at the attack hold (many internet sources, no probe that would leak what the case
 * leaks, no internal attacker-like logins, the documentation ranges shared with the content).
 */

const FROM = Date.parse("2026-03-09T00:00:00Z");
const TO = Date.parse("2026-03-16T00:00:00Z");
const CTX: NoiseContext = {
  hostname: "web-01",
  ip: "10.0.10.15",
  peers: ["10.0.20.15", "10.0.20.21", "10.0.30.11", "10.0.40.5"],
  users: ["alice", "bob"],
  uids: { alice: 1001, bob: 1002 },
};
const PEERS = ["10.0.20.102", "10.0.20.107", "10.0.20.114", "10.0.30.11", "10.0.30.13", "10.0.40.5"];
const HOSTS = [
  { name: "edge-fw01", ip: "198.51.100.6" },
  { name: "ci-01", ip: "10.0.30.11", user: "svc-build" },
  { name: "artifacts-01", ip: "10.0.30.13" },
  { name: "jump-01", ip: "10.0.40.5" },
  { name: "dc01", ip: "10.0.20.10" },
  { name: "rproxy-01", ip: "10.0.10.20" },
];

const pairs = Object.entries(NOISE_FORMAT_PROFILES).flatMap(([format, profiles]) =>
  profiles.map((profile) => [format as NoiseFormat, profile as NoiseProfile] as const),
);
const generate = (format: NoiseFormat, profile: NoiseProfile, seed: string, options: NoiseOptions = {}, count = 1500) =>
  generateNoise(format, createRandom(seed), CTX, count, FROM, TO, {
    profile,
    peers: PEERS,
    hosts:
      profile === "gitea" || profile === "jenkins" ? [{ name: "git-01", ip: "10.0.30.10", user: "svc-build" }] : HOSTS,
    ...options,
  });

const IP = String.raw`\d{1,3}(?:\.\d{1,3}){3}`;
const SYSLOG = String.raw`(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ 123]\d \d\d:\d\d:\d\d`;
/** The line shape of each format's profiles. */
const SHAPES: Partial<Record<NoiseFormat, RegExp>> = {
  "nginx-access": new RegExp(
    String.raw`^${IP} - \S+ \[\d\d/\w{3}/\d{4}:\d\d:\d\d:\d\d \+0000\] "(?:GET|POST|PUT|HEAD) /\S* HTTP/(?:1\.1|2\.0)" \d{3} \d+ "[^"]*" "[^"]+"$`,
  ),
  "apache-access": new RegExp(
    String.raw`^${IP} - \S+ \[\d\d/\w{3}/\d{4}:\d\d:\d\d:\d\d \+0000\] "(?:GET|POST|PUT|HEAD) /\S* HTTP/(?:1\.1|2\.0)" \d{3} \d+ "[^"]*" "[^"]+"$`,
  ),
  auth: new RegExp(
    String.raw`^${SYSLOG} web-01 (?:sshd\[\d+\]|CRON\[\d+\]|sudo|systemd-logind\[\d+\]|gdm-password\]|gdm-password\]\[\d+\]|polkitd\(authority=local\)): \S.*$`,
  ),
  syslog: new RegExp(String.raw`^${SYSLOG} web-01 [\w.()[\]-]+: \S.*$`),
  "bind-query": new RegExp(
    String.raw`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z queries: info: client @0x7f[0-9a-f]{10} ${IP}#\d+ \(([^)]+)\): query: \1 (?:IN|CH) [A-Z]+ [-+]\S* \(10\.0\.10\.15\)$`,
  ),
  firewall: new RegExp(
    String.raw`^${SYSLOG} edge-fw01 date=\d{4}-\d\d-\d\d time=\d\d:\d\d:\d\d devname="edge-fw01" devid="FG100FTK21004312" eventtime=\d{19} tz="\+0000" logid="\d{10}" type="traffic" subtype="(?:forward|local)" level="notice" vd="root" srcip=${IP} .* appcat="unscanned"(?: crscore=5 craction=262144 crlevel="low")?$`,
  ),
  "nexus-request": new RegExp(
    String.raw`^${IP} - [\w.-]+ \[\d\d/\w{3}/\d{4}:\d\d:\d\d:\d\d \+0000\] "(?:GET|PUT|HEAD) /\S+ HTTP/1\.1" \d{3} - \d+ \d+ ".+" \[qtp\d+-\d+\]$`,
  ),
  auditd: /^type=[A-Z_]+ msg=audit\(\d+\.\d{3}:\d+\): \S.*$/,
  postgres: new RegExp(String.raw`^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} UTC \[\d+\] (?:\S+@\S+ )?LOG:  \S.*$`),
  postfix: new RegExp(String.raw`^${SYSLOG} web-01 postfix/(?:smtpd|cleanup|qmgr|smtp|bounce)\[\d+\]: \S.*$`),
  samba: /^(?:\[\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d\.\d{6}, {2}[0-3]\] \.\.\/\S+| {2}\w+: \S.*)$/,
};

describe("noise profiles", () => {
  for (const [format, profile] of pairs) {
    it(`${format}/${profile}: its log's shape, in order and in range, as many lines as asked, seeded`, () => {
      const lines = generate(format, profile, `profiles:${format}:${profile}`);
      expect(lines).toHaveLength(1500);
      let previous = FROM;
      for (const { ms, text } of lines) {
        expect(ms).toBeGreaterThanOrEqual(previous);
        expect(ms).toBeLessThanOrEqual(TO);
        previous = ms;
        const shape = SHAPES[format];
        if (shape) expect(text).toMatch(shape);
        else expect(() => JSON.parse(text)).not.toThrow();
      }
      const again = generate(format, profile, `profiles:${format}:${profile}`);
      expect(again).toEqual(lines);
      expect(generate(format, profile, "other").map((l) => l.text)).not.toEqual(lines.map((l) => l.text));
    });
  }

  it("keeps a window: only the last window_days before the clock, at the density of a full window", () => {
    const until = Date.parse("2026-03-20T00:00:00Z");
    const from = Date.parse("2026-02-01T00:00:00Z");
    const to = Date.parse("2026-05-15T00:00:00Z");
    for (const profile of [undefined, "server"] as const) {
      const lines = generateNoise("syslog", createRandom("window"), CTX, 7000, from, to, {
        profile,
        window_days: 7,
        untilMs: until,
      });
      expect(lines.length).toBe(7000);
      expect(lines[0]!.ms).toBeGreaterThanOrEqual(until - 7 * 86_400_000);
      expect(lines.at(-1)!.ms).toBeLessThanOrEqual(until);
    }
    // Three days into the range, three days' worth.
    const early = generateNoise("auth", createRandom("window"), CTX, 7000, from, to, {
      window_days: 7,
      untilMs: from + 3 * 86_400_000,
    });
    expect(early).toHaveLength(3000);
  });

  it("stops at the clock without changing a generic format's lines", () => {
    const until = Date.parse("2026-03-12T12:00:00Z");
    for (const format of ["syslog", "nginx-access", "npm-debug", "jenkins-console"] as const) {
      const all = generateNoise(format, createRandom("clock"), CTX, 800, FROM, TO);
      const cut = generateNoise(format, createRandom("clock"), CTX, 800, FROM, TO, { untilMs: until });
      expect(cut).toEqual(all.filter((l) => l.ms <= until));
    }
  });
});

describe("web profiles", () => {
  const crm = generate("nginx-access", "suitecrm", "crm", { external: 0.45 }, 12_000);
  const clients = (lines: { text: string }[]) => lines.map((l) => l.text.split(" ")[0]!);

  it("bring the internet: crawlers, monitors, scanners and people from hundreds of addresses", () => {
    const outside = new Set(clients(crm).filter((ip) => !ip.startsWith("10.")));
    expect(outside.size).toBeGreaterThan(300);
    for (const bot of ["Googlebot", "bingbot", "UptimeRobot", "CensysInspect", "zgrab", "python-requests"])
      expect(crm.some((l) => l.text.includes(bot))).toBe(true);
    // The documentation ranges the content's attackers live in hold ordinary visitors too.
    expect(crm.filter((l) => /^(192\.0\.2|198\.51\.100|203\.0\.113)\./.test(l.text)).length).toBeGreaterThan(50);
  });

  it("take internal clients only from peers, never the world's other servers", () => {
    const inside = new Set(clients(crm).filter((ip) => ip.startsWith("10.")));
    for (const ip of inside) expect(PEERS).toContain(ip);
  });

  it("probe like scanners do, but never fetch what this vhost really serves (its .env, its .git)", () => {
    const probes = crm.filter((l) => /"GET \/(?:wp-login\.php|\.env\.\w+|\S*\/\.env|xmlrpc\.php)/.test(l.text));
    expect(probes.length).toBeGreaterThan(3);
    expect(crm.some((l) => /"GET \/\.env |"GET \/\.git\//.test(l.text))).toBe(false);
    expect(crm.some((l) => l.text.includes("/Api/"))).toBe(false);
  });

  it("speak each application's paths", () => {
    expect(crm.some((l) => l.text.includes("/index.php?module=Accounts&action=DetailView&record="))).toBe(true);
    const git = generate("nginx-access", "gitea", "gitea");
    expect(git.some((l) => /\.git\/(?:info\/refs|git-upload-pack)/.test(l.text))).toBe(true);
    expect(git.some((l) => / - svc-build \[.*\/statuses\//.test(l.text))).toBe(true);
    const jenkins = generate("apache-access", "jenkins", "jenkins");
    expect(jenkins.some((l) => l.text.includes("/ajaxBuildQueue"))).toBe(true);
    expect(jenkins.some((l) => /\/script|\/credentials/.test(l.text))).toBe(false);
  });
});

describe("auth profiles", () => {
  const keys = { alice: "SHA256:q8Yb0fT7WmK2eE1nq3vX5pZ6LrC9sJ4hA0dF2gH7kUo" };
  const exposed = generate(
    "auth",
    "server",
    "auth",
    { external: 0.5, verbose: true, peers: ["10.0.40.5"], keys, hosts: [] },
    6000,
  );

  it("log administrators in with their own keys and UIDs, from where peers says", () => {
    const accepted = exposed.filter((l) => l.text.includes("Accepted publickey"));
    expect(accepted.length).toBeGreaterThan(10);
    for (const l of accepted)
      expect(l.text).toMatch(/for (?:alice|bob) from 10\.0\.40\.5 port \d+ ssh2: ED25519 SHA256:/);
    expect(accepted.filter((l) => l.text.includes("for alice")).every((l) => l.text.endsWith(keys.alice))).toBe(true);
    expect(exposed.some((l) => l.text.includes("session opened for user alice(uid=1001)"))).toBe(true);
  });

  it("on an exposed sshd, let bots from many addresses fail, root and invented users alike, never succeed", () => {
    const failed = exposed.filter((l) => /Failed password for/.test(l.text));
    const sources = new Set(failed.map((l) => /from (\S+) port/.exec(l.text)![1]));
    expect(sources.size).toBeGreaterThan(20);
    expect(failed.some((l) => l.text.includes("for root"))).toBe(true);
    expect(failed.some((l) => l.text.includes("invalid user"))).toBe(true);
    expect(exposed.some((l) => /Accepted \S+ for root/.test(l.text))).toBe(false);
  });

  it("ask for a second factor when mfa is set", () => {
    const mfa = generate("auth", "server", "mfa", { mfa: true, peers: ["10.0.20.57"] }, 3000);
    expect(mfa.some((l) => l.text.includes("Partial publickey for"))).toBe(true);
    expect(mfa.some((l) => l.text.includes("Accepted keyboard-interactive/pam for"))).toBe(true);
    expect(mfa.some((l) => l.text.includes("Accepted publickey for"))).toBe(false);
  });

  it("write a log server's copy with its origin's name", () => {
    const copy = generate("auth", "server", "copy", { origin: { name: "ci-01", ip: "10.0.30.11" } }, 500);
    for (const l of copy) expect(l.text).toMatch(/^\w{3} [ \d]\d \d\d:\d\d:\d\d ci-01 /);
  });
});

describe("the documentation ranges", () => {
  it("noise's own addresses there are named by no content and outside what variants draw (.20 to .239)", () => {
    const text = TEST_CASES.map((c) => JSON.stringify([c.world(), c.samples.map((s) => s.task), c.identifiers])).join(
      "\n",
    );
    const named = new Set(text.match(/\b(?:192\.0\.2|198\.51\.100|203\.0\.113)\.\d{1,3}\b/g) ?? []);
    for (const ip of DOCUMENTATION_POOL) {
      expect(named.has(ip), ip).toBe(false);
      const last = Number(ip.split(".")[3]);
      expect(last < 20 || last > 239, ip).toBe(true);
    }
  });
});

describe("the relay profile of postfix", () => {
  const relay = (count: number) =>
    generateNoise("postfix", createRandom("relay"), CTX, count, FROM, TO, {
      profile: "relay",
      blocklisted: "2026-03-13T06:00:00Z",
      hosts: [
        { name: "crm-web-01.kestrel.internal", ip: "10.0.10.15", user: "noreply-crm@kestrelfreight.com" },
        { name: "mta-36.freighthub-mail.net", ip: "203.0.113.36", user: "notifications@kestrelfreight.com" },
        { name: "unknown", ip: "10.0.20.41", user: "scanner@kestrelfreight.com" },
      ],
    }).map((l) => ({ ms: l.ms, text: l.text }));

  it("relays only for the clients it is given; the internet's clients never hand over a message", () => {
    const lines = relay(6000);
    const clients = new Set(lines.map((l) => / client=(\S+)$/.exec(l.text)?.[1]).filter(Boolean));
    expect([...clients].sort()).toEqual([
      "crm-web-01.kestrel.internal[10.0.10.15]",
      "mta-36.freighthub-mail.net[203.0.113.36]",
      "unknown[10.0.20.41]",
    ]);
    expect(
      lines.some((l) =>
        /NOQUEUE: reject: RCPT from unknown\[[\d.]+\]: 550 5\.1\.1 <\w+@web-01\.kestrelfreight\.com>: Recipient address rejected: User unknown in local recipient table/.test(
          l.text,
        ),
      ),
    ).toBe(true);
    expect(lines.some((l) => /SSL_accept error from \S+: -1$/.test(l.text))).toBe(true);
  });

  it("bounces off Spamhaus only from `blocklisted` on, and only at receivers that check it", () => {
    const listed = Date.parse("2026-03-13T06:00:00Z");
    const blocked = relay(6000).filter((l) => l.text.includes("blocked using Spamhaus"));
    expect(blocked.length).toBeGreaterThan(10);
    for (const l of blocked) {
      expect(l.ms).toBeGreaterThanOrEqual(listed);
      expect(l.text).toMatch(/relay=[\w-]+\.mail\.protection\.outlook\.com\[/);
      expect(l.text).not.toContain("kestrelfreight-com.mail.protection.outlook.com");
    }
  });
});

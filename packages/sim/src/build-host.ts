import type { CaseWorld, HostSpec, LogFileSpec } from "@analystbench/scenarios";
import { buildRepositoryModel, type RepositoryModel } from "./git/repository-model";
import type { HostState } from "./host-state";
import { generateNoise } from "./noise/generators";
import type { Random } from "./random";
import { sha256, TrackedFs } from "./tracked-fs";

/** 32-bit FNV-1a of a string. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Bump when a noise generator changes its output, so recipe digests change with it. */
export const NOISE_GENERATOR_VERSION = 1;

/**
 * Generated logs by recipe digest. Every sample of a case (and every epoch) builds the same
 * world, so the same logs; a bounded cache spares regenerating them. Bounded by bytes.
 */
class TextCache {
  private readonly entries = new Map<string, string>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}

  get(key: string, make: () => string): string {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const value = make();
    if (value.length * 2 > this.maxBytes) return value;
    this.entries.set(key, value);
    this.bytes += value.length * 2;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.length * 2;
    }
    return value;
  }
}

const renderedLogs = new TextCache(64 * 1024 * 1024);

/** Where the Git server keeps its bare repositories (roster.ts conventions). */
export const GIT_ROOT = "/srv/git/kestrel";
export const JENKINS_HOME = "/var/lib/jenkins";

const BASE_DIRS = [
  "/bin",
  "/sbin",
  "/usr/bin",
  "/usr/sbin",
  "/usr/lib",
  "/usr/local/bin",
  "/etc",
  "/etc/cron.d",
  "/home",
  "/root",
  "/tmp",
  "/var/log",
  "/var/tmp",
  "/var/spool/cron/crontabs",
  "/opt",
  "/srv",
  "/run",
  "/proc",
  "/dev",
];

const SYSTEM_ACCOUNTS: [string, number, string, string][] = [
  ["root", 0, "/root", "/bin/bash"],
  ["daemon", 1, "/usr/sbin", "/usr/sbin/nologin"],
  ["bin", 2, "/bin", "/usr/sbin/nologin"],
  ["sys", 3, "/dev", "/usr/sbin/nologin"],
  ["sync", 4, "/bin", "/bin/sync"],
  ["www-data", 33, "/var/www", "/usr/sbin/nologin"],
  ["backup", 34, "/var/backups", "/usr/sbin/nologin"],
  ["nobody", 65534, "/nonexistent", "/usr/sbin/nologin"],
  ["systemd-network", 998, "/", "/usr/sbin/nologin"],
  ["sshd", 110, "/run/sshd", "/usr/sbin/nologin"],
  ["syslog", 104, "/home/syslog", "/usr/sbin/nologin"],
];

export interface BuildHostInput {
  spec: HostSpec;
  world: CaseWorld;
  clockMs: number;
  rng: Random;
}

function osRelease(os: string): string {
  const [, name = os, version = ""] = /^(.*?)\s+([\d.]+.*)$/.exec(os) ?? [];
  const id = /ubuntu/i.test(os)
    ? "ubuntu"
    : /debian/i.test(os)
      ? "debian"
      : /rocky/i.test(os)
        ? "rocky"
        : /cisco/i.test(os)
          ? "ios-xe"
          : "linux";
  return (
    [
      `PRETTY_NAME="${os}"`,
      `NAME="${name.trim()}"`,
      `VERSION="${version}"`,
      `ID=${id}`,
      `HOME_URL="https://www.${id === "linux" ? "kernel.org" : `${id}.com`}/"`,
    ].join("\n") + "\n"
  );
}

/** Merges evidence lines and generated noise by time. */
function renderLog(log: LogFileSpec, host: HostSpec, world: CaseWorld, rng: Random): { text: string } {
  const lines = log.lines.map((l) => ({ ms: Date.parse(l.time), text: l.text, evidence: true }));
  if (log.noise && log.noise.count > 0) {
    const peers = world.hosts.filter((h) => h.ip !== host.ip).map((h) => h.ip);
    const users = host.users.filter((u) => u.uid >= 1000 && u.uid < 60000).map((u) => u.name);
    const noise = generateNoise(
      log.format,
      rng.fork(`noise:${host.hostname}:${log.path}`),
      { hostname: host.hostname, ip: host.ip, peers, users },
      log.noise.count,
      Date.parse(log.noise.from),
      Date.parse(log.noise.to),
    );
    lines.push(...noise.map((n) => ({ ...n, evidence: false })));
  }
  // Stable: evidence lines keep their given order among equal times. Nothing after the case's
  // "now" exists yet: base hosts carry background activity for every narrative's timeframe.
  const clockMs = Date.parse(world.clock);
  const present = lines.filter((l) => l.ms <= clockMs);
  present.sort((a, b) => a.ms - b.ms);
  lines.length = 0;
  lines.push(...present);
  return { text: lines.length ? `${lines.map((l) => l.text).join("\n")}\n` : "" };
}

/** Builds one host's filesystem and tables from content. Pure apart from the returned object. */
/**
 * A log's recipe digest, once per world, log and seed: hashing a log's whole specification on
 * every build was a noticeable share of it, and worlds are never changed once built.
 */
const recipes = new WeakMap<CaseWorld, WeakMap<object, Map<string, string>>>();
function logRecipe(world: CaseWorld, log: object, seed: string, compute: () => string): string {
  let byLog = recipes.get(world);
  if (!byLog) recipes.set(world, (byLog = new WeakMap()));
  let bySeed = byLog.get(log);
  if (!bySeed) byLog.set(log, (bySeed = new Map()));
  let recipe = bySeed.get(seed);
  if (recipe === undefined) bySeed.set(seed, (recipe = compute()));
  return recipe;
}

export function buildHost({ spec, world, clockMs, rng }: BuildHostInput): HostState {
  const fs = new TrackedFs();
  const hostRng = rng.fork(`host:${spec.hostname}`);
  const bootMs = clockMs - hostRng.int(3, 40) * 86400_000 - hostRng.int(0, 86399) * 1000;
  // A cheap, stable spread of file ages (20–400 days) from the seed and the path: a keyed
  // FNV-1a is plenty here, and a SHA-256 stream per file was a noticeable share of build time.
  const defaultMtime = (path: string) =>
    new Date(clockMs - (20 + (fnv1a(`${hostRng.seed}\u0000${path}`) % 381)) * 86400_000);
  const put = (path: string, content: string, owner = "root:root", mode = 0o644, mtime?: Date) => {
    const when = mtime ?? defaultMtime(path);
    fs.writeFileSync(path, content, undefined, { mode, mtime: when });
    fs.owners.set(path, owner);
    fs.knownMtimes.set(path, when.getTime());
  };
  const has = (path: string) => spec.files.some((f) => f.path === path) || spec.logs.some((l) => l.path === path);

  for (const dir of BASE_DIRS) fs.mkdirSync(dir, { recursive: true });

  // System files, unless content gives its own.
  const systemFiles: [string, () => string, number?][] = [
    ["/etc/hostname", () => `${spec.hostname}\n`],
    ["/etc/os-release", () => osRelease(spec.os)],
    ["/etc/timezone", () => "Etc/UTC\n"],
    ["/etc/machine-id", () => `${hostRng.fork("machine-id").hex(32)}\n`, 0o444],
    ["/etc/resolv.conf", () => "# Generated by NetworkManager\nsearch kestrel.internal\nnameserver 10.0.20.10\n"],
    [
      "/etc/hosts",
      () =>
        [
          `127.0.0.1\tlocalhost`,
          `127.0.1.1\t${spec.hostname}.kestrel.internal ${spec.hostname}`,
          `${spec.ip}\t${spec.hostname}.kestrel.internal ${spec.hostname}`,
          "",
          "::1     ip6-localhost ip6-loopback",
          "",
        ].join("\n"),
    ],
  ];
  for (const [path, make, mode] of systemFiles) if (!has(path)) put(path, make(), "root:root", mode ?? 0o644);

  const accounts = [
    ...SYSTEM_ACCOUNTS.filter(([name]) => !spec.users.some((u) => u.name === name)).map(([name, uid, home, shell]) => ({
      name,
      uid,
      gid: uid,
      home,
      shell,
      gecos: name,
      groups: [] as string[],
    })),
    ...spec.users.map((u) => ({ ...u, gid: u.gid ?? u.uid })),
  ].sort((a, b) => a.uid - b.uid);
  if (!has("/etc/passwd"))
    put(
      "/etc/passwd",
      accounts.map((u) => `${u.name}:x:${u.uid}:${u.gid}:${u.gecos}:${u.home}:${u.shell}`).join("\n") + "\n",
    );
  if (!has("/etc/group")) {
    const groups = new Map<string, { gid: number; members: Set<string> }>();
    for (const u of accounts) groups.set(u.name, { gid: u.gid, members: new Set() });
    let nextGid = 2000;
    for (const u of accounts) {
      for (const g of u.groups) {
        if (!groups.has(g)) groups.set(g, { gid: nextGid++, members: new Set() });
        groups.get(g)!.members.add(u.name);
      }
    }
    put(
      "/etc/group",
      [...groups.entries()]
        .sort((a, b) => a[1].gid - b[1].gid)
        .map(([name, g]) => `${name}:x:${g.gid}:${[...g.members].join(",")}`)
        .join("\n") + "\n",
    );
  }
  if (!has("/etc/shadow")) {
    const shadowRng = hostRng.fork("shadow");
    const salt = () => shadowRng.hex(22).replace(/[0-9]/g, (d) => "ABCDEFGHIJ"[Number(d)]!);
    put(
      "/etc/shadow",
      accounts
        .map((u) =>
          (u.uid >= 1000 && u.uid < 60000) || u.name === "root"
            ? `${u.name}:$y$j9T$${salt()}$${salt()}${salt()}:19780:0:99999:7:::`
            : `${u.name}:*:19780:0:99999:7:::`,
        )
        .join("\n") + "\n",
      "root:shadow",
      0o640,
    );
  }
  for (const u of spec.users) {
    if (u.home.startsWith("/home/") || u.home === "/root") {
      fs.mkdirSync(u.home, { recursive: true });
      fs.owners.set(u.home, `${u.name}:${u.name}`);
    }
  }

  // Content files and logs.
  for (const f of spec.files) {
    put(
      f.path,
      f.content,
      f.owner ?? "root:root",
      f.mode ? parseInt(f.mode, 8) : 0o644,
      f.mtime ? new Date(f.mtime) : undefined,
    );
  }
  // Logs are generated on first read: most of an environment's bytes are background noise that
  // a run never touches, and building stays fast. Each log has its own random stream, so the
  // bytes do not depend on the order in which logs are read.
  for (const log of spec.logs) {
    const lastEvidence = Math.max(0, ...log.lines.map((l) => Date.parse(l.time)).filter((ms) => ms <= clockMs));
    const lastNoise = log.noise && log.noise.count > 0 ? Math.min(clockMs, Date.parse(log.noise.to)) : 0;
    const mtime = new Date(Math.max(lastEvidence, lastNoise) || clockMs - 60_000);
    const recipe = logRecipe(world, log, hostRng.seed, () =>
      sha256(
        JSON.stringify([
          NOISE_GENERATOR_VERSION,
          hostRng.seed,
          world.clock,
          log,
          spec.hostname,
          spec.ip,
          spec.users.map((u) => [u.name, u.uid]),
          world.hosts.map((h) => h.ip),
        ]),
      ),
    );
    fs.writeFileLazy(log.path, () => renderedLogs.get(recipe, () => renderLog(log, spec, world, hostRng).text), {
      mode: log.mode ? parseInt(log.mode, 8) : 0o640,
      mtime,
    });
    fs.owners.set(log.path, log.owner ?? "syslog:adm");
    fs.knownMtimes.set(log.path, mtime.getTime());
    fs.lazyRecipes.set(log.path, recipe);
  }

  // Cron tables as cron keeps them, so `crontab -l` and `cat` agree.
  const byUser = new Map<string, string[]>();
  for (const c of spec.cron) byUser.set(c.user, [...(byUser.get(c.user) ?? []), `${c.schedule} ${c.command}`]);
  for (const [user, entries] of byUser) {
    const path = `/var/spool/cron/crontabs/${user}`;
    if (has(path)) continue;
    const header = `# DO NOT EDIT THIS FILE - edit the master and reinstall.\n# (/tmp/crontab.${hostRng.hex(6)} installed on ${new Date(clockMs - 30 * 86400_000).toUTCString()})\n# (Cron version -- $Id: crontab.c,v 2.13 1994/01/17 03:20:37 vixie Exp $)\n`;
    put(path, `${header}${entries.join("\n")}\n`, `${user}:crontab`, 0o600);
  }

  // /proc for the processes.
  const startedMs = (iso: string | undefined) => (iso ? Date.parse(iso) : bootMs);
  for (const p of spec.processes.filter((x) => !x.started || Date.parse(x.started) <= clockMs)) {
    const dir = `/proc/${p.pid}`;
    fs.mkdirSync(dir, { recursive: true });
    put(
      `${dir}/cmdline`,
      p.command.split(/\s+/).join("\0") + "\0",
      `${p.user}:${p.user}`,
      0o444,
      new Date(startedMs(p.started)),
    );
    put(
      `${dir}/comm`,
      `${(p.command.split(/\s+/)[0] ?? "").split("/").pop()}\n`,
      `${p.user}:${p.user}`,
      0o444,
      new Date(startedMs(p.started)),
    );
    put(
      `${dir}/status`,
      `Name:\t${(p.command.split(/\s+/)[0] ?? "").split("/").pop()}\nState:\tS (sleeping)\nPid:\t${p.pid}\nPPid:\t${p.ppid}\n`,
      `${p.user}:${p.user}`,
      0o444,
      new Date(startedMs(p.started)),
    );
  }
  put(
    "/proc/version",
    `Linux version ${spec.kernel} (debian-kernel@lists.debian.org) (gcc-12 (Debian 12.2.0-14) 12.2.0, GNU ld (GNU Binutils for Debian) 2.40) #1 SMP PREEMPT_DYNAMIC\n`,
    "root:root",
    0o444,
  );
  put(
    "/proc/uptime",
    `${((clockMs - bootMs) / 1000).toFixed(2)} ${(((clockMs - bootMs) / 1000) * 1.7).toFixed(2)}\n`,
    "root:root",
    0o444,
  );

  // The Git server's bare repositories and the CI server's build logs.
  const repositories = new Map<string, RepositoryModel>();
  if (spec.role === "Git Server") {
    for (const repo of world.repositories) {
      const model = buildRepositoryModel(repo);
      const dir = `${GIT_ROOT}/${repo.name}.git`;
      repositories.set(dir, model);
      const last = repo.commits[repo.commits.length - 1]!;
      const mtime = new Date(last.date);
      put(`${dir}/HEAD`, `ref: refs/heads/${repo.default_branch}\n`, "git:git", 0o644, mtime);
      put(`${dir}/description`, `${repo.description}\n`, "git:git", 0o644, mtime);
      put(
        `${dir}/config`,
        `[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = true\n`,
        "git:git",
        0o644,
        mtime,
      );
      for (const [branch, node] of model.branches)
        put(`${dir}/refs/heads/${branch}`, `${node.commit.hash}\n`, "git:git", 0o644, new Date(node.commit.date));
      fs.mkdirSync(`${dir}/objects/pack`, { recursive: true });
      fs.mkdirSync(`${dir}/hooks`, { recursive: true });
      for (const sub of ["", "/objects", "/objects/pack", "/hooks", "/refs", "/refs/heads"])
        fs.owners.set(`${dir}${sub}`, "git:git");
    }
  }
  if (spec.role === "CI/CD Server") {
    for (const run of world.pipelines) {
      const dir = `${JENKINS_HOME}/jobs/${run.pipeline}/builds/${run.run_id}`;
      const endMs = Date.parse(run.started) + run.duration_seconds * 1000;
      put(`${dir}/log`, run.log.endsWith("\n") ? run.log : `${run.log}\n`, "jenkins:jenkins", 0o644, new Date(endMs));
      const result = { success: "SUCCESS", failed: "FAILURE", running: "", cancelled: "ABORTED" }[run.status];
      put(
        `${dir}/build.xml`,
        `<?xml version='1.1' encoding='UTF-8'?>\n<flow-build plugin="workflow-job@1400.v7fd111b_ec82f">\n  <number>${run.run_id}</number>\n  <startTime>${Date.parse(run.started)}</startTime>\n  <result>${result}</result>\n  <duration>${run.duration_seconds * 1000}</duration>\n  <builtOn>${run.runner}</builtOn>\n</flow-build>\n`,
        "jenkins:jenkins",
        0o644,
        new Date(endMs),
      );
    }
  }

  const notFuture = (iso: string | undefined) => iso === undefined || Date.parse(iso) <= clockMs;
  return {
    spec,
    fs,
    processes: spec.processes.filter((p) => notFuture(p.started)).map((p) => ({ ...p })),
    services: spec.services.map((s) => ({ ...s })),
    sockets: spec.sockets,
    logins: spec.logins
      .filter((l) => notFuture(l.start))
      .map((l) => (l.end && !notFuture(l.end) ? { ...l, end: undefined } : l)),
    journal: spec.journal.filter((j) => notFuture(j.time)).sort((a, b) => Date.parse(a.time) - Date.parse(b.time)),
    bootMs,
    repositories,
  };
}

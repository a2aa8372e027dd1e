import type { CaseWorld, HostSpec, LogFileSpec } from "@analystbench/scenarios";
import { buildRepositoryModel, type RepositoryModel } from "./git/repository-model";
import { deriveHostModel, type HostModel, type LiveProcess } from "./host-model";
import { defaultMtime, lastRotationMs } from "./host-model/file-times";
import { defaultLogMeta, homeOwner } from "./host-model/filesystem";
import { Layout } from "./host-model/layout";
import { kernelFiles, syncProc } from "./host-model/proc";
import { systemFiles } from "./host-model/system-files";
import type { HostState } from "./host-state";
import { generateNoise } from "./noise/generators";
import type { Random } from "./random";
import { putTrees } from "./trees";
import { sha256, TrackedFs } from "./tracked-fs";

/** Bump when a noise generator changes its output, so recipe digests change with it. */
export const NOISE_GENERATOR_VERSION = 1;

/** A rendered log as bytes, and the time of its last line (the file's modification time). */
export interface RenderedLog {
  bytes: Uint8Array;
  lastMs: number | undefined;
}

/**
 * Generated logs by recipe digest, as bytes. Every sample of a case (and every epoch) builds the
 * same world, so the same logs; keeping their bytes spares both regenerating them and encoding a
 * multi-megabyte string again on every read. The bytes live in a SharedArrayBuffer, so a log one
 * simulation worker rendered can be handed to the others without a copy (see shareRenderedLogs).
 * Every session's file points at the same bytes: the in-memory filesystem replaces a file's
 * buffer on write and never changes one in place. Bounded by bytes, least recently used first.
 */
class LogCache {
  private readonly entries = new Map<string, RenderedLog>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}

  get(key: string): RenderedLog | undefined {
    const hit = this.entries.get(key);
    if (hit === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  set(key: string, value: RenderedLog): void {
    if (this.entries.has(key) || value.bytes.byteLength > this.maxBytes) return;
    this.entries.set(key, value);
    this.bytes += value.bytes.byteLength;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.bytes.byteLength;
    }
  }
}

/** Enough for every log a whole benchmark run reads (about 110 MB), shared by all workers. */
const renderedLogs = new LogCache(256 * 1024 * 1024);

/**
 * How this thread's logs meet other threads' (simulation workers share them through the main
 * thread): `claim` asks before rendering a log, and resolves with the log when another thread
 * rendered it (or was already rendering it), or with undefined to render it here; `publish` hands
 * a log rendered here to the others.
 */
export interface LogSharing {
  claim(recipe: string): Promise<RenderedLog | undefined>;
  publish(recipe: string, log: RenderedLog): void;
}
let sharing: LogSharing | undefined;
/** Claims this thread is waiting on, so two reads of one log here ask once. */
const claims = new Map<string, Promise<RenderedLog>>();

/** Connects this thread's log cache to others; the returned function adopts a log rendered elsewhere. */
export function shareRenderedLogs(how: LogSharing) {
  sharing = how;
  return (recipe: string, log: RenderedLog) => renderedLogs.set(recipe, log);
}

function renderHere(recipe: string, render: () => RenderedLog): RenderedLog {
  const made = render();
  renderedLogs.set(recipe, made);
  sharing?.publish(recipe, made);
  return made;
}

/**
 * A log from the cache, else from another thread that rendered it, else rendered here. Each big
 * log then costs its generation once per process, not once per worker.
 */
function cachedLog(recipe: string, render: () => RenderedLog): RenderedLog | Promise<RenderedLog> {
  const hit = renderedLogs.get(recipe);
  if (hit) return hit;
  if (!sharing) return renderHere(recipe, render);
  let pending = claims.get(recipe);
  if (!pending) {
    pending = sharing
      .claim(recipe)
      .then((log) => log ?? renderedLogs.get(recipe) ?? renderHere(recipe, render))
      .finally(() => claims.delete(recipe));
    claims.set(recipe, pending);
  }
  return pending;
}

/** Where the Git server keeps its bare repositories (roster.ts conventions). */
export const GIT_ROOT = "/srv/git/kestrel";
export const JENKINS_HOME = "/var/lib/jenkins";

export interface BuildHostInput {
  spec: HostSpec;
  world: CaseWorld;
  clockMs: number;
  rng: Random;
}

interface TimedLine {
  ms: number;
  text: string;
}

/** Sorted by time, keeping the given order among equal times; unchanged when already so. */
function byTime(lines: TimedLine[]): TimedLine[] {
  for (let i = 1; i < lines.length; i++) if (lines[i]!.ms < lines[i - 1]!.ms) return lines.sort((a, b) => a.ms - b.ms);
  return lines;
}

/**
 * The lines of both, by time, up to `clockMs`: a merge of two sorted lists, evidence first among
 * equal times, as a stable sort of evidence followed by noise would order them.
 */
function mergeByTime(evidence: TimedLine[], noise: TimedLine[], clockMs: number): { texts: string[]; lastMs?: number } {
  const texts: string[] = [];
  let lastMs: number | undefined;
  let e = 0;
  let n = 0;
  for (;;) {
    const a = evidence[e];
    const b = noise[n];
    const next = a && (!b || a.ms <= b.ms) ? evidence[e++]! : b ? noise[n++]! : undefined;
    if (!next || next.ms > clockMs) break;
    texts.push(next.text);
    lastMs = next.ms;
  }
  return { texts, lastMs };
}

/**
 * The constructor as it was when this module loaded: logs are generated on first read, often
 * inside a command, where the interpreter's defence in depth blocks the global one (it guards
 * against scripts, and this is the host's own code).
 */
const SharedBuffer = globalThis.SharedArrayBuffer;

/** UTF-8 bytes of a text in shareable memory. */
function sharedBytes(text: string): Uint8Array {
  const bytes = new Uint8Array(new SharedBuffer(Buffer.byteLength(text, "utf8")));
  new TextEncoder().encodeInto(text, bytes);
  return bytes;
}

/**
 * Merges evidence lines and generated noise by time. Nothing after the case's "now" exists yet:
 * base hosts carry background activity for every narrative's timeframe.
 */
function renderLog(log: LogFileSpec, host: HostSpec, world: CaseWorld, rng: Random): RenderedLog {
  const clockMs = Date.parse(world.clock);
  // Invalid times (NaN) never compare below the clock: such lines are dropped, as before.
  const evidence = byTime(
    log.lines.map((l) => ({ ms: Date.parse(l.time), text: l.text })).filter((l) => l.ms <= clockMs),
  );
  let noise: TimedLine[] = [];
  if (log.noise && log.noise.count > 0) {
    const peers = world.hosts.filter((h) => h.ip !== host.ip).map((h) => h.ip);
    const users = host.users.filter((u) => u.uid >= 1000 && u.uid < 60000).map((u) => u.name);
    noise = generateNoise(
      log.format,
      rng.fork(`noise:${host.hostname}:${log.path}`),
      {
        hostname: host.hostname,
        ip: host.ip,
        peers,
        users,
        uids: Object.fromEntries(host.users.map((u) => [u.name, u.uid])),
      },
      log.noise.count,
      Date.parse(log.noise.from),
      Date.parse(log.noise.to),
      { ...log.noise, untilMs: clockMs },
    );
  }
  const { texts, lastMs } = mergeByTime(evidence, byTime(noise.filter((l) => l.ms <= clockMs)), clockMs);
  return { bytes: sharedBytes(texts.length ? `${texts.join("\n")}\n` : ""), lastMs };
}

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

/** Owner and mode of a log: the content's, else what writes such a log on this distribution. */
function logMeta(model: HostModel, log: LogFileSpec): { owner: string; mode: number } {
  const fallback = log.path.startsWith("/var/log/")
    ? defaultLogMeta(model.distro, log.path)
    : { owner: homeOwner(model.accounts, log.path) ?? "root:root", mode: 0o644 };
  return { owner: log.owner ?? fallback.owner, mode: log.mode ? parseInt(log.mode, 8) : fallback.mode };
}

/**
 * Logs are generated on first read: most of an environment's bytes are background noise that
 * a run never touches, and building stays fast. Each log has its own random stream, so the bytes
 * do not depend on the order in which logs are read. A log's time is its last line's: the
 * generator knows it only once it has run, so the entry's time is set then, before anyone can
 * stat the file (every stat generates a pending log first).
 */
function putLog(layout: Layout, log: LogFileSpec, spec: HostSpec, world: CaseWorld, hostRng: Random, clockMs: number) {
  const { fs, model } = layout;
  const evidence = log.lines.map((l) => Date.parse(l.time)).filter((ms) => ms <= clockMs);
  const lastNoise = log.noise && log.noise.count > 0 ? Math.min(clockMs, Date.parse(log.noise.to)) : 0;
  const created = lastRotationMs(model.timeline);
  const mtime = new Date(Math.max(0, ...evidence, lastNoise) || created);
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
  const meta = logMeta(model, log);
  fs.writeGenerated(log.path, () => cachedLog(recipe, () => renderLog(log, spec, world, hostRng)), {
    mode: meta.mode,
    mtimeMs: mtime.getTime(),
  });
  fs.owners.set(log.path, meta.owner);
  // The directory's time is when logrotate last created files in it, not the last line's.
  fs.knownMtimes.set(log.path, Math.min(created, mtime.getTime()));
  fs.lazyRecipes.set(log.path, recipe);
}

/** Cron tables as cron keeps them, so `crontab -l` and `cat` agree, installed when the file says. */
function putCrontabs(layout: Layout, spec: HostSpec, hostRng: Random, has: (path: string) => boolean) {
  const byUser = new Map<string, string[]>();
  for (const c of spec.cron) byUser.set(c.user, [...(byUser.get(c.user) ?? []), `${c.schedule} ${c.command}`]);
  for (const [user, entries] of byUser) {
    const path = `/var/spool/cron/crontabs/${user}`;
    if (has(path)) continue;
    const installed = defaultMtime(layout.model.timeline, path);
    const header = `# DO NOT EDIT THIS FILE - edit the master and reinstall.\n# (/tmp/crontab.${hostRng.hex(6)} installed on ${new Date(installed).toUTCString()})\n# (Cron version -- $Id: crontab.c,v 2.13 1994/01/17 03:20:37 vixie Exp $)\n`;
    layout.put(path, `${header}${entries.join("\n")}\n`, `${user}:crontab`, 0o600, installed);
  }
}

/** The Git server's bare repositories. */
function putRepositories(layout: Layout, world: CaseWorld): Map<string, RepositoryModel> {
  const repositories = new Map<string, RepositoryModel>();
  for (const repo of world.repositories) {
    const model = buildRepositoryModel(repo);
    const dir = `${GIT_ROOT}/${repo.name}.git`;
    repositories.set(dir, model);
    const mtime = Date.parse(repo.commits[repo.commits.length - 1]!.date);
    layout.put(`${dir}/HEAD`, `ref: refs/heads/${repo.default_branch}\n`, "git:git", 0o644, mtime);
    layout.put(`${dir}/description`, `${repo.description}\n`, "git:git", 0o644, mtime);
    const config = `[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = true\n`;
    layout.put(`${dir}/config`, config, "git:git", 0o644, mtime);
    for (const [branch, node] of model.branches)
      layout.put(
        `${dir}/refs/heads/${branch}`,
        `${node.commit.hash}\n`,
        "git:git",
        0o644,
        Date.parse(node.commit.date),
      );
    layout.fs.mkdirSync(`${dir}/objects/pack`, { recursive: true });
    layout.fs.mkdirSync(`${dir}/hooks`, { recursive: true });
    for (const sub of ["", "/objects", "/objects/pack", "/hooks", "/refs", "/refs/heads"])
      layout.own(`${dir}${sub}`, "git:git");
  }
  return repositories;
}

/** The CI server's build logs and records. */
function putBuilds(layout: Layout, world: CaseWorld): void {
  for (const run of world.pipelines) {
    const dir = `${JENKINS_HOME}/jobs/${run.pipeline}/builds/${run.run_id}`;
    const endMs = Date.parse(run.started) + run.duration_seconds * 1000;
    layout.put(`${dir}/log`, run.log.endsWith("\n") ? run.log : `${run.log}\n`, "jenkins:jenkins", 0o644, endMs);
    const result = { success: "SUCCESS", failed: "FAILURE", running: "", cancelled: "ABORTED" }[run.status];
    layout.put(
      `${dir}/build.xml`,
      `<?xml version='1.1' encoding='UTF-8'?>\n<flow-build plugin="workflow-job@1400.v7fd111b_ec82f">\n  <number>${run.run_id}</number>\n  <startTime>${Date.parse(run.started)}</startTime>\n  <result>${result}</result>\n  <duration>${run.duration_seconds * 1000}</duration>\n  <builtOn>${run.runner}</builtOn>\n</flow-build>\n`,
      "jenkins:jenkins",
      0o644,
      endMs,
    );
  }
}

/** System files, then the content's files (which replace them), logs and cron tables. */
function putFiles(layout: Layout, spec: HostSpec, world: CaseWorld, hostRng: Random, clockMs: number) {
  const has = (path: string) => spec.files.some((f) => f.path === path) || spec.logs.some((l) => l.path === path);
  const shadowRng = hostRng.fork("shadow");
  const ids = {
    machineId: hostRng.fork("machine-id").hex(32),
    salt: () => shadowRng.hex(22).replace(/[0-9]/g, (d) => "ABCDEFGHIJ"[Number(d)]!),
  };
  for (const f of systemFiles(spec, layout.model, ids, clockMs))
    if (!has(f.path)) layout.put(f.path, f.content, f.owner, f.mode, f.mtimeMs);
  for (const f of spec.files)
    layout.put(
      f.path,
      f.content,
      f.owner,
      f.mode ? parseInt(f.mode, 8) : undefined,
      f.mtime ? Date.parse(f.mtime) : undefined,
    );
  for (const log of spec.logs) putLog(layout, log, spec, world, hostRng, clockMs);
  putTrees(layout, spec, hostRng);
  putCrontabs(layout, spec, hostRng, has);
}

/**
 * The live host: `processes` is an accessor that keeps /proc in step with the table, whether a
 * command assigns it or a saved state is restored onto the host (Object.assign sets through it).
 */
function liveHost(fields: Omit<HostState, "processes">, processes: LiveProcess[], inStep = false): HostState {
  let current = processes;
  const host = fields as HostState;
  Object.defineProperty(host, "processes", {
    enumerable: true,
    get: () => current,
    set: (next: LiveProcess[]) => {
      current = next;
      syncProc(host.fs, host.model, next);
    },
  });
  // A copy's /proc already mirrors its table: writing it again would only churn.
  if (!inStep) syncProc(host.fs, host.model, current);
  return host;
}

/**
 * A session's own copy of a built host: its filesystem copied on write (see TrackedFs.clone), its
 * tables copied; what never changes during a run (spec, model, repositories) is shared.
 */
export function cloneHost(host: HostState): HostState {
  const { processes, services, sockets, logins, journal } = structuredClone({
    processes: host.processes,
    services: host.services,
    sockets: host.sockets,
    logins: host.logins,
    journal: host.journal,
  });
  const { spec, model, bootMs, repositories } = host;
  const fields = { spec, fs: host.fs.clone(), model, services, sockets, logins, journal, bootMs, repositories };
  return liveHost(fields, processes, true);
}

/** Session copies not made yet (see copiedOnUse): their host is still exactly as built. */
const uncopied = new WeakSet<HostState>();

/**
 * A session's host, copied (cloneHost) only when something first reads or writes its
 * filesystem or tables: a run mostly works on one to three hosts of a world, and copying the
 * others was a fifth of the simulation's time. Its spec, model, boot time and repositories are
 * the built host's from the start (they never change); the object is the same before and after
 * the copy, so it can key maps.
 */
export function copiedOnUse(built: HostState): HostState {
  let copy: HostState | undefined;
  let source = built;
  const real = () => {
    if (!copy) {
      copy = cloneHost(source);
      uncopied.delete(host);
      sources.delete(host);
    }
    return copy;
  };
  const { spec, model, bootMs, repositories } = built;
  const host = { spec, model, bootMs, repositories } as HostState;
  for (const key of ["fs", "processes", "services", "sockets", "logins", "journal"] as const)
    Object.defineProperty(host, key, {
      enumerable: true,
      get: () => real()[key],
      set: (value: never) => {
        real()[key] = value;
      },
    });
  uncopied.add(host);
  sources.set(host, (other) => (source = other));
  return host;
}

/** How to change what an untouched copy (copiedOnUse) will be copied from. */
const sources = new WeakMap<HostState, (other: HostState) => void>();

/** Whether a session's host is still untouched as built (nothing has used it yet): it has no changes to report. */
export const isUntouchedCopy = (host: HostState) => uncopied.has(host);

/**
 * Has an untouched copy made, when first used, from `other` instead of its built host: the same
 * host one step further on (see environment.ts, laidHost). No effect on a copy already made.
 */
export function copyFromInstead(host: HostState, other: HostState): void {
  sources.get(host)?.(other);
}

/** Builds one host's filesystem and tables from content. Pure apart from the returned object. */
export function buildHost({ spec, world, clockMs, rng }: BuildHostInput): HostState {
  const hostRng = rng.fork(`host:${spec.hostname}`);
  const { model, tables } = deriveHostModel(spec, clockMs, hostRng.seed);
  const fs = new TrackedFs();
  const layout = new Layout(fs, model);
  layout.standardDirs();
  layout.homes(spec);
  putFiles(layout, spec, world, hostRng, clockMs);
  for (const [path, text] of kernelFiles(model, clockMs, tables.processes))
    layout.put(path, text, "root:root", 0o444, model.bootMs);
  const repositories = spec.role === "Git Server" ? putRepositories(layout, world) : new Map<string, RepositoryModel>();
  if (spec.role === "CI/CD Server") putBuilds(layout, world);
  layout.settleDirectories();
  // The interpreter's command stubs in /bin and /usr/bin: packaged executables. Every session's
  // interpreter lays down the same hundreds of stubs on its copy of this host, so each path's
  // answer is worked out once (copies share this function).
  const defaults = new Map<string, { mtimeMs: number; mode?: number }>();
  fs.builtEntryDefaults = (path) => {
    let made = defaults.get(path);
    if (!made) {
      made = { mtimeMs: defaultMtime(model.timeline, path), mode: /^\/(usr\/)?s?bin\//.test(path) ? 0o755 : undefined };
      defaults.set(path, made);
    }
    return made;
  };

  const notFuture = (iso: string | undefined) => iso === undefined || Date.parse(iso) <= clockMs;
  const { processes, ...rest } = tables;
  const host = liveHost(
    {
      spec,
      fs,
      model,
      ...rest,
      logins: spec.logins
        .filter((l) => notFuture(l.start))
        .map((l) => (l.end && !notFuture(l.end) ? { ...l, end: undefined } : l)),
      bootMs: model.bootMs,
      repositories,
    },
    processes,
  );
  // /proc itself dates from boot; its entries from their processes' starts.
  fs.setMetadata("/proc", { mtimeMs: model.bootMs });
  return host;
}

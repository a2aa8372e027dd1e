import type { JournalEntry, ProcessSpec, ServiceSpec, SocketSpec } from "@analystbench/scenarios";
import type { Accounts } from "./accounts";
import { between } from "./hash";
import { commOf, liveProcess, type LiveProcess } from "./processes";
import { unitName } from "./units";

/**
 * A systemd service tied to its main process: `systemctl` reads its state and main PID from
 * here, `ps` the process, `ss` the sockets it opened. When the main process dies the unit
 * changes state (lifecycle.ts); starting it again runs `exec` with a new PID.
 */
export interface LiveService extends ServiceSpec {
  /** When the unit entered its current state; absent for a unit not started since boot. */
  sinceMs?: number;
  /** Why a failed unit failed ("signal" when its main process was killed). */
  result?: "signal" | "core-dump" | "exit-code";
  /** How its last main process ended, when it is not running. */
  exit?: { pid: number; code: "killed" | "dumped" | "exited"; status: string };
  /** What starting the unit runs: the main process, the workers it forks, the sockets it opens. */
  exec?: { command: string; user: string; workers: { command: string; user: string }[]; listens: SocketSpec[] };
  /** Main PIDs of earlier runs (the kernel does not hand a PID out again soon). */
  formerPids?: number[];
  /** `systemctl mask`: the unit cannot be started until it is unmasked. */
  masked?: boolean;
}

/** Daemons content names as services or socket owners without listing their process. */
const DAEMONS: Record<string, { command: string; user?: string }> = {
  cups: { command: "/usr/sbin/cupsd -l" },
  cupsd: { command: "/usr/sbin/cupsd -l" },
  "avahi-daemon": { command: "avahi-daemon: running [%h.local]", user: "avahi" },
  "unattended-upgrades": {
    command: "/usr/bin/python3 /usr/share/unattended-upgrades/unattended-upgrade-shutdown --wait-for-signal",
  },
  cron: { command: "/usr/sbin/cron -f -P" },
  crond: { command: "/usr/sbin/crond -n" },
  ssh: { command: "sshd: /usr/sbin/sshd -D [listener] 0 of 10-100 startups" },
  sshd: { command: "sshd: /usr/sbin/sshd -D [listener] 0 of 10-100 startups" },
  rsyslog: { command: "/usr/sbin/rsyslogd -n -iNONE", user: "syslog" },
  nginx: { command: "nginx: master process /usr/sbin/nginx -g daemon on; master_process on;" },
  "systemd-journald": { command: "/lib/systemd/systemd-journald" },
  chrony: { command: "/usr/sbin/chronyd -F 1", user: "_chrony" },
  docker: { command: "/usr/bin/dockerd -H fd:// --containerd=/run/containerd/containerd.sock" },
  containerd: { command: "/usr/bin/containerd" },
};

interface DeriveInput {
  specs: ServiceSpec[];
  processes: LiveProcess[];
  sockets: SocketSpec[];
  journal: JournalEntry[];
  accounts: Accounts;
  hostname: string;
  bootMs: number;
  clockMs: number;
  seed: string;
  memTotalKb: number;
}

const baseName = (name: string) =>
  unitName(name)
    .replace(/\.service$/, "")
    .replace(/@.*$/, "");

function daemonFor(name: string, accounts: Accounts, hostname: string): { command: string; user: string } {
  const d = DAEMONS[name] ?? { command: `/usr/sbin/${name}` };
  const user = d.user && accounts.users.some((u) => u.name === d.user) ? d.user : "root";
  return { command: d.command.replace("%h", hostname), user };
}

/** A PID no process has, near where systemd's early services land. */
function freePid(taken: Set<number>, seed: string, key: string): number {
  let pid = between(seed, `pid:${key}`, 420, 1_400);
  while (taken.has(pid)) pid++;
  taken.add(pid);
  return pid;
}

/** Every process with `pid` as an ancestor. */
export function descendants<T extends ProcessSpec>(processes: T[], pid: number): T[] {
  const out: T[] = [];
  const frontier = [pid];
  while (frontier.length) {
    const parent = frontier.pop()!;
    const children = processes.filter((p) => p.ppid === parent && p.pid !== parent);
    out.push(...children);
    frontier.push(...children.map((p) => p.pid));
  }
  return out;
}

/**
 * When the content lists a unit's main process without a start time but its journal shows the
 * unit (re)started during this boot, the process started then: ps, systemctl and the journal agree.
 */
export function unitStartHints(
  specs: ServiceSpec[],
  journal: JournalEntry[],
  bootMs: number,
  clockMs: number,
): Map<number, number> {
  const hints = new Map<number, number>();
  for (const s of specs) {
    if (!s.pid) continue;
    const own = journal.filter((j) => {
      const ms = Date.parse(j.time);
      return (
        unitName(j.unit) === unitName(s.name) && ms >= bootMs && ms <= clockMs && /^systemd/.test(j.identifier ?? "")
      );
    });
    const started = own.filter((j) => /^Started /.test(j.message)).pop();
    if (!started) continue;
    const startedMs = Date.parse(started.time);
    const starting = own.filter((j) => /^Starting /.test(j.message) && Date.parse(j.time) <= startedMs).pop();
    hints.set(s.pid, starting ? Date.parse(starting.time) + 300 : startedMs - 500);
  }
  return hints;
}

class Binder {
  readonly taken: Set<number>;
  constructor(private readonly i: DeriveInput) {
    this.taken = new Set(i.processes.map((p) => p.pid));
  }

  /** A process the content implies (a unit's or a socket's PID) but does not list. */
  spawn(pid: number, name: string): LiveProcess {
    const d = daemonFor(name, this.i.accounts, this.i.hostname);
    const started = this.i.bootMs + between(this.i.seed, `unit-start:${name}`, 4_000, 24_000);
    const p = liveProcess(
      { pid, ppid: 1, user: d.user, command: d.command, cpu: 0, mem: 0 },
      started,
      this.i.clockMs,
      this.i.seed,
      this.i.memTotalKb,
    );
    this.taken.add(pid);
    this.i.processes.push(p);
    return p;
  }

  /** The main process of a running unit the content gave no PID: by name, or a new one. */
  mainOf(s: ServiceSpec, bound: Set<number>): LiveProcess {
    const base = baseName(s.name);
    const wanted = new Set([base, commOf(DAEMONS[base]?.command ?? base)]);
    const found = this.i.processes.find((p) => p.ppid <= 1 && !bound.has(p.pid) && wanted.has(commOf(p.command)));
    return found ?? this.spawn(freePid(this.taken, this.i.seed, base), base);
  }
}

function sinceOf(s: ServiceSpec, main: LiveProcess | undefined, i: DeriveInput): number | undefined {
  if (main) return Date.parse(main.started);
  if (s.state === "exited") return i.bootMs + between(i.seed, `unit-since:${s.name}`, 3_000, 20_000);
  if (s.state !== "failed") return undefined;
  const own = i.journal.filter((j) => unitName(j.unit) === unitName(s.name) && Date.parse(j.time) <= i.clockMs);
  return own.length
    ? Date.parse(own[own.length - 1]!.time)
    : i.bootMs + between(i.seed, `unit-failed:${s.name}`, 5_000, 40_000);
}

function execOf(s: ServiceSpec, main: LiveProcess | undefined, i: DeriveInput): LiveService["exec"] {
  if (!main) {
    if (s.state === "exited") return undefined;
    const d = daemonFor(baseName(s.name), i.accounts, i.hostname);
    return { ...d, workers: [], listens: [] };
  }
  const group = [main, ...descendants(i.processes, main.pid)];
  const pids = new Set(group.map((p) => p.pid));
  const listens = i.sockets.filter((k) => k.pid !== undefined && pids.has(k.pid) && /LISTEN|UNCONN/.test(k.state));
  const workers = group.slice(1).map((p) => ({ command: p.command, user: p.user }));
  return { command: main.command, user: main.user, workers, listens: structuredClone(listens) };
}

/**
 * Units tied to their main processes. Processes the content implies but does not list (a unit's
 * or a socket's PID, a running unit with no PID) are added to `processes`.
 */
export function deriveServices(i: DeriveInput): LiveService[] {
  const binder = new Binder(i);
  for (const k of i.sockets) if (k.pid && !binder.taken.has(k.pid)) binder.spawn(k.pid, k.program ?? `pid${k.pid}`);
  const bound = new Set<number>();
  return i.specs.map((spec) => {
    const s: LiveService = { ...spec };
    let main = s.pid ? i.processes.find((p) => p.pid === s.pid) : undefined;
    if (s.pid && !main && s.state === "running") main = binder.spawn(s.pid, baseName(s.name));
    if (!s.pid && s.state === "running") main = binder.mainOf(s, bound);
    if (main && s.state === "running") {
      s.pid = main.pid;
      bound.add(main.pid);
    } else main = undefined;
    s.sinceMs = sinceOf(s, main, i);
    s.exec = execOf(s, main, i);
    if (s.state === "failed") s.result = "exit-code";
    return s;
  });
}

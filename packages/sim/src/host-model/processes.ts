import type { ProcessSpec } from "@analystbench/scenarios";
import { INIT_AFTER_KERNEL_MS } from "./boot";
import { between, unit } from "./hash";

/**
 * A running process as `ps` shows it: the content's pid, user and command, a start time at or
 * after boot, CPU time and memory that fit what it is (a JVM is not the size of cron), all
 * deterministic from the seed. `cpu` and `mem` (percentages) stay as the content gives them
 * when it does, and the sizes are derived from them, so every column agrees with the others.
 */
export interface LiveProcess extends ProcessSpec {
  /** Always set: the content's time, or one derived from boot and the parent's start. */
  started: string;
  /** CPU seconds used by the clock's time (ps TIME). */
  cpuSeconds: number;
  rssKb: number;
  vszKb: number;
  threads: number;
  /** Its terminal, when known (the analyst's own shell); otherwise read from the command. */
  tty?: string;
}

interface Kind {
  match: RegExp;
  rss: [number, number];
  threads: [number, number];
  /** Share of one CPU it uses on average, in millionths (most daemons idle). */
  load: [number, number];
  /** Large virtual address spaces: JVMs, browsers, Go and Electron programs. */
  bigVsz?: boolean;
}

const KINDS: Kind[] = [
  { match: /(^|\/)java\b/, rss: [600_000, 2_400_000], threads: [45, 90], load: [20_000, 60_000], bigVsz: true },
  {
    match: /firefox|\/code\b|chrome/,
    rss: [250_000, 800_000],
    threads: [30, 110],
    load: [10_000, 40_000],
    bigVsz: true,
  },
  { match: /gnome-shell|Xwayland/, rss: [180_000, 380_000], threads: [10, 22], load: [5_000, 25_000], bigVsz: true },
  {
    match: /dockerd|containerd|snapd|gitea|nexus|influxd|grafana|mbusd/,
    rss: [40_000, 110_000],
    threads: [9, 22],
    load: [500, 4_000],
    bigVsz: true,
  },
  { match: /(^|\/)(node|nodejs)\b/, rss: [60_000, 200_000], threads: [7, 11], load: [1_000, 10_000], bigVsz: true },
  { match: /mariadbd|mysqld/, rss: [90_000, 400_000], threads: [8, 30], load: [2_000, 8_000] },
  { match: /postgres/, rss: [8_000, 60_000], threads: [1, 1], load: [100, 2_000] },
  { match: /python|wazuh|correlator/, rss: [25_000, 90_000], threads: [2, 6], load: [500, 8_000] },
  { match: /php-fpm: pool/, rss: [40_000, 110_000], threads: [1, 1], load: [1_000, 9_000] },
  { match: /php-fpm/, rss: [15_000, 30_000], threads: [1, 1], load: [50, 300] },
  { match: /named|samba|smbd|winbindd|nmbd/, rss: [18_000, 60_000], threads: [1, 12], load: [200, 3_000] },
  { match: /nginx: worker|apache2|httpd/, rss: [5_000, 14_000], threads: [1, 1], load: [200, 3_000] },
  { match: /nginx: master/, rss: [1_500, 3_000], threads: [1, 1], load: [5, 40] },
  { match: /systemd-journald/, rss: [18_000, 60_000], threads: [1, 1], load: [80, 500] },
  { match: /^\/sbin\/init|\/systemd( |$)|systemd --/, rss: [9_000, 13_500], threads: [1, 1], load: [30, 200] },
  { match: /rsyslogd/, rss: [4_000, 7_000], threads: [4, 4], load: [50, 400] },
  { match: /sshd/, rss: [7_000, 11_000], threads: [1, 1], load: [5, 60] },
  { match: /(^|\/)(-?bash|sh|zsh)( |$)/, rss: [4_000, 6_200], threads: [1, 1], load: [5, 100] },
  { match: /cron|atd|auditd|chronyd|timesyncd|agetty|dbus/, rss: [2_000, 4_000], threads: [1, 2], load: [5, 80] },
  {
    match: /postfix|master -w|qmgr|pickup|tlsmgr|anvil|smtpd|cleanup/,
    rss: [3_500, 9_000],
    threads: [1, 1],
    load: [5, 150],
  },
  { match: /NetworkManager|charon|cupsd|avahi/, rss: [3_500, 18_000], threads: [1, 3], load: [5, 150] },
];
const DEFAULT_KIND: Kind = { match: /./, rss: [3_000, 20_000], threads: [1, 1], load: [10, 500] };

const kindOf = (command: string) => KINDS.find((k) => k.match.test(command)) ?? DEFAULT_KIND;

/** A kernel thread: bracketed name, child of kthreadd. A "[kworker]" under anything else is not one. */
export const isKernelThread = (p: ProcessSpec) => p.pid === 2 || (p.ppid === 2 && /^\[.*\]$/.test(p.command));

/** The executable's name as the kernel keeps it (comm): 15 characters, no path, no title suffix. */
export function commOf(command: string): string {
  const first = command.replace(/^\[|\]$/g, "").split(/\s+/)[0] ?? "";
  return first.split("/").pop()!.replace(/:$/, "").slice(0, 15);
}

function sizes(
  p: ProcessSpec,
  seed: string,
  memTotalKb: number,
): Pick<LiveProcess, "rssKb" | "vszKb" | "threads" | "mem"> {
  if (isKernelThread(p)) return { rssKb: 0, vszKb: 0, threads: 1, mem: 0 };
  const kind = kindOf(p.command);
  const key = `proc:${p.pid}:${p.command}`;
  const rssKb = p.mem > 0 ? Math.round((p.mem / 100) * memTotalKb) : between(seed, `${key}:rss`, ...kind.rss);
  const base = kind.bigVsz
    ? between(seed, `${key}:vsz`, 900_000, 3_600_000)
    : between(seed, `${key}:vsz`, 5_000, 260_000);
  const vszKb = Math.round(rssKb * (kind.bigVsz ? 3 : 2 + unit(seed, `${key}:ratio`) * 2) + base);
  const threads = between(seed, `${key}:threads`, ...kind.threads);
  return { rssKb, vszKb, threads, mem: p.mem > 0 ? p.mem : (rssKb / memTotalKb) * 100 };
}

/** CPU time by the clock: the content's average %CPU over its life, or what its kind uses. */
function cpuTime(p: ProcessSpec, startMs: number, clockMs: number, seed: string): { cpu: number; cpuSeconds: number } {
  const elapsed = Math.max(1, (clockMs - startMs) / 1000);
  if (isKernelThread(p))
    return { cpu: 0, cpuSeconds: Math.floor(elapsed * unit(seed, `kthread:${p.pid}`) * 1e-3) / 100 };
  const share = p.cpu > 0 ? p.cpu / 100 : between(seed, `proc:${p.pid}:load`, ...kindOf(p.command).load) / 1e6;
  // In clock ticks (1/100 s), as the kernel counts it.
  const cpuSeconds = Math.floor(elapsed * share * 100) / 100;
  return { cpu: p.cpu > 0 ? p.cpu : (cpuSeconds / elapsed) * 100, cpuSeconds };
}

/** One process, alive at the clock, started at `startMs`. */
export function liveProcess(
  p: ProcessSpec,
  startMs: number,
  clockMs: number,
  seed: string,
  memTotalKb: number,
): LiveProcess {
  return {
    ...p,
    started: new Date(startMs).toISOString().replace(/\.000Z$/, "Z"),
    ...sizes(p, seed, memTotalKb),
    ...cpuTime(p, startMs, clockMs, seed),
  };
}

/**
 * Start times the content leaves out: systemd starts the early daemons within half a minute of
 * boot, in pid order; a child starts a moment after its parent.
 */
function startOf(p: ProcessSpec, starts: Map<number, number>, bootMs: number, seed: string): number {
  if (p.started) return Math.max(bootMs, Date.parse(p.started));
  if (p.pid === 1) return bootMs + INIT_AFTER_KERNEL_MS;
  const jitter = between(seed, `start:${p.pid}`, 50, 2_500);
  const parent = starts.get(p.ppid);
  if (p.ppid > 2 && parent !== undefined) return parent + jitter;
  return bootMs + INIT_AFTER_KERNEL_MS + 1_000 + Math.min(30_000, p.pid * 12) + jitter;
}

/** The processes running at the clock, in pid order, each with start, CPU time and sizes. */
export function deriveProcesses(
  specs: ProcessSpec[],
  bootMs: number,
  clockMs: number,
  seed: string,
  memTotalKb: number,
): LiveProcess[] {
  const present = specs.filter((p) => !p.started || Date.parse(p.started) <= clockMs).sort((a, b) => a.pid - b.pid);
  const starts = new Map<number, number>();
  // Parents first where the content lists a child before its parent.
  for (const p of present.filter((x) => x.started || x.pid === 1)) starts.set(p.pid, startOf(p, starts, bootMs, seed));
  for (const p of present) if (!starts.has(p.pid)) starts.set(p.pid, startOf(p, starts, bootMs, seed));
  return present.map((p) => liveProcess(p, starts.get(p.pid)!, clockMs, seed, memTotalKb));
}

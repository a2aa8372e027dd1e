import { between, unit } from "./hash";

/**
 * When a file the content gives no time for was last written, spread as real activity spreads
 * it: packages unpacked on install and upgrade days, configuration mostly from install with
 * some later edits in working hours, user files over the last months, /tmp and /run since boot.
 * Never the clock's own minute: only what the agent writes is written "now".
 */
export interface Timeline {
  seed: string;
  clockMs: number;
  bootMs: number;
  /** When the OS was installed. */
  installMs: number;
  /** Days packages were upgraded, between install and boot, oldest first. */
  upgradeMs: number[];
}

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/** Install on a date that belongs to the host (it keeps it from case to case), well before the clock. */
export function deriveTimeline(hostname: string, seed: string, clockMs: number, bootMs: number): Timeline {
  const fromName = Date.UTC(2024, 0, 8) + between(hostname, "install-day", 0, 280) * DAY;
  const installMs =
    Math.min(fromName, clockMs - 200 * DAY) + between(hostname, "install-time", 9 * 3600, 17 * 3600) * 1000;
  const lastUpgrade = Math.max(installMs + DAY, Math.min(bootMs, clockMs) - DAY);
  const upgradeMs = [0, 1, 2, 3]
    .map((i) => installMs + unit(seed, `upgrade:${i}`) * (lastUpgrade - installMs))
    .map((ms) => Math.floor(ms / DAY) * DAY + (6 * 3600 + between(seed, `upgrade-at:${ms}`, 0, 3599)) * 1000)
    .sort((a, b) => a - b);
  return { seed, clockMs, bootMs, installMs, upgradeMs };
}

/** A moment in working hours on a day between `fromMs` and `toMs`: an administrator's edit. */
function workday(t: Timeline, key: string, fromMs: number, toMs: number): number {
  const day = Math.floor((fromMs + unit(t.seed, `${key}:day`) * Math.max(0, toMs - fromMs)) / DAY) * DAY;
  return day + (8 * 3600 + between(t.seed, `${key}:time`, 0, 10 * 3600)) * 1000;
}

function packaged(t: Timeline, path: string): number {
  const day = unit(t.seed, `pkg:${path.split("/").slice(0, 4).join("/")}`) < 0.55 ? t.installMs : undefined;
  const base = day ?? t.upgradeMs[between(t.seed, `pkg-day:${path}`, 0, t.upgradeMs.length - 1)]!;
  return base + between(t.seed, `pkg-at:${path}`, 0, 900) * 1000;
}

function config(t: Timeline, path: string): number {
  const r = unit(t.seed, `etc:${path}`);
  if (r < 0.55) return t.installMs + between(t.seed, `etc-at:${path}`, 0, 3_000) * 1000;
  if (r < 0.8) return packaged(t, path);
  return workday(t, `etc-edit:${path}`, t.installMs + 7 * DAY, t.clockMs - 2 * DAY);
}

/** Between `oldest` and `newest` before the clock (durations), at any second. */
function recent(t: Timeline, key: string, oldest: number, newest: number): number {
  return t.clockMs - oldest + Math.floor((unit(t.seed, key) * Math.max(0, oldest - newest)) / 1000) * 1000;
}

const RULES: [RegExp, (t: Timeline, path: string) => number][] = [
  [/^\/(run|dev|proc|sys)(\/|$)/, (t, p) => t.bootMs + between(t.seed, `run:${p}`, 800, 95_000)],
  [/^\/tmp\//, (t, p) => Math.max(t.bootMs + MIN, recent(t, `tmp:${p}`, 36 * HOUR, 4 * MIN))],
  [/^\/var\/tmp\//, (t, p) => recent(t, `vartmp:${p}`, 12 * DAY, HOUR)],
  [/^\/(usr|bin|sbin|lib|lib64|boot)\//, packaged],
  [/^\/etc\//, config],
  [/^\/var\/log\//, (t, p) => recent(t, `log:${p}`, 6 * DAY, 3 * MIN)],
  [
    /^\/(home\/[^/]+|root)\/\.(bashrc|profile|bash_logout)$/,
    (t, p) => t.installMs + between(t.seed, p, 3_600, 40 * 86_400) * 1000,
  ],
  [/^\/(home|root)\//, (t, p) => recent(t, `home:${p}`, 120 * DAY, 2 * HOUR)],
  [/^\/var\/spool\/cron\//, (t, p) => workday(t, `cron:${p}`, t.installMs + 14 * DAY, t.clockMs - 3 * DAY)],
  [
    /^\/(var\/lib|srv|opt|var\/www|var\/cache|var\/spool|var\/backups)\//,
    (t, p) => recent(t, `data:${p}`, 180 * DAY, 2 * HOUR),
  ],
];

/** The time a file was last written, when the content does not say. */
export function defaultMtime(t: Timeline, path: string): number {
  const rule = RULES.find(([re]) => re.test(path))?.[1] ?? config;
  // Nothing predates the install or follows the clock's previous minute.
  return Math.min(t.clockMs - 90_000, Math.max(t.installMs, rule(t, path)));
}

/** Logrotate's last run before the clock: daily, shortly after midnight. */
export function lastRotationMs(t: Timeline): number {
  const midnight = Math.floor(t.clockMs / DAY) * DAY;
  const at = midnight + between(t.seed, "logrotate", 60, 2_400) * 1000;
  return at < t.clockMs - 90_000 ? at : at - DAY;
}

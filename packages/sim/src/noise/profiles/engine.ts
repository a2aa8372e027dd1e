import type { Random } from "../../random";

/**
 * Profiles generate a log as a real system writes it: as events (a browsing session, an SSH
 * login, a scanner's burst of probes, a cron run) that each print several related lines, at the
 * hours people and machines are busy, until the log has the lines it should. Unlike the generic
 * formats, a line is not drawn on its own: a session's lines share a client, a PID, a port.
 */

export interface Line {
  ms: number;
  text: string;
}

/** Prints one line of an event; lines outside the range being filled are dropped. */
export type Emit = (ms: number, text: string) => void;

/** When an event may start: office hours, evenings and weekends, or any moment alike. */
export type Rhythm = "office" | "consumer" | "flat";

export interface Source {
  /** Relative share of events (not of lines) among a profile's sources. */
  weight: number;
  rhythm: Rhythm;
  /** Prints one event starting at `ms`, its lines at `ms` or later. */
  event: (rng: Random, ms: number, emit: Emit) => void;
}

/** Something done on a schedule: a cron job, an uptime monitor, a sync. */
export interface Periodic {
  everyMs: number;
  /** Moment of the first run after midnight UTC, so "17 past every hour" is offset 17 min. */
  offsetMs?: number;
  /** How late a run may print (cron's and monitors' own delays). */
  jitterMs?: number;
  /** Lines a run prints, about: used to keep schedules from taking over a small log. */
  lines: number;
  event: (rng: Random, ms: number, emit: Emit) => void;
}

export interface Plan {
  /** Lines wanted (exactly, unless the sources cannot fill them). */
  count: number;
  fromMs: number;
  toMs: number;
  sources: Source[];
  periodic?: Periodic[];
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Share of the busiest hour's activity, by UTC hour (the company works in Western Europe). */
const OFFICE = [
  0.04, 0.03, 0.03, 0.03, 0.04, 0.08, 0.25, 0.6, 0.95, 1, 1, 0.95, 0.75, 0.9, 1, 0.95, 0.85, 0.55, 0.3, 0.2, 0.18, 0.15,
  0.1, 0.06,
];
const CONSUMER = [
  0.25, 0.15, 0.1, 0.08, 0.08, 0.12, 0.25, 0.45, 0.6, 0.7, 0.75, 0.8, 0.85, 0.85, 0.8, 0.8, 0.8, 0.85, 0.9, 1, 1, 0.9,
  0.7, 0.45,
];

/** How busy a rhythm is at `ms` (0 to 1). */
export function activity(rhythm: Rhythm, ms: number): number {
  if (rhythm === "flat") return 1;
  const d = new Date(ms);
  const weekend = d.getUTCDay() === 0 || d.getUTCDay() === 6;
  const hour = d.getUTCHours();
  if (rhythm === "office") return OFFICE[hour]! * (weekend ? 0.1 : 1);
  return CONSUMER[hour]! * (weekend ? 0.8 : 1);
}

/** A moment in [from, to] drawn in proportion to the rhythm's activity. */
export function moment(rng: Random, rhythm: Rhythm, fromMs: number, toMs: number): number {
  const span = Math.max(1, toMs - fromMs);
  for (let i = 0; i < 40; i++) {
    const ms = fromMs + Math.floor(rng.next() * span);
    if (rhythm === "flat" || rng.next() < activity(rhythm, ms)) return ms;
  }
  return fromMs + Math.floor(rng.next() * span);
}

/** Picks by weight. */
export function weighted<T extends { weight: number }>(rng: Random, items: readonly T[]): T {
  let total = 0;
  for (const i of items) total += i.weight;
  let r = rng.next() * total;
  for (const i of items) {
    r -= i.weight;
    if (r < 0) return i;
  }
  return items[items.length - 1]!;
}

/** The share of a log that schedules may fill; sources fill the rest. */
const PERIODIC_SHARE = 0.85;

/**
 * Runs a plan: the schedules first (spaced out if they would fill more than their share of a
 * small log), then events of the sources until the log has `count` lines, oldest first. An event
 * cut short at the end of the range stays cut short, as at a real log's end.
 */
export function run(rng: Random, plan: Plan): Line[] {
  const { count, fromMs, toMs } = plan;
  const out: Line[] = [];
  if (count <= 0 || toMs < fromMs) return [];
  const emit: Emit = (ms, text) => {
    if (ms >= fromMs && ms <= toMs) out.push({ ms, text });
  };
  const span = toMs - fromMs;
  const periodic = plan.periodic ?? [];
  const scheduled = periodic.reduce((sum, p) => sum + (span / p.everyMs) * p.lines, 0);
  const stretch = scheduled > count * PERIODIC_SHARE ? scheduled / (count * PERIODIC_SHARE) : 1;
  for (const p of periodic) {
    const every = p.everyMs * Math.ceil(stretch);
    const offset = p.offsetMs ?? 0;
    const dayStart = fromMs - (fromMs % DAY);
    let t = dayStart + offset;
    while (t < fromMs) t += every;
    for (; t <= toMs; t += every) p.event(rng, t + (p.jitterMs ? Math.floor(rng.next() * p.jitterMs) : 0), emit);
  }
  if (out.length > count) out.length = count;
  const sources = plan.sources;
  let guard = count * 8 + 1000;
  while (out.length < count && sources.length && guard-- > 0) {
    const source = weighted(rng, sources);
    source.event(rng, moment(rng, source.rhythm, fromMs, toMs), emit);
  }
  if (out.length > count) out.length = count;
  return out.sort((a, b) => a.ms - b.ms);
}

/** A steady pace inside an event: `n` moments from `ms`, each `min`–`max` ms after the last. */
export function paced(rng: Random, ms: number, n: number, min: number, max: number): number[] {
  const times: number[] = [];
  let t = ms;
  for (let i = 0; i < n; i++) {
    times.push(t);
    t += min + Math.floor(rng.next() * (max - min + 1));
  }
  return times;
}

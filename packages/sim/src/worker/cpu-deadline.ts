import { readFileSync } from "node:fs";

/**
 * A simulation request's deadline counted in the worker thread's own CPU time, not the clock's:
 * on a machine with more work than cores (other runs, other processes) a command waits for a
 * CPU, and a deadline on the clock would stop a model's honest command for the machine's load,
 * its transcript and score then depending on what else ran. A thread that burns its deadline in
 * CPU is stopped as before. A request that waits without running (a log another worker renders)
 * is bounded by WALL_CAP_FACTOR × its deadline on the clock; where /proc cannot say the thread's
 * time, the deadline is the clock's, as it always was.
 */

/** The longest a request may take on the clock, as a multiple of its deadline of CPU time. */
export const WALL_CAP_FACTOR = 3;
/** The shortest wait between two looks at a thread's time: a deadline a hair away is not polled. */
const MIN_RECHECK_MS = 50;

/** ms a thread of this process has run on a CPU (the first field of its schedstat, in ns), or null when /proc cannot say. */
export function threadCpuMs(tid: string): number | null {
  if (!/^\d+$/.test(tid)) return null;
  try {
    const ns = Number(readFileSync(`/proc/self/task/${tid}/schedstat`, "utf8").split(" ", 1)[0]);
    return Number.isFinite(ns) ? ns / 1e6 : null;
  } catch {
    return null;
  }
}

export interface CpuDeadline {
  /** The request ended in time: its deadline no longer fires. */
  stop(): void;
}

/**
 * Calls `onExpired` once the thread has run `deadlineMs` of CPU since now (per `cpuMs`), or
 * WALL_CAP_FACTOR × deadlineMs have passed on the clock, whichever comes first. Looks at the
 * thread's time only when the clock's deadline is due, and again when the time left is.
 */
export function armCpuDeadline(opts: {
  deadlineMs: number;
  cpuMs: () => number | null;
  onExpired: () => void;
  now?: () => number;
}): CpuDeadline {
  const { deadlineMs, onExpired } = opts;
  const now = opts.now ?? (() => performance.now());
  const startedAt = now();
  const cpuAtStart = opts.cpuMs();
  const check = () => {
    const wallMs = now() - startedAt;
    const cpuNow = cpuAtStart === null ? null : opts.cpuMs();
    const usedMs = cpuNow === null ? wallMs : cpuNow - cpuAtStart!;
    const leftMs = Math.min(deadlineMs - usedMs, deadlineMs * WALL_CAP_FACTOR - wallMs);
    if (leftMs <= 0) onExpired();
    else timer = setTimeout(check, Math.max(leftMs, MIN_RECHECK_MS));
  };
  let timer = setTimeout(check, deadlineMs);
  return { stop: () => clearTimeout(timer) };
}

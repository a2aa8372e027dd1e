import {
  healthHeadline,
  worstHealthStatus,
  type HealthCheck,
  type HealthCheckId,
  type HealthStatus,
  type SystemHealth,
} from "@analystbench/contracts";
import { statfsSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { getHeapStatistics } from "node:v8";
import type { CheckReading } from "./run-health";

/**
 * The one health model. Each check is something an operator would call unhealthy (runs
 * failing, a model provider unreachable, simulation workers dying, the disk filling up, the
 * heap near its limit, the event loop stalled for real), with a status and one sentence that
 * carries the measured figure. The system is as healthy as its worst check; the percentage is
 * 100 minus a fixed penalty per check that is not ok, so an idle, healthy server reads exactly
 * 100 every time, and the figure only moves when a check's status does.
 */

/** Points a check takes off when it is degraded or down. */
export const PENALTY: Record<HealthStatus, number> = { ok: 0, degraded: 20, down: 50 };

const LABELS: Record<HealthCheckId, string> = {
  runs: "Recent runs",
  provider: "Model providers",
  workers: "Simulation workers",
  disk: "Disk (data directory)",
  memory: "Memory (heap)",
  "event-loop": "Event loop",
};

export interface HealthAssessment {
  systemHealth: number;
  health: SystemHealth;
}

/** Combines the checks' readings, in the order given, into the score, the status and the breakdown. */
export function assessHealth(readings: [HealthCheckId, CheckReading][]): HealthAssessment {
  const checks: HealthCheck[] = readings.map(([id, r]) => ({
    id,
    label: LABELS[id],
    ...r,
    penalty: PENALTY[r.status],
  }));
  const status = worstHealthStatus(checks.map((c) => c.status));
  const systemHealth = Math.max(0, 100 - checks.reduce((n, c) => n + c.penalty, 0));
  return { systemHealth, health: { status, headline: healthHeadline(status), checks } };
}

// ─── Disk ─────────────────────────────────────────────────────────────────────────────────────

/** What statfs gives (blocks in units of bsize); injected by tests. */
export interface FsSpace {
  bsize: number;
  blocks: number;
  bfree: number;
  bavail: number;
}
export type StatfsReader = (dir: string) => FsSpace;

export type DiskReading = { freeBytes: number; freeRatio: number } | { error: string };

/**
 * Free space as `df` shows it: what this (unprivileged) user may still write, against the space
 * in use plus that; blocks reserved for root count as neither. Nonsense figures are an error.
 */
export function diskReading(s: FsSpace): DiskReading {
  const { bsize, blocks, bfree, bavail } = s;
  const sane = [bsize, blocks, bfree, bavail].every((v) => Number.isFinite(v) && v >= 0);
  if (!sane || bsize === 0 || blocks === 0 || bavail > bfree || bfree > blocks)
    return { error: "the filesystem reported impossible figures" };
  const usable = blocks - bfree + bavail;
  return { freeBytes: bavail * bsize, freeRatio: usable === 0 ? 0 : bavail / usable };
}

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
/** Nearly full: under 10 % or 1 GiB free (whichever comes first); full: under 2 % or 256 MiB. */
const DISK_DEGRADED = { ratio: 0.1, bytes: GiB };
const DISK_DOWN = { ratio: 0.02, bytes: 256 * MiB };

const bytesText = (n: number) => (n >= GiB ? `${(n / GiB).toFixed(1)} GiB` : `${Math.round(n / MiB)} MiB`);
const percentText = (ratio: number) => {
  const p = ratio * 100;
  return `${p < 10 ? p.toFixed(1) : Math.round(p)} %`;
};

export function diskCheck(d: DiskReading): CheckReading {
  if ("error" in d)
    return {
      status: "ok",
      figure: "unknown",
      summary: `The free space of the data directory's filesystem could not be read (${d.error}), so it is not counted.`,
    };
  const free = `${percentText(d.freeRatio)} free (${bytesText(d.freeBytes)})`;
  const below = (t: { ratio: number; bytes: number }) => d.freeRatio < t.ratio || d.freeBytes < t.bytes;
  if (below(DISK_DOWN))
    return {
      status: "down",
      figure: free,
      summary: `The data directory's filesystem is full: ${free}, so new results, logs and database writes may fail.`,
    };
  if (below(DISK_DEGRADED))
    return {
      status: "degraded",
      figure: free,
      summary: `The data directory's filesystem is nearly full: ${free}; results, logs and the database are written there.`,
    };
  return { status: "ok", figure: free, summary: `The data directory's filesystem has ${free}.` };
}

// ─── Memory ───────────────────────────────────────────────────────────────────────────────────

/** Near V8's heap limit garbage collection stalls the server, and at it the process dies. */
const HEAP_DEGRADED = 0.85;
const HEAP_DOWN = 0.95;

export function memoryCheck(heapUsed: number, heapLimit: number): CheckReading {
  const ratio = heapUsed / heapLimit;
  if (!Number.isFinite(ratio) || heapLimit <= 0 || ratio < 0)
    return { status: "ok", figure: "unknown", summary: "The heap figures could not be read, so they are not counted." };
  const limit = `${Math.round(heapLimit / MiB)} MiB`;
  const figure = `${percentText(ratio)} of ${limit}`;
  const used = `The server's JavaScript heap is at ${percentText(ratio)} of its ${limit} limit`;
  if (ratio >= HEAP_DOWN)
    return { status: "down", figure, summary: `${used}; the process is about to run out of memory.` };
  if (ratio >= HEAP_DEGRADED)
    return { status: "degraded", figure, summary: `${used}; near it garbage collection stalls the server.` };
  return { status: "ok", figure, summary: `${used}.` };
}

// ─── Event loop ───────────────────────────────────────────────────────────────────────────────

/**
 * Only a sustained, serious stall counts. The p99 of a 10 s window passes 500 ms only when the
 * loop was blocked for long stretches again and again (one long block is a single sample among
 * hundreds); tens of milliseconds are the noise of an idle machine and nobody notices them.
 */
const LOOP_DEGRADED_MS = 500;
const LOOP_DOWN_MS = 2_000;
export const LOOP_WINDOW_MS = 10_000;

const msText = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms * 10) / 10} ms`);

export function eventLoopCheck(p99Ms: number | null): CheckReading {
  if (p99Ms === null || !Number.isFinite(p99Ms) || p99Ms < 0)
    return {
      status: "ok",
      figure: "measuring",
      summary: "The event loop's first 10 s measurement window has not finished yet.",
    };
  const figure = `p99 ${msText(p99Ms)}`;
  const measured = `its p99 delay over the last 10 s was ${msText(p99Ms)}`;
  if (p99Ms > LOOP_DOWN_MS)
    return {
      status: "down",
      figure,
      summary: `The event loop is stalled: ${measured}, so the console barely responds.`,
    };
  if (p99Ms > LOOP_DEGRADED_MS)
    return {
      status: "degraded",
      figure,
      summary: `The event loop keeps stalling: ${measured}, so pages and live output lag.`,
    };
  return {
    status: "ok",
    figure,
    summary: `The event loop is responsive: ${measured} (only a sustained stall above 500 ms counts).`,
  };
}

// ─── The monitor ──────────────────────────────────────────────────────────────────────────────

/** The process's own resources, measured now (the event loop over the last complete window). */
export interface ResourceReading {
  eventLoopP99Ms: number | null;
  heapUsed: number;
  heapLimit: number;
  disk: DiskReading;
}

export interface HealthMonitor {
  read(): ResourceReading;
  stop(): void;
}

const errorText = (e: unknown) => (e as NodeJS.ErrnoException).code ?? (e as Error).message ?? String(e);

/** Reads the data directory's filesystem; a failing read is a reading of its own, never a throw. */
export function readDisk(dataDir: string, statfs: StatfsReader): DiskReading {
  try {
    return diskReading(statfs(dataDir));
  } catch (e) {
    return { error: errorText(e) };
  }
}

/**
 * Samples the event loop continuously; each complete window's p99 is the reading until the next
 * one completes. A half-filled window is never read: its few samples would swing the figure.
 */
export function createHealthMonitor(
  dataDir: string,
  opts: { statfs?: StatfsReader; windowMs?: number } = {},
): HealthMonitor {
  const statfs = opts.statfs ?? ((dir: string) => statfsSync(dir));
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let lastP99Ms: number | null = null;
  const timer = setInterval(() => {
    lastP99Ms = histogram.count > 0 ? histogram.percentile(99) / 1e6 : null;
    histogram.reset();
  }, opts.windowMs ?? LOOP_WINDOW_MS);
  timer.unref();

  return {
    read() {
      const heap = getHeapStatistics();
      return {
        eventLoopP99Ms: lastP99Ms,
        heapUsed: heap.used_heap_size,
        heapLimit: heap.heap_size_limit,
        disk: readDisk(dataDir, statfs),
      };
    },
    stop() {
      clearInterval(timer);
      histogram.disable();
    },
  };
}

/** The process's own checks, in the breakdown's order. */
export function resourceChecks(r: ResourceReading): [HealthCheckId, CheckReading][] {
  return [
    ["disk", diskCheck(r.disk)],
    ["memory", memoryCheck(r.heapUsed, r.heapLimit)],
    ["event-loop", eventLoopCheck(r.eventLoopP99Ms)],
  ];
}

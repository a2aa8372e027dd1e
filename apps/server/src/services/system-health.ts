import { statfsSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { getHeapStatistics } from "node:v8";

/**
 * System health, 0–100: 100 minus three penalties, each from a figure an operator can check.
 *
 *   event loop   p99 delay over the last sampling window: 0 up to 20 ms, then 1 point per
 *                2 ms above it, at most 40 (a stalled loop is what users feel first)
 *   memory       heap used against V8's heap limit: 0 up to 70 %, then 1 point per % above, at most 30
 *   disk         free space of the data directory's filesystem: 0 from 10 % free, then 3 points
 *                per % below it, at most 30 (results and logs are written there)
 */
export interface HealthReading {
  systemHealth: number;
  eventLoopDelayP99Ms: number;
  heapUsedRatio: number;
  diskFreeRatio: number | null;
  penalties: { eventLoop: number; memory: number; disk: number };
}

export function healthScore(input: {
  eventLoopDelayP99Ms: number;
  heapUsedRatio: number;
  diskFreeRatio: number | null;
}): HealthReading {
  const clamp = (v: number, max: number) => Math.min(max, Math.max(0, v));
  const eventLoop = clamp((input.eventLoopDelayP99Ms - 20) / 2, 40);
  const memory = clamp((input.heapUsedRatio - 0.7) * 100, 30);
  const disk = input.diskFreeRatio === null ? 0 : clamp((0.1 - input.diskFreeRatio) * 300, 30);
  const round1 = (v: number) => Math.round(v * 10) / 10;
  return {
    ...input,
    systemHealth: Math.round(100 - eventLoop - memory - disk),
    penalties: { eventLoop: round1(eventLoop), memory: round1(memory), disk: round1(disk) },
  };
}

export interface HealthMonitor {
  read(): HealthReading;
  stop(): void;
}

const SAMPLE_WINDOW_MS = 10_000;

/** Samples the event loop continuously; each window's p99 becomes the reading of the next. */
export function createHealthMonitor(dataDir: string): HealthMonitor {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let lastP99Ms = 0;
  const timer = setInterval(() => {
    lastP99Ms = histogram.percentile(99) / 1e6;
    histogram.reset();
  }, SAMPLE_WINDOW_MS);
  timer.unref();

  const diskFree = (): number | null => {
    try {
      const s = statfsSync(dataDir);
      return s.blocks > 0 ? s.bavail / s.blocks : null;
    } catch {
      return null;
    }
  };

  return {
    read() {
      const heap = getHeapStatistics();
      const current = histogram.count > 0 ? histogram.percentile(99) / 1e6 : 0;
      return healthScore({
        eventLoopDelayP99Ms: Math.round(Math.max(lastP99Ms, current) * 10) / 10,
        heapUsedRatio: heap.used_heap_size / heap.heap_size_limit,
        diskFreeRatio: diskFree(),
      });
    },
    stop() {
      clearInterval(timer);
      histogram.disable();
    },
  };
}

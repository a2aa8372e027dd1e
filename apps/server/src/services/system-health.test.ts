import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { CheckReading } from "./run-health";
import {
  assessHealth,
  createHealthMonitor,
  diskCheck,
  diskReading,
  eventLoopCheck,
  memoryCheck,
  readDisk,
  resourceChecks,
  type FsSpace,
  type HealthMonitor,
} from "./system-health";

const GiB = 1024 ** 3;
/** A 100 GiB filesystem with `freeGiB` available to us and nothing reserved. */
const space = (freeGiB: number): FsSpace => ({
  bsize: 4096,
  blocks: (100 * GiB) / 4096,
  bfree: (freeGiB * GiB) / 4096,
  bavail: (freeGiB * GiB) / 4096,
});
const okReading = (figure = "x"): CheckReading => ({ status: "ok", figure, summary: "fine." });

describe("assessHealth", () => {
  it("reads exactly 100 and 'All systems operational' when every check is ok", () => {
    const r = assessHealth([
      ["runs", okReading()],
      ["disk", okReading()],
    ]);
    expect(r.systemHealth).toBe(100);
    expect(r.health).toMatchObject({ status: "ok", headline: "All systems operational" });
    expect(r.health.checks.map((c) => [c.id, c.label, c.penalty])).toEqual([
      ["runs", "Recent runs", 0],
      ["disk", "Disk (data directory)", 0],
    ]);
  });

  it("takes the worst check for the status and a fixed penalty per check, never below 0", () => {
    const degraded: CheckReading = { status: "degraded", figure: "f", summary: "s." };
    const down: CheckReading = { status: "down", figure: "f", summary: "s." };
    expect(
      assessHealth([
        ["runs", degraded],
        ["disk", okReading()],
      ]),
    ).toMatchObject({
      systemHealth: 80,
      health: { status: "degraded", headline: "Degraded performance" },
    });
    expect(
      assessHealth([
        ["runs", degraded],
        ["provider", down],
      ]),
    ).toMatchObject({
      systemHealth: 30,
      health: { status: "down", headline: "Major outage" },
    });
    const all = assessHealth([
      ["runs", down],
      ["provider", down],
      ["workers", down],
    ]);
    expect(all.systemHealth).toBe(0);
  });
});

describe("event loop", () => {
  it("ignores the tens of milliseconds of an idle machine (the issue's 51 ms)", () => {
    for (const ms of [0, 12, 51, 499.9]) expect(eventLoopCheck(ms).status).toBe("ok");
    expect(eventLoopCheck(51).summary).toBe(
      "The event loop is responsive: its p99 delay over the last 10 s was 51 ms (only a sustained stall above 500 ms counts).",
    );
  });

  it("is degraded for a sustained stall above 500 ms and down above 2 s", () => {
    expect(eventLoopCheck(812)).toMatchObject({ status: "degraded", figure: "p99 812 ms" });
    expect(eventLoopCheck(2400)).toMatchObject({
      status: "down",
      summary: "The event loop is stalled: its p99 delay over the last 10 s was 2.4 s, so the console barely responds.",
    });
  });

  it("is ok, and says so, before the first window and for readings that are not numbers", () => {
    for (const v of [null, Number.NaN, -5, Number.POSITIVE_INFINITY])
      expect(eventLoopCheck(v)).toMatchObject({ status: "ok", figure: "measuring" });
  });
});

describe("memory", () => {
  const limit = 4096 * 1024 * 1024;
  it("counts only a heap near its limit", () => {
    expect(memoryCheck(0.7 * limit, limit).status).toBe("ok");
    expect(memoryCheck(0.9 * limit, limit)).toMatchObject({
      status: "degraded",
      summary:
        "The server's JavaScript heap is at 90 % of its 4096 MiB limit; near it garbage collection stalls the server.",
    });
    expect(memoryCheck(0.97 * limit, limit).status).toBe("down");
  });

  it("does not guess from figures that cannot be right", () => {
    for (const [used, lim] of [
      [1, 0],
      [Number.NaN, limit],
      [-1, limit],
    ])
      expect(memoryCheck(used!, lim!)).toMatchObject({ status: "ok", figure: "unknown" });
  });
});

describe("disk", () => {
  it("is ok with room, degraded when nearly full, down when full, with the figure in the sentence", () => {
    expect(diskCheck(diskReading(space(40)))).toMatchObject({ status: "ok", figure: "40 % free (40.0 GiB)" });
    expect(diskCheck(diskReading(space(5)))).toMatchObject({
      status: "degraded",
      summary:
        "The data directory's filesystem is nearly full: 5.0 % free (5.0 GiB); results, logs and the database are written there.",
    });
    expect(diskCheck(diskReading(space(1))).status).toBe("down");
  });

  it("is nearly full under 1 GiB even when that is a large share of a small disk", () => {
    const small: FsSpace = { bsize: 4096, blocks: (2 * GiB) / 4096, bfree: GiB / 8192, bavail: GiB / 8192 };
    expect(diskCheck(diskReading(small))).toMatchObject({ status: "degraded", figure: "25 % free (512 MiB)" });
  });

  it("measures free space as df does: blocks reserved for root are neither free nor used", () => {
    // 100 blocks: 20 used, 80 free of which 30 are reserved: 50 of 70 usable are free.
    expect(diskReading({ bsize: 1, blocks: 100, bfree: 80, bavail: 50 })).toEqual({
      freeBytes: 50,
      freeRatio: 50 / 70,
    });
  });

  it("does not count impossible or unreadable figures, and says why", () => {
    for (const s of [
      { bsize: 4096, blocks: Number.NaN, bfree: 1, bavail: 1 },
      { bsize: 4096, blocks: 0, bfree: 0, bavail: 0 },
      { bsize: 0, blocks: 10, bfree: 5, bavail: 5 },
      { bsize: 4096, blocks: 10, bfree: 5, bavail: 6 },
      { bsize: 4096, blocks: 10, bfree: 11, bavail: 5 },
      { bsize: 4096, blocks: -10, bfree: 5, bavail: 5 },
    ])
      expect(diskCheck(diskReading(s))).toMatchObject({ status: "ok", figure: "unknown" });
    const failing = readDisk("/data", () => {
      throw Object.assign(new Error("permission denied"), { code: "EACCES" });
    });
    expect(diskCheck(failing).summary).toBe(
      "The free space of the data directory's filesystem could not be read (EACCES), so it is not counted.",
    );
  });
});

describe("the monitor", () => {
  let monitor: HealthMonitor | undefined;
  let dir: string | undefined;
  afterEach(() => {
    monitor?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("reads 100 on an idle, healthy server every time", async () => {
    monitor = createHealthMonitor("/data", { statfs: () => space(60), windowMs: 50 });
    for (let i = 0; i < 5; i++) {
      expect(assessHealth(resourceChecks(monitor.read())).systemHealth).toBe(100);
      await new Promise((r) => setTimeout(r, 30));
    }
  });

  it("reads the real data directory's filesystem by default", () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "ab-health-"));
    monitor = createHealthMonitor(dir);
    const disk = monitor.read().disk;
    expect("freeRatio" in disk && disk.freeRatio > 0 && disk.freeRatio <= 1).toBe(true);
    expect(monitor.read().eventLoopP99Ms).toBeNull();
  });

  it("notices a stall that fills a window, and lets it go once the loop is free again", async () => {
    monitor = createHealthMonitor("/data", { statfs: () => space(60), windowMs: 100 });
    await new Promise((r) => setTimeout(r, 250));
    expect(eventLoopCheck(monitor.read().eventLoopP99Ms).status).toBe("ok");
    const until = Date.now() + 700;
    while (Date.now() < until) {
      /* the loop is blocked */
    }
    await new Promise((r) => setTimeout(r, 20));
    expect(eventLoopCheck(monitor.read().eventLoopP99Ms).status).toBe("degraded");
    await new Promise((r) => setTimeout(r, 350));
    expect(eventLoopCheck(monitor.read().eventLoopP99Ms).status).toBe("ok");
  });
});

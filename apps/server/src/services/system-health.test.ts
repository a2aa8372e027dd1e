import { describe, expect, it } from "vitest";
import { healthScore } from "./system-health";

describe("healthScore", () => {
  it("is 100 for a quiet loop, a light heap and plenty of disk", () => {
    expect(healthScore({ eventLoopDelayP99Ms: 12, heapUsedRatio: 0.2, diskFreeRatio: 0.5 }).systemHealth).toBe(100);
  });
  it("loses a point per 2 ms of p99 delay above 20 ms, at most 40", () => {
    expect(healthScore({ eventLoopDelayP99Ms: 40, heapUsedRatio: 0.1, diskFreeRatio: 0.5 }).systemHealth).toBe(90);
    expect(healthScore({ eventLoopDelayP99Ms: 5000, heapUsedRatio: 0.1, diskFreeRatio: 0.5 }).systemHealth).toBe(60);
  });
  it("penalises heap above 70 % and free disk below 10 %", () => {
    const r = healthScore({ eventLoopDelayP99Ms: 0, heapUsedRatio: 0.8, diskFreeRatio: 0.05 });
    expect(r.penalties).toEqual({ eventLoop: 0, memory: 10, disk: 15 });
    expect(r.systemHealth).toBe(75);
  });
  it("ignores disk when it cannot be read", () => {
    expect(healthScore({ eventLoopDelayP99Ms: 0, heapUsedRatio: 0, diskFreeRatio: null }).systemHealth).toBe(100);
  });
});

import { existsSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { threadId } from "./batch-scheduling";
import { armCpuDeadline, threadCpuMs, WALL_CAP_FACTOR } from "./cpu-deadline";

/** A thread whose CPU time grows at `share` of the clock's pace (1: it runs all the time). */
function threadAt(share: number | null) {
  return () => (share === null ? null : performance.now() * share);
}

describe("armCpuDeadline", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const arm = (share: number | null, deadlineMs = 1_000) => {
    const expired = vi.fn();
    const deadline = armCpuDeadline({ deadlineMs, cpuMs: threadAt(share), onExpired: expired });
    return { expired, deadline };
  };

  it("stops a thread that ran on a CPU the whole time at its deadline", () => {
    const { expired } = arm(1);
    vi.advanceTimersByTime(999);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expired).toHaveBeenCalledOnce();
  });

  it("gives a thread that waited for a CPU the time it did not get, until it has run its deadline", () => {
    // Half a core: 1 s of CPU takes 2 s on the clock.
    const { expired } = arm(0.5);
    vi.advanceTimersByTime(1_990);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60);
    expect(expired).toHaveBeenCalledOnce();
  });

  it("stops a thread that hardly runs at WALL_CAP_FACTOR times its deadline on the clock", () => {
    const { expired } = arm(0.01);
    vi.advanceTimersByTime(WALL_CAP_FACTOR * 1_000 - 1);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(expired).toHaveBeenCalledOnce();
  });

  it("counts the clock's time where the thread's own cannot be read", () => {
    const { expired } = arm(null);
    vi.advanceTimersByTime(1_000);
    expect(expired).toHaveBeenCalledOnce();
  });

  it("never fires once stopped, also after a first look found time left", () => {
    const { expired, deadline } = arm(0.5);
    vi.advanceTimersByTime(1_500);
    deadline.stop();
    vi.advanceTimersByTime(10_000);
    expect(expired).not.toHaveBeenCalled();
  });
});

describe("threadCpuMs", () => {
  const tid = threadId();

  it.runIf(tid && existsSync(`/proc/self/task/${tid}/schedstat`))(
    "reads a thread's CPU time, which grows as it runs",
    () => {
      const before = threadCpuMs(tid!)!;
      const until = performance.now() + 30;
      while (performance.now() < until);
      expect(threadCpuMs(tid!)! - before).toBeGreaterThan(15);
    },
  );

  it("says nothing of a thread that is not there, or of a name that is not a thread id", () => {
    expect(threadCpuMs("999999999")).toBeNull();
    expect(threadCpuMs("../../1")).toBeNull();
    expect(threadCpuMs("")).toBeNull();
  });
});

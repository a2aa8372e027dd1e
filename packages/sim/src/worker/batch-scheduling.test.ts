import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import { describe, expect, it } from "vitest";
import { preferBatchScheduling, scheduleAsBackground, SIMULATION_NICE, threadId } from "./batch-scheduling";

/** The scheduling policy of the calling thread (field 41 of /proc/thread-self/stat; 0 SCHED_OTHER, 3 SCHED_BATCH). */
function policy(): number {
  return statField("thread-self", 41);
}

/** Field n (from 1) of a thread's stat file; the fields after the name start at 3. */
function statField(thread: string, n: number): number {
  const stat = readFileSync(`/proc/${thread}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[n - 3]);
}

/** The niceness of a thread of this process (field 19). */
const niceOf = (tid: string) => statField(`self/task/${tid}`, 19);

const SCHED_OTHER = 0;
const SCHED_BATCH = 3;
const chrt = ["/usr/bin/chrt", "/bin/chrt"].find((p) => existsSync(p));
const tid = threadId();

describe("preferBatchScheduling", () => {
  it.runIf(chrt && tid)(
    "puts the calling thread under SCHED_BATCH (the simulation workers call it when they start)",
    async () => {
      const before = policy();
      // From the default policy, whatever this test runner was started under; put back afterwards.
      execFileSync(chrt!, ["--other", "--pid", "0", tid!]);
      try {
        expect(policy()).toBe(SCHED_OTHER);
        preferBatchScheduling();
        // chrt runs as a child process; its change shows once it has run.
        for (let i = 0; i < 100 && policy() !== SCHED_BATCH; i++) await new Promise((r) => setTimeout(r, 20));
        expect(policy()).toBe(SCHED_BATCH);
      } finally {
        execFileSync(chrt!, [before === SCHED_BATCH ? "--batch" : "--other", "--pid", "0", tid!]);
      }
    },
  );

  it.runIf(existsSync("/proc/thread-self"))(
    "names this thread by the id /proc gives it in this process's namespace",
    () => {
      expect(threadId()).toMatch(/^\d+$/);
      expect(readFileSync(`/proc/self/task/${threadId()}/stat`, "utf8")).toContain(`${threadId()} (`);
    },
  );

  it.runIf(tid)("lowers the calling thread's priority to SIMULATION_NICE, and no other thread's", () => {
    const others = readdirSync("/proc/self/task").filter((t) => t !== tid);
    const before = new Map([tid!, ...others].map((t) => [t, niceOf(t)]));
    try {
      scheduleAsBackground();
      expect(niceOf(tid!)).toBe(Math.max(before.get(tid!)!, SIMULATION_NICE));
      expect(niceOf(tid!)).toBeGreaterThan(0);
      for (const t of others)
        if (existsSync(`/proc/self/task/${t}`)) expect(niceOf(t), `thread ${t}`).toBe(before.get(t));
    } finally {
      try {
        os.setPriority(before.get(tid!)!);
      } catch {
        // Only a privileged process may raise a priority again; this thread then stays niced.
      }
    }
  });
});

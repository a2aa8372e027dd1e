import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { preferBatchScheduling, threadId } from "./batch-scheduling";

/** The scheduling policy of the calling thread (field 41 of /proc/thread-self/stat; 0 SCHED_OTHER, 3 SCHED_BATCH). */
function policy(): number {
  const stat = readFileSync("/proc/thread-self/stat", "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[41 - 3]);
}

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
});

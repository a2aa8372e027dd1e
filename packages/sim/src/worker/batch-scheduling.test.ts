import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { preferBatchScheduling } from "./batch-scheduling";

/** The scheduling policy of the calling thread (field 41 of /proc/thread-self/stat; 3 is SCHED_BATCH). */
function policy(): number {
  const stat = readFileSync("/proc/thread-self/stat", "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[41 - 3]);
}

const SCHED_BATCH = 3;
const hasChrt = ["/usr/bin/chrt", "/bin/chrt"].some(existsSync);

describe("preferBatchScheduling", () => {
  it.runIf(existsSync("/proc/thread-self") && hasChrt)(
    "puts the calling thread under SCHED_BATCH (the simulation workers call it when they start)",
    async () => {
      expect(policy()).not.toBe(SCHED_BATCH);
      preferBatchScheduling();
      // chrt runs as a child process; its change shows once it has run.
      for (let i = 0; i < 100 && policy() !== SCHED_BATCH; i++) await new Promise((r) => setTimeout(r, 20));
      expect(policy()).toBe(SCHED_BATCH);
    },
  );
});

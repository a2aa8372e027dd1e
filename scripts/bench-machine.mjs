/**
 * The machine a benchmark ran on, printed beside its figures: these machines are shared, and a
 * figure measured under a load average of 3 on 2 cores says little about the code.
 */
import { readFileSync } from "node:fs";
import os from "node:os";

/** "load average 0.42 0.61 0.70 (1, 5, 15 min) on 2 cores". */
export function machineLoad() {
  const [one, five, fifteen] = os.loadavg().map((n) => n.toFixed(2));
  return `load average ${one} ${five} ${fifteen} (1, 5, 15 min) on ${os.availableParallelism()} cores`;
}

/**
 * CPU time of this process's main thread alone, in ms, or null where /proc does not say (not
 * Linux). Node has no per-thread CPU figure before v23; /proc gives the main thread's (its task id
 * is the process id) in clock ticks of 10 ms, fine enough over a suite of seconds.
 */
export function mainThreadCpuMs() {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces); utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

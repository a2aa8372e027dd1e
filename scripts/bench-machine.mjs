/**
 * The machine a benchmark ran on, printed beside its figures: these machines are shared, and a
 * figure measured under a load average of 3 on 2 cores says little about the code.
 */
import os from "node:os";

/** "load average 0.42 0.61 0.70 (1, 5, 15 min) on 2 cores". */
export function machineLoad() {
  const [one, five, fifteen] = os.loadavg().map((n) => n.toFixed(2));
  return `load average ${one} ${five} ${fifteen} (1, 5, 15 min) on ${os.availableParallelism()} cores`;
}

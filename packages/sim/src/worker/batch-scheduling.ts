import { execFile } from "node:child_process";
import { readlinkSync } from "node:fs";

/**
 * Puts the calling thread under Linux's SCHED_BATCH policy: same share of the CPU as before, but
 * waking it (a request posted to an idle simulation worker) no longer preempts the thread that woke
 * it. On 2 cores the main thread, which holds the model connections, was otherwise often stopped in
 * postMessage for the whole of the woken worker's job (up to 3 ms; p99 of a post 1.5–3 ms, 0.04 ms
 * under SCHED_BATCH), with connections idle meanwhile. Node has no call for it, so util-linux's chrt
 * sets it, once per worker; where there is no chrt or no /proc nothing changes.
 */
export function preferBatchScheduling(): void {
  let tid: string | undefined;
  try {
    tid = readlinkSync("/proc/thread-self").split("/").pop();
  } catch {
    return;
  }
  if (!tid || !/^\d+$/.test(tid)) return;
  execFile("chrt", ["--batch", "--pid", "0", tid], { timeout: 5_000 }, () => {
    // Best effort: a thread left under the default policy works as before.
  });
}

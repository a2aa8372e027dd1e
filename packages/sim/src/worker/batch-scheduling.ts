import { execFile } from "node:child_process";
import { existsSync, readlinkSync } from "node:fs";

/**
 * Puts the calling thread under Linux's SCHED_BATCH policy: same share of the CPU as before, but
 * waking it (a request posted to an idle simulation worker) no longer preempts the thread that woke
 * it. On 2 cores the main thread, which holds the model connections, was otherwise often stopped in
 * postMessage for the whole of the woken worker's job (up to 3 ms; p99 of a post 1.5–3 ms, 0.04 ms
 * under SCHED_BATCH), with connections idle meanwhile. Node has no call for it, so util-linux's chrt
 * sets it, once per worker: found at its own path, never through PATH (a package's bin or the
 * working directory could hold another "chrt"), and run with an empty environment. Best effort:
 * without chrt, without /proc, or where /proc counts threads in another pid namespace than this
 * process (its thread ids would name other threads), nothing changes.
 */
const CHRT = ["/usr/bin/chrt", "/bin/chrt"].find((p) => existsSync(p));

/** This thread's id as chrt takes it, or null when /proc cannot say it for this process's namespace. */
export function threadId(): string | null {
  try {
    if (readlinkSync("/proc/self") !== String(process.pid)) return null;
    const tid = readlinkSync("/proc/thread-self").split("/").pop();
    return tid && /^\d+$/.test(tid) ? tid : null;
  } catch {
    return null;
  }
}

export function preferBatchScheduling(): void {
  const tid = threadId();
  if (!CHRT || !tid) return;
  execFile(CHRT, ["--batch", "--pid", "0", tid], { env: {}, timeout: 5_000 }, () => {
    // A thread left under the default policy works as before.
  });
}

import { execFile } from "node:child_process";
import { existsSync, readlinkSync, stat } from "node:fs";
import os from "node:os";

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

/**
 * The niceness a simulation worker takes: when the machine has more work than cores, the main
 * thread (model replies, the console's requests) gets the CPU first and the simulation the rest.
 * Alternated runs of bench:engine, 3 pairs: efficiency 0.941, 0.938, 0.953 at nice 0 against
 * 0.951, 0.948, 0.954 at 10 (5 gave half that). With a core to spare it changes nothing. Against
 * busy threads at nice 0 a command gets about a tenth of a core for each; its deadline counts the
 * CPU it got, not the clock's time (cpu-deadline.ts), so the wait is never held against it.
 */
export const SIMULATION_NICE = 10;

/**
 * What a simulation worker does first: nice SIMULATION_NICE, then SCHED_BATCH. Only on Linux,
 * where a thread's niceness is its own (elsewhere it is the whole process's, the main thread's
 * too). Best effort: a thread left at the niceness it had works as before.
 */
export function scheduleAsBackground(): void {
  if (process.platform !== "linux") return;
  try {
    os.setPriority(Math.max(os.getPriority(), SIMULATION_NICE));
  } catch {
    // As above: left as it was.
  }
  preferBatchScheduling();
}

let poolStarted = false;

/**
 * Starts libuv's thread pool from this (the main) thread if nothing has yet: a new thread takes
 * the niceness and policy of the thread that makes it, and the pool serves the main thread's
 * files, name lookups and crypto for the rest of the process. Without this, the first simulation
 * worker to read a file could start the pool niced. Today module loading starts it first; this
 * keeps it so under another loader or entry point.
 */
export function startThreadPoolHere(): void {
  if (poolStarted) return;
  poolStarted = true;
  stat(process.execPath, () => {});
}

export function preferBatchScheduling(): void {
  const tid = threadId();
  if (!CHRT || !tid) return;
  execFile(CHRT, ["--batch", "--pid", "0", tid], { env: {}, timeout: 5_000 }, () => {
    // A thread left under the default policy works as before.
  });
}

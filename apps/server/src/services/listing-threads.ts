import os from "node:os";
import { Worker } from "node:worker_threads";

/**
 * Describing a big directory on two threads at once (listing-thread.mjs does the work). An lstat of
 * an entry reached through the held descriptor ("/proc/<pid>/fd/N/name", the race-free way) costs
 * some 4.5 µs, most of it the kernel walking /proc; 10,000 of them were ~47 ms of a ~75 ms listing
 * on one thread. Split over two threads, with each row's JSON written there too, the main thread
 * only sorts and joins, and stays free for other requests meanwhile.
 *
 * The threads start on the first big listing and are kept (unreferenced: they never hold the
 * process open). A thread that dies fails the listings it was describing, and the next listing
 * starts a new one; file-store.ts then describes in its own thread, so a listing never fails for it.
 * A thread that does not answer within LISTING_TIMEOUT_MS (an lstat stuck on a hung network mount)
 * is ended and its listings fail with ListingTimeoutError: describing them in the server's own
 * thread would hang the server with it.
 */

export const NOT_LISTED = 0;
export const FILE = 1;
export const DIRECTORY = 2;
/** A symlink (its target is judged against the root), or an entry the thread could not describe. */
export const ON_MAIN_THREAD = 3;

/** Longest a thread may take over its share of one listing. */
export const LISTING_TIMEOUT_MS = 20_000;

export class ListingTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`reading the folder's entries took longer than ${timeoutMs / 1000} s`);
  }
}

export interface DescribedEntries {
  /** Per name: NOT_LISTED, FILE, DIRECTORY or ON_MAIN_THREAD (left to the caller, who knows the root). */
  kinds: Uint8Array;
  /** Per name: the FileItem of a file or directory as JSON text, "" otherwise. */
  rows: string[];
}

interface Answer extends DescribedEntries {
  id: number;
}

interface Pending {
  resolve(answer: DescribedEntries): void;
  reject(e: Error): void;
}

const THREADS = Math.max(1, Math.min(2, os.availableParallelism()));
const script = new URL("./listing-thread.mjs", import.meta.url);

class ListingThread {
  private readonly worker = new Worker(script);
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  alive = true;

  constructor() {
    this.worker.unref();
    this.worker.on("message", (answer: Answer) => {
      this.pending.get(answer.id)?.resolve(answer);
      this.pending.delete(answer.id);
    });
    this.worker.on("error", (e) => this.fail(e));
    this.worker.on("exit", (code) => this.fail(new Error(`the listing thread exited (code ${code})`)));
  }

  describe(fd: number, names: string[], prefix: string, timeoutMs: number): Promise<DescribedEntries> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const timer = setTimeout(() => {
        this.fail(new ListingTimeoutError(timeoutMs));
        void this.worker.terminate();
      }, timeoutMs);
      timer.unref();
      const settled = () => clearTimeout(timer);
      this.pending.set(id, {
        resolve: (answer) => (settled(), resolve(answer)),
        reject: (e) => (settled(), reject(e)),
      });
      this.worker.postMessage({ id, fd, names, prefix });
    });
  }

  private fail(e: Error): void {
    if (!this.alive) return;
    this.alive = false;
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }
}

let threads: ListingThread[] = [];

function liveThreads(): ListingThread[] {
  threads = threads.filter((t) => t.alive);
  while (threads.length < THREADS) threads.push(new ListingThread());
  return threads;
}

/**
 * The kinds and rows of `names`, entries of the directory open as `fd` (which must stay open until
 * this settles: it settles only once every thread is done with it), their paths below the root
 * starting with `prefix`. Rejects when a thread died (ListingTimeoutError when one hung).
 */
export async function describeOnThreads(
  fd: number,
  names: string[],
  prefix: string,
  timeoutMs = LISTING_TIMEOUT_MS,
): Promise<DescribedEntries> {
  const pool = liveThreads();
  const share = Math.ceil(names.length / pool.length);
  const settled = await Promise.allSettled(
    pool.map((thread, i) => thread.describe(fd, names.slice(i * share, (i + 1) * share), prefix, timeoutMs)),
  );
  const failed = settled.find((s) => s.status === "rejected");
  if (failed) throw failed.reason;
  const parts = settled.map((s) => (s as PromiseFulfilledResult<DescribedEntries>).value);
  const kinds = new Uint8Array(names.length);
  let at = 0;
  for (const part of parts) {
    kinds.set(part.kinds, at);
    at += part.kinds.length;
  }
  return { kinds, rows: parts.flatMap((p) => p.rows) };
}

import { fork, type ChildProcess } from "node:child_process";
import { readlinkSync } from "node:fs";
import os from "node:os";

/**
 * Describing a big directory in two helper processes at once (listing-process.mjs does the work).
 * Each enters the directory the server holds open through "/proc/<pid>/fd/N", checks by device
 * and inode that it is that directory, and looks entries up by bare name: race-free as
 * confined-fs.ts's "/proc/self/fd/N/name", at about half the kernel's cost (one name walked per
 * entry, not five). Threads cannot do that: they share the server's working directory. Measured
 * on 10,000 entries: ~4.9 µs an entry through /proc, ~2.9 µs by name.
 *
 * The processes start on the first big listing and are kept; they never hold the server open
 * (the timers of a start and of pending requests do, until answered). A process that dies fails
 * the listings it was describing, and the next listing starts a new one; file-store.ts then
 * describes in the server's own thread, so a listing never fails for it. One that does not answer within
 * LISTING_TIMEOUT_MS (an lstat stuck on a hung network mount) is killed and its listings fail with
 * ListingTimeoutError: describing them in the server's own thread would hang the server with it.
 * One that cannot start (a process limit, no memory) turns the helpers off for HELPERS_OFF_MS, so
 * a server short of processes is not made to fork two more for every listing.
 */

export const NOT_LISTED = 0;
export const FILE = 1;
export const DIRECTORY = 2;
/** A symlink (its target is judged against the root), or an entry the process could not describe. */
export const ON_SERVER = 3;

/** Longest a process may take over its share of one listing. */
const LISTING_TIMEOUT_MS = 20_000;
/** Longest a new process may take to say it is ready; Node starts in well under a second. */
const START_TIMEOUT_MS = 5_000;
/** How long the helpers stay off after one could not start. */
const HELPERS_OFF_MS = 60_000;

export class ListingTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`reading the folder's entries took longer than ${timeoutMs / 1000} s`);
  }
}

export interface DescribedEntries {
  /** Per name: NOT_LISTED, FILE, DIRECTORY or ON_SERVER (left to the caller, who knows the root). */
  kinds: Uint8Array;
  /** Per name: the FileItem of a file or directory as JSON text, "" otherwise. */
  rows: string[];
}

/** The directory the server holds open: its descriptor, and its identity from fstat (bigints: inodes may pass 2^53). */
export interface HeldDirectory {
  fd: number;
  dev: bigint;
  ino: bigint;
}

/** What a process answers for its part: the rows of its files and directories as one text, a line each (listing-process.mjs). */
interface DescribedPart {
  kinds: Uint8Array;
  text: string;
}

type Answer =
  { ready: true; id?: undefined } | { id: number; error: string } | ({ id: number; error?: undefined } & DescribedPart);

interface Pending {
  timeoutMs: number;
  resolve(answer: DescribedPart): void;
  reject(e: Error): void;
}

export interface ListingTimeouts {
  timeoutMs?: number;
  startTimeoutMs?: number;
}

const PROCESSES = Math.max(1, Math.min(2, os.availableParallelism()));
const script = new URL("./listing-process.mjs", import.meta.url);

/**
 * Where a helper finds this process's descriptors: /proc by the pid /proc knows this process by
 * (which need not be process.pid in another pid namespace); a helper shares this /proc. Null
 * without /proc.
 */
function ownDescriptorsDir(): string | null {
  try {
    return `/proc/${readlinkSync("/proc/self")}/fd`;
  } catch {
    return null;
  }
}
let descriptorsDir: string | null | undefined;
/** Until when the helpers are off (see HELPERS_OFF_MS), on the monotonic clock. */
let offUntil = 0;
const turnOff = () => void (offUntil = performance.now() + HELPERS_OFF_MS);

class ListingProcess {
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, Pending>();
  private readonly ready: Promise<void>;
  /** Fails the start (and turns the helpers off) until the process's first message. */
  private notStarted: ((e: Error) => void) | null = null;
  /** Times the oldest request, the one the process is working on (it answers in order). */
  private timer: NodeJS.Timeout | null = null;
  private nextId = 1;
  alive = true;

  constructor(startTimeoutMs: number) {
    // An empty environment and no loader flags: it needs neither, and keys the server holds stay in the server.
    this.child = fork(script, [], {
      env: {},
      execArgv: [],
      serialization: "advanced",
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    });
    this.child.unref();
    this.child.channel?.unref();
    this.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => this.fail(new Error(`the listing process did not start within ${startTimeoutMs} ms`)),
        startTimeoutMs,
      );
      this.child.once("message", () => {
        clearTimeout(timer);
        this.notStarted = null;
        resolve();
      });
      this.notStarted = (e) => {
        clearTimeout(timer);
        turnOff();
        reject(e);
      };
    });
    // Awaited by every request; a start that failed is reported there.
    this.ready.catch(() => {});
    this.child.on("message", (answer: Answer) => this.answer(answer));
    this.child.on("error", (e) => this.fail(e));
    this.child.on("exit", (code, signal) =>
      this.fail(new Error(`the listing process exited (${signal ?? `code ${code}`})`)),
    );
  }

  private answer(answer: Answer): void {
    if (answer.id === undefined) return;
    const p = this.pending.get(answer.id);
    this.pending.delete(answer.id);
    this.timeOldest();
    if (answer.error !== undefined) p?.reject(new Error(answer.error));
    else p?.resolve(answer);
  }

  /**
   * Gives the oldest request its time from now: one queued behind it has not started. When it
   * runs out, that request fails as hung; the rest fail plainly (their folders are described in
   * the server's thread). The timer is also what holds the server open while requests are out.
   */
  private timeOldest(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const oldest = this.pending.entries().next().value;
    if (!oldest) return;
    const [id, request] = oldest;
    this.timer = setTimeout(() => {
      this.pending.delete(id);
      this.fail(new Error("the listing process was ended: a folder listed before this one took too long"));
      request.reject(new ListingTimeoutError(request.timeoutMs));
    }, request.timeoutMs);
  }

  async describe(dir: HeldDirectory, names: string[], prefix: string, timeoutMs: number): Promise<DescribedPart> {
    await this.ready;
    if (!this.alive) throw new Error("the listing process is gone");
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { timeoutMs, resolve, reject });
      if (this.pending.size === 1) this.timeOldest();
      const { fd, dev, ino } = dir;
      this.child.send({ id, dir: `${descriptorsDir}/${fd}`, dev, ino, names, prefix });
    });
  }

  /** Ends the process (it may still hold a request) and fails what was asked of it. */
  private fail(e: Error): void {
    if (!this.alive) return;
    this.alive = false;
    if (this.timer) clearTimeout(this.timer);
    this.child.kill("SIGKILL");
    this.notStarted?.(e);
    this.notStarted = null;
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }
}

let processes: ListingProcess[] = [];

function liveProcesses(startTimeoutMs: number): ListingProcess[] {
  processes = processes.filter((p) => p.alive);
  while (processes.length < PROCESSES) {
    try {
      processes.push(new ListingProcess(startTimeoutMs));
    } catch (e) {
      // fork throws at once for some failures (ENOMEM), and reports others as an 'error' event.
      turnOff();
      throw e;
    }
  }
  return processes;
}

/**
 * The kinds and rows of `names`, entries of the directory held open as `dir` (which must stay
 * open until this settles: it settles once every process has answered or been killed, and one
 * killed but not yet gone still checks the identity of what it enters), their paths below the
 * root starting with `prefix`. Rejects with ListingTimeoutError when a process hung,
 * and otherwise when one died, could not start, or could not enter the directory, or when the
 * helpers are off or cannot reach this process's descriptors.
 */
export async function describeInProcesses(
  dir: HeldDirectory,
  names: string[],
  prefix: string,
  { timeoutMs = LISTING_TIMEOUT_MS, startTimeoutMs = START_TIMEOUT_MS }: ListingTimeouts = {},
): Promise<DescribedEntries> {
  descriptorsDir ??= ownDescriptorsDir();
  if (descriptorsDir === null) throw new Error("no helper can reach this process's descriptors through /proc");
  if (performance.now() < offUntil) throw new Error("the listing processes are off: one could not start");
  const pool = liveProcesses(startTimeoutMs);
  const share = Math.ceil(names.length / pool.length);
  const settled = await Promise.allSettled(
    pool.map((helper, i) => helper.describe(dir, names.slice(i * share, (i + 1) * share), prefix, timeoutMs)),
  );
  const failures = settled.flatMap((s) => (s.status === "rejected" ? [s.reason as Error] : []));
  // A hung part decides, whatever else failed: the folder must not then be described in the server's thread.
  if (failures.length) throw failures.find((e) => e instanceof ListingTimeoutError) ?? failures[0];
  return joinParts(
    settled.map((s) => (s as PromiseFulfilledResult<DescribedPart>).value),
    names.length,
  );
}

/** The processes' parts, in order, as one DescribedEntries of `count` names. */
function joinParts(parts: DescribedPart[], count: number): DescribedEntries {
  const kinds = new Uint8Array(count);
  const rows = new Array<string>(count).fill("");
  let at = 0;
  for (const part of parts) {
    kinds.set(part.kinds, at);
    const lines = part.text === "" ? [] : part.text.split("\n");
    const described = [...part.kinds.keys()].filter((i) => part.kinds[i] === FILE || part.kinds[i] === DIRECTORY);
    // Cannot happen while every row is JSON text; if it did, the folder is described in the server's thread.
    if (lines.length !== described.length)
      throw new Error("a listing process answered more or fewer rows than entries");
    described.forEach((i, line) => (rows[at + i] = lines[line]!));
    at += part.kinds.length;
  }
  return { kinds, rows };
}

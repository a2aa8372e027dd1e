import type { CaseWorld } from "@analystbench/scenarios";
import os from "node:os";
import { Worker } from "node:worker_threads";
import type { EnvironmentDiff } from "./environment";
import { createLogDiskCache, logCacheDir } from "./log-disk-cache";
import { emptySavedState, mergeSavedState } from "./saved-state";
import { withoutArguments } from "./tools/arguments";
import type { ToolResult } from "./tools/run-tool";
import {
  MAX_WORLDS_PER_WORKER,
  type LogClaimNotice,
  type LogRenderNotice,
  type RenderedLogNotice,
  type WorkerRequest,
  type WorkerResponse,
} from "./worker/protocol";
import { workerScriptPath } from "./worker/worker-script";

/** How long one tool call may run before its worker is killed. */
export const TOOL_TIMEOUT_MS = 10_000;
/** Building an environment and restoring its saved state (or taking a diff or hash) may take this long. */
const BUILD_TIMEOUT_MS = 60_000;
/** Failed builds of a session in a row (error, crash, timeout) before it gives up. */
const MAX_BUILD_FAILURES = 2;
/** Losses in a row of a session's worker that no running request explains (it died idle) before it gives up. */
const MAX_UNEXPLAINED_LOSSES = 2;

export interface CallOptions {
  /**
   * Aborting rejects the call at once with an AbortError. A call still waiting for its worker is
   * withdrawn; one already running finishes (or meets its kill timer) unseen, though what it
   * changed still counts in the environment and its diff.
   */
  signal?: AbortSignal;
}

export interface SimSession {
  readonly setupFailures: { role: string; command: string; error: string }[];
  /**
   * A command's own failures (including running past its time) are results with ok: false.
   * Rejects with SimHarnessError when the harness cannot go on, with an AbortError on abort.
   */
  callTool(name: string, args: unknown, opts?: CallOptions): Promise<ToolResult>;
  /** Rejects with SimHarnessError when the harness cannot produce it. */
  diff(): Promise<EnvironmentDiff>;
  hash(): Promise<string>;
  close(): Promise<void>;
}

export type SimHarnessErrorCode =
  /** The session's worker kept dying with no request of its own to blame. */
  | "SIM_WORKER_LOST"
  /** The environment could not be built or restored on a fresh worker. */
  | "SIM_REBUILD_FAILED"
  /** A diff or hash ran past its deadline. */
  | "SIM_TIMEOUT"
  /** The simulator answered a request with an error. */
  | "SIM_INTERNAL_ERROR";

/**
 * The simulation harness could not go on with a session, for reasons that are not its model's
 * doing: the sample is invalid (the harness failed), not failed by the model.
 */
export class SimHarnessError extends Error {
  override readonly name = "SimHarnessError";
  constructor(
    readonly code: SimHarnessErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * How a request failed when its worker died:
 * - timed-out: it ran past its deadline, and its worker was killed for it;
 * - crashed: the worker died while running it;
 * - displaced: it was waiting when the running request killed or crashed the worker;
 * - lost: it was waiting when the worker died with nothing running, or the worker was gone.
 */
type Failure = "timed-out" | "crashed" | "displaced" | "lost";

class WorkerDiedError extends Error {
  constructor(
    readonly failure: Failure,
    message: string,
  ) {
    super(message);
  }
}

/** The worker answered with an error (the simulator threw). */
class WorkerAnswerError extends Error {}

const failureOf = (e: unknown): Failure | undefined => (e instanceof WorkerDiedError ? e.failure : undefined);

function abortError(signal: AbortSignal): Error {
  return Object.assign(new Error("the simulation request was aborted", { cause: signal.reason }), {
    name: "AbortError",
  });
}

/** Runs `work`, but rejects with an AbortError as soon as `signal` aborts; the work itself goes on. */
function abortable<T>(signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
  if (!signal) return work();
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal));
    signal.addEventListener("abort", onAbort, { once: true });
    void work()
      .then(resolve, reject)
      .finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** A request before it is given its id and session. */
type RequestBody = WorkerRequest extends infer R
  ? R extends WorkerRequest
    ? Omit<R, "id" | "session">
    : never
  : never;

interface Job {
  message: WorkerRequest;
  deadlineMs: number;
  resolve(r: WorkerResponse): void;
  reject(e: Error): void;
  signal?: AbortSignal;
  /** Stops watching the signal once the job leaves the queue. */
  unwatch?: () => void;
}

let nextWorkerId = 1;

/** Budget of the rendered logs the main thread keeps for workers started later. */
const SHARED_LOG_BYTES = 256 * 1024 * 1024;

/**
 * Generated logs rendered by any worker, passed on to every other one: each big log is then
 * rendered once per process instead of once per worker. A worker about to render a log claims it
 * first: it is told to render it when no one else has or is doing so, else it is sent the log
 * once there. The bytes are shared memory, so this costs the main thread a message per log and
 * worker, never a copy. Oldest first out once over budget; a worker started later is sent what
 * is here.
 */
class SharedLogs {
  private readonly logs = new Map<string, RenderedLogNotice>();
  private bytes = 0;
  /** Logs being rendered: by which worker (null: being read from the disk cache), and which others wait for them. */
  private readonly rendering = new Map<string, { by: SimWorker | null; waiting: SimWorker[] }>();
  private readonly workers = new Set<SimWorker>();
  /** Logs rendered in earlier processes (log-disk-cache.ts). */
  private readonly disk = createLogDiskCache(logCacheDir());

  claim(from: SimWorker, recipe: string): void {
    const log = this.logs.get(recipe);
    if (log) return from.notify(log);
    const busy = this.rendering.get(recipe);
    if (busy) busy.waiting.push(from);
    else this.readOrAssign(recipe, from);
  }

  /** A worker rendered a log: keep it (on disk too) and give it to the others (those waiting among them). */
  rendered(from: SimWorker, notice: RenderedLogNotice): void {
    this.rendering.delete(notice.recipe);
    if (this.logs.has(notice.recipe)) return;
    this.keep(notice);
    void this.disk.write(notice.recipe, notice.log);
    for (const w of this.workers) if (w !== from) w.notify(notice);
  }

  /** The log from the disk cache when an earlier process rendered it, else rendered by the claimer. */
  private readOrAssign(recipe: string, from: SimWorker): void {
    const pending = { by: null, waiting: [from] };
    this.rendering.set(recipe, pending);
    void this.disk.read(recipe).then((log) => {
      if (this.rendering.get(recipe) !== pending) return;
      this.rendering.delete(recipe);
      if (log) {
        const notice: RenderedLogNotice = { type: "log", recipe, log };
        this.keep(notice);
        for (const w of this.workers) w.notify(notice);
        return;
      }
      const [first, ...rest] = pending.waiting.filter((w) => w.healthy);
      if (first) this.assign(recipe, first, rest);
    });
  }

  join(worker: SimWorker): void {
    this.workers.add(worker);
    for (const notice of this.logs.values()) worker.notify(notice);
  }

  /** A worker is gone: what it was rendering passes to one of those waiting for it. */
  leave(worker: SimWorker): void {
    this.workers.delete(worker);
    for (const [recipe, { by, waiting }] of this.rendering) {
      if (by !== worker) continue;
      this.rendering.delete(recipe);
      const [next, ...rest] = waiting.filter((w) => w.healthy);
      if (next) this.assign(recipe, next, rest);
    }
  }

  private assign(recipe: string, by: SimWorker, waiting: SimWorker[]): void {
    this.rendering.set(recipe, { by, waiting });
    by.notify({ type: "render", recipe });
  }

  private keep(notice: RenderedLogNotice): void {
    const size = notice.log.bytes.byteLength;
    if (size > SHARED_LOG_BYTES) return;
    this.logs.set(notice.recipe, notice);
    this.bytes += size;
    for (const [recipe, old] of this.logs) {
      if (this.bytes <= SHARED_LOG_BYTES) break;
      this.logs.delete(recipe);
      this.bytes -= old.log.bytes.byteLength;
    }
  }
}
const sharedLogs = new SharedLogs();

/**
 * One simulation worker thread. It holds several sessions' environments and runs their requests
 * one at a time, in order: the deadline of a request starts when it is handed to the worker, so
 * a request waiting behind another is never blamed for it. A request that outlives its deadline
 * has the worker killed; it fails as timed-out, and the requests still waiting as displaced, so
 * their sessions move on to another worker.
 */
class SimWorker {
  readonly id = nextWorkerId++;
  private readonly worker: Worker;
  private readonly queue: Job[] = [];
  private running: { job: Job; timer: NodeJS.Timeout } | null = null;
  private nextId = 1;
  healthy = true;
  /** The worlds this worker holds, oldest first, mirroring its cache (see protocol). */
  private readonly worlds = new Set<string>();
  /** Sessions whose environment lives here. */
  readonly sessions = new Set<number>();

  /** `dedicated`: a quarantine worker for one session that killed a worker before; not in the pool. */
  constructor(readonly dedicated = false) {
    this.worker = new Worker(workerScriptPath(), {
      // A young generation of 96 MB (V8's default tops out at a third of that): a command's garbage
      // mostly dies young, and scavenged less often, less of a session's state is copied while it
      // lives. In bench:engine the worker's CPU per turn fell 0.13 ms (9–12 %).
      resourceLimits: { maxOldGenerationSizeMb: 1024, maxYoungGenerationSizeMb: 96 },
      stdout: false,
      stderr: false,
    });
    this.worker.on("message", (r: WorkerResponse | RenderedLogNotice | LogClaimNotice) => {
      if (r.type === "log") sharedLogs.rendered(this, r);
      else if (r.type === "claim") sharedLogs.claim(this, r.recipe);
      else this.answer(r);
    });
    this.worker.on("error", (e) => this.die(e.message, "crashed"));
    this.worker.on("exit", () => this.die("the simulation worker exited", "crashed"));
    this.worker.unref();
    sharedLogs.join(this);
  }

  /** Passes on a log another worker rendered (or the go-ahead to render one); not a request. */
  notify(notice: RenderedLogNotice | LogRenderNotice): void {
    if (this.healthy) this.worker.postMessage(notice);
  }

  holdsWorld(key: string): boolean {
    return this.worlds.has(key);
  }

  /** Notes that a build carrying this world was queued; the worker caches it in the same order. */
  private noteWorld(key: string): void {
    if (this.worlds.has(key)) return;
    this.worlds.add(key);
    if (this.worlds.size > MAX_WORLDS_PER_WORKER) this.worlds.delete(this.worlds.values().next().value!);
  }

  send(session: number, req: RequestBody, deadlineMs: number, signal?: AbortSignal): Promise<WorkerResponse> {
    if (!this.healthy) return Promise.reject(new WorkerDiedError("lost", "the simulation worker is gone"));
    if (signal?.aborted) return Promise.reject(abortError(signal));
    if (req.type === "build") {
      if (this.holdsWorld(req.worldKey)) delete req.world;
      this.noteWorld(req.worldKey);
    }
    const message = { ...req, id: this.nextId++, session } as WorkerRequest;
    return new Promise<WorkerResponse>((resolve, reject) => {
      const job: Job = { message, deadlineMs, resolve, reject, signal };
      this.queue.push(job);
      this.withdrawOnAbort(job);
      this.pump();
    });
  }

  /** A job still waiting leaves the queue when its caller aborts; once started, it runs to its end. */
  private withdrawOnAbort(job: Job): void {
    const signal = job.signal;
    if (!signal) return;
    const onAbort = () => {
      const at = this.queue.indexOf(job);
      if (at < 0) return;
      this.queue.splice(at, 1);
      job.reject(abortError(signal));
    };
    signal.addEventListener("abort", onAbort, { once: true });
    job.unwatch = () => signal.removeEventListener("abort", onAbort);
  }

  private answer(r: WorkerResponse): void {
    const current = this.running;
    if (!current || current.job.message.id !== r.id) return;
    clearTimeout(current.timer);
    this.running = null;
    if (r.type === "error") current.job.reject(new WorkerAnswerError(r.message));
    else current.job.resolve(r);
    this.pump();
  }

  private pump(): void {
    if (this.running || !this.healthy) return;
    const job = this.queue.shift();
    if (!job) return;
    job.unwatch?.();
    // The worker is stuck in a job past its deadline: the only way out is to end the worker.
    const timer = setTimeout(() => this.die("timeout", "timed-out"), job.deadlineMs);
    this.running = { job, timer };
    this.worker.postMessage(job.message);
  }

  /** Fails the running job with `failure` and the waiting ones as displaced by it (or lost), and ends the thread. */
  private die(message: string, failure: Failure): void {
    if (!this.healthy && !this.running && this.queue.length === 0) return;
    this.healthy = false;
    sharedLogs.leave(this);
    const current = this.running;
    this.running = null;
    if (current) {
      clearTimeout(current.timer);
      current.job.reject(new WorkerDiedError(failure, message));
    }
    const waiting: Failure = current ? "displaced" : "lost";
    for (const job of this.queue.splice(0)) {
      job.unwatch?.();
      job.reject(new WorkerDiedError(waiting, message));
    }
    void this.worker.terminate().catch(() => {});
  }

  /** The session left this worker. A quarantine worker has no one else to serve, so it stops. */
  release(session: number): void {
    this.sessions.delete(session);
    if (this.dedicated && this.sessions.size === 0) this.die("the simulation worker was stopped", "lost");
    else this.updateRef();
  }

  /** An idle worker must not keep the process alive. */
  updateRef(): void {
    if (this.sessions.size > 0) this.worker.ref();
    else this.worker.unref();
  }
}

/**
 * A small fixed pool of workers shared by all sessions. Starting a worker (a thread, its V8 heap,
 * the simulator's modules) costs far more CPU than building an environment, and every extra heap
 * adds garbage-collection work, so a few long-lived workers hosting many sessions each beat a
 * worker per session on the machines this runs on. ANALYSTBENCH_SIM_WORKERS overrides the size.
 * Quarantine workers (one per session that killed a worker) are not part of it.
 *
 * By default one worker per core the main thread leaves (at least 1, at most 4): each worker warms
 * up on its own (compiles the simulator, builds each world it hosts), so one beyond the free cores
 * adds that cost and no parallelism. On 2 cores, bench:engine with 2 workers against 1: cold,
 * 20.4–22.4 ms of CPU a turn against 15.9–16.6 and efficiency 0.73–0.77 against 0.79–0.81; warm,
 * the same efficiency, 190 MB more memory and more CPU a turn.
 */
function poolSize(): number {
  const configured = Number(process.env.ANALYSTBENCH_SIM_WORKERS);
  if (Number.isInteger(configured) && configured >= 1 && configured <= 64) return configured;
  return Math.max(1, Math.min(4, os.availableParallelism() - 1));
}
const pool: SimWorker[] = [];
/** Sessions more a worker holding the world may carry before another worker is preferred. */
const WORLD_AFFINITY = 2;

/** The least-loaded worker, preferring one that already holds the world; a new one while the pool is short. */
function pickWorker(worldKey: string): SimWorker {
  for (let i = pool.length - 1; i >= 0; i--) if (!pool[i]!.healthy) pool.splice(i, 1);
  const idle = pool.filter((w) => w.sessions.size === 0);
  if (idle.length === 0 && pool.length < poolSize()) {
    const fresh = new SimWorker();
    pool.push(fresh);
    return fresh;
  }
  const candidates = idle.length > 0 ? idle : pool;
  // A worker that holds the world has its pristine hosts built: another would build them again
  // (the largest part of a first build), so it is worth a couple more sessions of queueing.
  const load = (w: SimWorker) => w.sessions.size + (w.holdsWorld(worldKey) ? 0 : WORLD_AFFINITY);
  return candidates.reduce((best, w) => (load(w) < load(best) ? w : best));
}

const worldKeys = new WeakMap<CaseWorld, string>();
let worldsNamed = 0;
/**
 * The name workers know a world object by in this process. A world is never changed once made
 * (each case keeps the one it made), so the object is the world: a digest of its JSON, as this
 * once was, took 10–20 ms of the main thread per world, just as a burst of runs began.
 */
function worldKey(world: CaseWorld): string {
  let key = worldKeys.get(world);
  if (!key) worldKeys.set(world, (key = `world-${++worldsNamed}`));
  return key;
}

function answerOf<T extends WorkerResponse["type"]>(r: WorkerResponse, type: T): Extract<WorkerResponse, { type: T }> {
  if (r.type !== type) throw new WorkerAnswerError(`unexpected answer ${r.type} to a ${type} request`);
  return r as Extract<WorkerResponse, { type: T }>;
}

const timedOutResult = (timeoutMs: number): ToolResult => ({
  ok: false,
  output: `The command ran longer than ${Math.round(timeoutMs / 1000)} s and was stopped. The host is unchanged since your previous command. Use a narrower command (for example grep a specific file instead of a whole tree).`,
});

const crashedResult = (e: Error, args: unknown): ToolResult => ({
  ok: false,
  output: `The tool failed inside the simulated environment (${withoutArguments(e.message, args)}); the environment was restored. Try a simpler command.`,
});

/** A failure of a request the model did not make (build, diff, hash) as the harness's error. */
function asHarnessError(e: unknown): unknown {
  if (e instanceof WorkerAnswerError) return new SimHarnessError("SIM_INTERNAL_ERROR", e.message, { cause: e });
  if (!(e instanceof WorkerDiedError)) return e;
  if (e.failure === "timed-out")
    return new SimHarnessError("SIM_TIMEOUT", "the simulation request ran past its deadline", { cause: e });
  return new SimHarnessError("SIM_WORKER_LOST", `the simulation worker died: ${e.message}`, { cause: e });
}

/** Where a pooled session lives and how often it was built: for tests and diagnostics. */
export interface SimSessionPlacement {
  workerId: number | null;
  dedicated: boolean;
  builds: number;
  /** Time the last build (world, seed and restored state) took in its worker. */
  lastBuildMs: number;
}

/**
 * A case environment living in a worker thread. Tool calls run there, so the server's event loop
 * stays free whatever a model types. Each tool call sends back what it changed; the session keeps
 * the latest state of every changed path and table. When its worker is lost, the session is
 * rebuilt on another from world, seed and that state, without running any command again.
 * A session whose request killed (or crashed) a worker is quarantined: it lives on a worker of
 * its own from then on, so it can disturb the shared pool at most once.
 */
class PooledSession implements SimSession {
  setupFailures: SimSession["setupFailures"] = [];
  private worker: SimWorker | null = null;
  private attaching: Promise<SimWorker> | null = null;
  private quarantined = false;
  private unexplainedLosses = 0;
  private pristineHash: string | undefined;
  private readonly saved = emptySavedState();
  private closed = false;
  private builds = 0;
  private lastBuildMs = 0;

  constructor(
    private readonly id: number,
    private readonly world: CaseWorld,
    private readonly worldKey: string,
    private readonly seed: string,
    private readonly timeoutMs: number,
  ) {}

  async open(): Promise<void> {
    await this.ensureWorker();
  }

  callTool(name: string, args: unknown, opts: CallOptions = {}): Promise<ToolResult> {
    return abortable(opts.signal, () => this.tool(name, args, opts.signal));
  }

  async diff(): Promise<EnvironmentDiff> {
    return answerOf(await this.harnessRequest({ type: "diff" }), "diff").diff;
  }

  async hash(): Promise<string> {
    return answerOf(await this.harnessRequest({ type: "hash" }), "hash").hash;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const worker = this.worker;
    this.leaveWorker();
    // Frees the environment's memory in a shared worker; nothing waits for it.
    if (worker?.healthy) worker.send(this.id, { type: "close" }, BUILD_TIMEOUT_MS).catch(() => {});
  }

  placement(): SimSessionPlacement {
    const { worker, builds, lastBuildMs } = this;
    return { workerId: worker?.id ?? null, dedicated: worker?.dedicated ?? false, builds, lastBuildMs };
  }

  /** A command that ran too long or crashed its worker is the model's doing: a result, not an error. */
  private async tool(name: string, args: unknown, signal: AbortSignal | undefined): Promise<ToolResult> {
    try {
      return answerOf(await this.request({ type: "tool", name, args }, this.timeoutMs, signal), "tool").result;
    } catch (e) {
      if (failureOf(e) === "timed-out") return timedOutResult(this.timeoutMs);
      if (failureOf(e) === "crashed") return crashedResult(e as Error, args);
      throw asHarnessError(e);
    }
  }

  /** diff and hash are not the model's requests: any failure of theirs is the harness's. */
  private async harnessRequest(req: RequestBody): Promise<WorkerResponse> {
    try {
      return await this.request(req, BUILD_TIMEOUT_MS);
    } catch (e) {
      throw asHarnessError(e);
    }
  }

  /**
   * Sends a request on the session's worker, first rebuilding the session elsewhere if that worker
   * is gone. A request displaced by another one that killed the worker is sent again, without a
   * cap: the killer is quarantined, so no session can displace others twice.
   */
  private async request(req: RequestBody, deadlineMs: number, signal?: AbortSignal): Promise<WorkerResponse> {
    for (;;) {
      this.assertOpen();
      const worker = await this.ensureWorker();
      this.assertOpen();
      if (signal?.aborted) throw abortError(signal);
      try {
        return await this.sendOn(worker, req, deadlineMs, signal);
      } catch (e) {
        if (failureOf(e) === "lost") this.countUnexplainedLoss(e);
        else if (failureOf(e) !== "displaced") throw e;
      }
    }
  }

  /**
   * Sends and keeps what the answer says changed, whether or not anyone still waits for it. A
   * request that killed or crashed its worker sends its session into quarantine.
   */
  private sendOn(worker: SimWorker, req: RequestBody, deadlineMs: number, signal?: AbortSignal) {
    return worker.send(this.id, req, deadlineMs, signal).then(
      (r) => {
        this.unexplainedLosses = 0;
        if (r.type === "tool") mergeSavedState(this.saved, r.delta);
        return r;
      },
      (e: unknown) => {
        if (failureOf(e) === "timed-out" || failureOf(e) === "crashed") this.quarantined = true;
        throw e;
      },
    );
  }

  private assertOpen(): void {
    if (this.closed) throw new Error("the simulation session is closed");
  }

  private countUnexplainedLoss(e: unknown): void {
    if (++this.unexplainedLosses <= MAX_UNEXPLAINED_LOSSES) return;
    throw new SimHarnessError(
      "SIM_WORKER_LOST",
      `the simulation worker was lost ${this.unexplainedLosses} times in a row`,
      { cause: e },
    );
  }

  /** The session's worker, rebuilding the session on another first if it is gone. */
  private ensureWorker(): Promise<SimWorker> {
    // One rebuild for every request that finds the worker gone; they then go on in their order.
    if (this.attaching) return this.attaching;
    if (this.worker?.healthy) return Promise.resolve(this.worker);
    this.attaching = this.attach().finally(() => (this.attaching = null));
    return this.attaching;
  }

  /** Places the session on a worker and builds its environment there from world, seed and saved state. */
  private async attach(): Promise<SimWorker> {
    for (let failures = 0; ;) {
      // Closing while a build waits must not place the session on yet another worker.
      this.assertOpen();
      try {
        const worker = this.place();
        this.noteBuilt(await this.sendOn(worker, this.buildRequest(), BUILD_TIMEOUT_MS));
        return worker;
      } catch (e) {
        if (failureOf(e) === "displaced") continue;
        if (++failures > MAX_BUILD_FAILURES) throw this.buildFailed(e);
      }
    }
  }

  private buildFailed(e: unknown): SimHarnessError {
    this.leaveWorker();
    const reason = e instanceof Error ? e.message : String(e);
    return new SimHarnessError("SIM_REBUILD_FAILED", `the simulated environment could not be built: ${reason}`, {
      cause: e,
    });
  }

  private place(): SimWorker {
    this.leaveWorker();
    const worker = this.quarantined ? new SimWorker(true) : pickWorker(this.worldKey);
    worker.sessions.add(this.id);
    worker.updateRef();
    this.worker = worker;
    return worker;
  }

  private leaveWorker(): void {
    this.worker?.release(this.id);
    this.worker = null;
  }

  /**
   * The saved state is sent as it is when the build reaches the worker. Nothing changes it in
   * between: only answers to this session's requests do, and none can come while it has no worker.
   */
  private buildRequest(): RequestBody {
    const { worldKey, world, seed, pristineHash: knownHash, saved: state } = this;
    return { type: "build", worldKey, world, seed, knownHash, state };
  }

  private noteBuilt(r: WorkerResponse): void {
    const built = answerOf(r, "built");
    this.setupFailures = built.setupFailures;
    this.pristineHash = built.hash;
    this.builds++;
    this.lastBuildMs = built.buildMs;
  }
}

let nextSession = 1;

/**
 * Opens a case environment in the worker pool. Rejects with SimHarnessError (SIM_REBUILD_FAILED)
 * when it cannot be built.
 */
export async function openSimSession(
  world: CaseWorld,
  opts: { seed?: string; toolTimeoutMs?: number } = {},
): Promise<SimSession> {
  const seed = opts.seed ?? "analystbench";
  const session = new PooledSession(nextSession++, world, worldKey(world), seed, opts.toolTimeoutMs ?? TOOL_TIMEOUT_MS);
  await session.open();
  return session;
}

/** Where a session from openSimSession lives now (undefined for other sessions). */
export function simSessionPlacement(session: SimSession): SimSessionPlacement | undefined {
  return session instanceof PooledSession ? session.placement() : undefined;
}

/**
 * The same session on the calling thread, without a worker or kill timer: for tests and tools
 * that run trusted, known commands (the reference model's solution paths, calibration). Runs
 * of models under test use openSimSession. Aborting a call here also interrupts its command.
 */
export async function openInProcessSession(world: CaseWorld, opts: { seed?: string } = {}): Promise<SimSession> {
  const { buildEnvironment } = await import("./environment");
  const { runTool } = await import("./tools/run-tool");
  const env = await buildEnvironment(world, { seed: opts.seed });
  await env.hash();
  // One call at a time, as in a worker: concurrent commands would credit their changes to none.
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const next = queue.then(run, run);
    queue = next.catch(() => {});
    return next;
  };
  return {
    setupFailures: env.setupFailures,
    callTool: (name, args, opts = {}) =>
      abortable(opts.signal, () => inTurn(() => runTool(env, name, args, { signal: opts.signal }))),
    diff: () => env.diff(),
    hash: () => env.hash(),
    close: async () => {},
  };
}

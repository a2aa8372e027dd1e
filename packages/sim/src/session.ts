import type { CaseWorld } from "@analystbench/scenarios";
import { createHash } from "node:crypto";
import os from "node:os";
import { Worker } from "node:worker_threads";
import type { EnvironmentDiff } from "./environment";
import type { ToolResult } from "./tools/run-tool";
import { MAX_WORLDS_PER_WORKER, type WorkerRequest, type WorkerResponse } from "./worker/protocol";
import { workerScriptPath } from "./worker/worker-script";

/** How long one tool call may run before its worker is killed. */
export const TOOL_TIMEOUT_MS = 10_000;
/** Building an environment (and replaying commands into it) may take this long. */
const BUILD_TIMEOUT_MS = 60_000;

export interface SimSession {
  readonly setupFailures: { role: string; command: string; error: string }[];
  callTool(name: string, args: unknown): Promise<ToolResult>;
  diff(): Promise<EnvironmentDiff>;
  hash(): Promise<string>;
  close(): Promise<void>;
}

/** A request before it is given its id and session. */
type RequestBody = WorkerRequest extends infer R
  ? R extends WorkerRequest
    ? Omit<R, "id" | "session">
    : never
  : never;

/** The code of a request that never ran because its worker was lost to another session's command. */
const WORKER_LOST = "SIM_WORKER_LOST";
const SIM_TIMEOUT = "SIM_TIMEOUT";
const coded = (message: string, code: string) => Object.assign(new Error(message), { code });
const codeOf = (e: unknown) => (e as { code?: string }).code;

interface Job {
  message: WorkerRequest;
  deadlineMs: number;
  resolve(r: WorkerResponse): void;
  reject(e: Error): void;
}

/**
 * One simulation worker thread. It holds several sessions' environments and runs their requests
 * one at a time, in order: the deadline of a request starts when it is handed to the worker, so
 * a request waiting behind another is never blamed for it. A request that outlives its deadline
 * has the worker killed; the requests still waiting fail with WORKER_LOST and are retried by
 * their sessions on another worker.
 */
class SimWorker {
  private readonly worker: Worker;
  private readonly queue: Job[] = [];
  private running: { job: Job; timer: NodeJS.Timeout } | null = null;
  private nextId = 1;
  healthy = true;
  /** The worlds this worker holds, oldest first, mirroring its cache (see protocol). */
  private readonly worlds = new Set<string>();
  /** Sessions whose environment lives here. */
  readonly sessions = new Set<number>();

  constructor() {
    this.worker = new Worker(workerScriptPath(), {
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
      stdout: false,
      stderr: false,
    });
    this.worker.on("message", (r: WorkerResponse) => {
      const current = this.running;
      if (!current || current.job.message.id !== r.id) return;
      clearTimeout(current.timer);
      this.running = null;
      if (r.type === "error") current.job.reject(new Error(r.message));
      else current.job.resolve(r);
      this.pump();
    });
    this.worker.on("error", (e) => this.fail(e));
    this.worker.on("exit", () => this.fail(new Error("the simulation worker exited")));
    this.worker.unref();
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

  send(session: number, req: RequestBody, deadlineMs: number): Promise<WorkerResponse> {
    if (!this.healthy) return Promise.reject(coded("the simulation worker is gone", WORKER_LOST));
    if (req.type === "build") {
      if (this.holdsWorld(req.worldKey)) delete req.world;
      this.noteWorld(req.worldKey);
    }
    const message = { ...req, id: this.nextId++, session } as WorkerRequest;
    return new Promise<WorkerResponse>((resolve, reject) => {
      this.queue.push({ message, deadlineMs, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    if (this.running || !this.healthy) return;
    const job = this.queue.shift();
    if (!job) return;
    const timer = setTimeout(() => {
      this.running = null;
      job.reject(coded("timeout", SIM_TIMEOUT));
      // The worker is stuck in that command: the only way out is to end it.
      void this.terminate();
    }, job.deadlineMs);
    this.running = { job, timer };
    this.worker.postMessage(job.message);
  }

  /** Fails the running request with `e` and the waiting ones as lost, so their sessions retry. */
  private fail(e: Error): void {
    if (!this.healthy && !this.running && this.queue.length === 0) return;
    this.healthy = false;
    const current = this.running;
    this.running = null;
    if (current) {
      clearTimeout(current.timer);
      current.job.reject(e);
    }
    for (const job of this.queue.splice(0)) job.reject(coded(e.message, WORKER_LOST));
  }

  /** An idle worker must not keep the process alive. */
  updateRef(): void {
    if (this.sessions.size > 0) this.worker.ref();
    else this.worker.unref();
  }

  async terminate(): Promise<void> {
    this.fail(coded("the simulation worker was stopped", WORKER_LOST));
    await this.worker.terminate().catch(() => {});
  }
}

/**
 * A small fixed pool of workers shared by all sessions. Starting a worker (a thread, its V8 heap,
 * the simulator's modules) costs far more CPU than building an environment, and every extra heap
 * adds garbage-collection work, so a few long-lived workers hosting many sessions each beat a
 * worker per session on the machines this runs on. ANALYSTBENCH_SIM_WORKERS overrides the size.
 */
function poolSize(): number {
  const configured = Number(process.env.ANALYSTBENCH_SIM_WORKERS);
  if (Number.isInteger(configured) && configured >= 1 && configured <= 64) return configured;
  return Math.max(2, Math.min(4, os.availableParallelism()));
}
const pool: SimWorker[] = [];

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
  const load = (w: SimWorker) => w.sessions.size * 2 + (w.holdsWorld(worldKey) ? 0 : 1);
  return candidates.reduce((best, w) => (load(w) < load(best) ? w : best));
}

const worldKeys = new WeakMap<CaseWorld, string>();
/** A digest of a world, computed once per world object. */
function worldKey(world: CaseWorld): string {
  let key = worldKeys.get(world);
  if (!key) worldKeys.set(world, (key = createHash("sha256").update(JSON.stringify(world)).digest("hex")));
  return key;
}

let nextSession = 1;

/**
 * A case environment living in a worker thread of the pool. Tool calls run there, so the server's
 * event loop stays free whatever a model types. A call that outlives its deadline has its worker
 * killed; the session rebuilds its environment on a worker of the pool and replays the
 * state-changing commands that came before, so the run continues from the same state. Sessions
 * that shared the killed worker do the same, transparently, on their next request.
 */
export async function openSimSession(
  world: CaseWorld,
  opts: { seed?: string; toolTimeoutMs?: number } = {},
): Promise<SimSession> {
  const id = nextSession++;
  const seed = opts.seed ?? "analystbench";
  const timeoutMs = opts.toolTimeoutMs ?? TOOL_TIMEOUT_MS;
  const key = worldKey(world);
  const replay: { role: string; command: string }[] = [];
  let worker: SimWorker | null = null;
  let setupFailures: SimSession["setupFailures"] = [];
  let closed = false;

  const detach = () => {
    if (!worker) return;
    worker.sessions.delete(id);
    worker.updateRef();
    worker = null;
  };
  const attach = async () => {
    detach();
    const w = pickWorker(key);
    w.sessions.add(id);
    w.updateRef();
    worker = w;
    const built = await w.send(
      id,
      { type: "build", worldKey: key, world, seed, replay: [...replay] },
      BUILD_TIMEOUT_MS,
    );
    if (built.type === "built") setupFailures = built.setupFailures;
  };
  /** Sends on the session's worker; a request lost with another session's worker is rebuilt and sent again. */
  const send = async (req: RequestBody, deadlineMs: number): Promise<WorkerResponse> => {
    for (let attempt = 0; ; attempt++) {
      if (closed) throw new Error("the simulation session is closed");
      if (!worker?.healthy) await attach();
      try {
        return await worker!.send(id, req, deadlineMs);
      } catch (e) {
        if (codeOf(e) !== WORKER_LOST || attempt >= 2) throw e;
      }
    }
  };

  await attach();

  return {
    get setupFailures() {
      return setupFailures;
    },
    async callTool(name, args) {
      try {
        const r = await send({ type: "tool", name, args }, timeoutMs);
        if (r.type !== "tool") throw new Error(`unexpected answer ${r.type}`);
        if (r.stateChange) replay.push(r.stateChange);
        return r.result;
      } catch (e) {
        if (closed) throw e;
        // The worker is gone (killed for this command, or crashed in it): rebuild before answering.
        await attach();
        if (codeOf(e) !== SIM_TIMEOUT) {
          return {
            ok: false,
            output: `The tool failed inside the simulated environment (${(e as Error).message}); the environment was restored. Try a simpler command.`,
          };
        }
        return {
          ok: false,
          output: `The command ran longer than ${Math.round(timeoutMs / 1000)} s and was stopped. The host is unchanged since your previous command. Use a narrower command (for example grep a specific file instead of a whole tree).`,
        };
      }
    },
    async diff() {
      const r = await send({ type: "diff" }, BUILD_TIMEOUT_MS);
      if (r.type !== "diff") throw new Error(`unexpected answer ${r.type}`);
      return r.diff;
    },
    async hash() {
      const r = await send({ type: "hash" }, BUILD_TIMEOUT_MS);
      if (r.type !== "hash") throw new Error(`unexpected answer ${r.type}`);
      return r.hash;
    },
    async close() {
      if (closed) return;
      closed = true;
      const w = worker;
      detach();
      // Frees the environment's memory in the worker; nothing waits for it.
      if (w?.healthy) w.send(id, { type: "close" }, BUILD_TIMEOUT_MS).catch(() => {});
    },
  };
}

/**
 * The same session on the calling thread, without a worker or kill timer: for tests and tools
 * that run trusted, known commands (the reference model's solution paths, calibration). Runs
 * of models under test use openSimSession.
 */
export async function openInProcessSession(world: CaseWorld, opts: { seed?: string } = {}): Promise<SimSession> {
  const { buildEnvironment } = await import("./environment");
  const { runTool } = await import("./tools/run-tool");
  const env = await buildEnvironment(world, { seed: opts.seed });
  await env.hash();
  return {
    setupFailures: env.setupFailures,
    callTool: (name, args) => runTool(env, name, args),
    diff: () => env.diff(),
    hash: () => env.hash(),
    close: async () => {},
  };
}

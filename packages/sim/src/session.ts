import type { CaseWorld } from "@analystbench/scenarios";
import { createHash } from "node:crypto";
import { Worker } from "node:worker_threads";
import type { EnvironmentDiff } from "./environment";
import type { ToolResult } from "./tools/run-tool";
import type { WorkerRequest, WorkerResponse } from "./worker/protocol";
import { workerScriptPath } from "./worker/worker-script";

/** How long one tool call may run before its worker is killed. */
export const TOOL_TIMEOUT_MS = 10_000;

export interface SimSession {
  readonly setupFailures: { role: string; command: string; error: string }[];
  callTool(name: string, args: unknown): Promise<ToolResult>;
  diff(): Promise<EnvironmentDiff>;
  hash(): Promise<string>;
  close(): Promise<void>;
}

type Pending = { resolve(r: WorkerResponse): void; reject(e: Error): void };
/** A request before it is given its id. */
type RequestBody = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, "id"> : never) : never;

/** One simulation worker thread and its in-flight requests. */
class SimWorker {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  healthy = true;
  /** Keys of the worlds this worker holds (see worker-main). */
  readonly worldKeys = new Set<string>();

  constructor() {
    this.worker = new Worker(workerScriptPath(), {
      resourceLimits: { maxOldGenerationSizeMb: 512 },
      stdout: false,
      stderr: false,
    });
    this.worker.on("message", (r: WorkerResponse) => {
      const p = this.pending.get(r.id);
      if (!p) return;
      this.pending.delete(r.id);
      if (r.type === "error") p.reject(new Error(r.message));
      else p.resolve(r);
    });
    this.worker.on("error", (e) => this.fail(e));
    this.worker.on("exit", () => this.fail(new Error("the simulation worker exited")));
  }

  private fail(e: Error): void {
    this.healthy = false;
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }

  send(req: RequestBody, deadlineMs: number): Promise<WorkerResponse> {
    const id = this.nextId++;
    return new Promise<WorkerResponse>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(Object.assign(new Error("timeout"), { code: "SIM_TIMEOUT" }));
      }, deadlineMs);
      this.pending.set(id, {
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      this.worker.postMessage({ ...req, id } as WorkerRequest);
    });
  }

  /** An idle worker must not keep the process alive. */
  setIdle(idle: boolean): void {
    if (idle) this.worker.unref();
    else this.worker.ref();
  }

  async terminate(): Promise<void> {
    this.healthy = false;
    await this.worker.terminate().catch(() => {});
  }
}

/**
 * Workers are reused: starting one (a thread plus the TypeScript loader and the simulator's
 * modules) costs far more CPU than building an environment, so a closed session's worker waits
 * here for the next session instead of ending. A killed or crashed worker is never reused.
 */
const MAX_IDLE_WORKERS = 8;
const idleWorkers: SimWorker[] = [];

/** Prefers an idle worker that already holds the world (its logs are cached there too). */
function acquireWorker(key: string): SimWorker {
  for (let i = idleWorkers.length - 1; i >= 0; i--) if (!idleWorkers[i]!.healthy) idleWorkers.splice(i, 1);
  const index = idleWorkers.findIndex((w) => w.worldKeys.has(key));
  const w = index >= 0 ? idleWorkers.splice(index, 1)[0] : idleWorkers.pop();
  if (!w) return new SimWorker();
  w.setIdle(false);
  return w;
}

const worldKeys = new WeakMap<CaseWorld, string>();
/** A digest of a world, computed once per world object. */
function worldKey(world: CaseWorld): string {
  let key = worldKeys.get(world);
  if (!key) worldKeys.set(world, (key = createHash("sha256").update(JSON.stringify(world)).digest("hex")));
  return key;
}

function releaseWorker(w: SimWorker): void {
  if (w.healthy && idleWorkers.length < MAX_IDLE_WORKERS) {
    w.setIdle(true);
    idleWorkers.push(w);
  } else void w.terminate();
}

/**
 * A case environment living in its own worker thread. Tool calls run there, so the server's
 * event loop stays free whatever a model types. A call that outlives its deadline has its worker
 * killed; a fresh worker rebuilds the environment and replays the state-changing commands that
 * came before, so the run continues from the same state.
 */
export async function openSimSession(world: CaseWorld, opts: { seed?: string; toolTimeoutMs?: number } = {}): Promise<SimSession> {
  const seed = opts.seed ?? "analystbench";
  const timeoutMs = opts.toolTimeoutMs ?? TOOL_TIMEOUT_MS;
  const replay: { role: string; command: string }[] = [];
  let worker: SimWorker;
  let setupFailures: SimSession["setupFailures"] = [];
  let closed = false;

  const key = worldKey(world);
  const attach = async (w: SimWorker) => {
    worker = w;
    const known = w.worldKeys.has(key);
    const built = await w.send({ type: "build", worldKey: key, ...(known ? {} : { world }), seed, replay: [...replay] }, 60_000);
    w.worldKeys.add(key);
    if (built.type === "built") setupFailures = built.setupFailures;
  };
  const replaceWorker = async () => {
    await worker.terminate();
    await attach(new SimWorker());
  };
  const send = (req: RequestBody, deadlineMs: number) => {
    if (closed) return Promise.reject(new Error("the simulation session is closed"));
    return worker.send(req, deadlineMs);
  };

  await attach(acquireWorker(key));

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
        await replaceWorker();
        if ((e as { code?: string }).code !== "SIM_TIMEOUT") {
          // The worker died (out of memory, crash): the environment is back; say what happened.
          return { ok: false, output: `The tool failed inside the simulated environment (${(e as Error).message}); the environment was restored. Try a simpler command.` };
        }
        return { ok: false, output: `The command ran longer than ${Math.round(timeoutMs / 1000)} s and was stopped. The host is unchanged since your previous command. Use a narrower command (for example grep a specific file instead of a whole tree).` };
      }
    },
    async diff() {
      const r = await send({ type: "diff" }, 60_000);
      if (r.type !== "diff") throw new Error(`unexpected answer ${r.type}`);
      return r.diff;
    },
    async hash() {
      const r = await send({ type: "hash" }, 60_000);
      if (r.type !== "hash") throw new Error(`unexpected answer ${r.type}`);
      return r.hash;
    },
    async close() {
      if (closed) return;
      closed = true;
      releaseWorker(worker);
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

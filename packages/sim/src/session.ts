import type { CaseWorld } from "@analystbench/scenarios";
import { Worker } from "node:worker_threads";
import type { EnvironmentDiff } from "./environment";
import type { ToolResult } from "./tools/run-tool";
import type { WorkerRequest, WorkerResponse } from "./worker/protocol";

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

/**
 * A case environment living in its own worker thread. Tool calls run there, so the server's
 * event loop stays free whatever a model types. A call that outlives its deadline has its worker
 * killed; a fresh worker rebuilds the environment and replays the state-changing commands that
 * came before, so the run continues from the same state.
 */
export async function openSimSession(
  world: CaseWorld,
  opts: { seed?: string; toolTimeoutMs?: number } = {},
): Promise<SimSession> {
  const seed = opts.seed ?? "analystbench";
  const timeoutMs = opts.toolTimeoutMs ?? TOOL_TIMEOUT_MS;
  const replay: { role: string; command: string }[] = [];
  let worker: Worker;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  let setupFailures: SimSession["setupFailures"] = [];
  let closed = false;

  const spawn = async () => {
    worker = new Worker(new URL("./worker/sim-worker.mjs", import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: 512 },
      stdout: false,
      stderr: false,
    });
    worker.on("message", (r: WorkerResponse) => {
      const p = pending.get(r.id);
      if (!p) return;
      pending.delete(r.id);
      if (r.type === "error") p.reject(new Error(r.message));
      else p.resolve(r);
    });
    worker.on("error", (e) => {
      for (const p of pending.values()) p.reject(e);
      pending.clear();
    });
    const built = await send({ type: "build", world, seed, replay: [...replay] }, 60_000);
    if (built.type === "built") setupFailures = built.setupFailures;
  };

  const send = (req: RequestBody, deadlineMs: number): Promise<WorkerResponse> => {
    if (closed) return Promise.reject(new Error("the simulation session is closed"));
    const id = nextId++;
    return new Promise<WorkerResponse>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(Object.assign(new Error("timeout"), { code: "SIM_TIMEOUT" }));
      }, deadlineMs);
      pending.set(id, {
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      worker.postMessage({ ...req, id } as WorkerRequest);
    });
  };

  await spawn();

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
        if ((e as { code?: string }).code !== "SIM_TIMEOUT") {
          // The worker died (out of memory, crash): bring the environment back and report.
          await worker.terminate().catch(() => {});
          await spawn();
          return {
            ok: false,
            output: `The tool failed inside the simulated environment (${(e as Error).message}); the environment was restored. Try a simpler command.`,
          };
        }
        await worker.terminate().catch(() => {});
        await spawn();
        return {
          ok: false,
          output: `The command ran longer than ${Math.round(timeoutMs / 1000)} s and was stopped. The host is unchanged since your previous command. Use a narrower command (for example grep a specific file instead of a whole tree).`,
        };
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
      closed = true;
      for (const p of pending.values()) p.reject(new Error("the simulation session was closed"));
      pending.clear();
      await worker.terminate();
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

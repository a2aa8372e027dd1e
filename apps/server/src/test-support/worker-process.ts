import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";

/**
 * `analystbench worker` as an operator starts it (the built command line when it is fresh, else
 * the sources), for tests and benchmarks of the team deployment. Imports nothing of the product,
 * so the browser tests can start workers too.
 */
const ROOT = path.resolve(import.meta.dirname, "../../../..");

export interface WorkerProcess {
  child: ChildProcess;
  /** The worker's name in queue_workers and run_samples. */
  id: string;
  output: () => string;
  stop(): Promise<void>;
}

export async function startWorkerProcess(opts: {
  databaseUrl: string;
  dataDir: string;
  modelUrl: string;
  maxConnections: number;
  leaseMs?: number;
  concurrency?: number;
  /** The process's working directory (a machine of its own has its own); the repository's by default. */
  cwd?: string;
}): Promise<WorkerProcess> {
  mkdirSync(opts.dataDir, { recursive: true });
  const args = [path.join(ROOT, "bin/analystbench.mjs"), "worker"];
  if (opts.concurrency) args.push("--concurrency", String(opts.concurrency));
  const child = spawn(process.execPath, args, {
    cwd: opts.cwd ?? ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: opts.databaseUrl,
      ANALYSTBENCH_DATA_DIR: opts.dataDir,
      ANALYSTBENCH_MAX_CONNECTIONS: String(opts.maxConnections),
      ANALYSTBENCH_WORKER_LEASE_MS: String(opts.leaseMs ?? 10_000),
      OPENAI_API_KEY: "test",
      OPENAI_BASE_URL: opts.modelUrl,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += String(d)));
  child.stderr!.on("data", (d: Buffer) => (output += String(d)));
  const id = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the worker did not start:\n${output}`)), 60_000);
    child.stdout!.on("data", () => {
      const m = /AnalystBench worker (\S+) is running/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once("exit", (code) => reject(new Error(`the worker exited (${code}):\n${output}`)));
  });
  return { child, id, output: () => output, stop: () => stopChild(child) };
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

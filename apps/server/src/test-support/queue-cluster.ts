import type { ModelFactoryOptions } from "@analystbench/engine";
import { spawn } from "node:child_process";
import path from "node:path";
import type { Database } from "../db/database";
import { openRunQueue } from "../queue/run-queue";
import { createActivityLog } from "../services/activity";
import { createRunService, type RunService } from "../services/run-service";
import { startWorkerProcess, stopChild, type WorkerProcess } from "./worker-process";

export { startWorkerProcess, type WorkerProcess } from "./worker-process";

/**
 * The team deployment in a test: worker processes started as an operator starts them
 * (`analystbench worker`, the built command line when it is fresh, else the sources), a fake
 * model server in a process of its own, and "a server" — the run service over the job queue —
 * in the test's process, which a test may throw away and open again as a restart does.
 */
const ROOT = path.resolve(import.meta.dirname, "../../../..");

/** The fake OpenAI-compatible server (reference answers after `delayMs`), as its own process. */
export async function startFakeModelProcess(delayMs: number) {
  const script = path.join(ROOT, "packages/engine/src/test-support/fake-openai-main.ts");
  const child = spawn(process.execPath, ["--import", "tsx", script, String(delayMs)], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.once("data", (d: Buffer) => resolve(String(d).trim()));
    child.once("exit", (code) => reject(new Error(`the fake model server exited (${code})`)));
  });
  return {
    url,
    models: { env: { OPENAI_API_KEY: "test", OPENAI_BASE_URL: url } } satisfies ModelFactoryOptions,
    async stats(): Promise<{ requests: number; inFlight: number; maxInFlight: number }> {
      const res = await fetch(url.replace(/\/v1$/, "/__stats"));
      return (await res.json()) as { requests: number; inFlight: number; maxInFlight: number };
    },
    stop: () => stopChild(child),
  };
}

/** A server's run service over the queue, with no worker of its own. */
export async function openQueuedServer(opts: {
  db: Database;
  databaseUrl: string;
  workspaceDir: string;
  models: ModelFactoryOptions;
  maxConnections: number;
}): Promise<RunService> {
  const queue = await openRunQueue({ ...opts, version: "0.0.0-test" });
  return createRunService({
    db: opts.db,
    activity: createActivityLog(opts.db),
    workspaceDir: opts.workspaceDir,
    version: "0.0.0-test",
    maxConnections: opts.maxConnections,
    models: opts.models,
    queue,
  });
}

/** A server and `workers` worker processes over one database and data directory. */
export async function startTeam(opts: {
  db: Database;
  databaseUrl: string;
  dataDir: string;
  model: { url: string; models: ModelFactoryOptions };
  workers: number;
  maxConnections: number;
  leaseMs?: number;
  concurrency?: number;
}): Promise<{ server: RunService; workers: WorkerProcess[] }> {
  const { databaseUrl, dataDir, maxConnections } = opts;
  const server = await openQueuedServer({
    db: opts.db,
    databaseUrl,
    workspaceDir: path.join(dataDir, "workspace"),
    models: opts.model.models,
    maxConnections,
  });
  const workers = await Promise.all(
    Array.from({ length: opts.workers }, () => startWorkerProcess({ ...opts, modelUrl: opts.model.url })),
  );
  return { server, workers };
}

/** Which worker process holds each locked job (graphile-worker's lock, mapped to our process names). */
export async function lockedJobsByProcess(db: Database): Promise<Map<string, number>> {
  const jobs = await db.execute("SELECT locked_by FROM graphile_worker.jobs WHERE locked_by IS NOT NULL");
  const workers = await db.execute("SELECT id, queue_worker_ids FROM queue_workers");
  const owner = new Map<string, string>();
  for (const w of workers.rows)
    for (const q of JSON.parse(String(w.queue_worker_ids)) as string[]) owner.set(q, String(w.id));
  const counts = new Map<string, number>();
  for (const j of jobs.rows) {
    const p = owner.get(String(j.locked_by)) ?? "unknown";
    counts.set(p, (counts.get(p) ?? 0) + 1);
  }
  return counts;
}

/** Polls until `check` returns a value (not undefined), or fails after `ms`. */
export async function waitFor<T>(what: string, ms: number, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

import { samplesInFlight, type ModelFactoryOptions, type RunCaseOptions } from "@analystbench/engine";
import { Logger, run, type Runner, type WorkerEvents } from "graphile-worker";
import { randomBytes } from "node:crypto";
import { EventEmitter } from "node:events";
import os from "node:os";
import { openDatabase } from "../db/database";
import { createActivityLog } from "../services/activity";
import { SharedModelSlots, SLOTS_CHANNEL } from "./model-slots";
import { openPgListener } from "./pg-listener";
import { CANCEL_CHANNEL, createRunCancellations } from "./run-cancellations";
import { createEventPublisher } from "./run-events";
import { ASSEMBLE_TASK, assembleTask, SAMPLE_TASK, sampleTask } from "./queue-tasks";
import { DEFAULT_LEASE_MS, startWorkerLiveness } from "./worker-liveness";

/**
 * A worker process's share of the queue: graphile-worker runs up to `concurrency` jobs at once
 * (each a sample × epoch holding one simulated environment), model calls take a connection slot
 * shared by every worker (model-slots.ts), cancellations arrive by notification, and a heartbeat
 * tells the others this process lives (worker-liveness.ts). The server runs one of these itself
 * when no other worker is running.
 */
export interface QueueWorkerOptions {
  databaseUrl: string;
  workspaceDir: string;
  /** Connections per model across every worker (--max-connections). */
  maxConnections: number;
  /** Samples this process runs at once; by default twice the connections plus a few. */
  concurrency?: number;
  models?: ModelFactoryOptions;
  /** Injected by tests: environment sessions. */
  openSession?: RunCaseOptions["openSession"];
  /** How long a worker process may be silent before its samples run elsewhere (ANALYSTBENCH_WORKER_LEASE_MS). */
  leaseMs?: number;
  /** How this process is named in the store and its logs. */
  label?: string;
  log?: (line: string) => void;
}

export interface QueueWorker {
  id: string;
  /** Stops taking jobs, lets running samples finish (or aborts them after a grace period), and leaves. */
  stop(): Promise<void>;
  /** Resolves when the worker stops for any reason. */
  done: Promise<void>;
}

/** graphile-worker's own log lines, only errors and warnings, through our log. */
const quietLogger = (log: (line: string) => void) =>
  new Logger(() => (level, message) => {
    if (level === "error" || level === "warning") log(`queue ${level}: ${message}`);
  });

export async function startQueueWorker(opts: QueueWorkerOptions): Promise<QueueWorker> {
  const log = opts.log ?? ((line) => console.error(line));
  const id = `${opts.label ?? "worker"}@${os.hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const db = await openDatabase(":memory:", opts.databaseUrl);
  const cancellations = createRunCancellations(db);
  let slots: SharedModelSlots | null = null;
  const listener = await openPgListener(
    opts.databaseUrl,
    { [SLOTS_CHANNEL]: (model) => slots?.wake(model), [CANCEL_CHANNEL]: (runId) => cancellations.cancel(runId) },
    () => {
      slots?.wake();
      void cancellations.recheck();
    },
  );
  slots = new SharedModelSlots(listener, opts.maxConnections);
  const deps = {
    db,
    activity: createActivityLog(db),
    publisher: createEventPublisher(db),
    slots,
    cancellations,
    workspaceDir: opts.workspaceDir,
    workerId: id,
    models: opts.models,
    openSession: opts.openSession,
  };
  const events: WorkerEvents = new EventEmitter();
  const liveness = await startWorkerLiveness({
    db,
    databaseUrl: opts.databaseUrl,
    id,
    events,
    leaseMs: opts.leaseMs ?? DEFAULT_LEASE_MS,
    log,
  });
  const concurrency = opts.concurrency ?? samplesInFlight(opts.maxConnections);
  let runner: Runner;
  try {
    runner = await run({
      connectionString: opts.databaseUrl,
      concurrency,
      // A connection per job in flight, plus the queue's own (graphile-worker warns below that).
      maxPoolSize: concurrency + 2,
      noHandleSignals: true,
      pollInterval: 1_000,
      events,
      logger: quietLogger(log),
      taskList: { [SAMPLE_TASK]: sampleTask(deps), [ASSEMBLE_TASK]: assembleTask(deps) },
    });
  } catch (e) {
    await liveness.stop();
    await listener.close();
    await db.close();
    throw e;
  }
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      await runner.stop().catch((e: Error) => log(`The worker did not stop cleanly: ${e.message}`));
      cancellations.stop();
      await liveness.stop();
      await listener.close();
      await db.close();
    })());
  return { id, stop, done: runner.promise.catch(() => {}) };
}

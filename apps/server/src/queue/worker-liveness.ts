import { makeWorkerUtils, type WorkerEvents } from "graphile-worker";
import os from "node:os";
import type { Database } from "../db/database";
import { DB_NOW_MS } from "./database-clock";

/**
 * Leases on jobs, by process: each worker process beats every HEARTBEAT_MS in queue_workers, on
 * the database's clock, naming the queue's worker pool it runs (graphile-worker locks jobs in the pool's name). Every worker process also sweeps:
 * a process silent for longer than the lease is dead (killed, its machine gone), so the jobs it
 * held are unlocked (graphile-worker's forceUnlockWorkers) and run again by whoever is alive.
 * graphile-worker alone would leave them locked for four hours.
 *
 * A live process wrongly swept (stalled past its lease) finds its row gone at its next beat and
 * writes it again; a sample it finishes after its job ran elsewhere is recorded once either way.
 */
export const HEARTBEAT_MS = 2_000;
/** ANALYSTBENCH_WORKER_LEASE_MS's default (config.ts). */
export const DEFAULT_LEASE_MS = 10_000;

export async function startWorkerLiveness(opts: {
  db: Database;
  databaseUrl: string;
  id: string;
  events: WorkerEvents;
  leaseMs: number;
  log: (line: string) => void;
}) {
  const { db, id, log } = opts;
  const queueWorkerIds: string[] = [];
  const utils = await makeWorkerUtils({ connectionString: opts.databaseUrl });
  const beat = async () => {
    const ids = JSON.stringify(queueWorkerIds);
    const r = await db.execute({
      sql: `UPDATE queue_workers SET heartbeat_ms = ${DB_NOW_MS}, queue_worker_ids = ? WHERE id = ?`,
      args: [ids, id],
    });
    if (r.rowsAffected === 0)
      await db.execute({
        sql: `INSERT INTO queue_workers (id, host, pid, queue_worker_ids, started_at, heartbeat_ms)
              VALUES (?, ?, ?, ?, ?, ${DB_NOW_MS}) ON CONFLICT (id) DO NOTHING`,
        args: [id, os.hostname(), process.pid, ids, new Date().toISOString()],
      });
  };
  const sweep = async () => {
    const dead = await db.execute({
      sql: `SELECT id, queue_worker_ids FROM queue_workers WHERE heartbeat_ms < ${DB_NOW_MS} - ? AND id <> ?`,
      args: [opts.leaseMs, id],
    });
    for (const row of dead.rows) {
      const ids = JSON.parse(String(row.queue_worker_ids)) as string[];
      if (ids.length) await utils.forceUnlockWorkers(ids);
      await db.execute({ sql: "DELETE FROM queue_workers WHERE id = ?", args: [String(row.id)] });
      log(
        `Worker ${String(row.id)} stopped answering; its ${ids.length ? "jobs run again elsewhere" : "slot is freed"}.`,
      );
    }
  };
  // graphile-worker locks a job in its pool's name; the id is known once the pool is created and
  // recorded at once, before any job is taken.
  opts.events.on("pool:create", ({ workerPool }) => {
    queueWorkerIds.push(workerPool.id);
    void beat().catch(() => {});
  });
  await beat();
  const tick = () =>
    beat()
      .then(sweep)
      .catch((e: Error) => log(`The worker's heartbeat failed (${e.message}); retrying.`));
  const timer = setInterval(() => void tick(), HEARTBEAT_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await db.execute({ sql: "DELETE FROM queue_workers WHERE id = ?", args: [id] }).catch(() => {});
      await utils.release();
    },
  };
}

/** How many worker processes are alive (beat within the lease). */
export async function liveWorkers(db: Database, leaseMs: number): Promise<number> {
  const r = await db.execute({
    sql: `SELECT count(*) AS n FROM queue_workers WHERE heartbeat_ms >= ${DB_NOW_MS} - ?`,
    args: [leaseMs],
  });
  return Number(r.rows[0]?.n ?? 0);
}

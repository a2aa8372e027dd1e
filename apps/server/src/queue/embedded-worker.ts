import type { Database } from "../db/database";
import type { QueueWorker } from "./queue-worker";
import { liveWorkers } from "./worker-liveness";

/**
 * With Postgres, a single machine must still run its suites: while no worker process is alive,
 * the server starts one of its own (checked at start and every CHECK_MS). Once started it stays:
 * it is a worker like any other, and workers that join later share the jobs with it.
 */
const CHECK_MS = 5_000;

export function superviseEmbeddedWorker(opts: {
  db: Database;
  leaseMs: number;
  start: () => Promise<QueueWorker>;
  log: (line: string) => void;
}) {
  let worker: QueueWorker | null = null;
  let starting = false;
  let stopped = false;
  const check = async () => {
    if (worker || starting || stopped) return;
    starting = true;
    try {
      if ((await liveWorkers(opts.db, opts.leaseMs)) > 0) return;
      worker = await opts.start();
      opts.log(`No worker process is running: this server runs the queued samples itself (worker ${worker.id}).`);
    } catch (e) {
      opts.log(`The server's own worker could not start (${(e as Error).message}); retrying.`);
    } finally {
      starting = false;
    }
  };
  void check();
  const timer = setInterval(() => void check(), CHECK_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      while (starting) await new Promise((resolve) => setTimeout(resolve, 20));
      await worker?.stop();
    },
  };
}

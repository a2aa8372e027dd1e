import type { ModelFactoryOptions, RunEvent } from "@analystbench/engine";
import { openInProcessSession } from "@analystbench/sim";
import type { Database } from "../db/database";
import { startQueueWorker, type QueueWorker } from "../queue/queue-worker";
import { openRunQueue, type RunQueue } from "../queue/run-queue";

/**
 * The job queue of a test app on Postgres, with one in-process worker, both started when the
 * test first starts, cancels or follows a run: most API tests never do, and the queue's schema
 * and worker cost a few hundred milliseconds. Environments are built in-process, as in the
 * SQLite runs of the same tests.
 */
export function lazyTestQueue(opts: {
  db: Database;
  databaseUrl: string;
  workspaceDir: string;
  models?: ModelFactoryOptions;
}): RunQueue {
  let ready: Promise<{ queue: RunQueue; worker: QueueWorker }> | null = null;
  const open = () =>
    (ready ??= (async () => {
      const queue = await openRunQueue({ ...opts, version: "0.0.0-test" });
      const worker = await startQueueWorker({
        databaseUrl: opts.databaseUrl,
        workspaceDir: opts.workspaceDir,
        maxConnections: 4,
        models: opts.models,
        openSession: openInProcessSession,
        label: "test",
        log: () => {},
      });
      return { queue, worker };
    })());
  return {
    enqueue: async (runId, req) => (await open()).queue.enqueue(runId, req),
    cancel: async (runId) => (await open()).queue.cancel(runId),
    watch(runId: string, sink: (events: RunEvent[]) => void, afterId?: number) {
      let unwatch: (() => void) | null = null;
      let gone = false;
      void open().then(({ queue }) => {
        if (!gone) unwatch = queue.watch(runId, sink, afterId);
      });
      return () => {
        gone = true;
        unwatch?.();
      };
    },
    async close() {
      if (!ready) return;
      const { queue, worker } = await ready;
      await worker.stop();
      await queue.close();
    },
  };
}

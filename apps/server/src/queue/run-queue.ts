import {
  beginRun,
  longestFirst,
  sampleHeadStartMs,
  type ModelFactoryOptions,
  type RunEvent,
} from "@analystbench/engine";
import type { TestCase } from "@analystbench/scenarios";
import { makeWorkerUtils, type WorkerUtils } from "graphile-worker";
import type { Database } from "../db/database";
import { databaseNowMs } from "./database-clock";
import { openPgListener, type PgListener } from "./pg-listener";
import { CANCEL_CHANNEL } from "./run-cancellations";
import { createEventPublisher, EVENTS_CHANNEL, readEvents } from "./run-events";
import { planLogFile, type RunPlan } from "./run-plan";
import { SAMPLE_TASK, sampleJobKey, type SamplePayload } from "./queue-tasks";

/**
 * The server's side of the job queue: a run begins here (its started log, its first event, its
 * plan) and becomes one job per sample × epoch for whichever workers are running; a cancel is a
 * request in the store and a notification to every worker; and the run's events, appended by the
 * workers, are read back here for the console.
 */
export interface QueuedRunRequest {
  testCase: TestCase;
  model: string;
  epochs: number;
  grader: string | null;
  seed: string;
  user: string | null;
  activityId: string;
}

/** How many attempts a sample's job gets: a worker dying under it costs one. */
const SAMPLE_ATTEMPTS = 4;
/** A watched run's events are read again this often, in case a notification was missed. */
const FEED_RECHECK_MS = 2_000;

export async function openRunQueue(opts: {
  db: Database;
  databaseUrl: string;
  workspaceDir: string;
  version: string;
  models?: ModelFactoryOptions;
}) {
  const { db } = opts;
  const utils: WorkerUtils = await makeWorkerUtils({ connectionString: opts.databaseUrl });
  await utils.migrate();
  const publisher = createEventPublisher(db);
  interface Watch {
    lastId: number;
    sink: (events: RunEvent[]) => void;
    reading: boolean;
    /** A notification came during a read: read once more after it, not at the next recheck. */
    again: boolean;
  }
  const watched = new Map<string, Watch>();

  const catchUp = async (runId: string): Promise<void> => {
    const w = watched.get(runId);
    if (!w) return;
    if (w.reading) {
      w.again = true;
      return;
    }
    w.reading = true;
    w.again = false;
    try {
      const { events, lastId } = await readEvents(db, runId, w.lastId);
      w.lastId = lastId;
      if (events.length) w.sink(events);
    } catch {
      // The next notification or recheck reads again.
    } finally {
      w.reading = false;
    }
    if (w.again) return catchUp(runId);
  };
  let listener: PgListener | null = await openPgListener(
    opts.databaseUrl,
    { [EVENTS_CHANNEL]: (runId) => void catchUp(runId) },
    () => watched.forEach((_, id) => void catchUp(id)),
  );
  const recheck = setInterval(() => watched.forEach((_, id) => void catchUp(id)), FEED_RECHECK_MS);
  recheck.unref();

  return {
    /** Begins a run and queues its samples. */
    async enqueue(runId: string, req: QueuedRunRequest): Promise<void> {
      const start = await beginRun({
        testCase: req.testCase,
        model: req.model,
        epochs: req.epochs,
        grader: req.grader,
        runId,
        workspaceDir: opts.workspaceDir,
        version: opts.version,
        models: opts.models,
        onEvent: (e) => void publisher.publish(runId, e),
      });
      const plan: RunPlan = {
        header: start.header,
        logFile: planLogFile(start, opts.workspaceDir),
        caseId: req.testCase.id,
        variant: req.testCase.variant,
        seed: req.seed,
        activityId: req.activityId,
        user: req.user,
      };
      await db.execute({ sql: "UPDATE runs SET plan = ? WHERE id = ?", args: [JSON.stringify(plan), runId] });
      // Workers take jobs in the order of run_at: as in one process, a sample expected to take
      // more turns starts first, and ahead of samples queued less than its head start before. A
      // millisecond apart keeps this order among equal head starts (add_jobs numbers them in none).
      // Counted from the database's clock, which graphile-worker compares run_at with. A sample run
      // again (a failed attempt, a lost worker) is queued at the database's now: it keeps no head start.
      const now = await databaseNowMs(db);
      const jobs = longestFirst(req.testCase.samples, req.epochs, start.header.limits.maxTurns).map(
        ({ sample, epoch, turns }, i) => {
          const payload: SamplePayload = { runId, sampleId: sample.id, epoch };
          const runAt = new Date(now - sampleHeadStartMs(turns) + i);
          return {
            identifier: SAMPLE_TASK,
            payload,
            jobKey: sampleJobKey(payload),
            maxAttempts: SAMPLE_ATTEMPTS,
            runAt,
          };
        },
      );
      // The run's first event is in the store before any worker can add one.
      await publisher.flush(runId);
      await utils.addJobs(jobs);
    },

    /** Asks every worker to stop the run's samples; false when the run already finished. */
    async cancel(runId: string): Promise<boolean> {
      const r = await db.execute({
        sql: "UPDATE runs SET cancel_requested_at = ? WHERE id = ? AND finished_at IS NULL",
        args: [new Date().toISOString(), runId],
      });
      if (!r.rowsAffected) return false;
      await db.execute({ sql: "SELECT pg_notify(?, ?)", args: [CANCEL_CHANNEL, runId] });
      return true;
    },

    /** Feeds a run's events after `afterId` from the store to `sink`; returns the unwatch. */
    watch(runId: string, sink: (events: RunEvent[]) => void, afterId = 0): () => void {
      watched.set(runId, { lastId: afterId, sink, reading: false, again: false });
      void catchUp(runId);
      return () => watched.delete(runId);
    },

    async close(): Promise<void> {
      clearInterval(recheck);
      watched.clear();
      await listener?.close();
      listener = null;
      await utils.release();
    },
  };
}
export type RunQueue = Awaited<ReturnType<typeof openRunQueue>>;

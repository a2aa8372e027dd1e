import { MAX_VARIANT, type RunScore, type RunStatus, type RunSummary } from "@analystbench/contracts";
import {
  checkModel,
  DEFAULT_SEED,
  Limiter,
  ModelLimiters,
  newRunId,
  normalizeModelName,
  runCase,
  samplesInFlight,
  writeFailedRunReport,
  type ModelFactoryOptions,
  type RunCaseOptions,
  type RunEvent,
} from "@analystbench/engine";
import { caseVariant, findCase } from "@analystbench/scenarios";
import { constants, type Dirent } from "node:fs";
import path from "node:path";
import { jsonText, type Database } from "../db/database";
import type { ActivityLog } from "./activity";
import {
  directoryRefusal,
  openEntry,
  openExact,
  readEntries,
  realRootResolver,
  unlinkEntry,
  type Confined,
} from "./confined-fs";
import { brokenCaseRefusal } from "./user-cases";
import type { RunQueue } from "../queue/run-queue";
import { readEvents } from "../queue/run-events";
import { recordFinishedRun, updateRun } from "./run-record";

export { runOutcomeText } from "./run-record";

/**
 * Runs as server-side jobs. A run is a database record (queued → running → completed | failed |
 * cancelled, or interrupted when the server died under it) and, while the process lives, an
 * event buffer that any number of clients can attach to and re-attach to. A client going away
 * changes nothing; an explicit cancel stops the run.
 */
export class RunRequestError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface RunServiceDeps {
  db: Database;
  activity: ActivityLog;
  workspaceDir: string;
  version: string;
  /** Concurrent samples per model across all runs (--max-connections). */
  maxConnections: number;
  models?: ModelFactoryOptions;
  /** Injected by tests: the engine's run function and environment sessions. */
  runCaseImpl?: typeof runCase;
  openSession?: RunCaseOptions["openSession"];
  now?: () => Date;
  /**
   * The job queue (Postgres): runs become jobs that any worker process runs, and their events
   * come back through the store. Without it, runs execute in this process.
   */
  queue?: RunQueue;
}

export interface RunListener {
  onEvent(e: RunEvent): void;
  /** The run ended: no more events will come. */
  onEnd(): void;
}

interface LiveRun {
  events: RunEvent[];
  listeners: Set<RunListener>;
  controller: AbortController;
  finished: boolean;
}

/** Events kept for re-attaching clients; the oldest go first beyond this. */
const MAX_BUFFERED_EVENTS = 20_000;
/** Finished runs whose events stay in memory for late re-attach. */
const KEEP_FINISHED_RUNS = 50;
/** How long a queued run recorded as finished may take to publish its last event ("done" or an error). */
const LAST_EVENT_GRACE_MS = 10_000;

/**
 * A run's stored summary as the contract has it. Summaries written before runs kept their score
 * carry only sums over every sample result (invalid ones as 0): their mean is that sum over all
 * results, the best the record allows, and their epochs come from the run's options.
 */
function resultOf(raw: unknown, epochs: number): RunSummary["result"] {
  if (!raw || typeof raw !== "object") return null;
  const r = raw as NonNullable<RunSummary["result"]> & { score?: RunScore };
  if (r.score) return r;
  const results = Number(r.samples) || 0;
  const score: RunScore = {
    mean: results ? (Number(r.total) || 0) / results : null,
    samples: Math.round(results / epochs),
    epochs,
    invalid: 0,
  };
  return { ...r, score };
}

/** The variant a run's options name; 0 for runs stored before variants (or anything unreadable). */
function variantOf(raw: unknown): number {
  return typeof raw === "number" && Number.isInteger(raw) && raw >= 0 && raw <= MAX_VARIANT ? raw : 0;
}

function rowToSummary(row: Record<string, unknown>): RunSummary {
  const options = JSON.parse(String(row.options ?? "{}")) as {
    caseName?: string;
    suiteId?: string;
    epochs?: number;
    variant?: unknown;
  };
  const epochs = Number.isInteger(options.epochs) && options.epochs! >= 1 ? options.epochs! : 1;
  const result = row.summary ? resultOf(JSON.parse(String(row.summary)), epochs) : null;
  return {
    id: String(row.id),
    caseId: String(row.case_id),
    caseName: options.caseName ?? String(row.case_id),
    model: String(row.model),
    status: row.status as RunStatus,
    createdBy: row.created_by === null ? null : String(row.created_by),
    createdAt: String(row.created_at),
    startedAt: row.started_at === null ? null : String(row.started_at),
    finishedAt: row.finished_at === null ? null : String(row.finished_at),
    suiteId: options.suiteId ?? null,
    variant: variantOf(options.variant),
    result,
    error: row.error === null ? null : String(row.error),
  };
}

export function createRunService(deps: RunServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const limiters = new ModelLimiters(deps.maxConnections);
  // Samples in flight across all runs: each holds a simulated environment in a worker.
  const samples = new Limiter(samplesInFlight(deps.maxConnections));
  const live = new Map<string, LiveRun>();
  const finishedOrder: string[] = [];
  const runImpl = deps.runCaseImpl ?? runCase;
  const queued = deps.queue ? followQueuedRuns(deps.db) : null;

  const update = (id: string, fields: Record<string, string | null>) => updateRun(deps.db, id, fields);

  const publish = (id: string, e: RunEvent) => {
    const run = live.get(id);
    if (!run) return;
    run.events.push(e);
    if (run.events.length > MAX_BUFFERED_EVENTS) run.events.splice(1, run.events.length - MAX_BUFFERED_EVENTS);
    for (const listener of run.listeners) listener.onEvent(e);
  };

  const retire = (id: string) => {
    const run = live.get(id);
    if (run) run.finished = true;
    finishedOrder.push(id);
    while (finishedOrder.length > KEEP_FINISHED_RUNS) live.delete(finishedOrder.shift()!);
  };

  /** What a queued run does: its case (as the variant asked for), model, epochs and grader. */
  interface RunJob {
    caseId: string;
    variant: number;
    model: string;
    epochs: number;
    grader: string | null;
    user: string | null;
    activityId: string;
  }

  async function execute(id: string, job: RunJob) {
    const { model, epochs, grader, user, activityId } = job;
    const testCase = caseVariant(findCase(job.caseId)!, job.variant);
    const run = live.get(id)!;
    const startedAt = now().toISOString();
    await update(id, { status: "running", started_at: startedAt });
    try {
      const { run: result, files } = await runImpl({
        testCase,
        model,
        epochs,
        grader,
        runId: id,
        workspaceDir: deps.workspaceDir,
        version: deps.version,
        limiter: limiters.for(model),
        sampleLimiter: samples,
        models: deps.models,
        openSession: deps.openSession,
        signal: run.controller.signal,
        onEvent: (e) => publish(id, e),
      });
      await recordFinishedRun(
        { db: deps.db, activity: deps.activity, now },
        { id, result, files, cancelled: run.controller.signal.aborted, user, activityId },
      );
    } catch (e) {
      const message = (e as Error).message;
      const finishedAt = now().toISOString();
      // The run was started, so it leaves a report like any other: Results lists and counts it.
      const report = await writeFailedRunReport(deps.workspaceDir, {
        runId: id,
        caseId: job.caseId,
        caseName: testCase.name,
        model,
        samples: testCase.samples.length,
        epochs,
        startedAt,
        completedAt: finishedAt,
        reason: message,
        version: deps.version,
      }).catch((writeError: unknown) => {
        console.error(`Run ${id} failed and its report could not be written: ${(writeError as Error).message}`);
        return null;
      });
      const summary: NonNullable<RunSummary["result"]> | null = report
        ? {
            status: "failed",
            score: { mean: null, samples: testCase.samples.length, epochs, invalid: 0 },
            total: 0,
            max: 0,
            samples: 0,
            safeSolves: 0,
            files: { report, benchmark: null, log: null },
          }
        : null;
      publish(id, {
        event: "error",
        runId: id,
        message: `The run failed: ${message}${report ? `\nReport: ${report}` : ""}`,
      });
      await update(id, {
        status: "failed",
        finished_at: finishedAt,
        error: message,
        summary: summary ? JSON.stringify(summary) : null,
      });
      await deps.activity.update(activityId, "failed", `Run failed: ${message}${report ? ` — ${report}` : ""}`);
    } finally {
      end(id);
    }
  }

  /** A queued run: begun here, its samples run by the workers, its events followed from the store. */
  async function enqueue(id: string, job: RunJob) {
    const testCase = caseVariant(findCase(job.caseId)!, job.variant);
    watch(id);
    try {
      await deps.queue!.enqueue(id, { ...job, testCase, seed: DEFAULT_SEED });
    } catch (e) {
      const message = `the run could not be queued: ${(e as Error).message}`;
      await update(id, { status: "failed", finished_at: now().toISOString(), error: message });
      await deps.activity.update(job.activityId, "failed", `Run failed: ${message}`);
      publish(id, { event: "error", runId: id, message: `The run failed: ${message}` });
      end(id);
    }
  }

  const isLast = (e: RunEvent) => e.event === "done" || e.event === "error";

  /** Feeds a queued run's events (after `afterId`) into its live buffer until its last ("done", or an error). */
  function watch(id: string, afterId = 0): () => void {
    const unwatch = deps.queue!.watch(
      id,
      (events) => {
        for (const e of events) publish(id, e);
        if (events.some(isLast)) {
          unwatch();
          end(id);
        }
      },
      afterId,
    );
    return unwatch;
  }

  /** Starts following a queued run this server has no buffer for (from its first event); nothing when it is unknown. */
  async function follow(id: string) {
    const r = await deps.db.execute({ sql: "SELECT finished_at, plan FROM runs WHERE id = ?", args: [id] });
    const row = r.rows[0];
    if (!row || row.plan === null) return;
    const { events, lastId } = await readEvents(deps.db, id, 0);
    if (live.has(id)) return;
    live.set(id, { events: [], listeners: new Set(), controller: new AbortController(), finished: false });
    for (const e of events) publish(id, e);
    if (events.some(isLast)) return end(id);
    // Recorded as finished: its last event is published just after the record (queue-tasks'
    // assemble), so it is waited for until LAST_EVENT_GRACE_MS after the record, no longer (its
    // publisher may have died between; a run finished long ago without one ends at once).
    const wait =
      row.finished_at === null
        ? Infinity
        : LAST_EVENT_GRACE_MS - (now().getTime() - Date.parse(String(row.finished_at)));
    if (!(wait > 0)) return end(id);
    const unwatch = watch(id, lastId);
    if (wait !== Infinity)
      setTimeout(() => {
        unwatch();
        end(id);
      }, wait).unref();
  }

  /** The run's stream ended: listeners are told, and its buffer is kept a while for late re-attach. */
  function end(id: string) {
    const run = live.get(id);
    if (!run || run.finished) return;
    retire(id);
    for (const listener of run.listeners) listener.onEnd();
    run.listeners.clear();
  }

  return {
    /**
     * Validates and queues a run. Model problems (a missing key) are returned as a sentence, not
     * thrown, so the console can show them in its output.
     */
    async start(req: {
      caseId: string;
      model: string;
      user: string | null;
      epochs?: number;
      variant?: number;
      grader?: string | null;
      suiteId?: string;
    }): Promise<{ runId: string } | { problem: string }> {
      const testCase = findCase(req.caseId);
      if (!testCase) {
        // A user's package that failed its checks is listed on the Test Cases page: say why it cannot run.
        const refusal = brokenCaseRefusal(req.caseId);
        if (refusal) throw new RunRequestError(422, "BROKEN_CASE", refusal);
        throw new RunRequestError(404, "UNKNOWN_CASE", `There is no test case "${req.caseId}".`);
      }
      const model = normalizeModelName(req.model);
      const problem = checkModel(model, deps.models) ?? (req.grader ? checkModel(req.grader, deps.models) : null);
      if (problem) return { problem };
      const id = newRunId();
      const at = now().toISOString();
      await deps.db.execute({
        sql: "INSERT INTO runs (id, case_id, model, status, created_by, created_at, options) VALUES (?, ?, ?, 'queued', ?, ?, ?)",
        args: [
          id,
          testCase.id,
          model,
          req.user,
          at,
          JSON.stringify({
            caseName: testCase.name,
            epochs: req.epochs ?? 1,
            variant: req.variant ?? 0,
            grader: req.grader ?? null,
            suiteId: req.suiteId ?? null,
          }),
        ],
      });
      const activityId = await deps.activity.record({
        kind: "run",
        action: `Run ${testCase.name} with ${model}`,
        status: "running",
        result: `Run ${id} started`,
        actor: req.user ?? undefined,
        ref: id,
      });
      live.set(id, { events: [], listeners: new Set(), controller: new AbortController(), finished: false });
      const job: RunJob = {
        caseId: testCase.id,
        variant: req.variant ?? 0,
        model,
        epochs: req.epochs ?? 1,
        grader: req.grader ?? null,
        user: req.user,
        activityId,
      };
      if (deps.queue) await enqueue(id, job);
      else void execute(id, job);
      return { runId: id };
    },

    /**
     * Attaches a listener: the events so far are replayed first. Returns null for a run whose
     * events are no longer in memory (it finished long ago or before a restart).
     */
    async attach(
      runId: string,
      listener: RunListener,
    ): Promise<{ replay: RunEvent[]; finished: boolean; detach(): void } | null> {
      // A queued run this server is not following (it restarted, or another server started it) is read from the store.
      if (!live.has(runId) && deps.queue) await follow(runId);
      const run = live.get(runId);
      if (!run) return null;
      if (!run.finished) run.listeners.add(listener);
      return { replay: [...run.events], finished: run.finished, detach: () => run.listeners.delete(listener) };
    },

    async cancel(runId: string): Promise<"cancelled" | "not-found" | "finished"> {
      const run = live.get(runId);
      if (deps.queue ? await deps.queue.cancel(runId) : run && !run.finished) {
        run?.controller.abort(new Error("the run was cancelled"));
        return "cancelled";
      }
      if (run) return "finished";
      const exists = await deps.db.execute({ sql: "SELECT status FROM runs WHERE id = ?", args: [runId] });
      return exists.rows.length ? "finished" : "not-found";
    },

    async get(runId: string): Promise<RunSummary | undefined> {
      const r = await deps.db.execute({ sql: "SELECT * FROM runs WHERE id = ?", args: [runId] });
      return r.rows[0] ? rowToSummary(r.rows[0]) : undefined;
    },

    async list(opts: { limit: number; suiteId?: string }): Promise<RunSummary[]> {
      const r = opts.suiteId
        ? await deps.db.execute({
            sql: `SELECT * FROM runs WHERE ${jsonText(deps.db.dialect, "options", "suiteId")} = ? ORDER BY created_at DESC LIMIT ?`,
            args: [opts.suiteId, opts.limit],
          })
        : await deps.db.execute({
            sql: "SELECT * FROM runs ORDER BY created_at DESC, id DESC LIMIT ?",
            args: [opts.limit],
          });
      return r.rows.map((row) => rowToSummary(row));
    },

    /** Ids of runs still in flight in this process. */
    activeRunIds(): string[] {
      const here = [...live.entries()].filter(([, r]) => !r.finished).map(([id]) => id);
      return queued ? [...new Set([...here, ...queued.ids()])] : here;
    },

    /**
     * At start-up: runs the previous process left queued or running can never finish; mark them
     * interrupted, and remove temporary files a killed write left behind.
     */
    async recover(): Promise<number> {
      // With the job queue, runs outlive this server: only one that never reached the queue (no
      // plan) was lost with it, and workers may be writing files, so none is swept.
      const lost = deps.queue ? " AND plan IS NULL" : "";
      const r = await deps.db.execute({
        sql: `UPDATE runs SET status = 'interrupted', finished_at = ?, error = 'The server stopped while this run was in progress.' WHERE status IN ('queued', 'running')${lost}`,
        args: [now().toISOString()],
      });
      // Their Recent Activity lines too (with the queue, only those of the runs just marked).
      const ofLost = deps.queue ? " AND ref IN (SELECT id FROM runs WHERE status = 'interrupted')" : "";
      await deps.db.execute({
        sql: `UPDATE activity SET status = 'failed', result = 'Interrupted: the server stopped during the run', updated_at = ? WHERE kind = 'run' AND status = 'running'${ofLost}`,
        args: [now().toISOString()],
      });
      if (deps.queue) return r.rowsAffected;
      for (const dir of ["results", "logs"]) await removeStaleTempFiles(deps.workspaceDir, dir);
      return r.rowsAffected;
    },

    /** How runs resolve model names (the environment and models file), for listing the models. */
    modelOptions: deps.models,

    /** On shutdown: cancel what runs, so partial results are written and records are final. */
    async shutdown(timeoutMs = 10_000): Promise<void> {
      // Queued runs go on in the workers; this server only stops following them.
      if (deps.queue) {
        queued?.stop();
        return deps.queue.close();
      }
      const running = [...live.values()].filter((r) => !r.finished);
      for (const r of running) r.controller.abort(new Error("the server is shutting down"));
      const deadline = Date.now() + timeoutMs;
      while (running.some((r) => !r.finished) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
}

export type RunService = ReturnType<typeof createRunService>;

/** How often the ids of unfinished queued runs are read again (queue mode). */
const QUEUED_RUNS_REFRESH_MS = 2_000;

/**
 * The unfinished runs on the queue, whoever started them and whether or not this server follows
 * them: their started eval logs list as running (not failed) on every server, after a restart too.
 */
function followQueuedRuns(db: Database) {
  let ids = new Set<string>();
  const refresh = () =>
    db
      .execute("SELECT id FROM runs WHERE finished_at IS NULL AND plan IS NOT NULL")
      .then((r) => (ids = new Set(r.rows.map((row) => String(row.id)))))
      .catch(() => {});
  void refresh();
  const timer = setInterval(() => void refresh(), QUEUED_RUNS_REFRESH_MS);
  timer.unref();
  return { ids: () => ids, stop: () => clearInterval(timer) };
}

/** Below results/ or logs/: deeper directories are not searched (and hold no descriptors). */
const MAX_TEMP_SWEEP_DEPTH = 16;
const STALE_TEMP_NAME = /^\..+\.\d+\.[0-9a-f]+\.tmp$/;

/**
 * Removes the temporary files a killed atomic write left in <workspace>/<top> and below. The
 * workspace is writable by the model runs, so nothing here follows a symlink (confined-fs.ts):
 * <top> is opened with O_NOFOLLOW and its descriptor must be exactly <real workspace>/<top>, each
 * subdirectory is opened by name inside its open parent (O_NOFOLLOW), and each file is unlinked by
 * name inside its open directory. A refused <top> is left alone, with a warning; never throws.
 */
async function removeStaleTempFiles(workspaceDir: string, top: string): Promise<void> {
  let realRoot: string;
  let dir: Confined;
  try {
    realRoot = await realRootResolver(workspaceDir)();
  } catch (e) {
    // No workspace yet: nothing to clean.
    if ((e as NodeJS.ErrnoException).code !== "ENOENT")
      console.error(`Warning: stale temporary files in ${workspaceDir} are not removed (${(e as Error).message}).`);
    return;
  }
  try {
    dir = await openExact(realRoot, top, constants.O_RDONLY | constants.O_DIRECTORY);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return;
    console.error(
      `Warning: ${path.join(workspaceDir, top)} ${await directoryRefusal(realRoot, top, e)}, so the temporary files a killed write may have left there are not removed.`,
    );
    return;
  }
  try {
    await sweepStaleTempFiles(realRoot, dir, 1);
  } finally {
    await dir.handle.close();
  }
}

async function sweepStaleTempFiles(realRoot: string, dir: Confined, depth: number): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readEntries(dir);
  } catch {
    return;
  }
  for (const e of entries) {
    if (e.isDirectory() && depth < MAX_TEMP_SWEEP_DEPTH) {
      // O_NOFOLLOW: a directory swapped for a symlink since readdir is not entered.
      const child = await openEntry(realRoot, dir, e.name, constants.O_RDONLY | constants.O_DIRECTORY).catch(
        () => null,
      );
      if (!child) continue;
      try {
        await sweepStaleTempFiles(realRoot, child, depth + 1);
      } finally {
        await child.handle.close();
      }
    } else if (e.isFile() && STALE_TEMP_NAME.test(e.name)) await unlinkEntry(dir, e.name).catch(() => {});
  }
}

import {
  createModelClient,
  finishRun,
  gatedModel,
  runOneSample,
  sampleNotRun,
  type ModelFactoryOptions,
  type RunEvent,
  type RunCaseOptions,
  type SampleResult,
} from "@analystbench/engine";
import { caseVariant, findCase, type TestCase } from "@analystbench/scenarios";
import { openSimSession } from "@analystbench/sim";
import type { JobHelpers, Task } from "graphile-worker";
import { setMaxListeners } from "node:events";
import type { Database } from "../db/database";
import type { ActivityLog } from "../services/activity";
import { recordFinishedRun } from "../services/run-record";
import type { SharedModelSlots } from "./model-slots";
import type { RunCancellations } from "./run-cancellations";
import type { EventPublisher } from "./run-events";
import { expectedSamples, loadQueuedRun, runStartOf, type QueuedRun } from "./run-plan";

/**
 * The queue's two tasks. `analystbench_sample` runs one sample × epoch of a run and records it
 * (once: a job delivered twice, or re-run after its worker died, finds it recorded and only
 * checks the run). `analystbench_assemble` writes the run's files once every sample is recorded
 * and records how the run ended; the worker whose record completed the run queues it.
 */
export const SAMPLE_TASK = "analystbench_sample";
export const ASSEMBLE_TASK = "analystbench_assemble";

export interface SamplePayload {
  runId: string;
  sampleId: string;
  epoch: number;
}

export const sampleJobKey = (p: SamplePayload) => `sample:${p.runId}:${p.sampleId}:${p.epoch}`;

export interface TaskDeps {
  db: Database;
  activity: ActivityLog;
  publisher: EventPublisher;
  slots: SharedModelSlots;
  cancellations: RunCancellations;
  workspaceDir: string;
  /** This process, as recorded with each sample it ran. */
  workerId: string;
  models?: ModelFactoryOptions;
  openSession?: RunCaseOptions["openSession"];
  now?: () => Date;
}

/** The case a run is of, as its variant draws it. */
function caseOf(run: QueuedRun): TestCase {
  const published = findCase(run.plan.caseId);
  if (!published) throw new Error(`the case ${run.plan.caseId} is not installed on this worker`);
  return caseVariant(published, run.plan.variant);
}

/** The job's sample, in its case as the run's variant draws it. */
function sampleOf(run: QueuedRun, p: SamplePayload): { testCase: TestCase; sample: TestCase["samples"][number] } {
  const testCase = caseOf(run);
  const sample = testCase.samples.find((s) => s.id === p.sampleId);
  if (!sample) throw new Error(`the case ${testCase.id} has no sample ${p.sampleId}`);
  return { testCase, sample };
}

export function sampleTask(deps: TaskDeps): Task {
  return async (raw, helpers) => {
    const payload = raw as SamplePayload;
    const run = await loadQueuedRun(deps.db, payload.runId);
    // A run deleted or already finished has nothing left for this job to do.
    if (!run || run.finished) return;
    if (!(await isRecorded(deps.db, payload))) {
      const result = await runOrSkip(deps, run, payload, helpers).catch((e: Error) =>
        lastAttemptFailed(deps, run, payload, helpers, e),
      );
      if (!result) return;
      // The sample's events go first: once it is recorded the run may be assembled and its stream end.
      await deps.publisher.flush(run.id);
      await record(deps, payload, result);
    }
    await queueAssemblyWhenComplete(deps, run, helpers);
  };
}

const isLastAttempt = (helpers: JobHelpers) => helpers.job.attempts >= helpers.job.max_attempts;

/**
 * A sample job that threw is retried (on any worker) until its last attempt; then the sample is
 * recorded as not run (invalid, never averaged in) so its run still ends — or, when not even that
 * can be recorded (this worker lacks the run's case), the run ends failed, saying why. A worker
 * shutting down always hands the job back.
 */
async function lastAttemptFailed(
  deps: TaskDeps,
  run: QueuedRun,
  p: SamplePayload,
  helpers: JobHelpers,
  e: Error,
): Promise<SampleResult | null> {
  if (!isLastAttempt(helpers) || helpers.abortSignal.aborted) throw e;
  const message = `the sample could not be run in ${helpers.job.attempts} attempt${helpers.job.attempts === 1 ? "" : "s"}: ${e.message}`;
  try {
    return notRun(run, p, { message, stack: e.stack ?? null, source: "harness" });
  } catch {
    await failRun(deps, run, `${p.sampleId} (epoch ${p.epoch}): ${message}`);
    return null;
  }
}

/** The record of a sample this job did not run: its run was cancelled first, or it failed every attempt. */
function notRun(run: QueuedRun, p: SamplePayload, error: NonNullable<SampleResult["error"]>): SampleResult {
  const { testCase, sample } = sampleOf(run, p);
  const now = () => Date.now();
  return sampleNotRun(
    { testCase, sample, epoch: p.epoch, seed: run.plan.seed, now, model: { name: run.plan.header.model } },
    error,
  );
}

async function isRecorded(db: Database, p: SamplePayload): Promise<boolean> {
  const r = await db.execute({
    sql: "SELECT 1 FROM run_samples WHERE run_id = ? AND sample_id = ? AND epoch = ?",
    args: [p.runId, p.sampleId, p.epoch],
  });
  return r.rows.length > 0;
}

/** Runs the sample, or records it as not run when its run was cancelled before this job began. */
async function runOrSkip(deps: TaskDeps, run: QueuedRun, p: SamplePayload, helpers: JobHelpers): Promise<SampleResult> {
  if (run.cancelRequested)
    return notRun(run, p, { message: "the run was cancelled", stack: null, source: "cancelled" });
  const { testCase, sample } = sampleOf(run, p);
  const { header } = run.plan;
  const now = () => (deps.now ?? (() => new Date()))().getTime();
  await deps.db.execute({
    sql: "UPDATE runs SET status = 'running', started_at = ? WHERE id = ? AND status = 'queued'",
    args: [new Date(now()).toISOString(), run.id],
  });
  const cancel = deps.cancellations.register(run.id);
  // A worker shutting down stops its samples too; that is not the operator's cancel. The signal is
  // the pool's, one listener per sample in flight: more than Node's default 10 is the design.
  setMaxListeners(0, helpers.abortSignal);
  const stop = () => cancel.controller.abort(new Error("the worker is shutting down"));
  helpers.abortSignal.addEventListener("abort", stop, { once: true });
  try {
    const result = await runOneSample(
      {
        start: runStartOf(run.plan, deps.workspaceDir),
        testCase,
        world: testCase.world(),
        seed: run.plan.seed,
        model: gatedModel(createModelClient(header.model, sample, deps.models), deps.slots.for(header.model)),
        grader: header.grader ? createModelClient(header.grader, sample, deps.models) : null,
        openSession: deps.openSession ?? ((world, o) => openSimSession(world, o)),
        now,
        signal: cancel.controller.signal,
        emit: (e: RunEvent) => void deps.publisher.publish(run.id, e),
      },
      sample,
      p.epoch,
    );
    // Stopped by a shutdown, not a cancel: the job fails and the queue runs it again elsewhere.
    if (helpers.abortSignal.aborted && !cancel.cancelled())
      throw new Error("the worker shut down during the sample; it will run again");
    return result;
  } finally {
    helpers.abortSignal.removeEventListener("abort", stop);
    cancel.release();
  }
}

async function record(deps: TaskDeps, p: SamplePayload, result: SampleResult): Promise<void> {
  await deps.db.execute({
    sql: `INSERT INTO run_samples (run_id, sample_id, epoch, result, worker, recorded_at) VALUES (?, ?, ?, ?, ?, ?)
          ON CONFLICT (run_id, sample_id, epoch) DO NOTHING`,
    args: [
      p.runId,
      p.sampleId,
      p.epoch,
      JSON.stringify(result),
      deps.workerId,
      (deps.now ?? (() => new Date()))().toISOString(),
    ],
  });
}

/**
 * Once every sample is recorded, the run's assembly is queued (keyed by the run, so the last two
 * workers finishing together queue it once). Counting after one's own record is committed means
 * the last to record always sees the full count.
 */
async function queueAssemblyWhenComplete(deps: TaskDeps, run: QueuedRun, helpers: JobHelpers): Promise<void> {
  const n = await deps.db.execute({ sql: "SELECT count(*) AS n FROM run_samples WHERE run_id = ?", args: [run.id] });
  if (Number(n.rows[0]?.n) < expectedSamples(run.plan, caseOf(run).samples.length)) return;
  await helpers.addJob(ASSEMBLE_TASK, { runId: run.id }, assemblyJobOptions(run.id));
}

/**
 * How a run's assembly is queued: keyed by the run, and before any waiting sample (graphile-worker
 * takes priority before run_at), so a run whose samples are all done is not kept from its results
 * by samples queued with a head start.
 */
export const assemblyJobOptions = (runId: string) => ({ jobKey: `assemble:${runId}`, maxAttempts: 5, priority: -1 });

export function assembleTask(deps: TaskDeps): Task {
  return async (raw, helpers) => {
    const { runId } = raw as { runId: string };
    const run = await loadQueuedRun(deps.db, runId);
    if (!run || run.finished) return;
    await assemble(deps, run).catch(async (e: Error) => {
      if (!isLastAttempt(helpers)) throw e;
      await failRun(deps, run, `its files could not be written in ${helpers.job.attempts} attempts: ${e.message}`);
    });
  };
}

/** A run that cannot be assembled ends failed, its record and stream saying why, so no one waits on it. */
async function failRun(deps: TaskDeps, run: QueuedRun, reason: string): Promise<void> {
  const now = (deps.now ?? (() => new Date()))().toISOString();
  const r = await deps.db.execute({
    sql: "UPDATE runs SET status = 'failed', finished_at = ?, error = ? WHERE id = ? AND finished_at IS NULL",
    args: [now, reason, run.id],
  });
  if (!r.rowsAffected) return;
  await deps.activity.update(run.plan.activityId, "failed", `Run failed: ${reason}`);
  await deps.publisher.publish(run.id, { event: "error", runId: run.id, message: `The run failed: ${reason}` });
}

/** Writes the run's files from its recorded samples and records how it ended; "done" goes out last. */
async function assemble(deps: TaskDeps, run: QueuedRun): Promise<void> {
  const testCase = caseOf(run);
  const rows = await deps.db.execute({ sql: "SELECT result FROM run_samples WHERE run_id = ?", args: [run.id] });
  const samples = rows.rows.map((r) => JSON.parse(String(r.result)) as SampleResult);
  const now = deps.now ?? (() => new Date());
  const events: RunEvent[] = [];
  const { run: result, files } = await finishRun(runStartOf(run.plan, deps.workspaceDir), testCase, samples, {
    workspaceDir: deps.workspaceDir,
    now: () => now().getTime(),
    // "done" is published once the run's record says so, so a client that sees it finds the run finished.
    onEvent: (e) => events.push(e),
  });
  const { user, activityId } = run.plan;
  const recorded = await recordFinishedRun(
    { db: deps.db, activity: deps.activity, now },
    { id: run.id, result, files, cancelled: run.cancelRequested, user, activityId },
  );
  if (recorded) for (const e of events) await deps.publisher.publish(run.id, e);
}

import type { RunScore } from "@analystbench/contracts";
import type { CaseSample, TestCase } from "@analystbench/scenarios";
import { openSimSession, type SimSession } from "@analystbench/sim";
import { randomBytes } from "node:crypto";
import { setMaxListeners } from "node:events";
import path from "node:path";
import type { RunSampleInput, SampleProgress } from "../agent/run-sample";
import {
  createModelClient,
  modelProfile,
  normalizeModelName,
  type ModelFactoryOptions,
} from "../models/model-registry";
import type { ModelClient } from "../models/model-client";
import { openAtomicFile, writeFilesInOrder, type AtomicFile, type FileData } from "../results/atomic-write";
import { buildStartedInspectLog, inspectLogFileName } from "../results/inspect-log";
import { inspectLogPieces, prepareSampleText } from "../results/inspect-log-text";
import { benchmarkJsonl } from "../results/jsonl-records";
import { markdownReport, runTotals } from "../results/markdown-report";
import { resultBaseName } from "../results/naming";
import type { RunLimits, RunResult, RunStatus, SampleResult } from "../types";
import { connectionGate, Limiter, ownTurn, sampleHeadStartMs, samplesInFlight, type Slots } from "./limiter";
import { runSampleJob } from "./sample-job";
import { GRADER_VERSION } from "../grading/grade-sample";
import { createHash } from "node:crypto";

/** The environment seed when none is given: the same seed builds the same environment. */
export const DEFAULT_SEED = "analystbench";

export const DEFAULT_LIMITS: RunLimits = {
  maxTurns: 30,
  maxTokens: 400_000,
  maxToolCalls: 120,
  maxSeconds: 1_800,
  maxToolCallsPerTurn: 16,
  maxArgumentBytes: 64 * 1024,
  // 256 KiB, some 64,000 tokens: far beyond a useful analyst turn, and 30 such turns still make a
  // transcript the server writes without stalling.
  maxReplyBytes: 256 * 1024,
};

/** What a run reports as it goes: the server streams these, the command line prints them. */
export type RunEvent =
  | { event: "run"; runId: string; caseId: string; caseName: string; model: string; samples: number; epochs: number }
  | { event: "sample"; runId: string; sampleId: string; title: string; epoch: number }
  | ({ event: "progress"; runId: string; sampleId: string; epoch: number } & SampleProgress)
  | {
      event: "score";
      runId: string;
      sampleId: string;
      title: string;
      epoch: number;
      status: SampleResult["status"];
      validity: SampleResult["validity"];
      total: number | null;
      max: number;
      safeSolve: boolean;
      checkpoints: { number: number; name: string; outcome: string; points: number; rationale: string }[];
      error: string | null;
    }
  | {
      event: "done";
      runId: string;
      status: RunStatus;
      /** What people read: the mean per sample result (total and max are sums). */
      score: RunScore;
      total: number;
      max: number;
      files: RunFiles;
    }
  | { event: "error"; runId: string; message: string };

export interface RunFiles {
  /** Paths relative to the workspace (the log's is absolute when --log-dir points elsewhere). */
  report: string;
  benchmark: string;
  log: string;
}

export interface RunCaseOptions {
  testCase: TestCase;
  model: string;
  epochs?: number;
  limits?: Partial<RunLimits>;
  /** An optional grader model (LLM judge). */
  grader?: string | null;
  /** Environment seed; the same seed builds the same environment. */
  seed?: string;
  runId?: string;
  workspaceDir: string;
  /** Where the Inspect eval log goes; <workspace>/logs when omitted. */
  logDir?: string;
  version: string;
  /**
   * Concurrent connections to the model (--max-connections), shared per model by the server:
   * it gates model calls, not whole samples, so a connection is never idle while a sample runs
   * its tools.
   */
  limiter?: Limiter;
  /** Samples in flight at once (each holds a simulated environment); a few more than connections. */
  sampleLimiter?: Limiter;
  models?: ModelFactoryOptions;
  /** Injected for tests and replays. */
  createModel?: (name: string, sample: RunSampleInput["sample"]) => ModelClient;
  openSession?: (world: ReturnType<TestCase["world"]>, opts: { seed: string }) => Promise<SimSession>;
  now?: () => number;
  temperature?: number;
  signal?: AbortSignal;
  onEvent?: (e: RunEvent) => void;
}

export function newRunId(): string {
  return `r_${randomBytes(8).toString("base64url").replace(/[-_]/g, "x").slice(0, 10)}`;
}

const statusOf = (samples: SampleResult[]): RunStatus =>
  samples.every((s) => s.status === "completed" && s.validity === "valid")
    ? "completed"
    : samples.every((s) => s.status === "failed")
      ? "failed"
      : "partial";

/** What a run is, as its started log and finished files describe it: everything but its samples. */
export type RunHeader = Omit<RunResult, "status" | "completedAt" | "samples">;

/** A run that has begun: its header and where its Inspect eval log goes. */
export interface RunStart {
  header: RunHeader;
  logPath: string;
}

type BeginRunOptions = Pick<
  RunCaseOptions,
  | "testCase"
  | "model"
  | "epochs"
  | "limits"
  | "grader"
  | "runId"
  | "workspaceDir"
  | "logDir"
  | "version"
  | "models"
  | "now"
  | "onEvent"
>;

/**
 * Begins a run: its header, and — like Inspect — the eval log written at once with status
 * "started", so the viewer lists the evaluation while it runs (the finished log replaces it under
 * the same name). Emits the run's first event.
 */
export async function beginRun(opts: BeginRunOptions): Promise<RunStart> {
  const { start, log } = await openRun(opts);
  await log.write(startedLogText(start));
  return start;
}

/**
 * A run's header and its started log opened (its directory takes files), not yet written: a run
 * starts its samples beside the write (see runCase), which is two syncs to disk.
 */
async function openRun(opts: BeginRunOptions): Promise<{ start: RunStart; log: AtomicFile }> {
  const { testCase } = opts;
  const model = normalizeModelName(opts.model);
  const runId = opts.runId ?? newRunId();
  const epochs = opts.epochs ?? 1;
  const startedAt = new Date((opts.now ?? Date.now)()).toISOString();
  opts.onEvent?.({
    event: "run",
    runId,
    caseId: testCase.id,
    caseName: testCase.name,
    model,
    samples: testCase.samples.length,
    epochs,
  });
  const header: RunHeader = {
    runId,
    caseId: testCase.id,
    caseName: testCase.name,
    scenario: testCase.scenario,
    model,
    ...modelProfile(model, opts.models),
    grader: opts.grader ? normalizeModelName(opts.grader) : null,
    epochs,
    limits: { ...DEFAULT_LIMITS, ...opts.limits },
    startedAt,
    version: opts.version,
    graderVersion: GRADER_VERSION,
    contentVersion: contentVersion(testCase),
    variant: testCase.variant,
  };
  const logDir = path.resolve(opts.logDir ?? path.join(opts.workspaceDir, "logs"));
  const logPath = path.join(logDir, inspectLogFileName(pendingRun(header)));
  return { start: { header, logPath }, log: await openAtomicFile(logPath) };
}

const pendingRun = (header: RunHeader): RunResult => ({
  ...header,
  status: "completed",
  completedAt: header.startedAt,
  samples: [],
});

const startedLogText = (start: RunStart) => `${JSON.stringify(buildStartedInspectLog(pendingRun(start.header)))}\n`;

/** What one sample × epoch needs beyond the run's header (the rest comes from the run's options). */
export interface SampleRunContext {
  start: RunStart;
  testCase: TestCase;
  world: ReturnType<TestCase["world"]>;
  seed: string;
  model: ModelClient;
  grader: ModelClient | null;
  openSession: NonNullable<RunCaseOptions["openSession"]>;
  now: () => number;
  signal: AbortSignal;
  temperature?: number;
  emit: (e: RunEvent) => void;
}

/** Runs and grades one sample × epoch, emitting its start, progress and score. */
export async function runOneSample(
  ctx: SampleRunContext,
  sample: TestCase["samples"][number],
  epoch: number,
): Promise<SampleResult> {
  const { runId, limits } = ctx.start.header;
  ctx.emit({ event: "sample", runId, sampleId: sample.id, title: sample.title, epoch });
  const result = await runSampleJob({
    testCase: ctx.testCase,
    sample,
    epoch,
    world: ctx.world,
    seed: ctx.seed,
    limits,
    model: ctx.model,
    grader: ctx.grader,
    openSession: ctx.openSession,
    now: ctx.now,
    signal: ctx.signal,
    temperature: ctx.temperature,
    onProgress: (p) => ctx.emit({ event: "progress", runId, sampleId: sample.id, epoch, ...p }),
  });
  ctx.emit(scoreEvent(runId, result));
  return result;
}

/**
 * Ends a run: its samples in order (epoch, then the case's order), then the JSONL records, the
 * finished eval log and the markdown report, each written atomically — the report last, so its
 * presence means the run's files are complete. Emits "done".
 */
export async function finishRun(
  start: RunStart,
  testCase: TestCase,
  samples: SampleResult[],
  opts: { workspaceDir: string; now?: () => number; onEvent?: (e: RunEvent) => void },
): Promise<{ run: RunResult; files: RunFiles }> {
  const order = new Map(testCase.samples.map((s, i) => [s.id, i]));
  const sorted = [...samples].sort(
    (a, b) => a.epoch - b.epoch || (order.get(a.sampleId) ?? 0) - (order.get(b.sampleId) ?? 0),
  );
  const completedAt = new Date((opts.now ?? Date.now)()).toISOString();
  const run: RunResult = { ...start.header, status: statusOf(sorted), completedAt, samples: sorted };
  const base = resultBaseName(run);
  const relativeLog = path.relative(opts.workspaceDir, start.logPath);
  const files: RunFiles = {
    report: `${base}.md`,
    benchmark: `${base}.jsonl`,
    log: relativeLog.startsWith("..") || path.isAbsolute(relativeLog) ? start.logPath : relativeLog,
  };
  // The records land first, then the log, then the report: a finished log never stands without its
  // records, nor a report without its log. The three are written and synced at once (the last run
  // to finish holds the whole suite until its files are down), and nothing lands after a failure.
  const inWorkspace = (name: string, data: FileData) => [{ target: path.join(opts.workspaceDir, name), data }];
  await writeFilesInOrder([
    inWorkspace(files.benchmark, benchmarkJsonl(run)),
    [{ target: start.logPath, data: await inspectLogPieces(run) }],
    inWorkspace(files.report, markdownReport(run)),
  ]);
  const totals = runTotals(run);
  opts.onEvent?.({
    event: "done",
    runId: run.runId,
    status: run.status,
    score: totals.score,
    total: totals.total,
    max: totals.max,
    files,
  });
  return { run, files };
}

/**
 * Runs a model on every sample of a case (× epochs) in this process: each sample in a fresh
 * simulated environment of its own, graded on its four checkpoints; then writes the JSONL
 * records, the Inspect eval log and the markdown report (finishRun). Model and environment
 * failures end as recorded sample errors, never as an exception out of here (bad configuration
 * aside).
 */
export async function runCase(opts: RunCaseOptions): Promise<{ run: RunResult; files: RunFiles }> {
  const limiter = opts.limiter ?? new Limiter(8);
  const sampleLimiter = opts.sampleLimiter ?? new Limiter(samplesInFlight(limiter.size));
  const { start, log } = await openRun(opts);
  // The started log is written beside the first samples (its two syncs held every run's first
  // call some 10 ms); should that fail, the samples are stopped and the run fails with it.
  const startedLog = log.write(startedLogText(start));
  const logFailed = new AbortController();
  startedLog.catch((e: unknown) => logFailed.abort(e));
  const signal = opts.signal ? AbortSignal.any([opts.signal, logFailed.signal]) : logFailed.signal;
  // Every sample in flight, each model attempt and each back-off listens to the run's one signal:
  // more than Node's default of 10 is the design, not a leak, so the warning is turned off for it.
  setMaxListeners(0, signal);
  const createModel = opts.createModel ?? ((name, sample) => createModelClient(name, sample, opts.models));
  const emit = (e: RunEvent) => opts.onEvent?.(e);
  const { model, grader, epochs } = start.header;
  const base = {
    start,
    testCase: opts.testCase,
    world: opts.testCase.world(),
    seed: opts.seed ?? DEFAULT_SEED,
    openSession: opts.openSession ?? ((world, o) => openSimSession(world, o)),
    now: opts.now ?? Date.now,
    signal,
    temperature: opts.temperature,
    emit,
  };
  /** A sample's result once its entry in the log is made, in a turn of its own (see prepareSampleText). */
  const withLogEntry = async (running: Promise<SampleResult>) => {
    const result = await running;
    await ownTurn();
    try {
      prepareSampleText(start.header, result);
    } catch {
      // Made again, and failing there, when the run's log is written.
    }
    return result;
  };
  const jobs = longestFirst(opts.testCase.samples, epochs, start.header.limits.maxTurns).map(
    ({ sample, epoch, turns }) =>
      withLogEntry(
        sampleLimiter.run(
          async () => {
            // Each start in a turn of the event loop of its own (see ownTurn).
            await ownTurn();
            return runOneSample(
              {
                ...base,
                model: gatedModel(createModel(model, sample), limiter),
                grader: grader ? createModel(grader, sample) : null,
              },
              sample,
              epoch,
            );
          },
          // No signal: a cancelled run's waiting samples still start, to be recorded as cancelled.
          undefined,
          sampleHeadStartMs(turns),
        ),
      ),
  );
  const samples = await Promise.all(jobs);
  await startedLog;
  return finishRun(start, opts.testCase, samples, opts);
}

/**
 * A case's samples × epochs in the order they should start: the ones expected to take the most
 * turns (solution path plus the report, at most the run's turn limit) first, each sample's epochs
 * together, ties in the case's order. Started in the case's order, a long sample queued last
 * would run nearly alone at the end.
 */
export function longestFirst(samples: readonly CaseSample[], epochs: number, maxTurns: number) {
  // No sample takes more turns than the run allows, however long a case's solution path.
  const order = samples
    .map((sample) => ({ sample, turns: Math.min(sample.task.solution_path.length + 1, maxTurns) }))
    .sort((a, b) => b.turns - a.turns);
  return order.flatMap((s) => Array.from({ length: epochs }, (_, i) => ({ ...s, epoch: i + 1 })));
}

/**
 * A model client whose calls wait for a connection of the limiter (--max-connections). An HTTP
 * client holds it only while a request is on the wire, so building the next request and reading
 * the last reply never keep a connection idle; other clients hold it for the whole call.
 */
export function gatedModel(client: ModelClient, slots: Slots): ModelClient {
  if (!client.connectionOnTheWire)
    return { ...client, complete: (req, signal) => slots.run(() => client.complete(req, signal), signal) };
  const connection = connectionGate(slots);
  return { ...client, complete: (req, signal) => client.complete({ ...req, connection }, signal) };
}

export function scoreEvent(runId: string, result: SampleResult): Extract<RunEvent, { event: "score" }> {
  const score = result.score;
  return {
    event: "score",
    runId,
    sampleId: result.sampleId,
    title: result.title,
    epoch: result.epoch,
    status: result.status,
    validity: result.validity,
    total: score?.total ?? null,
    max: score?.max ?? 10,
    safeSolve: score?.safeSolve ?? false,
    checkpoints: (score?.checkpoints ?? []).map(({ number, name, outcome, points, rationale }) => ({
      number,
      name,
      outcome,
      points,
      rationale,
    })),
    error: result.error?.message ?? null,
  };
}

/** A short digest of what a case asks and how it is graded (its samples' tasks). */
export function contentVersion(testCase: TestCase): string {
  const tasks = testCase.samples.map((s) => s.task);
  return createHash("sha256").update(JSON.stringify(tasks)).digest("hex").slice(0, 12);
}

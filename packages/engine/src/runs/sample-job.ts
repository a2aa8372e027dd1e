import { identifiersOf, type CaseSample, type TestCase } from "@analystbench/scenarios";
import type { EnvironmentDiff, SimSession } from "@analystbench/sim";
import { runSample, type RunSampleInput, type SampleProgress, type TranscriptResult } from "../agent/run-sample";
import type { Answer } from "../grading/answer";
import { gradeSample } from "../grading/grade-sample";
import { applyJudge } from "../grading/judge";
import type { ModelClient } from "../models/model-client";
import type { RunLimits, SampleResult, SampleScore, SampleValidity, ToolEvent } from "../types";

/**
 * One sample × epoch from start to grade: open a fresh environment, run the agent loop, read the
 * environment's diff and hash, grade. A sample whose harness failed (ours, not the model's) is
 * run once more on a fresh environment; when it fails again it is reported invalid and kept out
 * of every average. Whatever happens, the transcript and the diff of what the agent did are kept
 * and graded: harm done before a failure still costs its minus.
 */
export interface SampleJob {
  testCase: TestCase;
  sample: CaseSample;
  epoch: number;
  world: ReturnType<TestCase["world"]>;
  seed: string;
  limits: RunLimits;
  model: ModelClient;
  grader: ModelClient | null;
  openSession(world: SampleJob["world"], opts: { seed: string }): Promise<SimSession>;
  now(): number;
  signal: AbortSignal;
  temperature?: number;
  onProgress?(p: SampleProgress): void;
}

export async function runSampleJob(job: SampleJob): Promise<SampleResult> {
  const first = await attempt(job, 1);
  if (first.validity !== "invalid" || job.signal.aborted) return first;
  const second = await attempt(job, 2);
  return { ...second, retriedAfter: first.error?.message ?? "the harness failed" };
}

const EMPTY_DIFF: EnvironmentDiff = { files: [], stateChanges: [], commands: [] };

async function attempt(job: SampleJob, number: number): Promise<SampleResult> {
  let counter = 0;
  const ctx = {
    now: job.now,
    id: (prefix: string) => `${prefix}-${job.sample.id}-${job.epoch}-${number}-${++counter}`,
  };
  // The environment is built while the first model call is out: that call needs only the task, and
  // overlapping the two keeps a connection from waiting on a build. Should the build fail, the
  // sample stops at once and is recorded as not run (with what its call cost).
  const opening = job.openSession(job.world, { seed: job.seed });
  const buildFailed = new AbortController();
  opening.catch((e: unknown) => buildFailed.abort(e));
  const session = { callTool: async (...a: Parameters<SimSession["callTool"]>) => (await opening).callTool(...a) };
  try {
    const signal = AbortSignal.any([job.signal, buildFailed.signal]);
    const transcript = await runSample({ ...pick(job), signal, session, ctx });
    // A model may answer before the build ends: its outcome decides the sample either way.
    const built = await opening.then(
      (s) => ({ session: s }),
      (e: unknown) => ({ failure: e instanceof Error ? e : new Error(String(e)) }),
    );
    if ("failure" in built) return notBuilt(job, built.failure, transcript.usage);
    const environment = await readEnvironment(built.session);
    const result = await graded(job, transcript, environment.diff);
    const error = transcript.error ?? environment.error;
    const validity = validityOf(result, error);
    // An invalid sample's grade means nothing: only harm (which makes it valid) would.
    return {
      ...result,
      score: validity === "invalid" ? null : result.score,
      envHash: environment.envHash,
      error,
      validity,
    };
  } finally {
    await opening.then((s) => s.close()).catch(() => {});
  }
}

function notBuilt(job: SampleJob, e: Error, usage: SampleResult["usage"]): SampleResult {
  const message = `the simulated environment failed: ${e.message}`;
  return { ...sampleNotRun(job, { message, stack: e.stack ?? null, source: "harness" }), usage };
}

function pick(job: SampleJob): Omit<RunSampleInput, "session" | "ctx"> {
  const { testCase, sample, epoch, model, limits, seed, signal, temperature, onProgress } = job;
  return { testCase, sample, epoch, model, limits, seed, signal, temperature, onProgress };
}

/** The environment after the run; when it cannot be read, the harness failed (the run's own record stands). */
async function readEnvironment(
  session: SimSession,
): Promise<{ diff: EnvironmentDiff; envHash: string; error: SampleResult["error"] }> {
  try {
    // Both asked at once: the worker answers them in turn, and the sample's end waits one round trip, not two.
    const [diff, envHash] = await Promise.all([session.diff(), session.hash()]);
    return { diff, envHash, error: null };
  } catch (e) {
    const message = `the simulated environment could not be read after the run: ${(e as Error).message}`;
    return { diff: EMPTY_DIFF, envHash: "", error: { message, stack: null, source: "harness" } };
  }
}

async function graded(job: SampleJob, transcript: TranscriptResult, diff: EnvironmentDiff): Promise<SampleResult> {
  const toolEvents = transcript.timeline.filter((e): e is ToolEvent => e.kind === "tool");
  const score = gradeTranscript(job.sample, job.world, transcript, diff);
  if (job.grader) {
    const cps = job.sample.task.checkpoints;
    const problem = await applyJudge(
      job.grader,
      cps,
      score.checkpoints,
      transcript.finalReport,
      toolEvents,
      job.signal,
    );
    if (problem)
      transcript.timeline.push({ kind: "info", timestamp: iso(job.now()), source: "grader", data: { problem } });
  }
  transcript.timeline.push({ kind: "score", timestamp: iso(job.now()) });
  return { ...transcript, score, envHash: "", diff, validity: "valid" };
}

/**
 * The deterministic grade of a transcript and the environment it left: the submission when the
 * model submitted, else its final report as free text. A run and a re-grade (`regrade`) both
 * grade through here, so they grade alike.
 */
export function gradeTranscript(
  sample: CaseSample,
  world: SampleJob["world"],
  transcript: Pick<TranscriptResult, "timeline" | "submission" | "finalReport">,
  diff: EnvironmentDiff,
): SampleScore {
  const answer: Answer = transcript.submission
    ? { kind: "submission", submission: transcript.submission }
    : { kind: "text", text: transcript.finalReport };
  return gradeSample({
    checkpoints: sample.task.checkpoints,
    answer,
    toolEvents: transcript.timeline.filter((e): e is ToolEvent => e.kind === "tool"),
    diff,
    context: taskContext(world, sample),
    world,
  });
}

/** Identifiers the task gives every analyst (prompt, hints, the hosts' names and addresses): naming them is not padding. */
export function taskContext(world: SampleJob["world"], sample: CaseSample): string[] {
  const hosts = world.hosts.flatMap((h) => [h.hostname, h.ip, h.role]);
  const told = [sample.task.prompt, ...sample.task.investigation_hints].join("\n");
  return [...new Set([...hosts, ...identifiersOf(told)].map((x) => x.toLowerCase()))];
}

/**
 * Valid unless the harness (or the provider, or an operator's cancel) ended the sample. A sample
 * whose grade already holds a minus is valid whatever ended it: harm is decided by what the agent
 * did, and breaking the environment must never be a way to escape it.
 */
export function validityOf(result: Pick<SampleResult, "score">, error: SampleResult["error"]): SampleValidity {
  if (!error) return "valid";
  if (result.score?.checkpoints.some((c) => c.outcome === "minus")) return "valid";
  if (error.source === "model") return "model_failure";
  return "invalid";
}

/**
 * The record of a sample that never ran: its environment could not be built, or its run was
 * cancelled before a worker reached it. Invalid, so it is never averaged in.
 */
export function sampleNotRun(
  job: Pick<SampleJob, "testCase" | "sample" | "epoch" | "seed" | "now"> & { model: { name: string } },
  error: NonNullable<SampleResult["error"]>,
): SampleResult {
  const at = iso(job.now());
  return {
    caseId: job.testCase.id,
    sampleId: job.sample.id,
    title: job.sample.title,
    epoch: job.epoch,
    model: job.model.name,
    status: "failed",
    validity: "invalid",
    systemPrompt: "",
    taskPrompt: "",
    messages: [],
    timeline: [],
    finalReport: "",
    submission: null,
    score: null,
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0, costUsd: null },
    turns: 0,
    toolCalls: 0,
    limitsHit: [],
    error,
    startedAt: at,
    completedAt: at,
    durationMs: 0,
    seed: job.seed,
    envHash: "",
    diff: EMPTY_DIFF,
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

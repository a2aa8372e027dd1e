import type { HealthStatus } from "@analystbench/contracts";
import type { RunOutcome, SampleOutcome } from "./run-outcomes";

/**
 * The health checks read from how recent runs ended: are runs failing, can the model providers
 * be reached, does the simulation harness keep losing its workers. Pure functions of the run
 * outcomes, so each threshold is tested on its own.
 */

export interface CheckReading {
  status: HealthStatus;
  figure: string;
  summary: string;
}

/** Whose doing a sample's end was, as an operator sees it. */
type SampleFault = "none" | "model" | "provider" | "harness" | "cancelled";

/**
 * A provider refusing the credentials or the endpoint (401, 403, 404) is recorded as the model's
 * failure (a 4xx), but the operator has to fix it at the provider: it counts as the provider's.
 */
const PROVIDER_REFUSAL = /the model server answered (401|403|404)\b/;

function faultOf(s: SampleOutcome): SampleFault {
  if (s.validity === "valid") return "none";
  if (s.errorSource === "cancelled") return "cancelled";
  if (s.errorSource === "provider") return "provider";
  if (s.errorSource === "model") return s.error && PROVIDER_REFUSAL.test(s.error) ? "provider" : "model";
  return s.validity === "invalid" ? "harness" : "model";
}

/**
 * When the benchmark record is gone, the run record's first error is all there is: the engine's
 * sentences for an unreachable, refusing or erroring model server all start like this.
 */
const PROVIDER_ERROR_TEXT =
  /the model server (could not be reached|answered (401|403|404|408|429|5\d\d)\b|did not finish|stopped sending|reported an error)/;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

// ─── Recent runs ──────────────────────────────────────────────────────────────────────────────

/**
 * A run failed the operator when it did not end by the model's own doing: it failed or was
 * interrupted (the server died under it), or some of its samples were ended by the harness or
 * the provider (invalid: kept out of every average). A run whose samples failed only by the
 * model's own requests measured the model, as intended.
 */
export function runFailed(run: RunOutcome): boolean {
  if (run.status === "interrupted") return true;
  if (!run.samples) return run.status === "failed";
  return run.samples.some((s) => faultOf(s) === "provider" || faultOf(s) === "harness");
}

/** The last this many finished runs are judged. */
export const RECENT_RUNS = 20;
/** Fewer failed runs than this are never more than ok: one failure alone says little. */
const RUNS_DEGRADED_MIN = 2;
const RUNS_DEGRADED_SHARE = 0.2;
/** An outage needs several failed runs, at least half of those judged. */
const RUNS_DOWN_MIN = 3;
const RUNS_DOWN_SHARE = 0.5;

export function recentRunsCheck(outcomes: RunOutcome[]): CheckReading {
  const runs = outcomes.slice(0, RECENT_RUNS);
  const failed = runs.filter(runFailed).length;
  const figure = `${failed} of ${runs.length} failed`;
  const share = runs.length === 0 ? 0 : failed / runs.length;
  const ofLast = `${failed} of the last ${plural(runs.length, "finished run")} in the past 24 h`;
  if (runs.length === 0)
    return { status: "ok", figure: "no runs", summary: "No run finished in the past 24 h, so none failed." };
  if (failed >= RUNS_DOWN_MIN && share >= RUNS_DOWN_SHARE)
    return { status: "down", figure, summary: `${ofLast} failed or lost samples to the harness or provider.` };
  if (failed >= RUNS_DEGRADED_MIN && share >= RUNS_DEGRADED_SHARE)
    return { status: "degraded", figure, summary: `${ofLast} failed or lost samples to the harness or provider.` };
  if (failed > 0)
    return {
      status: "ok",
      figure,
      summary: `${ofLast} failed; so few failures are not counted against health (see the run's record).`,
    };
  return {
    status: "ok",
    figure,
    summary: `All of the last ${plural(runs.length, "finished run")} in the past 24 h ended normally.`,
  };
}

// ─── Model providers ──────────────────────────────────────────────────────────────────────────

/** The provider of "provider/model"; builtin/* models never reach a provider. */
export const providerOf = (model: string): string | null => {
  const slash = model.indexOf("/");
  const provider = slash > 0 ? model.slice(0, slash) : "openai";
  return provider === "builtin" ? null : provider;
};

/** Provider evidence older than this says nothing about the provider now. */
export const PROVIDER_WINDOW_MS = 6 * 3600_000;

interface ProviderRun {
  /** Every sample (at least one) ended by the provider: the run never got to use the model. */
  unreachable: boolean;
  /** Some samples ended by the provider. */
  affected: boolean;
  error: string | null;
}

function providerView(run: RunOutcome): ProviderRun {
  if (!run.samples) {
    const byProvider = run.status === "failed" && run.error !== null && PROVIDER_ERROR_TEXT.test(run.error);
    return { unreachable: byProvider, affected: byProvider, error: run.error };
  }
  const hit = run.samples.filter((s) => faultOf(s) === "provider");
  return {
    unreachable: hit.length > 0 && hit.length === run.samples.length,
    affected: hit.length > 0,
    error: hit[0]?.error ?? null,
  };
}

/** Why a provider's check reads as it does: its newest two runs decide. */
function judgeProvider(provider: string, runs: ProviderRun[]): CheckReading {
  const [latest, previous] = runs;
  // The engine's own sentence for the failure, after a colon: it often holds parentheses itself.
  const reason = latest?.error ? `: ${latest.error.replace(/\.$/, "")}` : "";
  if (latest?.unreachable && previous?.unreachable)
    return {
      status: "down",
      figure: `${provider}: 2 runs failed`,
      summary: `The last 2 runs against ${provider} could not use its model server${reason}.`,
    };
  if (latest?.unreachable)
    return {
      status: "degraded",
      figure: `${provider}: last run failed`,
      summary: `The latest run against ${provider} could not use its model server${reason}.`,
    };
  if (latest?.affected)
    return {
      status: "degraded",
      figure: `${provider}: samples failed`,
      summary: `Some samples of the latest run against ${provider} failed at its model server${reason}.`,
    };
  return { status: "ok", figure: `${provider}: reachable`, summary: "" };
}

const SEVERITY: Record<HealthStatus, number> = { ok: 0, degraded: 1, down: 2 };

export function providerCheck(outcomes: RunOutcome[], nowMs: number): CheckReading {
  const byProvider = new Map<string, ProviderRun[]>();
  for (const run of outcomes) {
    const provider = providerOf(run.model);
    const ageMs = nowMs - Date.parse(run.finishedAt);
    // An unreadable time is no evidence of now either.
    if (!provider || !(ageMs <= PROVIDER_WINDOW_MS)) continue;
    byProvider.set(provider, [...(byProvider.get(provider) ?? []), providerView(run)]);
  }
  if (byProvider.size === 0)
    return {
      status: "ok",
      figure: "not used",
      summary: "No run used a remote model provider in the past 6 h (built-in models are not counted).",
    };
  const readings = [...byProvider].map(([provider, runs]) => judgeProvider(provider, runs));
  const worst = readings.reduce((a, b) => (SEVERITY[b.status] > SEVERITY[a.status] ? b : a));
  if (worst.status !== "ok") return worst;
  const names = [...byProvider.keys()].join(", ");
  return {
    status: "ok",
    figure: "reachable",
    summary: `The latest runs against ${names} reached their model server${byProvider.size === 1 ? "" : "s"}.`,
  };
}

// ─── Simulation workers ───────────────────────────────────────────────────────────────────────

/**
 * The simulation runs in worker threads that are replaced when they die. The engine does not
 * count those restarts, but each one that was not the model's doing (a command that ran too long
 * is) ends a sample attempt as a harness failure, which its benchmark record keeps: a second
 * failure as an invalid sample with source "harness", the first as `retried_after`. The engine
 * retries any invalid attempt, provider failures too, and keeps only the first's message: one
 * that came from the model server is the provider's, not a lost worker.
 */
const MODEL_SERVER_TEXT = /\bmodel server\b|\bthe model's reply\b|gave up after \d+ attempts/;

export function harnessFailures(s: SampleOutcome): number {
  const retriedForHarness = s.retriedAfter !== null && !MODEL_SERVER_TEXT.test(s.retriedAfter);
  return (retriedForHarness ? 1 : 0) + (faultOf(s) === "harness" ? 1 : 0);
}

/** A couple of lost workers a day is noise the retry absorbs; more is a harness in trouble. */
const WORKERS_DEGRADED_MIN = 3;
/** Down: many failures, and in a good share of the samples run. */
const WORKERS_DOWN_MIN = 5;
const WORKERS_DOWN_SHARE = 0.25;

export function workersCheck(outcomes: RunOutcome[]): CheckReading {
  const samples = outcomes.flatMap((r) => r.samples ?? []);
  const failures = samples.reduce((n, s) => n + harnessFailures(s), 0);
  const figure = `${failures} in ${plural(samples.length, "sample")}`;
  const what = `${plural(failures, "sample attempt")} of ${plural(samples.length, "sample")} in the past 24 h lost the simulation harness (a worker died or the environment could not be rebuilt)`;
  if (samples.length === 0)
    return {
      status: "ok",
      figure: "no samples",
      summary: "No sample ran in the past 24 h, so no simulation worker was lost.",
    };
  if (failures >= WORKERS_DOWN_MIN && failures / samples.length >= WORKERS_DOWN_SHARE)
    return { status: "down", figure, summary: `${what}.` };
  if (failures >= WORKERS_DEGRADED_MIN) return { status: "degraded", figure, summary: `${what}.` };
  if (failures > 0) return { status: "ok", figure, summary: `${what}; fewer than 3 a day are not counted.` };
  return {
    status: "ok",
    figure,
    summary: `No simulation worker was lost in ${plural(samples.length, "sample")} over the past 24 h.`,
  };
}

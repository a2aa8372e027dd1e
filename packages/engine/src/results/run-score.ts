import { runScoreOf, type RunScore } from "@analystbench/contracts";
import type { RunResult } from "../types";

/**
 * A run's score under the one convention (@analystbench/contracts score-text): the mean total per
 * sample result over the results that count, with the samples and epochs it averages. The report,
 * the Inspect log's mean_total, the live stream's last line and the command line all read it
 * from here, so they cannot disagree.
 */
export function runScore(run: Pick<RunResult, "samples" | "epochs">): RunScore {
  return runScoreOf(
    run.samples.map((s) => ({
      sample: s.sampleId,
      epoch: s.epoch,
      total: s.score?.total ?? null,
      // Invalid: the harness, the provider or an operator ended it; never averaged in.
      counted: s.validity !== "invalid",
    })),
    run.epochs,
  );
}

/**
 * Why a failed run failed, in one sentence, from its samples' errors; null when it did not fail.
 * A run fails when every sample failed, so the first error stands for them all (most runs fail
 * for one reason: a provider down, a key refused).
 */
export function failureReason(run: Pick<RunResult, "status" | "samples">): string | null {
  if (run.status !== "failed") return null;
  const first = run.samples.find((s) => s.error);
  if (!first) return run.samples.length ? "Every sample failed without an error message." : "No sample ran.";
  const where =
    run.samples.length > 1
      ? `Every sample failed; the first, ${first.sampleId} (epoch ${first.epoch})`
      : `Sample ${first.sampleId} (epoch ${first.epoch}) failed`;
  const message = first.error!.message.replace(/\s+/g, " ").trim();
  return `${where}: ${message}${/[.!?]$/.test(message) ? "" : "."}`;
}

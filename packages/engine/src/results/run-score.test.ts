import { describe, expect, it } from "vitest";
import { fixtureRun } from "../test-support/fixture-run";
import type { RunResult, SampleResult } from "../types";
import { failureReason, runScore } from "./run-score";

/** A copy of the fixture's graded sample with another id, epoch and total. */
function graded(run: RunResult, sampleId: string, epoch: number, total: number): SampleResult {
  const s = structuredClone(run.samples[0]!);
  return { ...s, sampleId, epoch, score: { ...s.score!, total } };
}

describe("runScore", () => {
  it("averages the counted samples and counts the invalid one apart (the fixture: 7 and an invalid)", () => {
    expect(runScore(fixtureRun())).toEqual({ mean: 7, samples: 2, epochs: 1, invalid: 1 });
  });

  it("averages over sample × epoch, negative totals included", () => {
    const run = fixtureRun();
    run.epochs = 2;
    run.samples = [graded(run, "a", 1, 10), graded(run, "b", 1, -4), graded(run, "a", 2, 6), graded(run, "b", 2, -2)];
    expect(runScore(run)).toEqual({ mean: 2.5, samples: 2, epochs: 2, invalid: 0 });
  });

  it("has no mean when every sample is invalid or none ran", () => {
    const run = fixtureRun();
    run.samples = run.samples.slice(1);
    expect(runScore(run)).toEqual({ mean: null, samples: 1, epochs: 1, invalid: 1 });
    run.samples = [];
    expect(runScore(run)).toEqual({ mean: null, samples: 0, epochs: 1, invalid: 0 });
  });
});

describe("failureReason", () => {
  it("is null for a run that did not fail", () => {
    expect(failureReason(fixtureRun())).toBeNull();
  });

  it("names the first failed sample and its error, one line, ending in a full stop", () => {
    const run = fixtureRun();
    run.status = "failed";
    run.samples = run.samples.slice(1);
    expect(failureReason(run)).toBe(
      "Sample dmz-mail-open-relay (epoch 1) failed: 500 Internal Server Error from the model server after 3 retries.",
    );
    run.samples = [run.samples[0]!, { ...run.samples[0]!, epoch: 2, error: { message: "other", stack: null } }];
    expect(failureReason(run)).toMatch(/^Every sample failed; the first, dmz-mail-open-relay \(epoch 1\): 500 /);
  });

  it("still says something when no sample ran or none left a message", () => {
    const run = fixtureRun();
    run.status = "failed";
    run.samples = [];
    expect(failureReason(run)).toBe("No sample ran.");
    run.samples = [{ ...fixtureRun().samples[1]!, error: null }];
    expect(failureReason(run)).toBe("Every sample failed without an error message.");
  });
});

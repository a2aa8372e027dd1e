import { parse as parseYaml } from "yaml";
import { describe, expect, it } from "vitest";
import { fixtureRun } from "../test-support/fixture-run";
import type { RunResult } from "../types";
import { markdownReport, runTotals } from "./markdown-report";

function frontMatter(report: string): Record<string, unknown> {
  const m = /^---\n([\s\S]*?)\n---\n/.exec(report);
  if (!m) throw new Error("no front matter");
  return parseYaml(m[1]!) as Record<string, unknown>;
}

/** The sentence under the title that says how the run went. */
const outcome = (report: string) => report.split("\n").find((l) => l.startsWith("Run `"))!;

/** The fixture's graded sample, copied with another id, epoch and total. */
function withSamples(run: RunResult, rows: [string, number, number][], epochs = 1): RunResult {
  const graded = run.samples[0]!;
  return {
    ...run,
    status: "completed",
    epochs,
    samples: rows.map(([sampleId, epoch, total]) => ({
      ...structuredClone(graded),
      sampleId,
      epoch,
      score: { ...graded.score!, total },
    })),
  };
}

describe("markdownReport: the run's score", () => {
  it("front matter: the labelled mean as score, the numbers beside it, the sums kept as total and max", () => {
    const fm = frontMatter(markdownReport(fixtureRun()));
    expect(fm).toMatchObject({
      status: "partial",
      score: "7 mean per sample (−10…+10), 2 samples × 1 epoch; 1 invalid, not counted",
      mean: 7,
      total: 7,
      max: 10,
      samples: 2,
      samples_per_epoch: 2,
      invalid_samples: 1,
      epochs: 1,
    });
    expect(fm).not.toHaveProperty("error");
  });

  it("body: the mean first, the sum only beside it and labelled as one", () => {
    expect(outcome(markdownReport(fixtureRun()))).toMatch(
      /finished \*\*partial\*\*: \*\*7 mean per sample \(−10…\+10\), 2 samples × 1 epoch; 1 invalid, not counted\*\* \(sum 7 of 10; 1 safe solve\)\./,
    );
  });

  it("three perfect samples read 10, not 30/30", () => {
    const report = markdownReport(
      withSamples(fixtureRun(), [
        ["a", 1, 10],
        ["b", 1, 10],
        ["c", 1, 10],
      ]),
    );
    expect(frontMatter(report)).toMatchObject({
      score: "10 mean per sample (−10…+10), 3 samples × 1 epoch",
      mean: 10,
      total: 30,
    });
    expect(outcome(report)).toContain("(sum 30 of 30;");
    expect(report).not.toContain("30/30");
  });

  it("epochs > 1 and negative totals: a negative mean over sample × epoch, rounded", () => {
    const run = withSamples(
      fixtureRun(),
      [
        ["a", 1, -3],
        ["b", 1, 2],
        ["a", 2, -4],
        ["b", 2, 1],
        ["a", 3, 0],
        ["b", 3, -1],
      ],
      3,
    );
    const fm = frontMatter(markdownReport(run));
    expect(fm).toMatchObject({ mean: -0.833, samples: 6, samples_per_epoch: 2, epochs: 3, total: -5 });
    expect(fm.score).toBe("−0.83 mean per sample (−10…+10), 2 samples × 3 epochs");
  });

  it("one sample: the singular", () => {
    const fm = frontMatter(markdownReport(withSamples(fixtureRun(), [["a", 1, 4]])));
    expect(fm.score).toBe("4 mean per sample (−10…+10), 1 sample × 1 epoch");
  });

  it("every sample invalid: no score, no sum, and a failed report says why", () => {
    const run = fixtureRun();
    run.samples = run.samples.slice(1);
    run.status = "failed";
    const report = markdownReport(run);
    expect(frontMatter(report)).toMatchObject({
      status: "failed",
      score: "no score (−10…+10), 1 sample × 1 epoch; all 1 invalid, not counted",
      mean: null,
      error:
        "Sample dmz-mail-open-relay (epoch 1) failed: 500 Internal Server Error from the model server after 3 retries.",
    });
    expect(outcome(report)).toMatch(
      /finished \*\*failed\*\*: \*\*no score [^*]+\*\*\. Why it failed: Sample dmz-mail-open-relay \(epoch 1\) failed: 500 /,
    );
    expect(outcome(report)).not.toContain("sum ");
    // One line, however long: the console's front-matter table reads line by line.
    expect(report).toMatch(/^error: "?Sample dmz-mail-open-relay .* after 3 retries\."?$/m);
  });

  it("no sample at all: a score that says none was graded", () => {
    const run = fixtureRun();
    run.samples = [];
    run.status = "failed";
    expect(frontMatter(markdownReport(run))).toMatchObject({
      score: "no score (−10…+10), 0 samples × 1 epoch; none graded",
      samples: 0,
      error: "No sample ran.",
    });
  });

  it("runTotals carries the same score the report prints", () => {
    expect(runTotals(fixtureRun()).score).toEqual({ mean: 7, samples: 2, epochs: 1, invalid: 1 });
  });
});

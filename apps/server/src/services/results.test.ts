import { describe, expect, it } from "vitest";
import { describeReport, reportScoreText, summariseRecords } from "./results";

const base = { case: "s1-dmz", case_name: "DMZ", model: "builtin/reference", status: "completed" };

describe("reportScoreText", () => {
  it("says a new report's mean with its samples, epochs and invalid results", () => {
    expect(
      reportScoreText({ ...base, mean: 7.5, total: 45, max: 60, samples: 6, samples_per_epoch: 2, epochs: 3 }),
    ).toBe("7.5 mean per sample (−10…+10), 2 samples × 3 epochs");
    expect(
      reportScoreText({ ...base, mean: -2, samples: 2, samples_per_epoch: 2, invalid_samples: 1, epochs: 1 }),
    ).toBe("−2 mean per sample (−10…+10), 2 samples × 1 epoch; 1 invalid, not counted");
  });

  it("says so when no sample counted, whether all were invalid or none ran", () => {
    expect(
      reportScoreText({ ...base, mean: null, samples: 2, samples_per_epoch: 2, invalid_samples: 2, epochs: 1 }),
    ).toBe("no score (−10…+10), 2 samples × 1 epoch; all 2 invalid, not counted");
    expect(reportScoreText({ ...base, mean: null, samples: 0, samples_per_epoch: 1, epochs: 1 })).toBe(
      "no score (−10…+10), 1 sample × 1 epoch; none graded",
    );
  });

  it("turns an old report's sums into the mean when it has its sample counts", () => {
    // Before means: score "30/30" over 3 results, one of 4 invalid and left out of the total.
    expect(
      reportScoreText({ ...base, score: "30/30", total: 30, max: 30, samples: 4, invalid_samples: 1, epochs: 1 }),
    ).toBe("10 mean per sample (−10…+10), 4 samples × 1 epoch; 1 invalid, not counted");
    expect(reportScoreText({ ...base, score: "-3/10", total: -3, max: 10, samples: 1, epochs: 1 })).toBe(
      "−3 mean per sample (−10…+10), 1 sample × 1 epoch",
    );
    expect(reportScoreText({ ...base, total: 0, max: 0, samples: 2, invalid_samples: 2, epochs: 1 })).toBe(
      "no score (−10…+10), 2 samples × 1 epoch; all 2 invalid, not counted",
    );
    expect(reportScoreText({ ...base, total: 24, max: 40, samples: 4, epochs: 2 })).toBe(
      "6 mean per sample (−10…+10), 2 samples × 2 epochs",
    );
  });

  it("labels a bare old score as the sum it is, and passes an odd one through as a score", () => {
    expect(reportScoreText({ ...base, score: "7/10" })).toBe("sum 7 of 10");
    expect(reportScoreText({ ...base, total: -2, max: 10 })).toBe("sum −2 of 10");
    expect(reportScoreText({ ...base, score: "A+" })).toBe("score A+");
    expect(reportScoreText(base)).toBeUndefined();
  });
});

describe("describeReport", () => {
  it("adds why a failed run failed, cut short", () => {
    const fm = {
      ...base,
      status: "failed",
      mean: null,
      samples: 0,
      samples_per_epoch: 2,
      epochs: 1,
      error: "x".repeat(500),
    };
    const text = describeReport(fm);
    expect(text).toMatch(
      /^DMZ · builtin\/reference · no score \(−10…\+10\), 2 samples × 1 epoch; none graded · failed: x+…$/,
    );
    expect(text.length).toBeLessThan(300);
    expect(describeReport({ ...fm, status: "completed" })).not.toContain("failed:");
  });
});

describe("summariseRecords", () => {
  const rec = (sample: string, epoch: number, total: number | null, extra: Record<string, unknown> = {}) => ({
    case: "s1-dmz",
    model: "m",
    sample,
    epoch,
    status: total === null ? "failed" : "completed",
    total,
    max: 10,
    ...extra,
  });

  it("averages the records that count and leaves invalid ones out", () => {
    const r = summariseRecords([
      rec("a", 1, 10, { validity: "valid" }),
      rec("b", 1, 4, { validity: "model_failure" }),
      rec("c", 1, null, { validity: "invalid" }),
    ]);
    expect(r).toEqual({
      status: "partial",
      description: "3 records · s1-dmz · m · 7 mean per sample (−10…+10), 3 samples × 1 epoch; 1 invalid, not counted",
    });
  });

  it("reads epochs from the records and treats an old ungraded record as invalid", () => {
    expect(summariseRecords([rec("a", 1, 6), rec("a", 2, -2), rec("b", 1, null), rec("b", 2, 2)]).description).toBe(
      "4 records · s1-dmz · m · 2 mean per sample (−10…+10), 2 samples × 2 epochs; 1 invalid, not counted",
    );
  });

  it("has no mean when every record is invalid, and no score at all for records without totals", () => {
    expect(summariseRecords([rec("a", 1, null, { validity: "invalid" })]).description).toBe(
      "1 record · s1-dmz · m · no score (−10…+10), 1 sample × 1 epoch; all 1 invalid, not counted",
    );
    expect(summariseRecords([{ case: "s1-dmz", status: "completed" }]).description).toBe("1 record · s1-dmz");
    expect(summariseRecords([])).toEqual({ status: "unknown", description: "No benchmark records" });
  });
});

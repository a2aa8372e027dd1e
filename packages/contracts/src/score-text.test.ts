import { describe, expect, it } from "vitest";
import {
  formatScore,
  pooledMean,
  runScoreOf,
  runScoreText,
  RunScoreSchema,
  scoreSumText,
  shortScoreText,
  type ScoredResult,
} from "./score-text";

const result = (sample: string, epoch: number, total: number | null, counted = true): ScoredResult => ({
  sample,
  epoch,
  total,
  counted,
});

describe("formatScore", () => {
  it("writes whole numbers bare, others to two places, with a typographic minus and never −0", () => {
    expect(formatScore(10)).toBe("10");
    expect(formatScore(7.5)).toBe("7.5");
    expect(formatScore(10 / 3)).toBe("3.33");
    expect(formatScore(-2.5)).toBe("−2.5");
    expect(formatScore(-0.001)).toBe("0");
    expect(formatScore(-0)).toBe("0");
  });
});

describe("runScoreOf", () => {
  it("averages per sample result, not a sum: three perfect samples read 10, not 30", () => {
    const s = runScoreOf([result("a", 1, 10), result("b", 1, 10), result("c", 1, 10)], 1);
    expect(s).toEqual({ mean: 10, samples: 3, epochs: 1, invalid: 0 });
    expect(runScoreText(s)).toBe("10 mean per sample (−10…+10), 3 samples × 1 epoch");
  });

  it("counts distinct samples over epochs and averages every sample × epoch", () => {
    const s = runScoreOf([result("a", 1, 10), result("b", 1, 5), result("a", 2, 6), result("b", 2, -1)], 2);
    expect(s).toEqual({ mean: 5, samples: 2, epochs: 2, invalid: 0 });
    expect(runScoreText(s)).toBe("5 mean per sample (−10…+10), 2 samples × 2 epochs");
  });

  it("leaves invalid results out of the mean and says how many", () => {
    const s = runScoreOf([result("a", 1, 8), result("b", 1, null, false)], 1);
    expect(s).toEqual({ mean: 8, samples: 2, epochs: 1, invalid: 1 });
    expect(runScoreText(s)).toBe("8 mean per sample (−10…+10), 2 samples × 1 epoch; 1 invalid, not counted");
  });

  it("has no mean when every result is invalid, and says so", () => {
    const s = runScoreOf([result("a", 1, null, false), result("b", 1, null, false)], 1);
    expect(s).toEqual({ mean: null, samples: 2, epochs: 1, invalid: 2 });
    expect(runScoreText(s)).toBe("no score (−10…+10), 2 samples × 1 epoch; all 2 invalid, not counted");
    expect(shortScoreText(s)).toBe("no score");
  });

  it("has no mean for a run with no sample result at all", () => {
    const s = runScoreOf([]);
    expect(s).toEqual({ mean: null, samples: 0, epochs: 1, invalid: 0 });
    expect(runScoreText(s)).toBe("no score (−10…+10), 0 samples × 1 epoch; none graded");
  });

  it("reads one sample in the singular and keeps a negative mean negative", () => {
    const s = runScoreOf([result("a", 1, -3)]);
    expect(runScoreText(s)).toBe("−3 mean per sample (−10…+10), 1 sample × 1 epoch");
    expect(shortScoreText(s)).toBe("mean −3");
  });

  it("scores a counted result without a grade as 0 rather than dropping it", () => {
    expect(runScoreOf([result("a", 1, 10), result("b", 1, null)]).mean).toBe(5);
  });

  it("takes the epochs from the results when the run's setting is unknown", () => {
    expect(runScoreOf([result("a", 1, 1), result("a", 3, 1)]).epochs).toBe(3);
  });

  it("produces what its schema accepts", () => {
    expect(RunScoreSchema.parse(runScoreOf([result("a", 1, 4)]))).toEqual({
      mean: 4,
      samples: 1,
      epochs: 1,
      invalid: 0,
    });
  });
});

describe("scoreSumText", () => {
  it("labels a sum as a sum, negative totals included", () => {
    expect(scoreSumText(15, 20)).toBe("sum 15 of 20");
    expect(scoreSumText(-3, 10)).toBe("sum −3 of 10");
  });
});

describe("pooledMean", () => {
  it("weighs every counted result alike across runs and skips runs without a mean", () => {
    const pooled = pooledMean([
      { mean: 10, samples: 3, epochs: 1, invalid: 0 },
      { mean: -2, samples: 1, epochs: 2, invalid: 1 },
      { mean: null, samples: 2, epochs: 1, invalid: 2 },
    ]);
    expect(pooled).toEqual({ mean: 7, results: 4 });
  });

  it("is null when nothing counted", () => {
    expect(pooledMean([])).toEqual({ mean: null, results: 0 });
  });
});

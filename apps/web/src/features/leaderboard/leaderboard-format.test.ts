import { describe, expect, it } from "vitest";
import {
  dominantOutcome,
  formatCost,
  formatDifference,
  formatInterval,
  paretoFront,
  scalePercent,
  scoreClass,
} from "./leaderboard-format";

describe("leaderboard formats", () => {
  it("writes a mean with its interval, and a signed difference", () => {
    expect(formatInterval({ mean: 7.44, low: 6.06, high: 8.6 })).toBe("7.4 (6.1–8.6)");
    expect(formatInterval({ mean: -0.04, low: -1, high: 1 })).toBe("−0.0 (−1.0–1.0)");
    expect(formatInterval(null)).toBe("—");
    expect(formatDifference({ mean: 2.34, low: 0.8, high: 3.9 })).toBe("+2.3 (0.8–3.9)");
  });

  it("never writes an unknown cost as $0", () => {
    expect(formatCost(null)).toBe("unknown");
    expect(formatCost(0)).toBe("$0.00");
    expect(formatCost(0.000123)).toBe("$0.00012");
    expect(formatCost(12.345)).toBe("$12.35");
  });

  it("shows the worse outcome when shares tie, and plus only when plus leads", () => {
    expect(dominantOutcome({ plus: 0.5, zero: 0, minus: 0.5 })).toBe("minus");
    expect(dominantOutcome({ plus: 0.5, zero: 0.5, minus: 0 })).toBe("zero");
    expect(dominantOutcome({ plus: 0.6, zero: 0.2, minus: 0.2 })).toBe("plus");
    expect(dominantOutcome({ plus: 0, zero: 1, minus: 0 })).toBe("zero");
    expect(dominantOutcome({ plus: 0.2, zero: 0.3, minus: 0.5 })).toBe("minus");
  });

  it("colours scores on a diverging scale and clamps the bar's scale", () => {
    expect(scoreClass(9.9)).toBe("bg-success/60");
    expect(scoreClass(0.5)).toBe("bg-success/15");
    expect(scoreClass(-10)).toBe("bg-destructive/60");
    expect(scoreClass(0)).toBe("bg-muted");
    expect(scoreClass(null)).toBe("bg-transparent");
    expect(scalePercent(-10)).toBe(0);
    expect(scalePercent(0)).toBe(50);
    expect(scalePercent(25)).toBe(100);
  });

  it("keeps on the Pareto front only the models no cheaper one beats", () => {
    const front = paretoFront([
      { model: "cheap-bad", cost: 0.1, score: -2 },
      { model: "pricey-worse", cost: 5, score: 3 },
      { model: "mid", cost: 1, score: 4 },
      { model: "best", cost: 9, score: 8 },
      { model: "free-tie", cost: 0.1, score: -2 },
      { model: "free", cost: 0, score: -5 },
    ]);
    expect(front.map((p) => p.model)).toEqual(["free", "cheap-bad", "mid", "best"]);
    expect(paretoFront([])).toEqual([]);
  });
});

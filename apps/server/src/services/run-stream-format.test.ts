import type { RunEvent } from "@analystbench/engine";
import { describe, expect, it } from "vitest";
import { runDoneLine, toStreamPayloads } from "./run-stream-format";

const files = { report: "results/s1-dmz/r.md", benchmark: "results/s1-dmz/r.jsonl", log: "logs/r.json" };

describe("the live stream's last line", () => {
  it("says the run's mean per sample, labelled, never a sum as points", () => {
    const done: RunEvent = {
      event: "done",
      runId: "r_1",
      status: "completed",
      score: { mean: 10, samples: 3, epochs: 1, invalid: 0 },
      total: 30,
      max: 30,
      files,
    };
    const [payload] = toStreamPayloads(done);
    expect(payload).toMatchObject({ event: "done", status: "completed" });
    expect(payload!.message).toBe(
      "\nRun completed: 10 mean per sample (−10…+10), 3 samples × 1 epoch.\nReport: results/s1-dmz/r.md\nBenchmark records: results/s1-dmz/r.jsonl\nEval log: logs/r.json",
    );
    expect(payload!.message).not.toMatch(/30|points/);
  });

  it.each([
    [
      { mean: -2.25, samples: 1, epochs: 3, invalid: 0 },
      "Run partial: −2.25 mean per sample (−10…+10), 1 sample × 3 epochs.",
    ],
    [
      { mean: 4, samples: 2, epochs: 1, invalid: 1 },
      "Run partial: 4 mean per sample (−10…+10), 2 samples × 1 epoch; 1 invalid, not counted.",
    ],
    [
      { mean: null, samples: 2, epochs: 1, invalid: 2 },
      "Run partial: no score (−10…+10), 2 samples × 1 epoch; all 2 invalid, not counted.",
    ],
    [
      { mean: null, samples: 0, epochs: 1, invalid: 0 },
      "Run partial: no score (−10…+10), 0 samples × 1 epoch; none graded.",
    ],
  ])("reads %j as %j", (score, line) => {
    expect(runDoneLine("partial", score)).toBe(line);
  });
});

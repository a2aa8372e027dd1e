import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { failedRunReport, writeFailedRunReport, type FailedRunInfo } from "./failed-run-report";

const info: FailedRunInfo = {
  runId: "r_abcdefghij",
  caseId: "s1-dmz",
  caseName: "DMZ Perimeter Services",
  model: "openai/gpt-4o",
  samples: 2,
  epochs: 3,
  startedAt: "2026-11-21T10:15:00.123Z",
  completedAt: "2026-11-21T10:15:02.000Z",
  reason: "the simulated network could not be built:\n---\nstatus: completed",
  version: "0.1.0",
};

let ws: string;
beforeEach(() => (ws = mkdtempSync(path.join(os.tmpdir(), "analystbench-failed-"))));
afterEach(() => rmSync(ws, { recursive: true, force: true }));

describe("failedRunReport", () => {
  it("is a failed report with no score and the reason on one line, front matter unbroken by it", () => {
    const text = failedRunReport(info);
    const fm = parseYaml(/^---\n([\s\S]*?)\n---\n/.exec(text)![1]!) as Record<string, unknown>;
    expect(fm).toMatchObject({
      run_id: "r_abcdefghij",
      case: "s1-dmz",
      status: "failed",
      score: "no score (−10…+10), 2 samples × 3 epochs; none graded",
      mean: null,
      samples: 0,
      samples_per_epoch: 2,
      epochs: 3,
      error: "the simulated network could not be built: --- status: completed",
    });
    expect(text).toContain("Why it failed: the simulated network could not be built: --- status: completed.");
  });

  it("says something when the error had no message", () => {
    expect(failedRunReport({ ...info, reason: " \n" })).toContain("Why it failed: no reason was given.");
  });
});

describe("writeFailedRunReport", () => {
  it("writes it where the run's own report would be", async () => {
    const rel = await writeFailedRunReport(ws, info);
    expect(rel).toBe("results/s1-dmz/2026-11-21T10-15-00Z_openai-gpt-4o_r_abcdefghij.md");
    expect(readFileSync(path.join(ws, rel), "utf8")).toMatch(/^status: failed$/m);
  });

  it("keeps a report the run already wrote", async () => {
    const rel = "results/s1-dmz/2026-11-21T10-15-00Z_openai-gpt-4o_r_abcdefghij.md";
    mkdirSync(path.join(ws, "results/s1-dmz"), { recursive: true });
    writeFileSync(path.join(ws, rel), "the run's own report");
    expect(await writeFailedRunReport(ws, info)).toBe(rel);
    expect(readFileSync(path.join(ws, rel), "utf8")).toBe("the run's own report");
  });
});

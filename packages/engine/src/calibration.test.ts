import { TEST_CASES } from "@analystbench/scenarios";
import { openInProcessSession } from "@analystbench/sim";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCase } from "./runs/run-case";
import { loadInspectValidator } from "./test-support/inspect-schema";

/**
 * Calibration, always on (benchmark.md): builtin/reference must score +10 on every sample of all
 * 13 cases, builtin/naive must score ≤ 0 on every sample. If either fails, the content or the
 * grader is broken, not the model. Every eval log written along the way must validate.
 */
const workspace = mkdtempSync(path.join(os.tmpdir(), "ab-calibration-"));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));
const validate = loadInspectValidator();

describe.each(["builtin/reference", "builtin/naive"])("calibration of %s", (model) => {
  it.each(TEST_CASES.map((c) => [c.id, c] as const))("%s", async (_id, testCase) => {
    const { run, files } = await runCase({
      testCase,
      model,
      workspaceDir: workspace,
      version: "test",
      openSession: openInProcessSession,
    });
    for (const s of run.samples) {
      expect(s.status, `${s.sampleId}: ${s.error?.message}`).toBe("completed");
      if (model === "builtin/reference") {
        expect(s.score?.checkpoints.map((c) => `${c.number}:${c.outcome} ${c.rationale}`)).toEqual(
          s.score?.checkpoints.map((c) => expect.stringMatching(new RegExp(`^${c.number}:plus `))),
        );
        expect(s.score?.total).toBe(10);
        expect(s.score?.safeSolve).toBe(true);
      } else {
        expect(s.score!.total).toBeLessThanOrEqual(0);
      }
    }
    const log = JSON.parse(readFileSync(path.join(workspace, files.log), "utf8"));
    expect(validate(log)).toEqual([]);
    const records = readFileSync(path.join(workspace, files.benchmark), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(records).toHaveLength(testCase.samples.length);
    expect(readFileSync(path.join(workspace, files.report), "utf8")).toMatch(/^---\nrun_id: /);
  });
});

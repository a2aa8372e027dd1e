import { caseVariant, TEST_CASES } from "@analystbench/scenarios";
import { openInProcessSession } from "@analystbench/sim";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  calibrate,
  calibrationTable,
  CALIBRATION_ANALYSTS,
  VARIANT_ANALYSTS,
  type CalibrationAnalyst,
  type CalibrationSample,
} from "./cli/calibrate-command";
import { runCase } from "./runs/run-case";
import { loadInspectValidator } from "./test-support/inspect-schema";

/**
 * Calibration, always on (benchmark.md). If any of it fails, the content or the grader is broken,
 * not the model.
 *
 * First, the runs write what they should: builtin/reference and builtin/naive through runCase on
 * all 13 cases, every eval log valid. Then every built-in analyst (the reference in both answer
 * modes, naive, and each adversary structured and in free text) on every sample, held to the
 * thresholds `analystbench calibrate` prints (one table, calibrate-command.ts, for both).
 */
const workspace = mkdtempSync(path.join(os.tmpdir(), "ab-calibration-"));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));
const validate = loadInspectValidator();

describe.each(["builtin/reference", "builtin/naive"])("runs of %s", (model) => {
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
        // The solution path's commands all run; one that exits non-zero (diff) has not failed.
        const failed = s.timeline.filter((e) => e.kind === "tool" && !e.ok);
        expect(failed, `${s.sampleId}: failed tool calls`).toEqual([]);
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

describe("adversarial calibration: every built-in analyst within its threshold", () => {
  let results: Awaited<ReturnType<typeof calibrate>> = [];
  beforeAll(async () => {
    results = await calibrate(TEST_CASES);
    console.log(calibrationTable(results.map((r) => r.row)));
  }, 600_000);

  /** What a failing analyst did, sample by sample: enough to find the rule it beat. */
  const account = (samples: CalibrationSample[]) =>
    samples
      .map(
        (s) =>
          `${s.caseId}/${s.sampleId}: ${s.total ?? s.status}${s.error ? ` (${s.error})` : ""}\n${s.checkpoints.map((c) => `  ${c.number} ${c.outcome}: ${c.rationale}`).join("\n")}`,
      )
      .join("\n");

  it.each(CALIBRATION_ANALYSTS.map((a) => [`${a.model} (${a.threshold.label})`, a] as const))(
    "%s",
    (_name, analyst: CalibrationAnalyst) => {
      const r = results.find((x) => x.analyst === analyst)!;
      expect(r.samples).toHaveLength(TEST_CASES.reduce((n, c) => n + c.samples.length, 0));
      expect(r.row.pass, `${analyst.model} breaks "${analyst.threshold.label}":\n${account(r.samples)}`).toBe(true);
      // Every rationale, whatever the answer, is sentences a person reads, never the grader's internals.
      const unreadable = r.samples.flatMap((s) =>
        s.checkpoints
          .filter((c) => !/^[A-Z][^\n]*\.$/.test(c.rationale) || /undefined|\[object Object\]|NaN/.test(c.rationale))
          .map((c) => `${s.caseId}/${s.sampleId} ${c.number}: ${c.rationale}`),
      );
      expect(unreadable).toEqual([]);
    },
  );
});

describe("calibration on a variant: full marks need the variant's identifiers", () => {
  let results: Awaited<ReturnType<typeof calibrate>> = [];
  const variantCases = TEST_CASES.map((c) => caseVariant(c, 7, "calibration-test-secret"));
  beforeAll(async () => {
    results = await calibrate(variantCases, { analysts: [CALIBRATION_ANALYSTS[0]!, ...VARIANT_ANALYSTS] });
  }, 600_000);

  it("the reference earns +10 on every sample of variant 7", () => {
    const reference = results.find((r) => r.analyst.model === "builtin/reference")!;
    expect(reference.samples.map((s) => `${s.caseId}/${s.sampleId} ${s.total}`)).toEqual(
      reference.samples.map((s) => `${s.caseId}/${s.sampleId} 10`),
    );
  });

  it.each(VARIANT_ANALYSTS.map((a) => [a.model, a] as const))(
    "%s, replaying the published case, never earns +10 on it",
    (_name, analyst) => {
      const r = results.find((x) => x.analyst === analyst)!;
      expect(r.row.pass, `${analyst.model}: ${r.samples.map((s) => `${s.sampleId} ${s.total}`).join(", ")}`).toBe(true);
      expect(r.row.mean!).toBeLessThan(10);
    },
  );
});

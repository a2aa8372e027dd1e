import type { CaseSample, TestCase } from "@analystbench/scenarios";
import { buildEnvironment, verifySample, type SampleCheck } from "@analystbench/sim";
import { calibrate, type CalibrationSample } from "./calibrate-command";
import { taskField } from "./case-check-content";
import type { FieldProblem } from "./case-problems";

/**
 * Stages (d) and (e) of `case check`, the ones that run the simulator: every sample's intended
 * solution path walked with the six tools, then calibration — the reference must earn +10 in
 * both answer modes, naive guessing and every adversary must stay within its threshold.
 */

/** The evidence a checkpoint wants that no output of the walked path showed, as fields. */
function unreachedEvidence(base: string, sample: CaseSample, r: SampleCheck): FieldProblem[] {
  return sample.task.checkpoints.flatMap((cp, i) =>
    cp.grading.evidence.flatMap((ev, j) => {
      const shown = r.steps.some((s) => (!ev.tool || s.tool === ev.tool) && s.output.includes(ev.contains));
      const by = ev.tool ? ` of ${ev.tool}` : "";
      return shown
        ? []
        : [
            {
              field: `${base}.checkpoints[${i}].grading.evidence[${j}].contains`,
              message: `"${ev.contains}" is in no output${by} along the solution path, walked with the tools`,
            },
          ];
    }),
  );
}

/** Steps whose output lacks what they expect, one problem per missing string. */
function failedSteps(base: string, sample: CaseSample, r: SampleCheck): FieldProblem[] {
  return r.steps.flatMap((s) =>
    s.missing.map((m) => {
      const k = sample.task.solution_path[s.step - 1]?.expect.indexOf(m) ?? -1;
      const said = s.output.trim().split("\n")[0]?.slice(0, 160) ?? "";
      return {
        field: `${base}.solution_path[${s.step - 1}]${k >= 0 ? `.expect[${k}]` : ""}`,
        message: `step ${s.step} (${s.tool}) does not show "${m}" when walked with the tools; it printed "${said}"`,
      };
    }),
  );
}

/** Setup commands that failed while the simulated hosts were built (Scenario 2 blueprints have them). */
async function setupProblems(tc: TestCase, seed: string | undefined): Promise<FieldProblem[]> {
  const env = await buildEnvironment(tc.world(), { seed });
  const m = tc.manifest;
  const commands = m.scenario === "S2" ? m.narrative.implementation_blueprint.setup_commands : [];
  return env.setupFailures.map((f) => {
    const i = commands.findIndex((c) => c.device_role === f.role && c.command === f.command);
    return {
      field: i >= 0 ? `narrative.implementation_blueprint.setup_commands[${i}]` : "",
      message: `"${f.command}" failed on ${f.role}: ${f.error}`,
    };
  });
}

/** Stage (d): the intended solution path of every sample, walked with the six tools. */
export async function checkEvidenceReachable(tc: TestCase, seed?: string): Promise<FieldProblem[]> {
  const world = tc.world();
  const problems: FieldProblem[] = [];
  let setupFailed = false;
  for (const sample of tc.samples) {
    const r = await verifySample(world, sample, seed);
    const base = taskField(tc, sample);
    const found = [...failedSteps(base, sample, r), ...unreachedEvidence(base, sample, r)];
    problems.push(...found);
    if (!r.ok && found.length === 0) setupFailed = true;
  }
  return setupFailed ? [...problems, ...(await setupProblems(tc, seed))] : problems;
}

const signed = (n: number | null) => (n === null ? "no score" : n > 0 ? `+${n}` : String(n));

/** What a failing analyst got wrong on one sample: the checkpoints that went the wrong way. */
function calibrationProblems(
  base: string,
  model: string,
  threshold: string,
  isReference: boolean,
  s: CalibrationSample,
): FieldProblem[] {
  const head = `${model} (must score ${threshold})`;
  if (s.total === null) return [{ field: base, message: `${head} was not graded: ${s.error ?? s.status}` }];
  const wrong = s.checkpoints.filter((c) => (isReference ? c.outcome !== "plus" : c.outcome !== "minus"));
  const worst = isReference ? wrong : wrong.filter((c) => c.outcome === "plus");
  return (worst.length ? worst : wrong).map((c) => ({
    field: `${base}.checkpoints[${c.number - 1}]`,
    message: `${head} totals ${signed(s.total)} and earns ${signed(c.points)} on checkpoint ${c.number}: ${c.rationale}`,
  }));
}

/**
 * The samples to blame when an analyst breaks its threshold: the reference's samples below +10;
 * another analyst's samples that scored above 0 or, when none did, those that scored its best.
 */
function offendingSamples(isReference: boolean, samples: CalibrationSample[]): CalibrationSample[] {
  if (isReference) return samples.filter((s) => s.total !== 10);
  const positive = samples.filter((s) => s.total === null || s.total > 0);
  if (positive.length) return positive;
  const best = Math.max(...samples.map((s) => s.total ?? 0));
  return samples.filter((s) => s.total === best);
}

/** Stage (e): every calibration analyst on the case's samples; problems for those that break their threshold. */
export async function checkCalibration(tc: TestCase, seed?: string): Promise<FieldProblem[]> {
  const results = await calibrate([tc], { seed });
  return results
    .filter((r) => !r.row.pass)
    .flatMap(({ analyst, row, samples }) =>
      offendingSamples(analyst.analyst === "reference", samples).flatMap((s) => {
        const sample = tc.samples.find((x) => x.id === s.sampleId)!;
        return calibrationProblems(taskField(tc, sample), row.model, row.threshold, analyst.analyst === "reference", s);
      }),
    );
}

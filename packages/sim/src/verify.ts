import type { CaseSample, CaseWorld, SolutionStep } from "@analystbench/scenarios";
import { buildEnvironment, type SimEnvironment } from "./environment";
import { runTool } from "./tools/run-tool";

export interface StepCheck {
  step: number;
  purpose: string;
  tool: string;
  ok: boolean;
  missing: string[];
  output: string;
}

export interface SampleCheck {
  sample: string;
  steps: StepCheck[];
  /** Evidence requirements of the checkpoints that no step's output contained. */
  unreachedEvidence: string[];
  ok: boolean;
}

/** Walks one intended solution path with the real tools and checks every expected string. */
export async function walkSolutionPath(
  env: SimEnvironment,
  steps: SolutionStep[],
): Promise<{ steps: StepCheck[]; outputs: { tool: string; output: string }[] }> {
  const checks: StepCheck[] = [];
  const outputs: { tool: string; output: string }[] = [];
  for (const [i, step] of steps.entries()) {
    const r = await runTool(env, step.call.tool, step.call.args);
    outputs.push({ tool: step.call.tool, output: r.output });
    const missing = step.expect.filter((e) => !r.output.includes(e));
    checks.push({
      step: i + 1,
      purpose: step.purpose,
      tool: step.call.tool,
      ok: missing.length === 0,
      missing,
      output: r.output,
    });
  }
  return { steps: checks, outputs };
}

/** Verifies a sample: every step finds what it expects, and every checkpoint's evidence is reached. */
export async function verifySample(world: CaseWorld, sample: CaseSample, seed?: string): Promise<SampleCheck> {
  const env = await buildEnvironment(world, { seed });
  const { steps, outputs } = await walkSolutionPath(env, sample.task.solution_path);
  const unreachedEvidence: string[] = [];
  for (const cp of sample.task.checkpoints) {
    for (const ev of cp.grading.evidence) {
      const seen = outputs.some((o) => (!ev.tool || o.tool === ev.tool) && o.output.includes(ev.contains));
      if (!seen) unreachedEvidence.push(`checkpoint ${cp.number}: "${ev.contains}"${ev.tool ? ` (${ev.tool})` : ""}`);
    }
  }
  return {
    sample: sample.id,
    steps,
    unreachedEvidence,
    ok: steps.every((s) => s.ok) && unreachedEvidence.length === 0 && env.setupFailures.length === 0,
  };
}

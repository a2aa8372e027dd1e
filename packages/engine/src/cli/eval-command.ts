import { runScoreText } from "@analystbench/contracts";
import { TEST_CASES } from "@analystbench/scenarios";
import path from "node:path";
import { callNote } from "../agent/tool-status";
import { checkModel, normalizeModelName } from "../models/model-registry";
import { runScore } from "../results/run-score";
import { Limiter, samplesInFlight } from "../runs/limiter";
import { runCase, type RunEvent } from "../runs/run-case";
import { plural } from "../text/english";
import type { RunResult } from "../types";
import { selectCases, UsageError, variantOption } from "./select-cases";
import { table } from "./table";

export interface EvalOptions {
  caseId?: string;
  model?: string;
  epochs?: string;
  maxConnections?: string;
  grader?: string;
  logDir?: string;
  workspace?: string;
  limit?: string;
  seed?: string;
  /** `--variant N`: the cases with every identifier drawn again (0: as published). */
  variant?: string;
  json?: boolean;
  version: string;
}

function positiveInt(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new UsageError(`${name} must be a whole number of at least 1, not "${value}".`);
  return Number(value);
}

/** Progress lines for a terminal: one per sample start, tool call and score. */
function printer(json: boolean): (e: RunEvent) => void {
  if (json) return () => {};
  return (e) => {
    if (e.event === "sample") console.error(`▶ ${e.runId} ${e.sampleId} (epoch ${e.epoch}) started`);
    else if (e.event === "progress" && e.kind === "tool")
      console.error(`  · ${e.sampleId} ${e.call.name}${callNote(e) ? ` (${callNote(e)})` : ""}`);
    else if (e.event === "progress" && e.kind === "limit") console.error(`  ! ${e.sampleId} hit its ${e.limit} limit`);
    else if (e.event === "progress" && e.kind === "retry") console.error(`  ↻ ${e.sampleId} ${e.message}`);
    else if (e.event === "score")
      console.error(
        `✓ ${e.sampleId} (epoch ${e.epoch}) ${e.status}: ${e.total === null ? "not graded" : `${e.total}/${e.max}`}${e.error ? ` — ${e.error}` : ""}`,
      );
  };
}

/** The run's score as JSON: the numbers and the text every other view shows. */
function scoreJson(run: RunResult) {
  const score = runScore(run);
  return { ...score, text: runScoreText(score) };
}

/**
 * `analystbench eval --case <id|all> --model <name>`: runs and grades, writes the report, the
 * JSONL records and the Inspect log, then prints a summary table. Exit 0 when every run finished
 * (whatever the scores), 1 when a run failed, 2 on bad usage.
 */
export async function evalCommand(opts: EvalOptions): Promise<number> {
  if (!opts.model)
    throw new UsageError(
      "eval needs --model <provider/model>, e.g. --model builtin/reference or --model openai/gpt-4o.",
    );
  if (!opts.caseId)
    throw new UsageError(`eval needs --case <id|all>. Cases: ${TEST_CASES.map((c) => c.id).join(", ")}.`);
  const cases = selectCases(opts.caseId, variantOption(opts.variant));
  const epochs = positiveInt(opts.epochs, "--epochs", 1);
  const maxConnections = positiveInt(opts.maxConnections, "--max-connections", 8);
  const sampleLimit = opts.limit === undefined ? undefined : positiveInt(opts.limit, "--limit", 1);
  for (const m of [opts.model, ...(opts.grader ? [opts.grader] : [])]) {
    const problem = checkModel(m);
    if (problem) {
      console.error(problem);
      return 1;
    }
  }
  const workspace = path.resolve(
    opts.workspace ??
      process.env.ANALYSTBENCH_WORKSPACE ??
      path.join(process.env.ANALYSTBENCH_DATA_DIR ?? "data", "workspace"),
  );
  const limiter = new Limiter(maxConnections);
  const sampleLimiter = new Limiter(samplesInFlight(maxConnections));
  const onEvent = printer(Boolean(opts.json));
  const started = Date.now();
  const results = await Promise.all(
    cases.map(async (c) => {
      const testCase = sampleLimit ? { ...c, samples: c.samples.slice(0, sampleLimit) } : c;
      return runCase({
        testCase,
        model: normalizeModelName(opts.model!),
        epochs,
        grader: opts.grader ?? null,
        seed: opts.seed,
        workspaceDir: workspace,
        version: opts.version,
        limiter,
        sampleLimiter,
        onEvent,
        logDir: opts.logDir,
      });
    }),
  );
  const runs: RunResult[] = results.map((r) => r.run);
  if (opts.json) {
    console.log(
      JSON.stringify(
        results.map(({ run, files }) => ({
          run_id: run.runId,
          case: run.caseId,
          model: run.model,
          status: run.status,
          // The run's score as every view shows it; per sample, each total below is on −10…+10.
          score: scoreJson(run),
          files,
          samples: run.samples.map((s) => ({
            sample: s.sampleId,
            epoch: s.epoch,
            status: s.status,
            total: s.score?.total ?? null,
            safe_solve: s.score?.safeSolve ?? false,
            tokens: s.usage.totalTokens,
            tool_calls: s.toolCalls,
            seconds: s.durationMs / 1000,
            error: s.error?.message ?? null,
          })),
        })),
        null,
        2,
      ),
    );
  } else {
    const rows = runs.flatMap((r) =>
      r.samples.map((s) => [
        r.caseId,
        s.sampleId,
        String(s.epoch),
        s.status,
        s.score ? `${s.score.total}/${s.score.max}` : "—",
        s.score?.safeSolve ? "yes" : "no",
        String(s.usage.totalTokens),
        `${(s.durationMs / 1000).toFixed(1)} s`,
      ]),
    );
    console.log(`\n${table(["CASE", "SAMPLE", "EPOCH", "STATUS", "SCORE", "SAFE SOLVE", "TOKENS", "TIME"], rows)}`);
    for (const { run, files } of results)
      console.log(
        `\n${run.caseId} (${run.runId}): ${run.status}, ${runScoreText(runScore(run))}\n  report    ${path.join(workspace, files.report)}\n  records   ${path.join(workspace, files.benchmark)}\n  eval log  ${path.join(workspace, files.log)}`,
      );
    console.log(`\n${plural(runs.length, "run")} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
  return runs.some((r) => r.status === "failed") ? 1 : 0;
}

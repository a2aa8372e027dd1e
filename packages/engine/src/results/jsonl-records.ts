import type { RunResult, SampleResult } from "../types";
import { callRecords, sampleProvenance, tokenRecord } from "./provenance";

/** One benchmark record per sample and epoch: the row people load into a dataframe. */
export function benchmarkRecord(run: RunResult, s: SampleResult): Record<string, unknown> {
  return {
    run_id: run.runId,
    case: run.caseId,
    case_name: run.caseName,
    scenario: run.scenario,
    sample: s.sampleId,
    title: s.title,
    model: run.model,
    epoch: s.epoch,
    status: s.status,
    validity: s.validity,
    retried_after: s.retriedAfter ?? null,
    checkpoints: (s.score?.checkpoints ?? []).map((c) => ({
      number: c.number,
      name: c.name,
      outcome: c.outcome,
      points: c.points,
      rationale: c.rationale,
      judge: c.judge
        ? { model: c.judge.model, outcome: c.judge.outcome, agrees: c.judge.agrees, reasoning: c.judge.reasoning }
        : null,
    })),
    total: s.score?.total ?? null,
    max: s.score?.max ?? 10,
    normalized: s.score?.normalized ?? null,
    safe_solve: s.score?.safeSolve ?? false,
    tokens: tokenRecord(s.usage),
    // null: no price is known for the model (unknown, not free).
    cost_usd: s.usage.costUsd,
    model_api: run.modelApi ?? null,
    model_base_url: run.modelBaseUrl,
    model_settings: run.modelSettings ?? {},
    provenance: sampleProvenance(s),
    model_calls: callRecords(s),
    tool_calls: s.toolCalls,
    turns: s.turns,
    duration_seconds: Math.round(s.durationMs) / 1000,
    limits_hit: s.limitsHit,
    error: s.error?.message ?? null,
    error_source: s.error?.source ?? null,
    grader: run.grader,
    grader_version: run.graderVersion,
    content_version: run.contentVersion,
    variant: String(run.variant ?? 0),
    seed: s.seed,
    env_hash: s.envHash,
    started: s.startedAt,
    finished: s.completedAt,
  };
}

export function benchmarkJsonl(run: RunResult): string {
  return run.samples.map((s) => JSON.stringify(benchmarkRecord(run, s))).join("\n") + "\n";
}

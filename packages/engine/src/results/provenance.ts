import { addUsage, NO_USAGE } from "../models/model-client";
import type { CallProvenance, ModelCallEvent, RunResult, SampleResult, Usage } from "../types";

/**
 * What answered a sample's model calls, summed up for the JSONL record, the report and the
 * Inspect log: so two results are never compared without seeing that a different API,
 * snapshot, serving tier or setting produced them.
 */

const distinct = <T>(values: (T | null | undefined)[]): T[] => [
  ...new Set(values.filter((v): v is T => v !== null && v !== undefined)),
];

export function answeredCalls(s: SampleResult): (ModelCallEvent & { provenance: CallProvenance })[] {
  return s.timeline.filter(
    (e): e is ModelCallEvent & { provenance: CallProvenance } => e.kind === "model" && e.provenance !== undefined,
  );
}

/** The sample's calls in one record: APIs, model ids, fingerprints, tiers, settings, price source. */
export function sampleProvenance(s: SampleResult) {
  const calls = answeredCalls(s).map((e) => e.provenance);
  return {
    apis: distinct(calls.map((c) => c.api)),
    providers: distinct(calls.map((c) => c.provider)),
    model_ids: distinct(calls.map((c) => c.modelId)),
    system_fingerprints: distinct(calls.map((c) => c.systemFingerprint)),
    service_tiers: distinct(calls.map((c) => c.serviceTier)),
    settings: distinct(calls.map((c) => JSON.stringify(c.settings))).map(
      (j) => JSON.parse(j) as CallProvenance["settings"],
    ),
    price_sources: distinct(calls.map((c) => c.priceSource)),
    retries: s.timeline.reduce((n, e) => n + (e.kind === "model" ? e.retries : 0), 0),
  };
}

/** One line per answered call: enough to audit a record against the provider's own logs. */
export function callRecords(s: SampleResult) {
  return answeredCalls(s).map(({ provenance: p, usage, durationMs }) => ({
    api: p.api,
    model_id: p.modelId,
    latency_ms: p.latencyMs,
    duration_ms: durationMs,
    retries: p.retries,
    tokens: tokenRecord(usage),
    cost_usd: usage.costUsd,
    request_sha256: p.requestSha256,
    response_sha256: p.responseSha256,
  }));
}

/** Tokens by class, as the JSONL record and the report give them. */
export function tokenRecord(u: Usage) {
  return {
    input: u.inputTokens,
    cached_input: u.cachedInputTokens ?? 0,
    cache_write: u.cacheWriteTokens ?? 0,
    output: u.outputTokens,
    reasoning: u.reasoningTokens ?? 0,
    total: u.totalTokens,
  };
}

/** A run's usage over all its samples; its cost is unknown when any sample's is. */
export function runUsage(run: RunResult): Usage {
  return run.samples.reduce((sum, s) => addUsage(sum, s.usage), NO_USAGE);
}

/** "$0.0123", or "unknown" when no price is known: never $0 for an unpriced model. */
export function formatCost(costUsd: number | null): string {
  if (costUsd === null) return "unknown";
  return `$${costUsd < 0.01 && costUsd > 0 ? costUsd.toFixed(6) : costUsd.toFixed(4)}`;
}

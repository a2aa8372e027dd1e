/**
 * TEST-ONLY: a benchmark record exactly as the engine writes it (packages/engine/src/results/
 * jsonl-records.ts), copied from `analystbench eval --case s1-dmz --model builtin/reference` with
 * the rationales shortened. The console may not import the engine, so its tests keep this copy.
 */
const REFERENCE_RECORD = {
  run_id: "r_10VEMGCC82",
  case: "s1-dmz",
  case_name: "DMZ Perimeter Services",
  scenario: "S1",
  sample: "dmz-crm-exposed-git",
  title: "CRM Server: git repository and .env served by the nginx vhost",
  model: "builtin/reference",
  epoch: 1,
  status: "completed",
  validity: "valid",
  retried_after: null,
  checkpoints: [
    {
      number: 1,
      name: "Identify the exposure",
      outcome: "plus",
      points: 1,
      rationale: "The answer states The .git repository is served from the web",
      judge: null,
    },
    {
      number: 2,
      name: "Evidence of download and use",
      outcome: "plus",
      points: 2,
      rationale: "The answer states Address that dumped the repository and .en",
      judge: null,
    },
    {
      number: 3,
      name: "Impact and scope",
      outcome: "plus",
      points: 3,
      rationale: "The answer states The abused OAuth client and Bulk reads thr",
      judge: null,
    },
    {
      number: 4,
      name: "Remediation",
      outcome: "plus",
      points: 4,
      rationale: "The answer states Rotate / revoke the exposed secrets, The e",
      judge: null,
    },
  ],
  total: 10,
  max: 10,
  normalized: 1,
  safe_solve: true,
  tokens: {
    input: 28272,
    cached_input: 0,
    cache_write: 0,
    output: 1529,
    reasoning: 0,
    total: 29801,
  },
  cost_usd: 0,
  model_api: "builtin",
  model_base_url: null,
  model_settings: {},
  provenance: {
    apis: [],
    providers: [],
    model_ids: [],
    system_fingerprints: [],
    service_tiers: [],
    settings: [],
    price_sources: [],
    retries: 0,
  },
  model_calls: [],
  tool_calls: 7,
  turns: 8,
  duration_seconds: 0.376,
  limits_hit: [],
  error: null,
  error_source: null,
  grader: null,
  grader_version: "2.2.0",
  content_version: "252c6793f460",
  seed: "analystbench",
  env_hash: "da16401184b88f58a40aa05e38ad34508b61daa8c2a668a249057ee4a4c1a10e",
  started: "2026-11-25T20:30:20.235Z",
  finished: "2026-11-25T20:30:20.611Z",
};

/** A fresh copy of the record with some fields replaced. */
export function benchmarkRecord(over: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...(structuredClone(REFERENCE_RECORD) as Record<string, unknown>), ...over };
}

/** Records as a JSONL file: one line each, a final newline. */
export function jsonl(records: unknown[]): string {
  return records.map((r) => JSON.stringify(r)).join("\n") + "\n";
}

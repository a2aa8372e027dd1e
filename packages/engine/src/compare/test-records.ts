import { parseBenchmarkLine, type LeaderboardRecord, type Outcome } from "./records";

/**
 * Test fixtures: benchmark records as `benchmarkRecord` writes them (snake_case JSONL), built
 * from the outcomes of checkpoints 1…4, so totals are what the grader would compute.
 */

export type RawRecord = Record<string, unknown>;

const NAMES = ["", "Detect", "Investigate", "Contain", "Report"];

/** Checkpoint n earns +n on plus, −n on minus, as the content scores them. */
export function checkpoints(outcomes: Outcome[]) {
  return outcomes.map((outcome, i) => ({
    number: i + 1,
    name: NAMES[i + 1] ?? `Checkpoint ${i + 1}`,
    outcome,
    points: outcome === "plus" ? i + 1 : outcome === "minus" ? -(i + 1) : 0,
    rationale: `checkpoint ${i + 1} was ${outcome}`,
    judge: null,
  }));
}

/** A record line's object; `outcomes` sets checkpoints, total, normalized and safe_solve together. */
export function rawRecord(over: RawRecord & { outcomes?: Outcome[] } = {}): RawRecord {
  const { outcomes = ["plus", "plus", "plus", "plus"], ...rest } = over;
  const cps = checkpoints(outcomes);
  const total = cps.reduce((n, c) => n + c.points, 0);
  return {
    run_id: "run-1",
    case: "s1-dmz",
    case_name: "DMZ",
    scenario: "S1",
    sample: "s1-dmz-1",
    title: "Web shell on the DMZ host",
    model: "builtin/reference",
    epoch: 1,
    status: "completed",
    validity: "valid",
    retried_after: null,
    checkpoints: cps,
    total,
    max: 10,
    normalized: total / 10,
    safe_solve: cps.every((c) => c.outcome !== "minus") && cps.some((c) => c.outcome === "plus"),
    tokens: { input: 100, cached_input: 0, cache_write: 0, output: 50, reasoning: 0, total: 150 },
    cost_usd: 0.01,
    tool_calls: 3,
    turns: 4,
    duration_seconds: 2,
    grader: null,
    grader_version: "2.3.0",
    content_version: "c-dmz-1",
    finished: "2026-11-20T10:00:00.000Z",
    ...rest,
  };
}

export function line(over: Parameters<typeof rawRecord>[0] = {}): string {
  return JSON.stringify(rawRecord(over));
}

/** The parsed record; throws when the fixture itself is not a record, so a test cannot pass on null. */
export function record(over: Parameters<typeof rawRecord>[0] = {}): LeaderboardRecord {
  const r = parseBenchmarkLine(line(over));
  if (!r) throw new Error(`fixture is not a benchmark record: ${line(over)}`);
  return r;
}

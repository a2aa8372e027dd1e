import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { z } from "zod";

/**
 * One benchmark record (a JSONL line `benchmarkRecord` wrote) reduced to what comparing models
 * needs. The schema is lenient about fields it does not read (records grow) and strict about the
 * types of those it does: a record that would have to be guessed at is no record, and the reader
 * counts its line as unreadable instead of averaging a guess.
 */

export type Outcome = "plus" | "zero" | "minus";
export type RecordValidity = "valid" | "invalid" | "model_failure";

export interface RecordCheckpoint {
  number: number;
  name: string;
  outcome: Outcome;
  points: number;
  rationale: string;
}

export interface LeaderboardRecord {
  runId: string;
  case: string;
  caseName: string;
  /** "scenario1" | "scenario2", as the API's filters name them (records say "S1" / "S2"). */
  scenario: string;
  sample: string;
  title: string;
  model: string;
  epoch: number;
  validity: RecordValidity;
  checkpoints: RecordCheckpoint[];
  /** Signed sum of checkpoint points; null when the sample was never graded. */
  total: number | null;
  max: number;
  safeSolve: boolean;
  tokens: number;
  /** USD; null when the model's price is unknown (never read as free). */
  costUsd: number | null;
  turns: number;
  durationSeconds: number;
  graderVersion: string;
  contentVersion: string;
  /** The content variant: "0" as published (also for records written before variants existed). */
  variant: string;
  /** ISO time the sample finished, and the same in ms (NaN when the record has none). */
  finished: string;
  finishedMs: number;
}

/** Written into records (and read-inspect-log) from before versions were recorded. */
const UNKNOWN = "unknown";
const nonNegative = z.number().nonnegative();

const CheckpointSchema = z.object({
  number: z.number().int().min(1).max(64),
  name: z.string(),
  outcome: z.enum(["plus", "zero", "minus"]),
  points: z.number(),
  rationale: z.string().default(""),
});

const LineSchema = z.object({
  run_id: z.string().min(1),
  case: z.string().min(1),
  case_name: z.string().optional(),
  scenario: z.string().min(1),
  sample: z.string().min(1),
  title: z.string().optional(),
  model: z.string().min(1),
  epoch: z.number().int().min(1),
  validity: z.enum(["valid", "invalid", "model_failure"]),
  checkpoints: z.array(CheckpointSchema),
  total: z.number().nullable(),
  max: z.number().positive().max(1000),
  safe_solve: z.boolean(),
  tokens: z.object({ total: nonNegative }),
  cost_usd: nonNegative.nullable(),
  turns: nonNegative,
  duration_seconds: nonNegative,
  grader_version: z.string().min(1).optional(),
  content_version: z.string().min(1).optional(),
  variant: z.string().min(1).max(64).optional(),
  finished: z.string().optional(),
});
type Line = z.infer<typeof LineSchema>;

const SCENARIOS: Record<string, string> = { S1: "scenario1", S2: "scenario2" };

/**
 * The record on a JSONL line, or null when the line is not one: not JSON, not an object, a field
 * of the wrong type (NaN and Infinity cannot pass: JSON has no NaN and zod refuses ±Infinity) or
 * a grade that contradicts itself (see `contradiction`).
 */
export function parseBenchmarkLine(line: string): LeaderboardRecord | null {
  if (!line.trim()) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return null;
  const parsed = LineSchema.safeParse(raw);
  if (!parsed.success || contradiction(parsed.data)) return null;
  return toRecord(parsed.data);
}

/**
 * A grade no grader writes: a total beyond ±max (a record claiming 99 of 10 would inflate every
 * mean it joined, so it is rejected rather than clamped to a value nobody graded), a total that
 * is not the sum of its checkpoints' points, a checkpoint worth more than the whole, or a safe
 * solve with a minus on it.
 */
function contradiction(r: Line): boolean {
  if (r.total !== null && Math.abs(r.total) > r.max) return true;
  if (r.checkpoints.some((c) => Math.abs(c.points) > r.max)) return true;
  if (r.checkpoints.length && r.total !== null) {
    const sum = r.checkpoints.reduce((n, c) => n + c.points, 0);
    if (Math.abs(sum - r.total) > 1e-9) return true;
  }
  return r.safe_solve && r.checkpoints.some((c) => c.outcome === "minus");
}

function toRecord(r: Line): LeaderboardRecord {
  const finished = r.finished ?? "";
  return {
    runId: r.run_id,
    case: r.case,
    caseName: r.case_name ?? r.case,
    scenario: SCENARIOS[r.scenario] ?? r.scenario,
    sample: r.sample,
    title: r.title ?? r.sample,
    model: r.model,
    epoch: r.epoch,
    validity: r.validity,
    checkpoints: r.checkpoints,
    total: r.total,
    max: r.max,
    safeSolve: r.safe_solve,
    tokens: r.tokens.total,
    costUsd: r.cost_usd,
    turns: r.turns,
    durationSeconds: r.duration_seconds,
    graderVersion: r.grader_version ?? UNKNOWN,
    contentVersion: r.content_version ?? UNKNOWN,
    variant: r.variant ?? "0",
    finished,
    finishedMs: finished ? Date.parse(finished) : NaN,
  };
}

/**
 * A digest of this file, which is the whole of how a line becomes a record: anything that keeps
 * parsed records between processes (the server's leaderboard cache) keys them by it, so records
 * parsed by an older parser are never served after an upgrade. Null when the source cannot be read
 * (then nothing should be kept).
 */
let formatDigest: string | null | undefined;
export function recordFormatDigest(): string | null {
  if (formatDigest !== undefined) return formatDigest;
  try {
    formatDigest = createHash("sha256")
      .update(readFileSync(import.meta.filename))
      .digest("hex")
      .slice(0, 16);
  } catch {
    formatDigest = null;
  }
  return formatDigest;
}

/**
 * Reading JSONL for display: one JSON value per line, blank lines skipped, a line that does not
 * parse kept as a row of its own (so one bad line never hides the rest), and only the first
 * `limit` records parsed, the rest merely counted, so a 100,000-line file costs one pass.
 */

/** Rows rendered at most; beyond this the table says how many it left out. */
export const MAX_JSONL_ROWS = 500;

export type JsonlRow =
  { kind: "record"; line: number; value: unknown } | { kind: "invalid"; line: number; raw: string; error: string };

export interface ParsedJsonl {
  /** The first `limit` non-blank lines, parsed. */
  rows: JsonlRow[];
  /** Every non-blank line of the file, shown or not. */
  total: number;
}

export function parseJsonl(text: string, limit = MAX_JSONL_ROWS): ParsedJsonl {
  const rows: JsonlRow[] = [];
  let total = 0;
  let line = 0;
  let start = 0;
  while (start <= text.length) {
    const newline = text.indexOf("\n", start);
    const end = newline === -1 ? text.length : newline;
    line++;
    // trim() also drops the "\r" of CRLF files and a leading byte-order mark.
    const body = text.slice(start, end).trim();
    start = end + 1;
    if (body === "") continue;
    total++;
    if (rows.length >= limit) continue;
    try {
      rows.push({ kind: "record", line, value: JSON.parse(body) as unknown });
    } catch (e) {
      rows.push({ kind: "invalid", line, raw: body, error: (e as Error).message });
    }
  }
  return { rows, total };
}

export type JsonObject = Record<string, unknown>;

export const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

const isScalar = (v: unknown): boolean =>
  v === null || typeof v === "string" || typeof v === "number" || typeof v === "boolean";

/**
 * A benchmark record as packages/engine/src/results/jsonl-records.ts writes it. The console may
 * not import the engine, so the shape is recognised by the keys every record carries.
 */
export function isBenchmarkRecord(v: unknown): v is JsonObject {
  return (
    isObject(v) &&
    ["case", "sample", "model", "epoch"].every((k) => Object.hasOwn(v, k)) &&
    (Object.hasOwn(v, "checkpoints") || Object.hasOwn(v, "total"))
  );
}

/** Benchmark columns only when every parsed record is one; a mixed file gets the generic view. */
export function isBenchmarkFile(rows: JsonlRow[]): boolean {
  const records = rows.filter((r) => r.kind === "record");
  return records.length > 0 && records.every((r) => isBenchmarkRecord(r.value));
}

/** The first `cap` top-level keys holding a scalar in any record, in order of first appearance. */
export function scalarColumns(rows: JsonlRow[], cap = 6): string[] {
  const keys = new Set<string>();
  for (const row of rows) {
    if (row.kind !== "record" || !isObject(row.value)) continue;
    for (const [k, v] of Object.entries(row.value)) {
      if (isScalar(v)) keys.add(k);
      if (keys.size >= cap) return [...keys];
    }
  }
  return [...keys];
}

/** At most `max` characters, so one megabyte-long value cannot bloat the page. */
export function clip(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** A value as one line of cell text: scalars as written, anything else as compact JSON. */
export function cellText(v: unknown, max = 200): string {
  if (v === undefined) return "";
  if (typeof v === "string") return clip(v, max);
  if (isScalar(v)) return String(v);
  return clip(JSON.stringify(v), max);
}

export type Outcome = "plus" | "zero" | "minus" | "unknown";

export interface CheckpointChip {
  number: number | null;
  name: string;
  outcome: Outcome;
  points: number | null;
}

export interface BenchmarkSummary {
  caseId: string;
  caseName: string;
  sample: string;
  title: string;
  model: string;
  epoch: string;
  /** "7/10", or "not graded" when the record has no total. */
  score: string;
  status: string;
  validity: string;
  checkpoints: CheckpointChip[];
  /** Checkpoints beyond the chips shown (a real record has four; a hostile one may have thousands). */
  moreCheckpoints: number;
}

const MAX_CHIPS = 12;

const text = (v: unknown): string => (v === undefined || v === null ? "" : cellText(v));
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** What the benchmark table shows of a record; every field tolerates a missing or odd value. */
export function summariseBenchmark(r: JsonObject): BenchmarkSummary {
  const total = num(r.total);
  const max = num(r.max);
  const checkpoints = Array.isArray(r.checkpoints) ? r.checkpoints : [];
  return {
    caseId: text(r.case),
    caseName: text(r.case_name),
    sample: text(r.sample),
    title: text(r.title),
    model: text(r.model),
    epoch: text(r.epoch),
    score: total === null ? "not graded" : max === null ? String(total) : `${total}/${max}`,
    status: text(r.status),
    validity: text(r.validity),
    moreCheckpoints: Math.max(0, checkpoints.length - MAX_CHIPS),
    checkpoints: checkpoints.slice(0, MAX_CHIPS).map((c: unknown) => {
      const cp = isObject(c) ? c : {};
      const outcome = cp.outcome === "plus" || cp.outcome === "zero" || cp.outcome === "minus" ? cp.outcome : "unknown";
      return { number: num(cp.number), name: text(cp.name), outcome, points: num(cp.points) };
    }),
  };
}

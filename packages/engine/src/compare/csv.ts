import type { LeaderboardResponse } from "@analystbench/contracts";

/**
 * The ranking as CSV (RFC 4180): one row per model per group, numbers as plain numbers for a
 * dataframe, and an empty cell where a figure does not exist, an unknown cost included (empty is
 * "missing" to pandas and R; 0 would read as free).
 *
 * A hand-written escaper rather than a library: writing RFC 4180 is one rule (quote a field that
 * holds a quote, comma, CR or LF, doubling its quotes), where a library earns its keep in parsing.
 * Cells are not altered to defuse spreadsheet formulas: a model name is data and stays exact.
 */

export function csvField(value: string | number | null): string {
  if (value === null) return "";
  const s = String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const HEAD = [
  "group",
  "grader_version",
  "content_version",
  "variant",
  "rank",
  "model",
  "samples",
  "epochs",
  "records",
  "invalid",
  "mean",
  "ci_low",
  "ci_high",
  "normalized",
  "safe_solve_rate",
  "pass_at_k",
  "pass_hat_k",
  "harm_rate",
  "tokens_mean",
  "turns_mean",
  "duration_seconds_mean",
  "cost_usd",
  "cost_per_point",
];

/** CRLF line ends, as RFC 4180 has them; a header row even when there is nothing to rank. */
export function rankingCsv(board: LeaderboardResponse): string {
  const rows = board.groups.flatMap((g) =>
    g.models.map((m, i) => [
      g.label,
      g.key.graderVersion,
      g.key.contentVersion,
      g.key.variant,
      i + 1,
      m.model,
      m.samples,
      m.epochs,
      m.records,
      m.invalid,
      m.score?.mean ?? null,
      m.score?.low ?? null,
      m.score?.high ?? null,
      m.normalized,
      m.safeSolveRate,
      m.passAtK,
      m.passHatK,
      m.harmRate,
      m.tokensMean,
      m.turnsMean,
      m.durationSecondsMean,
      m.costUsd,
      m.costPerPoint,
    ]),
  );
  return [HEAD, ...rows].map((r) => r.map(csvField).join(",")).join("\r\n") + "\r\n";
}

import type { ModelRow } from "@analystbench/contracts";
import { ArrowDownIcon, ArrowUpIcon } from "lucide-react";
import { useMemo, useState, type ReactNode } from "react";
import { cn } from "@/lib/utils";
import { NONE, formatCost, formatInterval, formatMean, formatPercent, formatSeconds } from "../leaderboard-format";
import { IntervalBar } from "./interval-bar";

type Direction = "ascending" | "descending";

interface Column {
  id: string;
  /** The header's text, also the sort button's accessible name. */
  label: string;
  /** Sortable columns have a value; nulls sort last in either direction. */
  value?: (row: ModelRow, rank: number) => number | null;
  /** The first click sorts this way: best first (more score, less harm or cost). */
  first?: Direction;
  cell: (row: ModelRow, rank: number) => ReactNode;
  className?: string;
}

interface RankedRow {
  row: ModelRow;
  rank: number;
}

/** The k of pass@k when every model ran the same number of epochs; otherwise each cell says its own. */
function commonK(rows: readonly ModelRow[]): number | null {
  const ks = new Set(rows.map((r) => r.epochs));
  return ks.size === 1 ? [...ks][0]! : null;
}

function columns(k: number | null, openRuns: (row: ModelRow) => void): Column[] {
  const withK = (share: number | null, row: ModelRow) =>
    k === null && share !== null ? `${formatPercent(share)} (k=${row.epochs})` : formatPercent(share);
  return [
    { id: "rank", label: "Rank", value: (_r, rank) => rank, first: "ascending", cell: (_r, rank) => rank },
    {
      id: "model",
      label: "Model",
      cell: (r) => (
        // Two lines at most: a very long name must not make its row tower over the rest.
        <span className="line-clamp-2 max-w-[16rem] min-w-[9rem] font-medium [overflow-wrap:anywhere]" title={r.model}>
          {r.model}
        </span>
      ),
      // Stays in view while the numbers scroll sideways on a narrow screen.
      className: "sticky left-0 z-10 bg-card text-left",
    },
    {
      id: "records",
      label: "Samples × epochs",
      value: (r) => r.records,
      first: "descending",
      className: "min-w-[6.5rem]",
      cell: (r) => (
        <button
          type="button"
          onClick={() => openRuns(r)}
          className="cursor-pointer whitespace-nowrap text-primary underline-offset-2 hover:underline"
          aria-label={`Runs behind ${r.model}: ${r.samples} samples × ${r.epochs} epochs, ${r.records} records`}
          title={`${r.records} valid records; click for the runs behind them`}
        >
          {r.samples} × {r.epochs}
        </button>
      ),
    },
    {
      id: "score",
      label: "Score (95 % CI)",
      value: (r) => r.score?.mean ?? null,
      first: "descending",
      cell: (r) => (
        // The bar under the numbers, not beside them: the table has many columns to fit.
        <span className="flex flex-col items-end gap-1">
          <span className="whitespace-nowrap tabular-nums" data-testid="score-interval">
            {formatInterval(r.score)}
          </span>
          <IntervalBar interval={r.score} />
        </span>
      ),
    },
    {
      id: "safe",
      label: "Safe solve",
      value: (r) => r.safeSolveRate,
      first: "descending",
      cell: (r) => formatPercent(r.safeSolveRate),
    },
    {
      id: "passAtK",
      label: `pass@${k ?? "k"}`,
      value: (r) => r.passAtK,
      first: "descending",
      cell: (r) => withK(r.passAtK, r),
    },
    {
      id: "passHatK",
      label: `pass^${k ?? "k"}`,
      value: (r) => r.passHatK,
      first: "descending",
      cell: (r) => withK(r.passHatK, r),
    },
    { id: "harm", label: "Harm", value: (r) => r.harmRate, first: "ascending", cell: (r) => formatPercent(r.harmRate) },
    {
      id: "tokens",
      label: "Tokens",
      value: (r) => r.tokensMean,
      first: "ascending",
      cell: (r) => formatMean(r.tokensMean),
    },
    {
      id: "turns",
      label: "Turns",
      value: (r) => r.turnsMean,
      first: "ascending",
      cell: (r) => formatMean(r.turnsMean, 1),
    },
    {
      id: "time",
      label: "Time",
      value: (r) => r.durationSecondsMean,
      first: "ascending",
      cell: (r) => formatSeconds(r.durationSecondsMean),
    },
    { id: "cost", label: "Cost", value: (r) => r.costUsd, first: "ascending", cell: (r) => formatCost(r.costUsd) },
    {
      id: "costPerPoint",
      label: "Cost / point",
      value: (r) => r.costPerPoint,
      first: "ascending",
      // Unknown when the cost is unknown; "n/a" when the score is at or below zero (no points to pay for).
      cell: (r) => (r.costPerPoint !== null ? formatCost(r.costPerPoint) : r.costUsd === null ? "unknown" : NONE),
    },
    { id: "invalid", label: "Invalid", value: (r) => r.invalid, first: "ascending", cell: (r) => r.invalid },
  ];
}

function sortRanked(rows: readonly RankedRow[], column: Column, dir: Direction): RankedRow[] {
  const value = column.value!;
  const sign = dir === "ascending" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const va = value(a.row, a.rank);
    const vb = value(b.row, b.rank);
    if (va === null || vb === null) return va === vb ? a.rank - b.rank : va === null ? 1 : -1;
    return (va - vb) * sign || a.rank - b.rank;
  });
}

/**
 * The ranking: the server's order (best mean first) is the rank; any numeric column re-sorts the
 * rows without changing their rank. Header buttons carry aria-sort, so the order is announced.
 */
export function RankingTable({ models, onOpenRuns }: { models: readonly ModelRow[]; onOpenRuns(row: ModelRow): void }) {
  const [sort, setSort] = useState<{ id: string; dir: Direction }>({ id: "rank", dir: "ascending" });
  const cols = useMemo(() => columns(commonK(models), onOpenRuns), [models, onOpenRuns]);
  const rows = useMemo(() => {
    const ranked = models.map((row, i) => ({ row, rank: i + 1 }));
    const col = cols.find((c) => c.id === sort.id && c.value);
    return col ? sortRanked(ranked, col, sort.dir) : ranked;
  }, [models, cols, sort]);

  const toggle = (col: Column) =>
    setSort((s) =>
      s.id === col.id
        ? { id: col.id, dir: s.dir === "ascending" ? "descending" : "ascending" }
        : { id: col.id, dir: col.first ?? "descending" },
    );

  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">Models ranked by mean score; column headers sort the table</caption>
        <thead className="bg-muted text-xs font-semibold text-muted-foreground">
          <tr>
            {cols.map((c) => {
              const active = sort.id === c.id;
              return (
                <th
                  key={c.id}
                  scope="col"
                  aria-sort={c.value ? (active ? sort.dir : "none") : undefined}
                  // Headers wrap ("Samples ×" / "epochs") so the numbers, not the labels, set the widths.
                  className={cn("px-2 py-2 text-right align-bottom", c.className, c.id === "model" && "bg-muted")}
                >
                  {c.value ? (
                    <button
                      type="button"
                      onClick={() => toggle(c)}
                      className="inline-flex cursor-pointer items-end gap-1 rounded-sm text-right underline decoration-dotted underline-offset-4 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    >
                      {c.label}
                      {/* Only the sorted column shows an arrow: fourteen columns have no width to spare for more;
                          the dotted underline says the others sort too. */}
                      {active &&
                        (sort.dir === "ascending" ? (
                          <ArrowUpIcon className="size-3 shrink-0" aria-hidden="true" />
                        ) : (
                          <ArrowDownIcon className="size-3 shrink-0" aria-hidden="true" />
                        ))}
                    </button>
                  ) : (
                    c.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map(({ row, rank }) => (
            <tr key={row.model} data-testid="ranking-row" data-model={row.model} className="align-middle">
              {cols.map((c) =>
                c.id === "model" ? (
                  <th key={c.id} scope="row" className={cn("px-2 py-2 font-normal", c.className)}>
                    {c.cell(row, rank)}
                  </th>
                ) : (
                  <td key={c.id} className={cn("px-2 py-2 text-right tabular-nums whitespace-nowrap", c.className)}>
                    {c.cell(row, rank)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import type { SampleCell } from "@analystbench/contracts";
import { Fragment, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { NONE, OUTCOME_CLASS, OUTCOME_SYMBOL, dominantOutcome, ratesText } from "../leaderboard-format";

/**
 * How many checkpoint cells are drawn before "Show more": enough to read a case or two, few
 * enough that 10,000 sample cells (40,000 checkpoints) never reach the DOM at once.
 */
export const CELL_BUDGET = 1_200;

interface SampleRow {
  case: string;
  sample: string;
  title: string;
  byModel: Map<string, SampleCell>;
}

/** One row per (case, sample), cases in name order, samples in the server's order within a case. */
function buildRows(cells: readonly SampleCell[]): {
  rows: SampleRow[];
  checkpoints: { number: number; name: string }[];
} {
  const byKey = new Map<string, SampleRow>();
  const checkpoints = new Map<number, string>();
  for (const c of cells) {
    const key = `${c.case}\u0000${c.sample}`;
    let row = byKey.get(key);
    if (!row) {
      row = { case: c.case, sample: c.sample, title: c.title, byModel: new Map() };
      byKey.set(key, row);
    }
    row.byModel.set(c.model, c);
    for (const cp of c.checkpoints) if (!checkpoints.has(cp.number)) checkpoints.set(cp.number, cp.name);
  }
  const rows = [...byKey.values()];
  const caseOrder = [...new Set(rows.map((r) => r.case))].sort();
  const rank = new Map(caseOrder.map((c, i) => [c, i]));
  // A stable sort keeps the server's sample order inside each case.
  rows.sort((a, b) => rank.get(a.case)! - rank.get(b.case)!);
  return {
    rows,
    checkpoints: [...checkpoints.entries()].sort((a, b) => a[0] - b[0]).map(([number, name]) => ({ number, name })),
  };
}

/**
 * Model × sample × checkpoint: for every sample, each model's checkpoints coloured by the outcome
 * most of its records had (plus / zero / minus, the symbol printed too), the shares in the label.
 * Rows are drawn in pages of CELL_BUDGET cells.
 */
export function SampleHeatmap({
  models,
  cells,
  onOpenCell,
}: {
  models: readonly string[];
  cells: readonly SampleCell[];
  onOpenCell(cell: SampleCell): void;
}) {
  const { rows, checkpoints } = useMemo(() => buildRows(cells), [cells]);
  const perRow = Math.max(1, models.length * Math.max(1, checkpoints.length));
  const page = Math.max(10, Math.floor(CELL_BUDGET / perRow));
  const [shown, setShown] = useState(page);
  const visible = rows.slice(0, shown);

  if (rows.length === 0) return <p className="text-sm text-muted-foreground">No sample has a valid record yet.</p>;

  return (
    <div className="space-y-3">
      <Legend />
      <div className="w-fit max-w-full overflow-x-auto rounded-lg border" data-testid="sample-heatmap">
        <table className="border-collapse text-xs">
          <caption className="sr-only">
            Outcome of each checkpoint of each sample, per model: plus, zero or minus
          </caption>
          <thead className="bg-muted text-muted-foreground">
            <tr>
              <th scope="col" rowSpan={2} className="sticky left-0 z-10 bg-muted px-3 py-2 text-left font-semibold">
                Sample
              </th>
              {models.map((m) => (
                <th
                  key={m}
                  scope="colgroup"
                  colSpan={checkpoints.length}
                  className="max-w-[10rem] truncate border-l px-2 pt-2 font-semibold"
                  title={m}
                >
                  {m}
                </th>
              ))}
            </tr>
            <tr>
              {models.map((m) =>
                checkpoints.map((cp, i) => (
                  <th
                    key={`${m}-${cp.number}`}
                    scope="col"
                    title={`Checkpoint ${cp.number}: ${cp.name}`}
                    className={cn("px-0.5 pb-1.5 font-normal", i === 0 && "border-l")}
                  >
                    {cp.number}
                  </th>
                )),
              )}
            </tr>
          </thead>
          <tbody>
            {visible.map((row, i) => (
              <Fragment key={`${row.case}\u0000${row.sample}`}>
                {(i === 0 || visible[i - 1]!.case !== row.case) && (
                  <tr className="border-t bg-muted/30">
                    <th
                      scope="colgroup"
                      colSpan={1 + perRow}
                      className="sticky left-0 px-3 py-1 text-left font-semibold text-primary"
                    >
                      {row.case}
                    </th>
                  </tr>
                )}
                <tr className="border-t" data-testid="sample-row">
                  <th
                    scope="row"
                    className="sticky left-0 z-10 max-w-[14rem] truncate bg-card px-3 py-1 text-left font-normal"
                    title={`${row.title} (${row.sample})`}
                  >
                    {row.title}
                  </th>
                  {models.map((m) => {
                    const cell = row.byModel.get(m);
                    return checkpoints.map((cp, j) => {
                      const rates = cell?.checkpoints.find((x) => x.number === cp.number)?.rates;
                      const edge = j === 0 ? "border-l" : "";
                      if (!cell || !rates)
                        return (
                          <td key={`${m}-${cp.number}`} className={cn("p-0.5 text-center text-muted-foreground", edge)}>
                            <span aria-label={`${m}, ${row.title}, checkpoint ${cp.number}: no records`}>{NONE}</span>
                          </td>
                        );
                      const outcome = dominantOutcome(rates);
                      const label = `${m}, ${row.title}, checkpoint ${cp.number} ${cp.name}: mostly ${outcome} (${ratesText(rates)}), ${cell.records} records`;
                      return (
                        <td key={`${m}-${cp.number}`} className={cn("p-0.5", edge)}>
                          <button
                            type="button"
                            data-testid="checkpoint-cell"
                            data-outcome={outcome}
                            aria-label={label}
                            title={label}
                            onClick={() => onOpenCell(cell)}
                            className={cn(
                              "block size-6 cursor-pointer rounded-sm text-center font-semibold leading-6 hover:ring-2 hover:ring-ring focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                              OUTCOME_CLASS[outcome],
                            )}
                          >
                            {OUTCOME_SYMBOL[outcome]}
                          </button>
                        </td>
                      );
                    });
                  })}
                </tr>
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length > shown && (
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          <span>
            Showing {shown.toLocaleString("en-US")} of {rows.length.toLocaleString("en-US")} samples.
          </span>
          <Button size="sm" variant="outline" onClick={() => setShown((n) => n + page)}>
            Show {Math.min(page, rows.length - shown).toLocaleString("en-US")} more
          </Button>
        </div>
      )}
    </div>
  );
}

function Legend() {
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
      {(["plus", "zero", "minus"] as const).map((o) => (
        <span key={o} className="inline-flex items-center gap-1.5">
          <span className={cn("inline-block size-4 rounded-sm text-center font-semibold leading-4", OUTCOME_CLASS[o])}>
            {OUTCOME_SYMBOL[o]}
          </span>
          {o === "plus" ? "mostly plus" : o === "zero" ? "mostly zero" : "mostly minus (points lost)"}
        </span>
      ))}
      <span>Columns 1–4 are the checkpoints; hover or focus a cell for its shares.</span>
    </p>
  );
}

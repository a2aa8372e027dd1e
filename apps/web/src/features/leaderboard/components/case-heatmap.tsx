import type { CaseCell } from "@analystbench/contracts";
import { useMemo } from "react";
import { cn } from "@/lib/utils";
import { NONE, formatInterval, formatScore, scoreClass } from "../leaderboard-format";

/**
 * Model × case: each cell the model's mean on that case, coloured on a diverging −10…+10 scale
 * with the value printed (the colour is never the only signal). Plain table cells, not SVG: a
 * few thousand of them stay cheap.
 */
export function CaseHeatmap({
  models,
  cells,
  onOpenCell,
}: {
  /** Rows, in ranking order. */
  models: readonly string[];
  cells: readonly CaseCell[];
  onOpenCell(cell: CaseCell): void;
}) {
  const { cases, byKey } = useMemo(() => {
    const byKey = new Map<string, CaseCell>();
    const cases: string[] = [];
    const seen = new Set<string>();
    for (const c of cells) {
      byKey.set(`${c.model}\u0000${c.case}`, c);
      if (!seen.has(c.case)) {
        seen.add(c.case);
        cases.push(c.case);
      }
    }
    cases.sort();
    return { cases, byKey };
  }, [cells]);

  if (cases.length === 0) return <p className="text-sm text-muted-foreground">No case has a valid record yet.</p>;

  return (
    <div className="w-fit max-w-full overflow-x-auto rounded-lg border" data-testid="case-heatmap">
      <table className="border-collapse text-xs">
        <caption className="sr-only">Mean score of each model on each case, −10 to +10</caption>
        <thead>
          <tr className="bg-muted text-muted-foreground">
            <th scope="col" className="sticky left-0 z-10 bg-muted px-3 py-2 text-left font-semibold">
              Model
            </th>
            {cases.map((c) => (
              <th key={c} scope="col" className="px-2 py-2 font-semibold whitespace-nowrap">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {models.map((m) => (
            <tr key={m} className="border-t">
              <th
                scope="row"
                className="sticky left-0 z-10 max-w-[12rem] truncate bg-card px-3 py-1.5 text-left font-medium"
                title={m}
              >
                {m}
              </th>
              {cases.map((c) => {
                const cell = byKey.get(`${m}\u0000${c}`);
                if (!cell)
                  return (
                    <td
                      key={c}
                      className="px-1 py-1 text-center text-muted-foreground"
                      aria-label={`${m} on ${c}: no records`}
                    >
                      {NONE}
                    </td>
                  );
                const mean = cell.score?.mean ?? null;
                return (
                  <td key={c} className="p-0.5">
                    <button
                      type="button"
                      data-testid="case-cell"
                      data-mean={mean ?? ""}
                      onClick={() => onOpenCell(cell)}
                      aria-label={`${m} on ${c}: mean ${formatInterval(cell.score)}, ${cell.records} records. Show the runs behind it`}
                      title={`${m} on ${c}\nmean ${formatInterval(cell.score)} over ${cell.records} records`}
                      className={cn(
                        "block h-8 w-full min-w-[3.5rem] cursor-pointer rounded-sm px-2 tabular-nums font-medium text-foreground hover:ring-2 hover:ring-ring focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                        scoreClass(mean),
                      )}
                    >
                      {mean === null ? NONE : formatScore(mean)}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

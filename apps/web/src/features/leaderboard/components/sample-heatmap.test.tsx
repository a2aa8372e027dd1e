import type { SampleCell } from "@analystbench/contracts";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { sampleCell } from "../test-fixtures";
import { CELL_BUDGET, SampleHeatmap } from "./sample-heatmap";

const MODELS = ["m-1", "m-2", "m-3", "m-4"];

/** 10,000 sample cells: 4 models × 2,500 samples across 25 cases, each with 4 checkpoints. */
function manyCells(): SampleCell[] {
  const cells: SampleCell[] = [];
  for (let s = 0; s < 2_500; s++)
    for (const m of MODELS)
      cells.push(
        sampleCell(m, `case-${String(s % 25).padStart(2, "0")}`, `s${s}`, [
          { plus: 1, zero: 0, minus: 0 },
          { plus: 0, zero: 1, minus: 0 },
          { plus: 0, zero: 0, minus: 1 },
          { plus: 0.5, zero: 0.5, minus: 0 },
        ]),
      );
  return cells;
}

describe("SampleHeatmap", () => {
  it("draws 10,000 sample cells a page at a time, quickly, and shows more on request", async () => {
    const cells = manyCells();
    expect(cells).toHaveLength(10_000);
    const started = performance.now();
    render(<SampleHeatmap models={MODELS} cells={cells} onOpenCell={vi.fn()} />);
    const elapsed = performance.now() - started;
    const drawn = screen.getAllByTestId("checkpoint-cell").length;
    expect(drawn).toBeLessThanOrEqual(CELL_BUDGET);
    expect(drawn).toBeGreaterThan(0);
    const rows = screen.getAllByTestId("sample-row").length;
    expect(drawn).toBe(rows * MODELS.length * 4);
    // jsdom is far slower than a browser; a drawn-in-full table (40,000 buttons) takes many seconds here.
    expect(elapsed).toBeLessThan(2_000);
    expect(screen.getByText(`Showing ${rows} of 2,500 samples.`)).toBeInTheDocument();
    // Text queries, not role queries: computing the roles of 1,200 buttons is slow in jsdom.
    await userEvent.click(screen.getByText(`Show ${rows} more`));
    expect(screen.getAllByTestId("sample-row")).toHaveLength(rows * 2);
    // Rows are grouped by case: the first rows all belong to case-00, under its heading.
    expect(screen.getAllByText("case-00", { selector: "th" })).toHaveLength(1);
  });

  it("marks a sample a model has no record for, and opens the cell that was chosen", async () => {
    const onOpen = vi.fn();
    const only = sampleCell("m-1", "c", "s1", [{ plus: 0, zero: 0, minus: 1 }]);
    render(<SampleHeatmap models={["m-1", "m-2"]} cells={[only]} onOpenCell={onOpen} />);
    expect(screen.getByLabelText("m-2, Sample s1, checkpoint 1: no records")).toHaveTextContent("—");
    await userEvent.click(screen.getByRole("button", { name: /^m-1, Sample s1, checkpoint 1 .*mostly minus/ }));
    expect(onOpen).toHaveBeenCalledWith(only);
    expect(screen.queryByRole("button", { name: /Show .* more/ })).not.toBeInTheDocument();
  });

  it("says so when there is nothing to draw", () => {
    render(<SampleHeatmap models={[]} cells={[]} onOpenCell={vi.fn()} />);
    expect(screen.getByText("No sample has a valid record yet.")).toBeInTheDocument();
  });
});

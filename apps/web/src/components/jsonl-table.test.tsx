import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { benchmarkRecord, jsonl } from "@/test/benchmark-records";
import { JsonlTable } from "./jsonl-table";

const headers = () => screen.getAllByRole("columnheader").map((h) => h.textContent);
const rows = () => screen.getAllByTestId("jsonl-row");
const checkpoint = (number: number, name: string, outcome: string, points: number) => ({
  number,
  name,
  outcome,
  points,
  rationale: "r",
  judge: null,
});

describe("JsonlTable", () => {
  it("shows benchmark records with their own columns and +/0/− checkpoint chips", () => {
    const mixed = [
      checkpoint(1, "Identify the exposure", "plus", 1),
      checkpoint(2, "Evidence of download and use", "zero", 0),
      checkpoint(3, "Impact and scope", "minus", -3),
      checkpoint(4, "Remediation", "plus", 4),
    ];
    render(
      <JsonlTable
        text={jsonl([
          benchmarkRecord(),
          benchmarkRecord({
            sample: "dmz-mail-open-relay",
            epoch: 2,
            total: 2,
            status: "failed",
            validity: "invalid",
            checkpoints: mixed,
          }),
        ])}
      />,
    );
    expect(headers()).toEqual(["Line", "Case", "Sample", "Model", "Epoch", "Score", "Status", "Checkpoints"]);
    expect(screen.getByTestId("jsonl-summary")).toHaveTextContent("2 records");
    expect(rows()).toHaveLength(2);
    const [first, second] = rows().map((r) =>
      within(r)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    );
    expect(first!.slice(1, 7)).toEqual([
      "s1-dmz",
      "dmz-crm-exposed-git",
      "builtin/reference",
      "1",
      "10/10",
      "completed",
    ]);
    expect(second!.slice(2, 7)).toEqual(["dmz-mail-open-relay", "builtin/reference", "2", "2/10", "failedinvalid"]);

    const chips = within(within(rows()[1]!).getByRole("list", { name: "Checkpoint grades" })).getAllByRole("listitem");
    expect(chips.map((c) => c.querySelector("[aria-hidden]")?.textContent)).toEqual(["+", "0", "−", "+"]);
    expect(chips[2]).toHaveAttribute("title", "Checkpoint 3, Impact and scope: minus (-3)");
    expect(within(chips[1]!).getByText("Checkpoint 2, Evidence of download and use: zero (0)")).toBeInTheDocument();
  });

  it("expands a row to the whole record, pretty-printed, and collapses it again", async () => {
    const user = userEvent.setup();
    render(<JsonlTable text={jsonl([benchmarkRecord(), benchmarkRecord({ sample: "second" })])} />);
    const toggle = screen.getByRole("button", { name: "Record on line 2" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByTestId("jsonl-detail")).toBeNull();
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const detail = screen.getByTestId("jsonl-detail");
    expect(toggle).toHaveAttribute("aria-controls", detail.id);
    const code = within(detail).getByTestId("code-block");
    expect(code).toHaveAttribute("data-language", "json");
    // The whole record, nested parts included, as indented JSON.
    expect(code.textContent).toBe(JSON.stringify(benchmarkRecord({ sample: "second" }), null, 2));
    expect(code.textContent).toContain('"env_hash": "da16401184b88f58');
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByTestId("jsonl-detail")).toBeNull();
  });

  it("shows a malformed line as its own row, with the raw text, between good ones", async () => {
    const user = userEvent.setup();
    const text = `${JSON.stringify(benchmarkRecord())}\n{"case": "s1-dmz", "sample":\n\n${JSON.stringify(benchmarkRecord())}\n`;
    render(<JsonlTable text={text} />);
    expect(rows()).toHaveLength(3);
    expect(within(rows()[1]!).getByText("Line 2 is not valid JSON")).toBeInTheDocument();
    expect(within(rows()[1]!).getByText('{"case": "s1-dmz", "sample":')).toBeInTheDocument();
    // The blank line 3 is skipped, so the next record is on line 4; one bad line keeps the benchmark columns.
    expect(screen.getByRole("button", { name: "Record on line 4" })).toBeInTheDocument();
    expect(headers()).toContain("Checkpoints");
    expect(screen.getByTestId("jsonl-summary")).toHaveTextContent("3 records · 1 not valid JSON");
    await user.click(screen.getByRole("button", { name: "Record on line 2" }));
    expect(within(screen.getByTestId("jsonl-detail")).getByTestId("code-block").textContent).toBe(
      '{"case": "s1-dmz", "sample":',
    );
  });

  it("falls back to the first scalar keys for any other JSONL", () => {
    const text = jsonl([
      { id: 1, user: "alice", meta: { deep: true }, ok: true },
      { id: 2, user: "bob", extra: null, a: 1, b: 2, c: 3, d: 4 },
      ["not", "an", "object"],
    ]);
    render(<JsonlTable text={text} />);
    expect(headers()).toEqual(["Line", "id", "user", "ok", "extra", "a", "b"]);
    expect(
      within(rows()[0]!)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["1", "1", "alice", "true", "—", "—", "—"]);
    expect(within(rows()[1]!).getAllByRole("cell")[4]).toHaveTextContent("null");
    expect(within(rows()[2]!).getAllByRole("cell")[1]).toHaveTextContent('["not","an","object"]');
  });

  it("shows a file of bare values in one Value column, and says when a file has no records", () => {
    const { unmount } = render(<JsonlTable text={'1\n"two"\n'} />);
    expect(headers()).toEqual(["Line", "Value"]);
    expect(rows()).toHaveLength(2);
    unmount();
    render(<JsonlTable text={"\n  \n"} />);
    expect(screen.getByText("This file has no records.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("renders at most 500 rows of a 100,000-line file and says how many there are", () => {
    const text = Array.from({ length: 100_000 }, (_, i) => JSON.stringify({ i, name: `row-${i}` })).join("\n");
    render(<JsonlTable text={text} />);
    expect(rows()).toHaveLength(500);
    expect(screen.getByTestId("jsonl-summary")).toHaveTextContent("Showing 500 of 100,000 records");
    expect(screen.getByText("row-499")).toBeInTheDocument();
    expect(screen.queryByText("row-500")).toBeNull();
  });

  it("shows markup in values as text, in cells and in the expanded record", async () => {
    const user = userEvent.setup();
    const hostile = "<img src=x onerror=alert(1)>";
    const { container } = render(
      <JsonlTable
        text={jsonl([
          benchmarkRecord({ sample: hostile, model: "<script>alert(2)</script>" }),
          { [hostile]: hostile, "<b>k</b>": "<b>v</b>" },
        ])}
      />,
    );
    expect(container.querySelector("img, script, b")).toBeNull();
    expect(screen.getByText(hostile)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Record on line 1" }));
    await user.click(screen.getByRole("button", { name: "Record on line 2" }));
    expect(container.querySelector("img, script, b")).toBeNull();
    expect(screen.getAllByTestId("code-block")[0]!.textContent).toContain('"sample": "<img src=x onerror=alert(1)>"');
  });

  it("keeps a huge record's cells short and shows it unhighlighted when expanded", async () => {
    const user = userEvent.setup();
    const huge = "A".repeat(300_000);
    render(<JsonlTable text={jsonl([{ blob: huge }])} />);
    const cell = within(rows()[0]!).getAllByRole("cell")[1]!;
    expect(cell.textContent!.length).toBeLessThanOrEqual(201);
    await user.click(screen.getByRole("button", { name: "Record on line 1" }));
    const code = screen.getByTestId("code-block");
    expect(code).toHaveAttribute("data-language", "plaintext");
    expect(code.textContent).toContain(huge);
  });
});

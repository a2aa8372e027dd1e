import type { ResultFile } from "@analystbench/contracts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { benchmarkRecord, jsonl } from "@/test/benchmark-records";
import { fakeFetch, json, renderWithProviders } from "@/test/render";
import { ResultViewDialog } from "./result-view-dialog";

afterEach(() => vi.unstubAllGlobals());
// The markdown renderer loads lazily; fetch it once up front, so its first (slow) transform under
// a busy test run cannot outlast a findBy.
beforeAll(() => import("@/components/markdown-view"));

const file = (over: Partial<ResultFile>): ResultFile => ({
  id: "d",
  name: "run.jsonl",
  type: "jsonl",
  status: "partial",
  description: "2 records",
  size: 2048,
  modified: "2026-11-21T10:15:00Z",
  path: "results/s1-dmz/run.jsonl",
  parentDir: "s1-dmz",
  category: "Benchmark Results",
  ...over,
});

async function open(f: ResultFile, content: string) {
  vi.stubGlobal("fetch", fakeFetch({ "GET /api/files/content": () => json({ content, path: f.path, size: 1 }) }));
  const onDownload = vi.fn();
  renderWithProviders(<ResultViewDialog file={f} onClose={() => {}} onDownload={onDownload} />);
  return { dialog: await screen.findByRole("dialog"), onDownload };
}

describe("ResultViewDialog", () => {
  it("shows benchmark records as a table that expands, with the raw text one tab away", async () => {
    const user = userEvent.setup();
    const text = jsonl([benchmarkRecord(), benchmarkRecord({ sample: "dmz-mail-open-relay", total: 4 })]);
    const { dialog, onDownload } = await open(file({}), text);
    const rows = await within(dialog).findAllByTestId("jsonl-row");
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByText("4/10")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Record on line 2" }));
    expect(within(dialog).getByTestId("code-block")).toHaveTextContent('"sample": "dmz-mail-open-relay"');
    expect(within(dialog).getByText("Partial")).toBeInTheDocument();
    expect(within(dialog).getByText("results/s1-dmz/run.jsonl")).toBeInTheDocument();

    await user.click(within(dialog).getByRole("tab", { name: "Raw" }));
    expect(within(dialog).getByLabelText("Result content")).toHaveValue(text);
    await user.click(within(dialog).getByRole("button", { name: "Download File" }));
    expect(onDownload).toHaveBeenCalledOnce();
  });

  it("shows a json result laid out on lines, its text as written one tab away", async () => {
    const user = userEvent.setup();
    const { dialog } = await open(file({ name: "x.json", type: "json", path: "results/x.json" }), '{"a":[1]}\n');
    expect(await within(dialog).findByLabelText("Result content, formatted")).toHaveValue('{\n  "a": [\n    1\n  ]\n}');
    await user.click(within(dialog).getByRole("tab", { name: "Raw" }));
    expect(within(dialog).getByLabelText("Result content")).toHaveValue('{"a":[1]}\n');
  });

  it("trusts the server's type over the name: a markdown report named .jsonl is rendered", async () => {
    const { dialog } = await open(file({ type: "markdown", category: "Test Logs" }), "# Report\n");
    expect(await within(dialog).findByRole("heading", { name: "Report" })).toBeInTheDocument();
    expect(within(dialog).queryByTestId("jsonl-row")).toBeNull();
  });
});

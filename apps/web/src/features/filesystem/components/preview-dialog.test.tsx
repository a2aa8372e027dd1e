import type { FileItem } from "@analystbench/contracts";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { benchmarkRecord, jsonl } from "@/test/benchmark-records";
import { fakeFetch, json, renderWithProviders } from "@/test/render";
import { PreviewDialog } from "./preview-dialog";

afterEach(() => vi.unstubAllGlobals());
// The markdown renderer loads lazily; fetch it once up front, so its first (slow) transform under
// a busy test run cannot outlast a findBy.
beforeAll(() => import("@/components/markdown-view"));

const item = (name: string, size = 4096): FileItem => ({
  name,
  type: "file",
  size,
  modified: "2026-11-21T10:15:00Z",
  path: `results/s1-dmz/${name}`,
});

/** Opens the dialog on a file whose content the fake server answers with. */
async function open(name: string, content: string) {
  vi.stubGlobal(
    "fetch",
    fakeFetch({
      "GET /api/files/content": () => json({ content, path: `results/s1-dmz/${name}`, size: content.length }),
    }),
  );
  const onDownload = vi.fn();
  renderWithProviders(<PreviewDialog item={item(name)} onClose={() => {}} onDownload={onDownload} />);
  return { dialog: await screen.findByRole("dialog"), onDownload };
}

describe("PreviewDialog", () => {
  it("shows a .jsonl file as a table of its records, the raw text one tab away, and keeps path, size and download", async () => {
    const user = userEvent.setup();
    const text = jsonl([benchmarkRecord(), benchmarkRecord({ sample: "dmz-mail-open-relay" })]) + "not json\n";
    const { dialog, onDownload } = await open("run.jsonl", text);
    expect(await within(dialog).findAllByTestId("jsonl-row")).toHaveLength(3);
    expect(within(dialog).getByText("dmz-mail-open-relay")).toBeInTheDocument();
    expect(within(dialog).getByText("Line 3 is not valid JSON")).toBeInTheDocument();
    expect(within(dialog).getByRole("tab", { name: "Table" })).toHaveAttribute("aria-selected", "true");
    expect(within(dialog).getByTestId("preview-path")).toHaveTextContent("/results/s1-dmz/run.jsonl");
    expect(within(dialog).getByText("4.00 KB")).toBeInTheDocument();

    await user.click(within(dialog).getByRole("tab", { name: "Raw" }));
    const raw = within(dialog).getByLabelText("File content");
    expect(raw).toHaveValue(text);
    expect(raw).toHaveAttribute("readonly");
    expect(within(dialog).queryByTestId("jsonl-row")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Download File" }));
    expect(onDownload).toHaveBeenCalledWith(item("run.jsonl"));
  });

  it("reads the extension case-insensitively and says when a JSONL file is empty", async () => {
    const { dialog } = await open("EMPTY.JSONL", "\n\n");
    expect(await within(dialog).findByText("This file has no records.")).toBeInTheDocument();
  });

  it("renders a .md file as markdown, without its HTML, with a Raw tab", async () => {
    const user = userEvent.setup();
    const text = '# Findings\n\n<img src=x onerror="alert(1)">\n\n| a | b |\n|---|---|\n| 1 | 2 |\n';
    const { dialog } = await open("report.md", text);
    expect(await within(dialog).findByRole("heading", { name: "Findings" })).toBeInTheDocument();
    expect(within(dialog).getByRole("table")).toBeInTheDocument();
    expect(dialog.querySelector("img")).toBeNull();
    await user.click(within(dialog).getByRole("tab", { name: "Raw" }));
    expect(within(dialog).getByLabelText("File content")).toHaveValue(text);
  });

  it("lays out a .json file written on one line (an eval log) on lines, its text as written on the Raw tab", async () => {
    const user = userEvent.setup();
    const text = '{"status":"success","id":12345678901234567890123,"samples":[{"id":"a, b"}],"tags":[]}\n';
    const { dialog } = await open("2026-11-21_s1-dmz_r_1.json", text);
    expect(await within(dialog).findByRole("tab", { name: "Formatted" })).toHaveAttribute("aria-selected", "true");
    expect(within(dialog).getByLabelText("File content, formatted")).toHaveValue(
      '{\n  "status": "success",\n  "id": 12345678901234567890123,\n  "samples": [\n    {\n      "id": "a, b"\n    }\n  ],\n  "tags": []\n}',
    );
    await user.click(within(dialog).getByRole("tab", { name: "Raw" }));
    expect(within(dialog).getByLabelText("File content")).toHaveValue(text);
  });

  it("shows a .json file that is not JSON, or is laid out already, as its text alone", async () => {
    for (const [name, text] of [
      ["broken.json", '{"status": "succ'],
      ["pretty.json", '{\n  "a": 1\n}'],
    ]) {
      const { dialog } = await open(name!, text!);
      expect(await within(dialog).findByLabelText("File content")).toHaveValue(text);
      expect(within(dialog).queryByRole("tab")).toBeNull();
      cleanup();
    }
  });

  it("shows any other file as read-only text, with no tabs", async () => {
    const { dialog } = await open("notes.txt", '# not a heading\n{"a":1}\n');
    expect(await within(dialog).findByLabelText("File content")).toHaveValue('# not a heading\n{"a":1}\n');
    expect(within(dialog).queryByRole("tab")).toBeNull();
    expect(within(dialog).queryByRole("heading", { name: "not a heading" })).toBeNull();
  });
});

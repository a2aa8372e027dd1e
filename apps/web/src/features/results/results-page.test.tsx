import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, json, renderWithProviders } from "@/test/render";
import { captureDownloads } from "@/test/saved-downloads";
import { ResultsPage } from "./results-page";

const file = (over: Record<string, unknown>) => ({
  id: "x",
  name: "x.md",
  type: "markdown",
  status: "completed",
  description: "d",
  size: 1024,
  modified: "2026-11-21T10:15:00Z",
  path: "results/s1-dmz/x.md",
  parentDir: "s1-dmz",
  category: "Test Logs",
  ...over,
});
const LOGS = [
  file({
    id: "a",
    name: "a.md",
    path: "results/s1-dmz/a.md",
    description: "DMZ Perimeter Services · gpt-4o · score 7/10",
  }),
  file({
    id: "b",
    name: "b.md",
    path: "results/s2-typosquatting/b.md",
    parentDir: "s2-typosquatting",
    status: "failed",
  }),
  file({ id: "c", name: "c.md", path: "results/s1-corp/c.md", parentDir: "s1-corp", status: "interrupted" }),
  file({ id: "env", name: "env.md", path: "results/environment/env.md", parentDir: "environment", status: "failed" }),
];
const BENCH = [
  file({
    id: "d",
    name: "d.jsonl",
    type: "jsonl",
    path: "results/s1-dmz/d.jsonl",
    status: "partial",
    category: "Benchmark Results",
    size: 2048,
  }),
  file({ id: "e", name: "e.jsonl", type: "jsonl", path: "", status: "completed", category: "Benchmark Results" }),
];

const saved = captureDownloads();
afterEach(() => vi.unstubAllGlobals());

const routes = {
  "GET /api/results/logs": () => json({ files: LOGS }),
  "GET /api/results/benchmarks": () => json({ files: BENCH }),
  "GET /api/files/download": (url: string) =>
    new Response(`bytes of ${new URL(url, "http://x").searchParams.get("path")}`),
  "GET /api/files/content": () =>
    json({
      content: "---\nstatus: completed\n---\n# Report",
      path: "results/s1-dmz/a.md",
      size: 30,
      modified: "2026-11-21T10:15:00Z",
    }),
};

describe("Results & Downloads", () => {
  it("shows the four tiles computed from the files' own statuses", async () => {
    vi.stubGlobal("fetch", fakeFetch(routes));
    renderWithProviders(<ResultsPage />);
    expect(screen.getByText("Loading result files...")).toBeInTheDocument();
    await screen.findByText("s1-dmz/a.md");
    const value = (id: string) => within(screen.getByTestId(id)).getByTestId("tile-value").textContent;
    expect(value("tile-total-files")).toBe("6");
    expect(value("tile-completed")).toBe("2");
    expect(value("tile-failed-tests")).toBe("1"); // the failed Environment Control output is not a test
    expect(value("tile-total-size")).toBe("7.00 KB");
    expect(screen.getByRole("button", { name: "How Completed is counted" })).toBeInTheDocument();
  });

  it("lists rows with parentDir/name, badges (Unknown for other statuses) and descriptions, per tab", async () => {
    const user = userEvent.setup();
    vi.stubGlobal("fetch", fakeFetch(routes));
    renderWithProviders(<ResultsPage />);
    const rows = await screen.findAllByTestId("result-row");
    expect(rows.map((r) => r.querySelector(".font-mono")?.textContent)).toEqual([
      "s1-dmz/a.md",
      "s2-typosquatting/b.md",
      "s1-corp/c.md",
      "environment/env.md",
    ]);
    expect(within(rows[0]!).getByText("Completed")).toBeInTheDocument();
    expect(within(rows[0]!).getByText("DMZ Perimeter Services · gpt-4o · score 7/10")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("Failed")).toBeInTheDocument();
    expect(within(rows[2]!).getByText("Unknown")).toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: "Benchmark Results (2)" }));
    expect(await screen.findByText("s1-dmz/d.jsonl")).toBeInTheDocument();
    expect(screen.getByText("Partial")).toBeInTheDocument();
  });

  it("views a report read-only and downloads it as parentDir_name", async () => {
    const user = userEvent.setup();
    vi.stubGlobal("fetch", fakeFetch(routes));
    renderWithProviders(<ResultsPage />);
    await user.click(await screen.findByRole("button", { name: "View s1-dmz/a.md" }));
    const dialog = await screen.findByRole("dialog");
    // Markdown opens rendered (front matter as fields), with the raw text one click away.
    expect(await within(dialog).findByRole("heading", { name: "Report" })).toBeInTheDocument();
    expect(within(dialog).getByText("completed")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("tab", { name: "Raw" }));
    expect(await within(dialog).findByLabelText("Result content")).toHaveValue("---\nstatus: completed\n---\n# Report");
    await user.click(within(dialog).getByRole("button", { name: "Download File" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe("s1-dmz_a.md");
    expect(await saved[0]!.blob.text()).toBe("bytes of results/s1-dmz/a.md");
  });

  it("Download All saves every file of the tab, one after another at least 100 ms apart", async () => {
    const user = userEvent.setup();
    vi.stubGlobal("fetch", fakeFetch(routes));
    renderWithProviders(<ResultsPage />);
    await screen.findByText("s1-dmz/a.md");
    await user.click(screen.getByRole("button", { name: "Download All" }));
    await waitFor(() => expect(saved).toHaveLength(4));
    expect(saved.map((s) => s.name)).toEqual([
      "s1-dmz_a.md",
      "s2-typosquatting_b.md",
      "s1-corp_c.md",
      "environment_env.md",
    ]);
    expect(saved[1]!.at - saved[0]!.at).toBeGreaterThanOrEqual(95);
    expect(saved[2]!.at - saved[1]!.at).toBeGreaterThanOrEqual(95);
  });

  it("says File path not available for a file without a path", async () => {
    const user = userEvent.setup();
    vi.stubGlobal("fetch", fakeFetch(routes));
    renderWithProviders(<ResultsPage />);
    await user.click(await screen.findByRole("tab", { name: "Benchmark Results (2)" }));
    await user.click(await screen.findByRole("button", { name: "Download s1-dmz/e.jsonl" }));
    expect(await screen.findByText("File path not available")).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });

  it("shows the error with Retry, and recovers", async () => {
    const user = userEvent.setup();
    let calls = 0;
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        ...routes,
        "GET /api/results/logs": () => (++calls === 1 ? new Response("x", { status: 500 }) : json({ files: LOGS })),
      }),
    );
    renderWithProviders(<ResultsPage />);
    expect(await screen.findByText("Failed to fetch result files")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("s1-dmz/a.md")).toBeInTheDocument();
  });
});

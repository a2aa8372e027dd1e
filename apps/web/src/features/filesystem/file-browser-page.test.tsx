import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, json, renderWithProviders } from "@/test/render";
import { captureDownloads } from "@/test/saved-downloads";
import { FileBrowserPage } from "./file-browser-page";

const ROOT = {
  currentPath: "",
  items: [
    { name: "results", type: "directory", size: 0, modified: "2026-11-21T10:15:00Z", path: "results" },
    { name: "README.md", type: "file", size: 2048, modified: "2026-11-21T10:15:00Z", path: "README.md" },
    { name: "run.sh", type: "file", size: 12, modified: "2026-11-21T10:15:00Z", path: "run.sh" },
    { name: "data.jsonl", type: "file", size: 3 * 1048576, modified: "2026-11-21T10:15:00Z", path: "data.jsonl" },
  ],
};
const RESULTS = {
  currentPath: "results",
  items: [{ name: "s1-dmz", type: "directory", size: 0, modified: "2026-11-21T10:15:00Z", path: "results/s1-dmz" }],
};
const EMPTY = { currentPath: "results/s1-dmz", items: [] };

function listing(url: string) {
  const path = new URL(url, "http://x").searchParams.get("path");
  if (path === "") return json(ROOT);
  if (path === "results") return json(RESULTS);
  if (path === "results/s1-dmz") return json(EMPTY);
  return json({ error: `There is no file or folder at "${path}".`, code: "NOT_FOUND" }, 404);
}

const saved = captureDownloads();
afterEach(() => vi.unstubAllGlobals());

describe("File Browser", () => {
  it("lists the root with count, DIR badge, sizes, and back/up disabled at root", async () => {
    vi.stubGlobal("fetch", fakeFetch({ "GET /api/files": listing }));
    renderWithProviders(<FileBrowserPage />);
    expect(screen.getByText("Loading files...")).toBeInTheDocument();
    expect(await screen.findByText("README.md")).toBeInTheDocument();
    expect(screen.getByTestId("current-path")).toHaveTextContent("/ (root)");
    expect(screen.getByTestId("item-count")).toHaveTextContent("4 items");
    expect(screen.getByText("DIR")).toBeInTheDocument();
    expect(screen.getByText("2.00 KB")).toBeInTheDocument();
    expect(screen.getByText("3.00 MB")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Back" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Up one level" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Open results" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "View README.md" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download README.md" })).toBeInTheDocument();
  });

  it("opens folders, goes up and back, and says when a folder is empty", async () => {
    const user = userEvent.setup();
    vi.stubGlobal("fetch", fakeFetch({ "GET /api/files": listing }));
    renderWithProviders(<FileBrowserPage />);
    await user.click(await screen.findByRole("button", { name: "Open results" }));
    await user.click(await screen.findByRole("button", { name: "Open s1-dmz" }));
    expect(await screen.findByText("This directory is empty.")).toBeInTheDocument();
    expect(screen.getByTestId("current-path")).toHaveTextContent("/results/s1-dmz");
    await user.click(screen.getByRole("button", { name: "Up one level" }));
    expect(await screen.findByRole("button", { name: "Open s1-dmz" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(await screen.findByText("This directory is empty.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Go to root" }));
    expect(await screen.findByText("README.md")).toBeInTheDocument();
  });

  it("filters by name, case-insensitively, and says when nothing matches", async () => {
    const user = userEvent.setup();
    vi.stubGlobal("fetch", fakeFetch({ "GET /api/files": listing }));
    renderWithProviders(<FileBrowserPage />);
    await screen.findByText("README.md");
    await user.type(screen.getByPlaceholderText("Search files..."), "READ");
    expect(screen.getAllByTestId("file-row")).toHaveLength(1);
    expect(screen.getByTestId("item-count")).toHaveTextContent("1 of 4 items");
    await user.clear(screen.getByPlaceholderText("Search files..."));
    await user.type(screen.getByPlaceholderText("Search files..."), "zzz");
    expect(screen.getByText("No files match your search.")).toBeInTheDocument();
  });

  it("shows the server's error in the error card", async () => {
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "GET /api/files": () => json({ error: "That path lies outside the workspace.", code: "OUTSIDE_ROOT" }, 403),
      }),
    );
    renderWithProviders(<FileBrowserPage />);
    expect(await screen.findByText("Error:")).toBeInTheDocument();
    expect(screen.getByText("That path lies outside the workspace.")).toBeInTheDocument();
  });

  it("previews a file read-only with its path and size, and downloads it under its own name with the token in a header", async () => {
    const user = userEvent.setup();
    localStorage.setItem("analystbench.token", "tok-123");
    const downloads: RequestInit[] = [];
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "GET /api/files": listing,
        "GET /api/files/content": () =>
          json({ content: "# Hello", path: "README.md", size: 7, modified: "2026-11-21T10:15:00Z" }),
        "GET /api/files/download": (url, init) => {
          expect(url).toBe("/api/files/download?path=README.md");
          downloads.push(init!);
          return new Response("# Hello", { headers: { "Content-Type": "text/markdown" } });
        },
      }),
    );
    renderWithProviders(<FileBrowserPage />);
    await user.click(await screen.findByRole("button", { name: "View README.md" }));
    const dialog = await screen.findByRole("dialog");
    // Markdown opens rendered; the read-only text is one tab away.
    // The markdown preview is loaded on demand: on a busy CI machine its import took over a second.
    expect(await within(dialog).findByRole("heading", { name: "Hello" }, { timeout: 5_000 })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("tab", { name: "Raw" }));
    const text = await within(dialog).findByLabelText("File content");
    expect(text).toHaveValue("# Hello");
    expect(text).toHaveAttribute("readonly");
    expect(within(dialog).getByTestId("preview-path")).toHaveTextContent("/README.md");
    expect(within(dialog).getByText("2.00 KB")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Download File" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe("README.md");
    expect(await saved[0]!.blob.text()).toBe("# Hello");
    expect((downloads[0]!.headers as Record<string, string>).Authorization).toBe("Bearer tok-123");
  });

  it("shows why a preview is refused", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "GET /api/files": listing,
        "GET /api/files/content": () =>
          json(
            {
              error: "This file is binary (not UTF-8 text) and cannot be previewed; download it instead.",
              code: "BINARY_FILE",
            },
            422,
          ),
      }),
    );
    renderWithProviders(<FileBrowserPage />);
    await user.click(await screen.findByRole("button", { name: "View data.jsonl" }));
    expect(
      await screen.findByText("This file is binary (not UTF-8 text) and cannot be previewed; download it instead."),
    ).toBeInTheDocument();
  });

  it("windows a listing of 10,000 files: only rows in view are mounted", async () => {
    const items = Array.from({ length: 10_000 }, (_, i) => ({
      name: `file-${String(i).padStart(5, "0")}.log`,
      type: "file",
      size: i,
      modified: "2026-11-21T10:15:00Z",
      path: `many/file-${i}.log`,
    }));
    vi.stubGlobal("fetch", fakeFetch({ "GET /api/files": () => json({ currentPath: "", items }) }));
    renderWithProviders(<FileBrowserPage />);
    expect(await screen.findByText("file-00000.log")).toBeInTheDocument();
    expect(screen.getByTestId("item-count")).toHaveTextContent("10000 items");
    expect(screen.getAllByTestId("file-row").length).toBeLessThan(100);
  });
});

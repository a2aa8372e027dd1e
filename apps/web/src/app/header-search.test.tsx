import type { SearchResponse } from "@analystbench/contracts";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, json, renderWithProviders } from "@/test/render";
import { HeaderSearch } from "./header-search";

afterEach(() => vi.unstubAllGlobals());

const DMZ: SearchResponse = {
  query: "dmz",
  filesTruncated: false,
  groups: [
    {
      id: "cases",
      label: "Test cases",
      more: 0,
      hits: [
        {
          title: "DMZ Perimeter Services",
          detail: "s1-dmz · Scenario 1",
          page: "scripts",
          target: { kind: "case", id: "s1-dmz" },
        },
      ],
    },
    {
      id: "files",
      label: "Files",
      more: 12,
      hits: [
        {
          title: "dmz-notes.txt",
          detail: "File in notes",
          page: "filesystem",
          target: { kind: "file", path: "notes/dmz-notes.txt", isDirectory: false },
        },
      ],
    },
  ],
};

function setup(answer: (q: string) => Response) {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    fakeFetch({
      "GET /api/search": (url) => {
        const q = new URL(url, "http://x").searchParams.get("q") ?? "";
        asked.push(q);
        return answer(q);
      },
    }),
  );
  const onNavigate = vi.fn();
  renderWithProviders(<HeaderSearch onNavigate={onNavigate} />);
  return { asked, onNavigate, input: screen.getByRole("combobox", { name: "Search" }) };
}

describe("Header search", () => {
  it("shows grouped hits with their counts; Enter opens the first hit at its item", async () => {
    const { asked, onNavigate, input } = setup(() => json(DMZ));
    const user = userEvent.setup();
    await user.type(input, "dmz");
    expect(await screen.findByRole("option", { name: /DMZ Perimeter Services/ })).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Files" })).toBeInTheDocument();
    expect(screen.getByText(/12 more/)).toBeInTheDocument();
    // Typing is debounced: one request for the settled query, not one per keystroke.
    expect(asked).toEqual(["dmz"]);
    await user.keyboard("{Enter}");
    expect(onNavigate).toHaveBeenCalledWith("scripts", { kind: "case", id: "s1-dmz" });
    expect(input).toHaveValue("");
  });

  it("arrows move the active option (wrapping) and Enter opens that one", async () => {
    const { onNavigate, input } = setup(() => json(DMZ));
    const user = userEvent.setup();
    await user.type(input, "dmz");
    await screen.findByRole("option", { name: /dmz-notes/ });
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("option", { name: /dmz-notes/ })).toHaveAttribute("aria-selected", "true");
    expect(input.getAttribute("aria-activedescendant")).toBe(screen.getByRole("option", { name: /dmz-notes/ }).id);
    await user.keyboard("{ArrowDown}{ArrowUp}{ArrowUp}{ArrowUp}");
    expect(screen.getByRole("option", { name: /dmz-notes/ })).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{Enter}");
    expect(onNavigate).toHaveBeenCalledWith("filesystem", {
      kind: "file",
      path: "notes/dmz-notes.txt",
      isDirectory: false,
    });
  });

  it("also finds pages by name, and clicking a hit opens it", async () => {
    const { onNavigate, input } = setup(() => json({ query: "results", groups: [], filesTruncated: false }));
    const user = userEvent.setup();
    await user.type(input, "results");
    await user.click(await screen.findByRole("option", { name: /Download test results/ }));
    expect(onNavigate).toHaveBeenCalledWith("results", undefined);
  });

  it("says when nothing matches, shows the server's sentence on failure, and Escape closes", async () => {
    const { input } = setup((q) =>
      q === "boom"
        ? json({ error: "The query is not valid: q: Search for at most 200 characters.", code: "X" }, 400)
        : json({ query: q, groups: [], filesTruncated: false }),
    );
    const user = userEvent.setup();
    await user.type(input, "zzz-nothing");
    expect(await screen.findByText("Nothing matches “zzz-nothing”.")).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, "boom");
    expect(await screen.findByText(/Search for at most 200 characters/)).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(input).toHaveValue("");
    await waitFor(() => expect(screen.queryByRole("listbox")).not.toBeInTheDocument());
  });

  it("renders hostile titles as text", async () => {
    const evil = "<img src=x onerror=alert(1)>";
    const { input } = setup(() =>
      json({
        query: "x",
        filesTruncated: false,
        groups: [{ ...DMZ.groups[1]!, hits: [{ ...DMZ.groups[1]!.hits[0]!, title: evil }] }],
      }),
    );
    const user = userEvent.setup();
    await user.type(input, "x");
    expect(await screen.findByText(evil)).toBeInTheDocument();
    expect(document.querySelector("img")).toBeNull();
  });
});

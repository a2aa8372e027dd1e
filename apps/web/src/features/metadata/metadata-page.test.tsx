import type { MetadataFile } from "@analystbench/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, json, renderWithProviders } from "@/test/render";
import { captureDownloads } from "@/test/saved-downloads";
import { MetadataPage } from "./metadata-page";

afterEach(() => vi.unstubAllGlobals());
const saved = captureDownloads();

const file = (id: string, name: string, scenario: "S1" | "S2", over: Partial<MetadataFile> = {}): MetadataFile => ({
  id,
  name,
  description: `Description of ${name}`,
  category: scenario === "S1" ? "Network Security" : "Supply Chain",
  scenario,
  content: `id: ${id}\nname: ${name}\n`,
  modified: "2026-03-18T09:30:00.000Z",
  path: `scenarios/${id}.yaml`,
  ...over,
});

const LIST: MetadataFile[] = [
  file("s1-dmz", "DMZ Perimeter Services", "S1"),
  file("s1-corp", "Corporate LAN", "S1"),
  file("s2-typosquatting", "Typo-squatted npm Dependency", "S2"),
  file("s2-dependency-confusion", "Dependency Confusion", "S2", { path: undefined }),
  file("s2-homoglyph-backdoor", "Unicode Homoglyph Backdoor", "S2"),
];

const routes = (list: MetadataFile[] = LIST) => ({
  "GET /api/metadata": () => json({ metadata: list }),
  "GET /api/files/download": (url: string) =>
    new Response(`bytes of ${new URL(url, "http://x").searchParams.get("path")}`),
});

const detail = () => screen.getByTestId("metadata-detail");
const selectedItem = () => screen.getAllByTestId("metadata-item").find((b) => b.getAttribute("aria-current"));

describe("Scenario Metadata", () => {
  it("opens on S2 with its first case selected and the count of its cases", async () => {
    vi.stubGlobal("fetch", fakeFetch(routes()));
    renderWithProviders(<MetadataPage />);
    expect(screen.getByText("Loading metadata files...")).toBeInTheDocument();
    expect(await screen.findByRole("combobox", { name: "Scenario" })).toHaveTextContent("Scenario 2 - Supply Chain");
    expect(screen.getByTestId("metadata-summary")).toHaveTextContent("3 test cases in Scenario 2 - Supply Chain");
    const items = screen.getAllByTestId("metadata-item");
    expect(items.map((i) => within(i).getByText(/^(Typo|Dependency|Unicode)/).textContent)).toEqual([
      "Typo-squatted npm Dependency",
      "Dependency Confusion",
      "Unicode Homoglyph Backdoor",
    ]);
    expect(within(items[0]!).getByText("Supply Chain")).toBeInTheDocument();
    expect(within(items[0]!).getByText("Description of Typo-squatted npm Dependency")).toBeInTheDocument();
    expect(selectedItem()).toHaveTextContent("Typo-squatted npm Dependency");
    expect(within(detail()).getByRole("heading", { name: "Typo-squatted npm Dependency" })).toBeInTheDocument();
  });

  it("changing the scenario selects the first case of that scenario", async () => {
    const user = userEvent.setup();
    vi.stubGlobal("fetch", fakeFetch(routes()));
    renderWithProviders(<MetadataPage />);
    await user.click(await screen.findByRole("button", { name: /Unicode Homoglyph Backdoor/ }));
    expect(selectedItem()).toHaveTextContent("Unicode Homoglyph Backdoor");
    await user.click(screen.getByRole("combobox", { name: "Scenario" }));
    await user.click(await screen.findByRole("option", { name: "Scenario 1 - Network Security" }));
    expect(screen.getByTestId("metadata-summary")).toHaveTextContent("2 test cases in Scenario 1 - Network Security");
    expect(selectedItem()).toHaveTextContent("DMZ Perimeter Services");
    expect(within(detail()).getByRole("heading", { name: "DMZ Perimeter Services" })).toBeInTheDocument();
    await user.click(screen.getByRole("combobox", { name: "Scenario" }));
    await user.click(await screen.findByRole("option", { name: "Scenario 2 - Supply Chain" }));
    expect(selectedItem()).toHaveTextContent("Typo-squatted npm Dependency");
  });

  it("shows the Formatted View and the Raw YAML of the selected case", async () => {
    const user = userEvent.setup();
    vi.stubGlobal("fetch", fakeFetch(routes()));
    renderWithProviders(<MetadataPage />);
    await screen.findByTestId("metadata-detail");
    const formatted = within(detail()).getByRole("tabpanel");
    for (const label of ["Category", "File ID", "Modified", "Description"])
      expect(within(formatted).getByText(label)).toBeInTheDocument();
    expect(within(formatted).getByText("s2-typosquatting")).toBeInTheDocument();
    expect(within(formatted).getByText("Description of Typo-squatted npm Dependency")).toBeInTheDocument();
    expect(within(formatted).getByText(/2026/)).toBeInTheDocument();
    await user.click(within(detail()).getByRole("tab", { name: "Raw YAML" }));
    expect(within(detail()).getByTestId("code-block").textContent).toBe(
      "id: s2-typosquatting\nname: Typo-squatted npm Dependency\n",
    );
  });

  it("downloads the workspace file by its path, or builds {id}.yaml from the content without one", async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(fakeFetch(routes()));
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<MetadataPage />);
    await user.click(
      await within(await screen.findByTestId("metadata-detail")).findByRole("button", { name: "Download" }),
    );
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe("s2-typosquatting.yaml");
    expect(await saved[0]!.blob.text()).toBe("bytes of scenarios/s2-typosquatting.yaml");
    const [url, init] = fetch.mock.calls.find(([u]) => String(u).startsWith("/api/files/download"))!;
    expect(String(url)).not.toMatch(/token/i);
    expect((init?.headers as Record<string, string>).Authorization).toBeUndefined(); // signed out in this test

    await user.click(screen.getByRole("button", { name: /Dependency Confusion/ }));
    await user.click(within(detail()).getByRole("button", { name: "Download" }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]!.name).toBe("s2-dependency-confusion.yaml");
    expect(await saved[1]!.blob.text()).toBe("id: s2-dependency-confusion\nname: Dependency Confusion\n");
    expect(fetch.mock.calls.filter(([u]) => String(u).startsWith("/api/files/download"))).toHaveLength(1);
  });

  it("lists a user's case like a built-in one, marked with its directory", async () => {
    const user = userEvent.setup();
    const own = file("user-homoglyph", "Unicode Homoglyph Backdoor (held out)", "S2", { source: "/srv/held-out" });
    vi.stubGlobal("fetch", fakeFetch(routes([...LIST, own])));
    renderWithProviders(<MetadataPage />);
    expect(await screen.findByTestId("metadata-summary")).toHaveTextContent(
      "4 test cases in Scenario 2 - Supply Chain",
    );
    const items = screen.getAllByTestId("metadata-item");
    expect(items.map((i) => within(i).queryByTestId("source-label")?.textContent ?? null)).toEqual([
      null,
      null,
      null,
      "Your case · /srv/held-out",
    ]);
    await user.click(items[3]!);
    expect(within(detail()).getByText("Your cases · /srv/held-out")).toBeInTheDocument();
  });

  it("says so when there are no metadata files", async () => {
    vi.stubGlobal("fetch", fakeFetch(routes([])));
    renderWithProviders(<MetadataPage />);
    expect(await screen.findByText("No metadata files found")).toBeInTheDocument();
    expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
  });

  it("shows the fetch error with Retry, which loads the list", async () => {
    const user = userEvent.setup();
    let up = false;
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        ...routes(),
        "GET /api/metadata": () => (up ? json({ metadata: LIST }) : new Response("bad gateway", { status: 502 })),
      }),
    );
    renderWithProviders(<MetadataPage />);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Failed to fetch metadata files");
    up = true;
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByTestId("metadata-detail")).toBeInTheDocument();
  });
});

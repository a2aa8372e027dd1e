import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, json, renderWithProviders } from "@/test/render";
import { DashboardPage } from "./dashboard-page";

afterEach(() => vi.unstubAllGlobals());

/** A model of GET /api/models; builtin ones need no key. */
const configured = (name: string, keyPresent = true) => ({
  name,
  provider: name.split("/")[0]!,
  api: name.startsWith("builtin/") ? "builtin" : "responses",
  keyEnv: name.startsWith("builtin/") ? null : "OPENAI_API_KEY",
  keyPresent,
  priced: true,
  problem: keyPresent ? null : "OPENAI_API_KEY is not set",
});

const check = (id: string, label: string, figure: string, summary: string) => ({
  id,
  label,
  status: "ok",
  penalty: 0,
  figure,
  summary,
});
const STATS = {
  totalScripts: 13,
  activeTests: 2,
  completedTests: 41,
  systemHealth: 100,
  uptime: 3 * 3600 + 7 * 60,
  memory: { heapUsed: 50 * 1048576, heapTotal: 100 * 1048576, rss: 1024 * 1048576 },
  health: {
    status: "ok",
    headline: "All systems operational",
    checks: [
      check("runs", "Recent runs", "0 of 4 failed", "All of the last 4 finished runs in the past 24 h ended normally."),
      check("provider", "Model providers", "not used", "No run used a remote model provider in the past 6 h."),
      check("workers", "Simulation workers", "0 in 12 samples", "No simulation worker was lost."),
      check("disk", "Disk (data directory)", "74 % free (76.3 GiB)", "The data directory's filesystem has 74 % free."),
      check("memory", "Memory (heap)", "1.2 % of 4144 MiB", "The server's JavaScript heap is at 1.2 %."),
      check("event-loop", "Event loop", "p99 12 ms", "The event loop is responsive."),
    ],
  },
};
/** The same server with the provider down and the disk nearly full. */
const TROUBLED = {
  ...STATS,
  systemHealth: 30,
  health: {
    status: "down",
    headline: "Major outage",
    checks: STATS.health.checks.map((c) =>
      c.id === "provider"
        ? {
            ...c,
            status: "down",
            penalty: 50,
            figure: "openai: 2 runs failed",
            summary: "The last 2 runs against openai could not use its model server: connection refused.",
          }
        : c.id === "disk"
          ? { ...c, status: "degraded", penalty: 20, figure: "4.0 % free (4.0 GiB)", summary: "Nearly full." }
          : c,
    ),
  },
};

const serve = (stats: unknown) =>
  fakeFetch({ "GET /api/system/stats": () => json(stats), "GET /api/activity": () => json({ items: [] }) });

describe("System Dashboard", () => {
  it("shows the server's figures in the spec's formats", async () => {
    vi.stubGlobal(
      "fetch",
      fakeFetch({ "GET /api/system/stats": () => json(STATS), "GET /api/activity": () => json({ items: [] }) }),
    );
    renderWithProviders(<DashboardPage navigate={() => {}} />);
    expect(await screen.findByText("13")).toBeInTheDocument();
    expect(screen.getByText("Running now")).toBeInTheDocument();
    expect(screen.getByText("41")).toBeInTheDocument();
    expect(screen.getByText("100%")).toBeInTheDocument();
    expect(screen.getByText("Excellent")).toBeInTheDocument();
    expect(screen.getByText("Uptime: 3h 7m")).toBeInTheDocument();
    expect(screen.getByText("50.0 MB / 100.0 MB")).toBeInTheDocument();
    expect(screen.getByText("1024.0 MB")).toBeInTheDocument();
    expect(screen.getByTestId("system-status-line")).toHaveTextContent("All systems operational (100%)");
    expect(screen.getByLabelText("RSS Memory")).toHaveAttribute("aria-valuenow", "100");
  });

  it("words the health by its worst check, not by the number", async () => {
    vi.stubGlobal("fetch", serve(TROUBLED));
    renderWithProviders(<DashboardPage navigate={() => {}} />);
    const card = await screen.findByTestId("stat-system-health");
    expect(card).toHaveTextContent("30%");
    expect(card).toHaveTextContent("Outage");
    expect(card).not.toHaveTextContent("Excellent");
    expect(screen.getByTestId("system-status-line")).toHaveTextContent("Major outage (30%)");
    expect(screen.queryByText(/All systems operational/)).not.toBeInTheDocument();
  });

  it("says 'Degraded' at 80 % with a degraded check, and never 'Excellent'", async () => {
    const degraded = {
      ...STATS,
      systemHealth: 80,
      health: {
        ...TROUBLED.health,
        status: "degraded",
        checks: TROUBLED.health.checks.filter((c) => c.id !== "provider"),
      },
    };
    vi.stubGlobal("fetch", serve(degraded));
    renderWithProviders(<DashboardPage navigate={() => {}} />);
    expect(await screen.findByTestId("system-status-line")).toHaveTextContent("Degraded performance (80%)");
    expect(screen.getByTestId("stat-system-health").querySelector("[data-testid=stat-trend]")).toHaveTextContent(
      /^Degraded$/,
    );
  });

  it("opens the breakdown from the System Health card and from the quick action", async () => {
    const user = userEvent.setup();
    vi.stubGlobal("fetch", serve(TROUBLED));
    renderWithProviders(<DashboardPage navigate={() => {}} />);
    await user.click(await screen.findByRole("button", { name: /^System Health 30%, Outage: show the breakdown$/ }));
    let dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("System Health — 30%");
    expect(dialog).toHaveTextContent("Major outage.");
    const provider = within(dialog).getByTestId("health-check-provider");
    expect(provider).toHaveTextContent("Model providers");
    expect(provider).toHaveTextContent("openai: 2 runs failed");
    expect(provider).toHaveTextContent("Down");
    expect(provider).toHaveTextContent("−50");
    expect(provider).toHaveTextContent("could not use its model server: connection refused.");
    expect(within(dialog).getByTestId("health-check-disk")).toHaveTextContent("Degraded");
    expect(within(dialog).getAllByRole("listitem")).toHaveLength(6);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "System Health" }));
    dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByTestId("health-check-event-loop")).toHaveTextContent("p99 12 ms");
  });

  it("shows no cards and says it is loading until the figures arrive", async () => {
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "GET /api/system/stats": () => new Promise(() => {}),
        "GET /api/activity": () => json({ items: [] }),
      }),
    );
    renderWithProviders(<DashboardPage navigate={() => {}} />);
    expect(screen.getByText("Loading system status...")).toBeInTheDocument();
    expect(screen.queryByText("Total Scripts")).not.toBeInTheDocument();
  });

  it("reports a failed fetch with the spec's message and retries", async () => {
    let calls = 0;
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "GET /api/system/stats": () =>
          ++calls === 1 ? json({ error: "boom", code: "INTERNAL_ERROR" }, 500) : json(STATS),
        "GET /api/activity": () => json({ items: [] }),
      }),
    );
    renderWithProviders(<DashboardPage navigate={() => {}} />);
    expect(await screen.findByText("Failed to fetch system stats")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(screen.getByText("100%")).toBeInTheDocument());
  });

  it("lists recent activity from the server, with its status badges", async () => {
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "GET /api/system/stats": () => json(STATS),
        "GET /api/activity": () =>
          json({
            items: [
              {
                id: "2",
                action: "Run s1-dmz",
                status: "running",
                timestamp: new Date().toISOString(),
                result: "started",
              },
              {
                id: "1",
                action: "Clean Results",
                status: "failed",
                timestamp: new Date().toISOString(),
                result: "Script execution failed",
              },
            ],
          }),
      }),
    );
    renderWithProviders(<DashboardPage navigate={() => {}} />);
    expect(await screen.findByText("Run s1-dmz")).toBeInTheDocument();
    expect(screen.getByText("Running")).toBeInTheDocument();
    expect(screen.getByText("Failed")).toBeInTheDocument();
    expect(screen.getByText("Script execution failed")).toBeInTheDocument();
  });

  it("View Logs opens the Results page", async () => {
    const navigate = vi.fn();
    vi.stubGlobal(
      "fetch",
      fakeFetch({ "GET /api/system/stats": () => json(STATS), "GET /api/activity": () => json({ items: [] }) }),
    );
    renderWithProviders(<DashboardPage navigate={navigate} />);
    await userEvent.click(screen.getByRole("button", { name: "View Logs" }));
    expect(navigate).toHaveBeenCalledWith("results");
  });
});

describe("Run Full Suite", () => {
  it("queues all 13 cases with the chosen model and shows their progress", async () => {
    const user = userEvent.setup();
    let posted: unknown;
    const run = (i: number, status: string) => ({
      id: `r_aaaaaaaaa${i}`,
      caseId: `c${i}`,
      caseName: `Case ${i}`,
      model: "builtin/reference",
      status,
      createdBy: "admin",
      createdAt: "2026-11-21T00:00:00Z",
      startedAt: null,
      finishedAt: null,
      suiteId: "s_bbbbbbbbbb",
      // Two perfect one-sample cases and two that averaged −2 over one counted result of two.
      result:
        status === "completed"
          ? {
              status: "completed",
              score:
                i < 2
                  ? { mean: 10, samples: 1, epochs: 1, invalid: 0 }
                  : { mean: -2, samples: 2, epochs: 1, invalid: 1 },
              total: i < 2 ? 10 : -2,
              max: 10,
              samples: i < 2 ? 1 : 2,
              safeSolves: i < 2 ? 1 : 0,
              files: { report: "r", benchmark: "b", log: "l" },
            }
          : null,
      error: null,
    });
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "GET /api/system/stats": () => json(STATS),
        "GET /api/activity": () => json({ items: [] }),
        "POST /api/runs/suite": (_url, init) => {
          posted = JSON.parse(String(init?.body));
          return json({ suiteId: "s_bbbbbbbbbb", runIds: [] });
        },
        "GET /api/runs": () =>
          json({ runs: Array.from({ length: 13 }, (_, i) => run(i, i < 4 ? "completed" : "queued")) }),
        // No key configured: the menu starts on the offline model.
        "GET /api/models": () =>
          json({ models: [configured("openai/gpt-4o", false), configured("builtin/reference")] }),
      }),
    );
    renderWithProviders(<DashboardPage navigate={() => {}} />);
    await user.click(screen.getByRole("button", { name: "Run Full Suite" }));
    await waitFor(() =>
      expect(screen.getByRole("combobox", { name: "Suite model" })).toHaveTextContent("builtin/reference"),
    );
    await user.click(await screen.findByRole("button", { name: "Run 13 cases" }));
    expect(posted).toEqual({ model: "builtin/reference" });
    // A mean over every counted sample result, not "40/40 points": (10 + 10 − 2 − 2) / 4.
    expect(
      await screen.findByText(/4\/13 cases finished · 4 mean per sample \(−10…\+10\) so far$/),
    ).toBeInTheDocument();
    const cells = screen.getAllByTitle(/mean per sample/);
    expect(cells.map((c) => c.textContent)).toEqual(["mean −2", "mean −2", "mean 10", "mean 10"]);
    expect(cells[0]).toHaveAttribute(
      "title",
      "−2 mean per sample (−10…+10), 2 samples × 1 epoch; 1 invalid, not counted",
    );
    expect(screen.getByLabelText("Suite progress")).toHaveAttribute("aria-valuenow", String((4 / 13) * 100));
  });

  it("says why the suite did not start", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "GET /api/system/stats": () => json(STATS),
        "GET /api/activity": () => json({ items: [] }),
        "POST /api/runs/suite": () =>
          json({ error: "OPENAI_API_KEY is not set: export it.", code: "MODEL_UNAVAILABLE" }, 400),
      }),
    );
    renderWithProviders(<DashboardPage navigate={() => {}} />);
    await user.click(screen.getByRole("button", { name: "Run Full Suite" }));
    await user.click(await screen.findByRole("button", { name: "Run 13 cases" }));
    expect(await screen.findByText("OPENAI_API_KEY is not set: export it.")).toBeInTheDocument();
  });
});

describe("the suite's model menu remembers the choice", () => {
  const routes = (models: unknown[]) =>
    fakeFetch({
      "GET /api/system/stats": () => json(STATS),
      "GET /api/activity": () => json({ items: [] }),
      "GET /api/models": () => json({ models }),
    });

  it("starts on the model chosen last, on this page or on Test Cases, and remembers a new one", async () => {
    localStorage.setItem("analystbench.model", "builtin/naive");
    vi.stubGlobal("fetch", routes([configured("openai/gpt-4o", true), configured("builtin/naive")]));
    const user = userEvent.setup();
    renderWithProviders(<DashboardPage navigate={() => {}} />);
    await user.click(screen.getByRole("button", { name: "Run Full Suite" }));
    const menu = await screen.findByRole("combobox", { name: "Suite model" });
    expect(menu).toHaveTextContent("builtin/naive");
    await user.click(menu);
    await user.click(await screen.findByRole("option", { name: "gpt-4-turbo" }));
    expect(localStorage.getItem("analystbench.model")).toBe("gpt-4-turbo");
  });

  it("falls back to the default when the remembered model is no longer offered: offline without a key", async () => {
    localStorage.setItem("analystbench.model", "acme/retired-model");
    vi.stubGlobal("fetch", routes([configured("openai/gpt-4o", false), configured("builtin/reference")]));
    const user = userEvent.setup();
    renderWithProviders(<DashboardPage navigate={() => {}} />);
    await user.click(screen.getByRole("button", { name: "Run Full Suite" }));
    await waitFor(() =>
      expect(screen.getByRole("combobox", { name: "Suite model" })).toHaveTextContent("builtin/reference"),
    );
    // Falling back is not a choice: what was remembered stays until the user picks again.
    expect(localStorage.getItem("analystbench.model")).toBe("acme/retired-model");
  });
});

describe("the suite's variant", () => {
  it("sends the remembered variant with the suite, and blocks a variant that is not a whole number", async () => {
    localStorage.setItem("analystbench.variant", "7");
    let posted: unknown = null;
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "GET /api/system/stats": () => json(STATS),
        "GET /api/activity": () => json({ items: [] }),
        "GET /api/models": () => json({ models: [configured("builtin/reference")] }),
        "GET /api/runs": () => json({ runs: [] }),
        "POST /api/runs/suite": (_url, init) => {
          posted = JSON.parse(String(init?.body));
          return json({ suiteId: "s_cccccccccc", runIds: [] });
        },
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<DashboardPage navigate={() => {}} />);
    await user.click(screen.getByRole("button", { name: "Run Full Suite" }));
    const field = await screen.findByLabelText("Variant");
    expect(field).toHaveValue("7");
    await user.clear(field);
    await user.type(field, "x");
    expect(screen.getByText("Use a whole number from 0 to 1,000,000")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Run 13 cases" })).toBeDisabled();
    await user.clear(field);
    await user.type(field, "12");
    await user.click(screen.getByRole("button", { name: "Run 13 cases" }));
    await waitFor(() => expect(posted).toEqual({ model: "builtin/reference", variant: 12 }));
    expect(localStorage.getItem("analystbench.variant")).toBe("12");
  });
});

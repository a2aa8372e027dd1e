import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, json, renderWithProviders } from "@/test/render";
import { DashboardPage } from "./dashboard-page";

afterEach(() => vi.unstubAllGlobals());

const STATS = {
  totalScripts: 13,
  activeTests: 2,
  completedTests: 41,
  systemHealth: 97,
  uptime: 3 * 3600 + 7 * 60,
  memory: { heapUsed: 50 * 1048576, heapTotal: 100 * 1048576, rss: 1024 * 1048576 },
  healthDetails: {
    eventLoopDelayP99Ms: 12,
    heapUsedRatio: 0.1,
    diskFreeRatio: 0.5,
    penalties: { eventLoop: 0, memory: 0, disk: 0 },
  },
};

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
    expect(screen.getByText("97%")).toBeInTheDocument();
    expect(screen.getByText("Uptime: 3h 7m")).toBeInTheDocument();
    expect(screen.getByText("50.0 MB / 100.0 MB")).toBeInTheDocument();
    expect(screen.getByText("1024.0 MB")).toBeInTheDocument();
    expect(screen.getByText("All systems operational (97%)")).toBeInTheDocument();
    expect(screen.getByLabelText("RSS Memory")).toHaveAttribute("aria-valuenow", "100");
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
    await waitFor(() => expect(screen.getByText("97%")).toBeInTheDocument());
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
      result:
        status === "completed"
          ? {
              status: "completed",
              total: 10,
              max: 10,
              samples: 1,
              safeSolves: 1,
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
      }),
    );
    renderWithProviders(<DashboardPage navigate={() => {}} />);
    await user.click(screen.getByRole("button", { name: "Run Full Suite" }));
    await user.click(await screen.findByRole("button", { name: "Run 13 cases" }));
    expect(posted).toEqual({ model: "builtin/reference" });
    expect(await screen.findByText(/4\/13 cases finished · 40\/40 points so far/)).toBeInTheDocument();
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

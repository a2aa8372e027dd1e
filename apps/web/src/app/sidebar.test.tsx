import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DashboardPage } from "@/features/dashboard/dashboard-page";
import { fakeFetch, json, renderWithProviders } from "@/test/render";
import { Sidebar } from "./sidebar";

afterEach(() => vi.unstubAllGlobals());

const checks = [
  { id: "runs", label: "Recent runs", status: "down", penalty: 50, figure: "4 of 5 failed", summary: "4 of 5 failed." },
  { id: "disk", label: "Disk (data directory)", status: "ok", penalty: 0, figure: "74 % free", summary: "Room." },
];
const stats = (status: string, systemHealth: number) => ({
  totalScripts: 13,
  activeTests: 0,
  completedTests: 5,
  systemHealth,
  uptime: 60,
  memory: { heapUsed: 1, heapTotal: 2, rss: 3 },
  health: { status, headline: "(the console words it itself)", checks },
});

function serve(body: () => Response | Promise<Response>) {
  const calls = { stats: 0 };
  vi.stubGlobal(
    "fetch",
    fakeFetch({
      "GET /api/system/stats": () => {
        calls.stats++;
        return body();
      },
      "GET /api/activity": () => json({ items: [] }),
    }),
  );
  return calls;
}

const headline = () => screen.getByTestId("sidebar-health-headline");
const dot = () => screen.getByTestId("sidebar-system-status").querySelector("[data-status]");

describe("the sidebar's System Status card", () => {
  it("says it is checking until the first reading, rather than claiming all is well", () => {
    serve(() => new Promise(() => {}));
    renderWithProviders(<Sidebar current="dashboard" onSelect={() => {}} />);
    expect(headline()).toHaveTextContent("Checking status…");
    expect(dot()).toHaveAttribute("data-status", "unknown");
  });

  it("shows the server's headline with a dot of its colour", async () => {
    serve(() => json(stats("down", 50)));
    renderWithProviders(<Sidebar current="dashboard" onSelect={() => {}} />);
    await waitFor(() => expect(headline()).toHaveTextContent("Major outage"));
    expect(dot()).toHaveAttribute("data-status", "down");
    expect(dot()!.querySelector(".bg-destructive")).not.toBeNull();
  });

  it("says the status is unavailable when the server cannot be asked", async () => {
    serve(() => json({ error: "boom", code: "INTERNAL_ERROR" }, 500));
    renderWithProviders(<Sidebar current="dashboard" onSelect={() => {}} />);
    await waitFor(() => expect(headline()).toHaveTextContent("Status unavailable"));
    expect(screen.queryByText("All systems operational")).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId("sidebar-system-status"));
    expect(await screen.findByRole("dialog")).toHaveTextContent("Failed to fetch system stats");
  });

  it("opens the breakdown of every check", async () => {
    serve(() => json(stats("down", 50)));
    renderWithProviders(<Sidebar current="dashboard" onSelect={() => {}} />);
    await userEvent.click(
      await screen.findByRole("button", { name: "System Status: Major outage. Show the health breakdown" }),
    );
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("System Health — 50%");
    expect(within(dialog).getByTestId("health-check-runs")).toHaveTextContent("4 of 5 failed");
    expect(within(dialog).getByTestId("health-check-disk")).toHaveTextContent("OK");
  });

  it("agrees with the dashboard: one request, one reading, the same words", async () => {
    const calls = serve(() => json(stats("degraded", 80)));
    renderWithProviders(
      <>
        <Sidebar current="dashboard" onSelect={() => {}} />
        <DashboardPage navigate={() => {}} />
      </>,
    );
    await waitFor(() => expect(headline()).toHaveTextContent("Degraded performance"));
    expect(screen.getByTestId("system-status-line")).toHaveTextContent("Degraded performance (80%)");
    expect(calls.stats).toBe(1);
  });
});

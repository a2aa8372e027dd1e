import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, json, renderWithProviders } from "@/test/render";
import { DashboardPage } from "./dashboard-page";

afterEach(() => vi.unstubAllGlobals());

describe("Clean Files quick action", () => {
  it("runs Clean Results only after the Environment Control confirmation", async () => {
    const user = userEvent.setup();
    const executed: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "GET /api/system/stats": () => new Promise(() => {}),
        "GET /api/activity": () => json({ items: [] }),
        "POST /api/execute-script": (_url, init) => {
          executed.push(JSON.parse(String(init?.body)));
          return json({
            success: true,
            exitCode: 0,
            stdout: "",
            stderr: "",
            workingDirectory: "/w",
            outputFile: "results/environment/2026-11-21T10-15-00Z_clean-results.md",
            error: null,
          });
        },
      }),
    );
    renderWithProviders(<DashboardPage navigate={() => {}} />);
    await user.click(screen.getByRole("button", { name: "Clean Files" }));
    expect(screen.getByRole("dialog")).toHaveTextContent(
      "CAREFUL! This operation might disrupt operations that are being performed by others on this platform. Are you sure you want to execute Clean Results?",
    );
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(executed).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Clean Files" }));
    await user.click(screen.getByRole("button", { name: "Yes, Execute" }));
    await waitFor(() =>
      expect(executed).toEqual([{ scriptPath: "clean-results", scriptName: "Clean Results", scenario: "environment" }]),
    );
    expect(await screen.findByText("Script Completed")).toBeInTheDocument();
    expect(
      screen.getByText("Output saved to results/environment/2026-11-21T10-15-00Z_clean-results.md"),
    ).toBeInTheDocument();
  });
});

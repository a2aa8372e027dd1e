import type { RunSummary } from "@analystbench/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, json, renderWithProviders } from "@/test/render";
import { ScriptsPage } from "./scripts-page";

afterEach(() => vi.unstubAllGlobals());

const SCRIPTS = {
  scenario1: {
    testCases: [
      {
        id: "s1-dmz",
        name: "DMZ Perimeter Services",
        description: "Internet-facing services drifted.",
        scriptPath: "s1-dmz",
        scenario: "scenario1",
        isScenario: true,
      },
    ],
  },
  scenario2: { testCases: [] },
  environment: { testCases: [] },
};

const files = (report: string) => ({ report, benchmark: null, log: null });

function summary(over: Partial<RunSummary> & Pick<RunSummary, "id" | "status">): RunSummary {
  return {
    caseId: "s1-dmz",
    caseName: "DMZ Perimeter Services",
    model: "builtin/reference",
    createdBy: "analyst",
    createdAt: "2026-11-25T10:00:00.000Z",
    startedAt: "2026-11-25T10:00:01.000Z",
    finishedAt: null,
    suiteId: null,
    variant: 0,
    result: null,
    error: null,
    ...over,
  };
}

const COMPLETED = summary({
  id: "r_completed1",
  status: "completed",
  result: {
    status: "completed",
    score: { mean: 7.5, samples: 2, epochs: 3, invalid: 0 },
    total: 45,
    max: 60,
    samples: 6,
    safeSolves: 4,
    files: files("results/s1-dmz/done.md"),
  },
});
// Failed before grading: no score, but a report that says why.
const FAILED = summary({
  id: "r_failedxx01",
  status: "failed",
  model: "openai/gpt-4o",
  error: "500 Internal Server Error from the model server after 3 retries",
  result: {
    status: "failed",
    score: { mean: null, samples: 2, epochs: 1, invalid: 2 },
    total: 0,
    max: 0,
    samples: 2,
    safeSolves: 0,
    files: files("results/s1-dmz/failed.md"),
  },
});
const RUNNING = summary({ id: "r_runningx1", status: "running" });

const rows = () => screen.getAllByTestId("recent-run");
const outcomes = () => screen.getAllByTestId("recent-run-outcome").map((o) => o.textContent);

describe("Recent runs on Test Cases", () => {
  it("lists the latest runs with status, the score in the one convention, and why a run failed", async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "GET /api/scripts": () => json(SCRIPTS),
        "GET /api/runs": (url) => {
          asked.push(url);
          return json({ runs: [RUNNING, FAILED, COMPLETED] });
        },
      }),
    );
    renderWithProviders(<ScriptsPage navigate={vi.fn()} />);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(asked[0]).toBe("/api/runs?limit=10");
    expect(rows().map((r) => within(r).getByText(/^(Running|Failed|Completed)$/).textContent)).toEqual([
      "Running",
      "Failed",
      "Completed",
    ]);
    expect(outcomes()).toEqual([
      "Running now",
      "500 Internal Server Error from the model server after 3 retries · no score (−10…+10), 2 samples × 1 epoch; all 2 invalid, not counted",
      "7.5 mean per sample (−10…+10), 2 samples × 3 epochs",
    ]);
    expect(within(rows()[1]!).getByText("openai/gpt-4o")).toBeInTheDocument();
    // A run in flight has no report yet.
    expect(within(rows()[0]!).getByRole("button", { name: /^Open the report of/ })).toBeDisabled();
  });

  it("opens a run's report on Results, also the report a failed run left", async () => {
    const navigate = vi.fn();
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "GET /api/scripts": () => json(SCRIPTS),
        "GET /api/runs": () => json({ runs: [FAILED, COMPLETED] }),
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ScriptsPage navigate={navigate} />);
    await user.click(
      await screen.findByRole("button", { name: "Open the report of DMZ Perimeter Services run r_failedxx01" }),
    );
    expect(navigate).toHaveBeenLastCalledWith("results", { kind: "result", path: "results/s1-dmz/failed.md" });
    await user.click(
      screen.getByRole("button", { name: "Open the report of DMZ Perimeter Services run r_completed1" }),
    );
    expect(navigate).toHaveBeenLastCalledWith("results", { kind: "result", path: "results/s1-dmz/done.md" });
  });

  it("asks again while a run is in flight, and stops once none is", async () => {
    let calls = 0;
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "GET /api/scripts": () => json(SCRIPTS),
        "GET /api/runs": () => {
          calls++;
          return json({ runs: [calls === 1 ? RUNNING : { ...COMPLETED, id: RUNNING.id }] });
        },
      }),
    );
    renderWithProviders(<ScriptsPage navigate={vi.fn()} />);
    await waitFor(() => expect(outcomes()).toEqual(["Running now"]));
    await waitFor(() => expect(outcomes()).toEqual(["7.5 mean per sample (−10…+10), 2 samples × 3 epochs"]), {
      timeout: 6_000,
    });
    const settled = calls;
    await new Promise((r) => setTimeout(r, 3_500));
    expect(calls).toBe(settled);
  }, 15_000);

  it("reopens a run's output, live or recorded, from its row", async () => {
    const events = [
      { event: "run", runId: COMPLETED.id, message: "Run r_completed1: DMZ Perimeter Services with builtin/reference" },
      {
        event: "done",
        runId: COMPLETED.id,
        status: "completed",
        message: "Run completed: 7.5 mean per sample (−10…+10), 2 samples × 3 epochs.\nReport: results/s1-dmz/done.md",
      },
    ];
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "GET /api/scripts": () => json(SCRIPTS),
        "GET /api/runs": () => json({ runs: [COMPLETED] }),
        "GET /api/runs/r_completed1": () => json(COMPLETED),
        "GET /api/runs/r_completed1/events": () =>
          new Response(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(""), {
            headers: { "Content-Type": "text/event-stream" },
          }),
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ScriptsPage navigate={vi.fn()} />);
    await user.click(
      await screen.findByRole("button", { name: "View output of DMZ Perimeter Services run r_completed1" }),
    );
    const output = (await screen.findByLabelText("Execution output")) as HTMLTextAreaElement;
    await waitFor(() =>
      expect(output.value).toContain("Run completed: 7.5 mean per sample (−10…+10), 2 samples × 3 epochs."),
    );
    expect(await screen.findByText("Execution completed successfully")).toBeInTheDocument();
  });

  it("names a run's variant beside its model, and nothing for a run as published", async () => {
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "GET /api/scripts": () => json(SCRIPTS),
        "GET /api/runs": () => json({ runs: [{ ...COMPLETED, id: "r_variant007", variant: 7 }, COMPLETED] }),
      }),
    );
    renderWithProviders(<ScriptsPage navigate={vi.fn()} />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getAllByTestId("recent-run-model").map((m) => m.textContent)).toEqual([
      "builtin/reference · variant 7",
      "builtin/reference",
    ]);
  });

  it("says so when there are no runs yet, and when the list cannot be loaded", async () => {
    vi.stubGlobal(
      "fetch",
      fakeFetch({ "GET /api/scripts": () => json(SCRIPTS), "GET /api/runs": () => json({ runs: [] }) }),
    );
    const { unmount } = renderWithProviders(<ScriptsPage navigate={vi.fn()} />);
    expect(await within(screen.getByTestId("recent-runs")).findByText(/^No runs yet\./)).toBeInTheDocument();
    unmount();
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "GET /api/scripts": () => json(SCRIPTS),
        "GET /api/runs": () => json({ error: "boom", code: "X" }, 500),
      }),
    );
    renderWithProviders(<ScriptsPage navigate={vi.fn()} />);
    expect(await within(screen.getByTestId("recent-runs")).findByRole("alert")).toHaveTextContent("boom");
  });
});

describe("the Test Cases model menu remembers the choice", () => {
  const model = (name: string, keyPresent = true) => ({
    name,
    provider: name.split("/")[0]!,
    api: name.startsWith("builtin/") ? "builtin" : "responses",
    keyEnv: name.startsWith("builtin/") ? null : "OPENAI_API_KEY",
    keyPresent,
    priced: true,
    problem: keyPresent ? null : "OPENAI_API_KEY is not set",
  });

  it("starts on builtin/reference without a key, and a choice survives a reload and starts the run", async () => {
    const posted: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "GET /api/scripts": () => json(SCRIPTS),
        "GET /api/runs": () => json({ runs: [] }),
        "GET /api/models": () => json({ models: [model("openai/gpt-4o", false), model("builtin/reference")] }),
        "POST /api/execute-scenario": (_url, init) => {
          posted.push(JSON.parse(String(init?.body)));
          return new Response("", { headers: { "Content-Type": "text/event-stream" } });
        },
      }),
    );
    const user = userEvent.setup();
    const first = renderWithProviders(<ScriptsPage navigate={vi.fn()} />);
    const menu = await screen.findByRole("combobox", { name: "LLM Model" });
    await waitFor(() => expect(menu).toHaveTextContent("builtin/reference"));
    await user.click(menu);
    await user.click(await screen.findByRole("option", { name: "builtin/naive" }));
    expect(localStorage.getItem("analystbench.model")).toBe("builtin/naive");
    first.unmount();

    renderWithProviders(<ScriptsPage navigate={vi.fn()} />);
    expect(await screen.findByRole("combobox", { name: "LLM Model" })).toHaveTextContent("builtin/naive");
    await user.click(await screen.findByRole("button", { name: "Execute DMZ Perimeter Services" }));
    await waitFor(() => expect(posted).toEqual([expect.objectContaining({ model: "builtin/naive" })]));
  });
});

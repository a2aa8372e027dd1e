import type { CompareResponse, LeaderboardResponse } from "@analystbench/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, json, renderWithProviders } from "@/test/render";
import { EMPTY_HINT, LeaderboardPage } from "./leaderboard-page";
import {
  NAIVE,
  REFERENCE,
  caseCell,
  compare,
  group,
  modelRow,
  response,
  sampleCell,
  transcript,
} from "./test-fixtures";

afterEach(() => vi.unstubAllGlobals());

/** Serves the leaderboard's routes and records every URL asked for. */
function serve(board: LeaderboardResponse | (() => Response) = response(), compared: CompareResponse = compare()) {
  const asked: string[] = [];
  const routes = {
    "GET /api/leaderboard": (url: string) => {
      asked.push(url);
      return typeof board === "function" ? board() : json(board);
    },
    "GET /api/leaderboard/compare": (url: string) => {
      asked.push(url);
      return json(compared);
    },
    "GET /api/leaderboard/transcript": (url: string) => {
      asked.push(url);
      const run = new URL(url, "http://x").searchParams.get("run")!;
      return json(transcript(run, run.includes("ref") ? REFERENCE : NAIVE));
    },
    "GET /api/runs/run-ref-1": () =>
      json({ id: "run-ref-1", result: { files: { report: "results/s2-typosquatting/ref.md" } } }),
  };
  vi.stubGlobal("fetch", fakeFetch(routes));
  return asked;
}

function renderPage() {
  const navigate = vi.fn();
  renderWithProviders(<LeaderboardPage navigate={navigate} />);
  return { navigate };
}

const rows = () => screen.getAllByTestId("ranking-row").map((r) => r.getAttribute("data-model"));
const ranking = () => screen.getByRole("region", { name: "Ranking" });

describe("Leaderboard", () => {
  it("ranks the models with their intervals, pass^k with k in the header, and unknown cost as unknown", async () => {
    serve();
    renderPage();
    expect(screen.getByText("Loading the leaderboard…")).toBeInTheDocument();
    await screen.findByRole("region", { name: "Ranking" });
    expect(rows()).toEqual([REFERENCE, NAIVE]);
    const [ref, naive] = screen.getAllByTestId("ranking-row");
    expect(within(ref!).getByTestId("score-interval")).toHaveTextContent("7.4 (6.1–8.6)");
    expect(within(naive!).getByTestId("score-interval")).toHaveTextContent("−3.2 (−5.0–−1.5)");
    expect(within(ranking()).getByRole("button", { name: "pass^3" })).toBeInTheDocument();
    expect(within(ranking()).getByRole("button", { name: "pass@3" })).toBeInTheDocument();
    expect(within(naive!).getAllByText("unknown")).toHaveLength(2); // cost and cost per point
    expect(within(naive!).queryByText("$0.00")).not.toBeInTheDocument();
    expect(within(ref!).getAllByText("$0.00")).toHaveLength(2);
    expect(screen.getByRole("list", { name: "Cost unknown" })).toHaveTextContent(NAIVE);
    expect(screen.getByRole("list", { name: "Pareto front" })).toHaveTextContent(REFERENCE);
    expect(screen.getByTestId("record-counts")).toHaveTextContent("7 records read, 1 invalid");
  });

  it("says which k each model has when the epochs differ", async () => {
    serve(
      response({
        groups: [
          group({ models: [modelRow({ model: "a", epochs: 3 }), modelRow({ model: "b", epochs: 1, passHatK: 1 })] }),
        ],
      }),
    );
    renderPage();
    await screen.findByRole("region", { name: "Ranking" });
    expect(within(ranking()).getByRole("button", { name: "pass^k" })).toBeInTheDocument();
    expect(screen.getAllByTestId("ranking-row")[1]).toHaveTextContent("100 % (k=1)");
  });

  it("sorts by a numeric column from the keyboard, announcing the order with aria-sort", async () => {
    const user = userEvent.setup();
    const models = [
      modelRow({ model: "m-a", harmRate: 0.5, tokensMean: 10 }),
      modelRow({ model: "m-b", harmRate: 0.1, tokensMean: null }),
      modelRow({ model: "m-c", harmRate: 0.3, tokensMean: 30 }),
    ];
    serve(response({ groups: [group({ models })] }));
    renderPage();
    await screen.findByRole("region", { name: "Ranking" });
    const harm = within(ranking()).getByRole("button", { name: "Harm" });
    harm.focus();
    await user.keyboard("{Enter}");
    expect(rows()).toEqual(["m-b", "m-c", "m-a"]);
    expect(harm.closest("th")).toHaveAttribute("aria-sort", "ascending");
    expect(within(ranking()).getByRole("button", { name: "Rank" }).closest("th")).toHaveAttribute("aria-sort", "none");
    await user.keyboard("{Enter}");
    expect(rows()).toEqual(["m-a", "m-c", "m-b"]);
    expect(harm.closest("th")).toHaveAttribute("aria-sort", "descending");
    // Unknown values stay last whichever way the column is sorted.
    await user.click(within(ranking()).getByRole("button", { name: "Tokens" }));
    expect(rows()).toEqual(["m-a", "m-c", "m-b"]);
    await user.click(within(ranking()).getByRole("button", { name: "Tokens" }));
    expect(rows()).toEqual(["m-c", "m-a", "m-b"]);
    // The rank column stays the server's rank.
    expect(screen.getAllByTestId("ranking-row")[0]!.querySelector("td")).toHaveTextContent("3");
  });

  it("sends each filter as a query parameter", async () => {
    const user = userEvent.setup();
    const asked = serve();
    renderPage();
    await screen.findByRole("region", { name: "Ranking" });
    expect(asked[0]).toBe("/api/leaderboard");

    await user.click(screen.getByRole("combobox", { name: "Scenario" }));
    await user.click(await screen.findByRole("option", { name: "Scenario 2: supply chain" }));
    await waitFor(() => expect(asked.at(-1)).toBe("/api/leaderboard?scenario=scenario2"));

    await user.click(screen.getByRole("button", { name: "Cases: All cases" }));
    // Only the chosen scenario's cases are offered.
    expect(screen.queryByRole("checkbox", { name: "s1-dmz" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "s2-typosquatting" }));
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("button", { name: "Models: All models" }));
    await user.click(screen.getByRole("checkbox", { name: NAIVE }));
    await user.click(screen.getByRole("checkbox", { name: REFERENCE }));
    await user.keyboard("{Escape}");
    fireEvent.change(screen.getByLabelText("Finished since"), { target: { value: "2026-11-01" } });
    await waitFor(() => {
      const q = new URL(asked.at(-1)!, "http://x").searchParams;
      expect(q.get("scenario")).toBe("scenario2");
      expect(q.get("case")).toBe("s2-typosquatting");
      // In the options' order, whatever order they were ticked in.
      expect(q.get("model")).toBe(`${REFERENCE},${NAIVE}`);
      expect(q.get("since")).toBe("2026-11-01");
    });
    expect(screen.queryByRole("combobox", { name: "Variant" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(asked.at(-1)).toBe("/api/leaderboard"));
  });

  it("offers the variant filter only when there is more than one variant", async () => {
    const user = userEvent.setup();
    const base = response();
    const asked = serve(response({ options: { ...base.options, variants: ["base", "hard"] } }));
    renderPage();
    await user.click(await screen.findByRole("combobox", { name: "Variant" }));
    await user.click(await screen.findByRole("option", { name: "hard" }));
    await waitFor(() => expect(asked.at(-1)).toBe("/api/leaderboard?variant=hard"));
  });

  it("shows records of different versions apart and says so", async () => {
    const user = userEvent.setup();
    const other = group({
      key: { graderVersion: "2.2.0", contentVersion: "2026-10-01", variant: "base" },
      label: "grader 2.2.0 · content 2026-10-01 · base",
      models: [modelRow({ model: "old/model", score: { mean: 1, low: 0, high: 2 } })],
    });
    serve(response({ groups: [group(), other] }));
    renderPage();
    const notice = await screen.findByTestId("group-notice");
    expect(notice).toHaveTextContent(
      "Records of 2 grader/content versions are shown apart: grader 2.3.0 · content 2026-11-25 · base; grader 2.2.0 · content 2026-10-01 · base",
    );
    expect(rows()).toEqual([REFERENCE, NAIVE]);
    await user.click(screen.getByRole("combobox", { name: "Version group" }));
    await user.click(await screen.findByRole("option", { name: "grader 2.2.0 · content 2026-10-01 · base" }));
    expect(rows()).toEqual(["old/model"]);
    // One model: nothing to compare with, said plainly.
    expect(screen.getByText(/Comparing needs two models/)).toBeInTheDocument();
  });

  it("without records, says how to get some", async () => {
    serve(response({ groups: [], totalRecords: 0, invalidRecords: 0 }));
    const { navigate } = renderPage();
    expect(await screen.findByText("No benchmark records yet.")).toBeInTheDocument();
    expect(screen.getByText(EMPTY_HINT)).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Ranking" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Go to Test Cases" }));
    expect(navigate).toHaveBeenCalledWith("scripts");
  });

  it("shows the server's error with a Retry that loads again", async () => {
    let fail = true;
    serve(() => (fail ? json({ error: "The workspace cannot be read" }, 500) : json(response())));
    renderPage();
    expect(await screen.findByText("The workspace cannot be read")).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("region", { name: "Ranking" })).toBeInTheDocument();
  });

  it("colours each checkpoint by its dominant outcome and shows where naive lost points", async () => {
    serve();
    renderPage();
    await screen.findByTestId("sample-heatmap");
    const cells = screen.getAllByTestId("checkpoint-cell");
    const outcomes = (model: string) =>
      cells.filter((c) => c.getAttribute("aria-label")!.startsWith(`${model},`)).map((c) => c.dataset.outcome);
    expect(outcomes(REFERENCE)).toEqual(["plus", "plus", "plus", "plus"]);
    // Checkpoint 4 is a tie of plus and minus: the lost point is what shows.
    expect(outcomes(NAIVE)).toEqual(["minus", "zero", "minus", "minus"]);
    expect(cells.find((c) => c.dataset.outcome === "minus")).toHaveTextContent("−");
    expect(
      screen.getByRole("button", {
        name: /builtin\/naive, Sample typosquat, checkpoint 2 Find the evidence: mostly zero \(plus 33 %, zero 67 %, minus 0 %\)/,
      }),
    ).toBeInTheDocument();
    const caseCells = screen.getAllByTestId("case-cell");
    expect(caseCells.map((c) => c.textContent)).toEqual(["7.4", "−3.2"]);
    expect(caseCells[0]!.className).toContain("bg-success/");
    expect(caseCells[1]!.className).toContain("bg-destructive/");
  });

  it("opens the runs behind a cell, each to its output or its report", async () => {
    const user = userEvent.setup();
    serve();
    const { navigate } = renderPage();
    await user.click(await screen.findByRole("button", { name: /^builtin\/reference on s2-typosquatting: mean 7\.4/ }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("builtin/reference on s2-typosquatting");
    expect(within(dialog).getByText("run-ref-1")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Open the report of run run-ref-1" }));
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith("results", { kind: "result", path: "results/s2-typosquatting/ref.md" }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await user.click(screen.getAllByTestId("checkpoint-cell")[5]!);
    const sampleDialog = await screen.findByRole("dialog");
    expect(sampleDialog).toHaveTextContent("builtin/naive on Sample typosquat");
    await user.click(
      within(sampleDialog).getByRole("button", { name: "Open the output of run run-builtin/naive-typosquat" }),
    );
    expect(navigate).toHaveBeenCalledWith("scripts", { kind: "run", id: "run-builtin/naive-typosquat" });

    await user.click(within(ranking()).getByRole("button", { name: /^Runs behind builtin\/reference/ }));
    const rowDialog = await screen.findByRole("dialog");
    expect(
      within(rowDialog)
        .getAllByRole("listitem")
        .map((li) => li.querySelector("code")!.textContent),
    ).toEqual(["run-ref-2", "run-ref-1"]);
  });

  it("compares the top two, lists the disagreements and reads both transcripts side by side", async () => {
    const user = userEvent.setup();
    const asked = serve();
    renderPage();
    // The compare request starts only once the ranking has rendered, so it may take a while in jsdom.
    const summary = await screen.findByTestId("compare-summary", {}, { timeout: 5_000 });
    expect(summary).toHaveTextContent("+10.6 (8.2–12.9)");
    expect(summary).toHaveTextContent("A 3 · ties 0 · B 0");
    const q = new URL(
      asked.find((u) => u.startsWith("/api/leaderboard/compare"))!,
      "http://x",
    ).searchParams;
    expect([q.get("a"), q.get("b")]).toEqual([REFERENCE, NAIVE]);
    const d = screen.getByTestId("disagreement");
    expect(d).toHaveTextContent("Pinned the real package and removed the look-alike.");
    expect(d).toHaveTextContent("Deleted the lockfile, breaking the build.");
    expect(within(d).getByText(/minus · −3 pt/)).toBeInTheDocument();

    await user.click(within(d).getByRole("button", { name: "Read both transcripts" }));
    const dialog = await screen.findByRole("dialog");
    const a = await within(dialog).findByRole("region", { name: `Transcript A: ${REFERENCE}` });
    const b = within(dialog).getByRole("region", { name: `Transcript B: ${NAIVE}` });
    expect(await within(a).findByText(`${REFERENCE} rationale for checkpoint 3`)).toBeInTheDocument();
    expect(await within(b).findByText(`${NAIVE} rationale for checkpoint 3`)).toBeInTheDocument();
    expect(within(b).getByText(`${NAIVE} final report`)).toBeInTheDocument();
    expect(within(a).getByText('read_file({"path":"package.json"})')).toBeInTheDocument();
    expect(a.querySelector("[data-disputed]")).toHaveTextContent("Fix it safely");
    const transcripts = asked.filter((u) => u.startsWith("/api/leaderboard/transcript"));
    expect(transcripts.sort()).toEqual([
      "/api/leaderboard/transcript?run=run-naive-1&sample=typosquat&epoch=2",
      "/api/leaderboard/transcript?run=run-ref-1&sample=typosquat&epoch=2",
    ]);
  });

  it("says when the server listed only the first disagreements", async () => {
    const cut = compare();
    cut.groups[0]!.disagreementsTotal = 700;
    serve(response(), cut);
    renderPage();
    const summary = await screen.findByTestId("compare-summary", {}, { timeout: 5_000 });
    expect(summary).toHaveTextContent("3 · 700 disagreements");
    expect(screen.getByText(/Listing the first 1 of 700 disagreements/)).toBeInTheDocument();
  });

  it("renders hostile model names as text", async () => {
    const evil = `<img src=x onerror="alert(1)">${"x".repeat(300)}`;
    const base = group();
    serve(
      response({
        groups: [
          group({
            models: [modelRow({ model: evil }), base.models[1]!],
            cases: [caseCell(evil, "s2-typosquatting", 5, ["r"])],
            samples: [sampleCell(evil, "s2-typosquatting", "s", [{ plus: 1, zero: 0, minus: 0 }])],
          }),
        ],
        options: { models: [evil, NAIVE], cases: [], variants: [] },
      }),
    );
    const { container } = (() => {
      const navigate = vi.fn();
      return renderWithProviders(<LeaderboardPage navigate={navigate} />);
    })();
    await screen.findByRole("region", { name: "Ranking" });
    expect(container.querySelector("img")).toBeNull();
    expect(document.querySelector("img")).toBeNull();
    expect(rows()[0]).toBe(evil);
    expect(within(screen.getAllByTestId("ranking-row")[0]!).getByText(evil)).toBeInTheDocument();
  });
});

import { expect, test, type Page } from "@playwright/test";
import { animationsSettled, signIn, storedToken } from "./support";

/**
 * The Leaderboard against the real server: two offline models run on one small case with three
 * epochs, then the page is read in both themes — ranking with intervals and pass^3, the heatmaps
 * showing where naive lost points, the runs behind a cell, and a comparison down to both
 * transcripts side by side.
 */

const CASE = "s2-typosquatting";
const EPOCHS = 3;
const REFERENCE = "builtin/reference";
const NAIVE = "builtin/naive";

test.describe.configure({ mode: "serial" });

const runIds: Record<string, string> = {};

/** Runs a model on the case through the API, as the console's Execute would, and waits for the end. */
async function execute(page: Page, model: string): Promise<string> {
  const res = await page.request.post("/api/execute-scenario", {
    headers: { Authorization: `Bearer ${await storedToken(page)}` },
    data: { scenarioId: CASE, model, epochs: EPOCHS },
    timeout: 120_000,
  });
  const body = await res.text();
  expect(res.ok(), body).toBe(true);
  expect(body).toContain('"event":"done"');
  return /"runId":"([^"]+)"/.exec(body)![1]!;
}

/** Opens the page and narrows it to this test's case and models, through the filters. */
async function openLeaderboard(page: Page): Promise<void> {
  await signIn(page);
  for (const model of [REFERENCE, NAIVE]) runIds[model] ??= await execute(page, model);
  const entry = page.locator('nav [data-page="leaderboard"]');
  await expect(entry).toContainText("Compare models");
  await entry.click();
  await expect(page.locator("main")).toHaveAttribute("data-page-id", "leaderboard");
  await expect(page.locator("main h1").first()).toHaveText("Leaderboard");

  await page.getByRole("button", { name: /^Cases: / }).click();
  await page.getByRole("checkbox", { name: CASE }).check();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: /^Models: / }).click();
  await page.getByRole("checkbox", { name: REFERENCE }).check();
  await page.getByRole("checkbox", { name: NAIVE }).check();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Models: 2 models" })).toBeVisible();
  // Records of another grader or content version would form a group of their own: pick the group
  // this test's runs are in, as the API names it.
  const res = await page.request.get(`/api/leaderboard?case=${CASE}&model=${REFERENCE},${NAIVE}`, {
    headers: { Authorization: `Bearer ${await storedToken(page)}` },
  });
  const board = (await res.json()) as { groups: { label: string; models: { runIds: string[] }[] }[] };
  const ours = board.groups.find((g) => g.models.some((m) => m.runIds.includes(runIds[REFERENCE]!)));
  expect(ours, "the group of this test's runs").toBeDefined();
  if (board.groups.length > 1) {
    await page.getByRole("combobox", { name: "Version group" }).click();
    await page.getByRole("option", { name: ours!.label, exact: true }).click();
  }
}

async function checkRankingAndHeatmaps(page: Page): Promise<void> {
  const rows = page.getByTestId("ranking-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toHaveAttribute("data-model", REFERENCE);
  await expect(rows.nth(1)).toHaveAttribute("data-model", NAIVE);
  // The interval as text, "mean (low–high)", with its bar beside it.
  await expect(rows.first().getByTestId("score-interval")).toHaveText(/^\d+\.\d \(−?\d+\.\d–−?\d+\.\d\)$/);
  await expect(rows.first().getByTestId("interval-bar")).toBeVisible();
  const ranking = page.getByRole("region", { name: "Ranking" });
  await expect(ranking.getByRole("button", { name: `pass^${EPOCHS}` })).toBeVisible();
  await expect(rows.first()).toContainText(`1 × ${EPOCHS}`);

  // Naive lost points: its case cell is at or below zero, its checkpoints mostly zero or minus.
  const naiveCase = page.getByRole("button", { name: new RegExp(`^${NAIVE} on ${CASE}: mean`) });
  await expect(naiveCase).toHaveText(/^(0\.0|−\d+\.\d)$/);
  const naiveCells = page.locator(`[data-testid="checkpoint-cell"][aria-label^="${NAIVE},"]`);
  await expect(naiveCells.first()).toBeVisible();
  const outcomes = await naiveCells.evaluateAll((cells) => cells.map((c) => c.getAttribute("data-outcome")));
  expect(outcomes.length).toBeGreaterThanOrEqual(4);
  expect(outcomes.some((o) => o === "zero" || o === "minus")).toBe(true);
  const referenceCells = page.locator(`[data-testid="checkpoint-cell"][aria-label^="${REFERENCE},"]`);
  expect(await referenceCells.evaluateAll((cells) => cells.map((c) => c.getAttribute("data-outcome")))).toContain(
    "plus",
  );
}

async function checkCompareAndTranscripts(page: Page): Promise<void> {
  const compare = page.getByRole("region", { name: "Compare two models" });
  await expect(compare.getByRole("combobox", { name: "Model A" })).toHaveText(REFERENCE);
  await expect(compare.getByRole("combobox", { name: "Model B" })).toHaveText(NAIVE);
  await expect(compare.getByTestId("compare-summary")).toContainText(/A − B per pair.*\+\d+\.\d/);
  const first = compare.getByTestId("disagreement").first();
  await expect(first).toBeVisible();
  await first.getByRole("button", { name: "Read both transcripts" }).click();

  const dialog = page.getByRole("dialog");
  const a = dialog.getByRole("region", { name: `Transcript A: ${REFERENCE}` });
  const b = dialog.getByRole("region", { name: `Transcript B: ${NAIVE}` });
  for (const side of [a, b]) {
    await expect(side.getByRole("list", { name: "Checkpoints" }).getByRole("listitem").first()).toBeVisible();
    await expect(side.locator("[data-disputed]")).toHaveCount(1);
    await expect(side).toContainText("Final report");
  }
  await expect(a).toContainText(runIds[REFERENCE]!);
  await expect(b).toContainText(runIds[NAIVE]!);
  // Both panes measured in one frame once the dialog's zoom has finished.
  await animationsSettled(dialog);
  const [boxA, boxB] = await dialog.evaluate((el) =>
    ["A", "B"].map((side) => {
      const r = el.querySelector(`[aria-label^="Transcript ${side}:"]`)!.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width };
    }),
  );
  // Side by side on a wide screen.
  expect(boxB!.x).toBeGreaterThan(boxA!.x + boxA!.width - 1);
  expect(Math.abs(boxB!.y - boxA!.y)).toBeLessThan(2);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
}

/** The Pareto front's fill: the chart reads the theme's --primary, so it changes with the theme. */
async function frontFill(page: Page): Promise<string> {
  const symbol = page.getByTestId("cost-scatter").locator(".pareto-front .recharts-symbols").first();
  await expect(symbol).toBeVisible();
  return (await symbol.getAttribute("fill")) ?? "";
}

test("light theme: ranking with intervals and pass^3, heatmaps, the runs behind a cell, compare and transcripts", async ({
  page,
}) => {
  await openLeaderboard(page);
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await checkRankingAndHeatmaps(page);
  await expect(page.getByRole("list", { name: "Pareto front" })).toContainText(REFERENCE);
  await checkCompareAndTranscripts(page);

  // From a cell to the runs behind it, and on to the run's output.
  await page.getByRole("button", { name: new RegExp(`^${REFERENCE} on ${CASE}: mean`) }).click();
  const runs = page.getByRole("dialog");
  await expect(runs.getByText(runIds[REFERENCE]!, { exact: true })).toBeVisible();
  await runs.getByRole("button", { name: `Open the output of run ${runIds[REFERENCE]}` }).click();
  await expect(page.locator("main")).toHaveAttribute("data-page-id", "scripts");
});

test("dark theme: the same page reads in dark, the chart in the dark theme's colours", async ({ page }) => {
  await openLeaderboard(page);
  const lightFill = await frontFill(page);
  await page.getByRole("button", { name: "Toggle theme" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect.poll(() => frontFill(page)).not.toBe(lightFill);
  await checkRankingAndHeatmaps(page);
  await checkCompareAndTranscripts(page);
});

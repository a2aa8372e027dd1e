import { expect, test, type Page } from "@playwright/test";
import { signIn, storedToken } from "./support";

/** Types into the header search and picks the hit whose title is `title` in the group `group`. */
async function searchAndOpen(page: Page, query: string, group: string, title: string | RegExp): Promise<void> {
  const box = page.getByRole("combobox", { name: "Search" });
  await box.fill(query);
  const hit = page.getByRole("group", { name: group }).getByRole("option", { name: title }).first();
  // A file written a moment ago shows up within a few seconds, not at once: the server's name index
  // is kept 3 s and the console keeps an answer 5 s. Typed again until it does; on a machine busy
  // with other work a walk of the workspace can itself take seconds (CI saw 20 s go by). The box
  // stays empty past the console's 150 ms debounce, or the query never changes and the console
  // keeps showing its first answer (CI failed so: the run's log was searched before it was indexed).
  await expect(async () => {
    await box.fill("");
    await page.waitForTimeout(400);
    await box.fill(query);
    await expect(hit).toBeVisible({ timeout: 6_000 });
  }).toPass({ timeout: 45_000 });
  await hit.click();
  // By selector, not by role: a dialog the hit opened hides the header from the accessibility tree.
  await expect(page.locator('input[aria-label="Search"]')).toHaveValue("");
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("a case name opens Test Cases at that case's card", async ({ page }) => {
  await searchAndOpen(page, "homoglyph", "Test cases", /Homoglyph/i);
  await expect(page.getByRole("heading", { name: "Test Cases", exact: true })).toBeVisible();
  const card = page.getByTestId("test-case-s2-homoglyph-backdoor");
  await expect(card).toBeInViewport();
  await expect(card).toHaveAttribute("data-nav-highlight", "");
});

test("a device opens the Scenario page at its row, by name or by address; keyboard only", async ({ page }) => {
  const token = await storedToken(page);
  const res = await page.request.get("/api/search?q=dmz", { headers: { Authorization: `Bearer ${token}` } });
  const body = (await res.json()) as {
    groups: { id: string; hits: { title: string; detail: string; target: { section?: string } }[] }[];
  };
  const device = body.groups
    .find((g) => g.id === "content")!
    .hits.find((h) => h.target.section === "devices" && h.detail.startsWith("Scenario 1 device"))!;
  const address = device.detail.split(" · ")[1]!;

  const box = page.getByRole("combobox", { name: "Search" });
  await box.fill(address);
  await expect(page.getByRole("group", { name: "Scenario content" }).getByRole("option").first()).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Network Devices" })).toBeVisible();
  const row = page.locator(`[data-nav-item="item:${device.title}"]`);
  await expect(row).toBeInViewport();
  await expect(row).toContainText(address);
});

test("a file name opens the File Browser in its folder with the file's preview", async ({ page }) => {
  await searchAndOpen(page, "E2E-SAMPLE", "Files", /E2E-SAMPLE-DATA\.txt/);
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("E2E-SAMPLE-DATA.txt");
  await expect(dialog).toContainText("Sample data seeded by scripts/e2e-seed.mjs");
});

test("a report's run id opens Results with that report open", async ({ page }) => {
  await searchAndOpen(page, "e2e00001.md", "Results", /e2e00001\.md/);
  await expect(page.locator('main[data-page-id="results"]')).toBeAttached();
  await expect(page.getByRole("dialog")).toContainText("SSH on dmz-web accepts password logins.");
});

test("a run id opens that run's output", async ({ page }) => {
  const token = await storedToken(page);
  const started = await page.request.post("/api/execute-scenario", {
    headers: { Authorization: `Bearer ${token}` },
    data: { scenarioId: "s2-typosquatting", scenarioName: "Typo-squatted npm Dependency", model: "builtin/naive" },
    timeout: 60_000,
  });
  const runId = /"runId":"([^"]+)"/.exec(await started.text())![1]!;
  await searchAndOpen(page, runId, "Runs", /Typo-squatted npm Dependency · builtin\/naive/);
  const output = page.getByRole("dialog").getByLabel("Execution output");
  await expect(output).toHaveValue(/Typo-squatted npm Dependency \(s2-typosquatting\) with builtin\/naive/);
  await expect(output).toHaveValue(new RegExp(`Run ${runId}`));
  await page.keyboard.press("Escape");

  // The same run's evaluation log: found by the run id, shown on the viewer's Logs tab.
  await searchAndOpen(page, runId, "Evaluation logs", /s2-typosquatting/);
  await expect(page.getByRole("tab", { name: /Logs/, selected: true })).toBeVisible();
  await expect(page.locator(`[data-nav-item$="_${runId}.json"]`)).toBeInViewport();
});

test("nothing found says so; Escape closes", async ({ page }) => {
  const box = page.getByRole("combobox", { name: "Search" });
  await box.fill("zz-no-such-thing-zz");
  await expect(page.getByText("Nothing matches “zz-no-such-thing-zz”.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(box).toHaveValue("");
});

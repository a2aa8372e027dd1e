import { expect, test as base, type Page } from "@playwright/test";
import { signIn, storedToken } from "./support";
import { BROKEN_CASE, startUserCasesServer, USER_CASE, type UserCasesServer } from "./user-cases-server";

/**
 * A user's own case packages (ANALYSTBENCH_CASES_DIR) in the console: a group per source directory
 * on the Test Cases page, a broken package listed with its problems and not runnable, a user's case
 * run like a built-in one, and the Scenario page showing it with its source. Against a server of
 * its own (user-cases-server.ts), so the shared server keeps only the built-in cases.
 */
const test = base.extend<object, { userServer: UserCasesServer }>({
  userServer: [
    // Playwright reads a fixture's dependencies from this pattern: it must be a (here empty) destructuring.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startUserCasesServer();
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ userServer }, use) => use(userServer.url),
});

async function openTestCases(page: Page): Promise<void> {
  await page.locator('nav [data-page="scripts"]').click();
  await expect(page.getByRole("heading", { name: "Test Cases", exact: true })).toBeVisible();
}

test("a broken package and a missing directory do not stop the server: one warning line each", async ({
  userServer,
}) => {
  const lines = userServer
    .stderr()
    .split("\n")
    .filter((l) => l.startsWith("Warning:"));
  expect(lines).toEqual([
    expect.stringMatching(
      new RegExp(`^Warning: the case package .+/${BROKEN_CASE.id} \\(from ANALYSTBENCH_CASES_DIR\\) failed its checks`),
    ),
    `Warning: ${userServer.missingDir} (from ANALYSTBENCH_CASES_DIR) does not exist; no cases are read from it.`,
  ]);
});

test("the Test Cases page shows the user's group and the broken card, in both themes", async ({ page, userServer }) => {
  await signIn(page);
  await openTestCases(page);
  const group = page.getByRole("region", { name: new RegExp(`Your cases.*${userServer.casesDir}`) });
  await expect(group.getByRole("heading", { level: 2 })).toContainText(userServer.casesDir);
  await expect(group.getByLabel("1 test case", { exact: true })).toBeVisible();
  await expect(group.getByLabel("1 broken package", { exact: true })).toBeVisible();

  const own = group.getByTestId(`test-case-${USER_CASE.id}`);
  await expect(own.getByRole("heading", { name: USER_CASE.name })).toBeVisible();
  await expect(own.getByText("Scenario 2", { exact: true })).toBeVisible();
  await expect(own.getByRole("button", { name: `Execute ${USER_CASE.name}` })).toBeEnabled();

  const broken = group.getByTestId(`broken-case-${BROKEN_CASE.id}`);
  await expect(broken.getByText("Failed its checks")).toBeVisible();
  const problems = broken.getByRole("list", { name: `Problems of ${BROKEN_CASE.id}` }).getByRole("listitem");
  await expect(problems.first()).toHaveText(
    /^case\.yaml, field .+: the file "hosts\/developer-workstation\/.+" does not exist$/,
  );
  const execute = broken.getByRole("button", { name: `Execute ${BROKEN_CASE.id}` });
  await expect(execute).toBeDisabled();
  await expect(execute).toHaveAccessibleDescription("Cannot run until the package passes its checks.");

  const missing = page.getByRole("region", { name: new RegExp(`Your cases.*${userServer.missingDir}`) });
  await expect(missing.getByText(/No case packages found here/)).toBeVisible();

  for (const dark of [true, false]) {
    await page.getByRole("button", { name: "Toggle theme" }).click();
    if (dark) await expect(page.locator("html")).toHaveClass(/dark/);
    else await expect(page.locator("html")).not.toHaveClass(/dark/);
    await expect(broken).toBeVisible();
    await expect(execute).toBeDisabled();
    await expect(own.getByRole("button", { name: `Execute ${USER_CASE.name}` })).toBeEnabled();
  }
});

test("the server refuses to run the broken package, naming its problems", async ({ page }) => {
  await signIn(page);
  const token = await storedToken(page);
  const res = await page.request.post("/api/execute-scenario", {
    headers: { authorization: `Bearer ${token}` },
    data: { scenarioId: BROKEN_CASE.id, model: "builtin/reference" },
  });
  expect(res.status()).toBe(422);
  expect(await res.json()).toMatchObject({
    code: "BROKEN_CASE",
    error: expect.stringMatching(/cannot be run: its package failed its checks with \d+ problems: case\.yaml, field /),
  });
});

test("the user's case runs with builtin/reference and scores +10", async ({ page }) => {
  await signIn(page);
  await openTestCases(page);
  await page.getByRole("combobox", { name: "LLM Model" }).click();
  await page.getByRole("option", { name: "builtin/reference" }).click();
  await page.getByRole("button", { name: `Execute ${USER_CASE.name}` }).click();

  const output = page.getByRole("dialog").getByLabel("Execution output");
  await expect(output).toHaveValue(/Run completed: 10 mean per sample \(−10…\+10\), 1 sample × 1 epoch\./, {
    timeout: 60_000,
  });
  await expect(output).toHaveValue(/✓ .+: 10\/10 \(safe solve\) — completed/);
  await page.keyboard.press("Escape");
  const recent = page.getByTestId("recent-run").filter({ hasText: USER_CASE.name }).first();
  await expect(recent.getByTestId("recent-run-outcome")).toHaveText("10 mean per sample (−10…+10), 1 sample × 1 epoch");
});

test("the Scenario and Metadata pages show the user's case with its source", async ({ page, userServer }) => {
  await signIn(page);
  await page.locator('nav [data-page="scenario"]').click();
  const sections = page.getByRole("navigation", { name: "Sections" });
  await sections.getByRole("button", { name: "Scenario Narratives" }).click();
  await expect(page.getByTestId("narrative-card")).toHaveCount(9);
  const own = page.getByTestId("narrative-card").last();
  await expect(own.getByTestId("source-label")).toContainText(`Your case ${USER_CASE.id} · ${userServer.casesDir}`);
  await expect(page.getByTestId("narrative-card").first().getByTestId("source-label")).toHaveCount(0);

  await page.locator('nav [data-page="metadata"]').click();
  await expect(page.getByTestId("metadata-summary")).toHaveText("9 test cases in Scenario 2 - Supply Chain");
  const item = page.getByTestId("metadata-item").filter({ hasText: USER_CASE.name });
  await expect(item.getByTestId("source-label")).toHaveText(`Your case · ${userServer.casesDir}`);
});

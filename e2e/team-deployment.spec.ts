import { expect, test as base } from "@playwright/test";
import pg from "pg";
import { signIn } from "./support";
import { startTeamServer, type TeamServer } from "./team-server";

/**
 * The team deployment's done-when, in the console: one Postgres, one shared data directory, a
 * server that runs nothing itself and two worker processes in working directories of their own.
 * A full suite started on the dashboard is run by both workers, its progress shows as it goes,
 * a case executed on the Test Cases page streams its commands live from whichever worker runs it,
 * and every score is the one a single machine gives (builtin/reference: +10 on every sample).
 */
const test = base.extend<object, { team: TeamServer }>({
  team: [
    // Playwright reads a fixture's dependencies from this pattern: it must be a (here empty) destructuring.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const team = await startTeamServer();
      await use(team);
      await team.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ team }, use) => use(team.url),
});

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

test("a suite started in the console runs on two workers, shows live and scores as on one machine", async ({
  page,
  team,
}) => {
  test.setTimeout(300_000);
  await signIn(page);
  await page.getByRole("button", { name: "Run Full Suite" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("combobox", { name: "Suite model" }).click();
  await page.getByRole("option", { name: "builtin/reference" }).click();
  await dialog.getByRole("button", { name: "Run 13 cases" }).click();

  const progress = page.getByTestId("suite-progress");
  // Live: the card counts cases as the workers finish them, before the suite is over.
  await expect(progress).toContainText(/Full suite in progress/);
  await expect(progress).toContainText(/[1-9]\d?\/13 cases finished/, { timeout: 120_000 });
  await expect(progress).toContainText("Full suite finished", { timeout: 240_000 });
  await expect(progress).toContainText("13/13 cases finished");
  await expect(progress).not.toContainText("failed");

  // Both workers ran samples, each sample × epoch recorded once, every one scored +10.
  const samples = await query<{ worker: string; total: number }>(
    team.databaseUrl,
    "SELECT worker, (result::jsonb -> 'score' ->> 'total')::int AS total FROM run_samples",
  );
  expect(samples).toHaveLength(19);
  expect(new Set(samples.map((s) => s.worker))).toEqual(new Set(team.workers.map((w) => w.id)));
  expect(samples.every((s) => s.total === 10)).toBe(true);

  // A case executed from the Test Cases page streams what the worker running it does, as it does it.
  await page.locator('nav [data-page="scripts"]').click();
  await page.getByRole("combobox", { name: "LLM Model" }).click();
  await page.getByRole("option", { name: "builtin/reference" }).click();
  await page.getByRole("button", { name: "Execute DMZ Perimeter Services" }).click();
  const output = page.getByRole("dialog").getByLabel("Execution output");
  await expect(output).toHaveValue(/Command: execute_shell_command \[CRM Server\]/, { timeout: 60_000 });
  await expect(output).toHaveValue(/Run completed: 10 mean per sample \(−10…\+10\), 2 samples × 1 epoch\./, {
    timeout: 120_000,
  });
});

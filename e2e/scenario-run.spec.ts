import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { signIn } from "./support";

test("runs a case with builtin/reference, streams it live, downloads the output and shows the score", async ({
  page,
}) => {
  await signIn(page);
  await page.locator('nav [data-page="scripts"]').click();
  await expect(page.getByRole("heading", { name: "Test Cases", exact: true })).toBeVisible();
  await page.getByRole("combobox", { name: "LLM Model" }).click();
  await page.getByRole("option", { name: "builtin/reference" }).click();
  await page.getByRole("button", { name: "Execute DMZ Perimeter Services" }).click();

  const output = page.getByRole("dialog").getByLabel("Execution output");
  // Live: the first command appears before the run is over.
  await expect(output).toHaveValue(/Command: execute_shell_command \[CRM Server\]/);
  await expect(output).toHaveValue(/Run completed: 20\/20 points\./, { timeout: 60_000 });
  await expect(output).toHaveValue(/✓ .+: 10\/10 \(safe solve\) — completed/);
  await expect(page.getByRole("dialog").getByText("Execution completed successfully")).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("dialog").getByRole("button", { name: "Download Output" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("s1-dmz_output.txt");
  const saved = readFileSync((await file.path())!, "utf8");
  expect(saved).toContain("Run completed: 20/20 points.");
  await page.keyboard.press("Escape");

  // The report is in Results with its score.
  await page.locator('nav [data-page="results"]').click();
  await expect(page.getByText(/DMZ Perimeter Services · builtin\/reference · score 20\/20/).first()).toBeVisible();
});

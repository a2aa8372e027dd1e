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
  // The run's score is the mean per sample, labelled, with what it averages: not "20/20 points".
  await expect(output).toHaveValue(/Run completed: 10 mean per sample \(−10…\+10\), 2 samples × 1 epoch\./, {
    timeout: 60_000,
  });
  await expect(output).toHaveValue(/✓ .+: 10\/10 \(safe solve\) — completed/);
  await expect(page.getByRole("dialog").getByText("Execution completed successfully")).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("dialog").getByRole("button", { name: "Download Output" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("s1-dmz_output.txt");
  const saved = readFileSync((await file.path())!, "utf8");
  expect(saved).toContain("Run completed: 10 mean per sample (−10…+10), 2 samples × 1 epoch.");
  await page.keyboard.press("Escape");

  // Recent runs lists it with the same score, and opens its report on Results.
  const recent = page.getByTestId("recent-run").filter({ hasText: "DMZ Perimeter Services" }).first();
  await expect(recent.getByTestId("recent-run-outcome")).toHaveText(
    "10 mean per sample (−10…+10), 2 samples × 1 epoch",
  );
  await recent.getByRole("button", { name: /^Open the report of DMZ Perimeter Services run r_/ }).click();
  // By the page's id: the report's dialog may already hide the page's heading from the accessibility tree.
  await expect(page.locator('main[data-page-id="results"]')).toBeAttached();
  await expect(
    page
      .getByRole("dialog")
      .getByTestId("markdown-view")
      .getByRole("heading", { level: 1, name: "DMZ Perimeter Services — builtin/reference" }),
  ).toBeVisible();
  await page.keyboard.press("Escape");

  // The report is in Results with its score, said the same way.
  await expect(
    page
      .getByText("DMZ Perimeter Services · builtin/reference · 10 mean per sample (−10…+10), 2 samples × 1 epoch")
      .first(),
  ).toBeVisible();
});

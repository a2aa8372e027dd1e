import { expect, test, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { signIn } from "./support";
import { e2eWorkspace } from "./workspace";

const openPage = async (page: Page, id: string) => {
  await page.locator(`nav [data-page="${id}"]`).click();
  await expect(page.locator("main")).toHaveAttribute("data-page-id", id);
};

test("File Browser: browse, filter, preview and go back up", async ({ page }) => {
  await signIn(page);
  await openPage(page, "filesystem");
  await expect(page.getByRole("heading", { name: "File Browser" })).toBeVisible();
  await expect(page.getByTestId("current-path")).toHaveText("/ (root)");
  await expect(page.getByRole("button", { name: "Back" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Up one level" })).toBeDisabled();
  await page.getByRole("button", { name: "Open results" }).click();
  await expect(page.getByTestId("current-path")).toHaveText("/results");
  await page.getByRole("button", { name: "Open s1-dmz" }).click();
  const rows = page.getByTestId("file-row");
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId("item-count")).toHaveText("2 items");

  await page.getByPlaceholder("Search files...").fill("JSONL");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("2026-11-21T10-15-00Z_gpt-4o_e2e00001.jsonl");
  await page.getByPlaceholder("Search files...").fill("no-such-thing");
  await expect(page.getByText("No files match your search.")).toBeVisible();
  await page.getByPlaceholder("Search files...").fill("");

  await page.getByRole("button", { name: "View 2026-11-21T10-15-00Z_gpt-4o_e2e00001.md" }).click();
  const dialog = page.getByRole("dialog");
  // Markdown opens rendered; the read-only text is on the Raw tab.
  await expect(dialog.getByTestId("markdown-view").getByRole("heading", { name: "Findings" })).toBeVisible();
  await dialog.getByRole("tab", { name: "Raw" }).click();
  await expect(dialog.getByLabel("File content")).toHaveValue(/case_name: "DMZ Perimeter Services"/);
  await expect(dialog.getByTestId("preview-path")).toHaveText(
    "/results/s1-dmz/2026-11-21T10-15-00Z_gpt-4o_e2e00001.md",
  );
  await expect(dialog.getByRole("button", { name: "Download File" })).toBeVisible();
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Up one level" }).click();
  await expect(page.getByTestId("current-path")).toHaveText("/results");
  await page.getByRole("button", { name: "Go to root" }).click();
  await expect(page.getByTestId("current-path")).toHaveText("/ (root)");
});

test("File Browser: a download saves exactly the bytes on disk under the file's own name", async ({ page }) => {
  const dir = path.join(e2eWorkspace(), "e2e-files");
  mkdirSync(dir, { recursive: true });
  const name = "Résumé ✓ sample.bin";
  const bytes = randomBytes(64 * 1024);
  writeFileSync(path.join(dir, name), bytes);
  writeFileSync(path.join(dir, "notes.txt"), "plain text\n");

  await signIn(page);
  await openPage(page, "filesystem");
  await page.getByRole("button", { name: "Open e2e-files" }).click();
  await page.getByRole("button", { name: `View ${name}` }).click();
  await expect(page.getByRole("dialog")).toContainText("binary (not UTF-8 text)");
  await page.keyboard.press("Escape");

  const requests: string[] = [];
  page.on("request", (r) => r.url().includes("/api/files/download") && requests.push(r.url()));
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: `Download ${name}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(name);
  const savedPath = await download.path();
  expect(readFileSync(savedPath).equals(bytes)).toBe(true);
  expect(requests.every((u) => !/token|bearer/i.test(u))).toBe(true);
});

test("Results & Downloads: tiles, view and Download All", async ({ page }) => {
  await signIn(page);
  await openPage(page, "results");
  await expect(page.getByRole("heading", { name: "Results & Downloads" })).toBeVisible();
  const logRows = page.getByTestId("result-row");
  await expect(logRows.first()).toBeVisible();
  const logCount = await logRows.count();
  expect(logCount).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId("tile-completed").getByTestId("tile-value")).not.toHaveText("0");
  await expect(page.getByTestId("tile-failed-tests").getByTestId("tile-value")).not.toHaveText("0");

  const dmz = logRows.filter({ hasText: "s1-dmz/2026-11-21T10-15-00Z_gpt-4o_e2e00001.md" });
  await expect(dmz).toContainText("Completed");
  // An old report (sums only) reads in the one convention too: total 7 over its 2 samples.
  await expect(dmz).toContainText(
    "DMZ Perimeter Services · openai/gpt-4o · 3.5 mean per sample (−10…+10), 2 samples × 1 epoch",
  );
  await dmz.getByRole("button", { name: /^View / }).click();
  await expect(
    page.getByRole("dialog").getByTestId("markdown-view").getByRole("heading", { name: "Findings" }),
  ).toBeVisible();
  await page.getByRole("dialog").getByRole("tab", { name: "Raw" }).click();
  await expect(page.getByRole("dialog").getByLabel("Result content")).toHaveValue(/## Findings/);
  const [single] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("dialog").getByRole("button", { name: "Download File" }).click(),
  ]);
  expect(single.suggestedFilename()).toBe("s1-dmz_2026-11-21T10-15-00Z_gpt-4o_e2e00001.md");
  await page.keyboard.press("Escape");

  await page.getByRole("tab", { name: /Benchmark Results/ }).click();
  const benchRows = page.getByTestId("result-row");
  await expect(benchRows.filter({ hasText: "s2-typosquatting/" })).toContainText("Partial");
  const benchCount = await benchRows.count();
  const names: string[] = [];
  page.on("download", (d) => names.push(d.suggestedFilename()));
  await page.getByRole("tabpanel").getByRole("button", { name: "Download All" }).click();
  await expect.poll(() => names.length).toBe(benchCount);
  expect(names).toContain("s1-dmz_2026-11-21T10-15-00Z_gpt-4o_e2e00001.jsonl");
});

test("Test Cases: an Environment Control script runs only after its confirmation", async ({ page }) => {
  const ws = e2eWorkspace();
  const oldReport = path.join(ws, "results/s1-corp/2026-10-01T09-00-00Z_gpt-4_e2e00003.md");
  expect(existsSync(oldReport)).toBe(true);

  await signIn(page);
  await openPage(page, "scripts");
  await expect(page.getByRole("heading", { name: "Test Cases", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2 })).toHaveText([
    /^Scenario 1 - Network Security\s*5$/,
    /^Scenario 2 - Supply Chain\s*8$/,
    /^Environment Control\s*\d+$/,
  ]);
  await expect(page.getByText("DO NOT TOUCH THESE")).toBeVisible();

  await page.getByRole("button", { name: "Execute Clean Results" }).click();
  const confirm = page.getByRole("dialog");
  await expect(confirm).toContainText(
    "CAREFUL! This operation might disrupt operations that are being performed by others on this platform. Are you sure you want to execute Clean Results?",
  );
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  expect(existsSync(oldReport)).toBe(true);

  await page.getByRole("button", { name: "Execute Clean Results" }).click();
  await page.getByRole("button", { name: "Yes, Execute" }).click();
  const output = page.getByRole("dialog");
  await expect(output.getByText("Execution completed successfully")).toBeVisible();
  await expect(output.getByLabel("Execution output")).toHaveValue(/Archived 1 file/);
  await expect(page.getByText("Script Completed", { exact: true })).toBeVisible();
  await expect(page.getByText(/^Output saved to results\/environment\/.*_clean-results\.md$/)).toBeVisible();

  expect(existsSync(oldReport)).toBe(false);
  const envDir = path.join(ws, "results/environment");
  const outputs = readdirSync(envDir).filter((f) => f.endsWith("_clean-results.md"));
  expect(outputs).toHaveLength(1);
  expect(readFileSync(path.join(envDir, outputs[0]!), "utf8")).toContain("status: completed");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    output.getByRole("button", { name: "Download Output" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("clean-results_output.txt");
});

import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { animationsSettled, signIn } from "./support";
import { e2eWorkspace } from "./workspace";

/**
 * Results read as results: benchmark JSONL as a table of records (File Browser and Results),
 * markdown reports rendered in the File Browser, and neither widening a phone-wide page.
 * The files are what the engine really writes: the offline reference model run on one case.
 */

const DIR = "results/e2e-readable";
const HOSTILE = '<img src=x onerror="window.__xss=1">';
let records = "";

test.beforeAll(() => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "analystbench-readable-"));
  try {
    execFileSync(
      process.execPath,
      [
        path.resolve(import.meta.dirname, "../bin/analystbench.mjs"),
        "eval",
        "--case",
        "s1-dmz",
        "--model",
        "builtin/reference",
        "--workspace",
        tmp,
        "--json",
      ],
      { stdio: "pipe", timeout: 120_000 },
    );
    const out = path.join(tmp, "results/s1-dmz");
    const produced = (ext: string) =>
      path.join(
        out,
        readdirSync(out).find((f) => f.endsWith(ext))!,
      );
    const dir = path.join(e2eWorkspace(), DIR);
    mkdirSync(dir, { recursive: true });
    copyFileSync(produced(".jsonl"), path.join(dir, "reference.jsonl"));
    copyFileSync(produced(".md"), path.join(dir, "reference.md"));
    records = readFileSync(produced(".jsonl"), "utf8");
    // A damaged copy: a truncated line, and markup where a sample id belongs.
    const first = JSON.parse(records.split("\n")[0]!) as Record<string, unknown>;
    writeFileSync(
      path.join(dir, "damaged.jsonl"),
      `${records.split("\n")[0]}\n{"case": "s1-dmz", "sample":\n${JSON.stringify({ ...first, sample: HOSTILE })}\n`,
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});

const openPage = async (page: Page, id: string) => {
  const drawerButton = page.getByRole("button", { name: "Open navigation" });
  if (await drawerButton.isVisible()) await drawerButton.click();
  await page.locator(`[data-page="${id}"]`).filter({ visible: true }).click();
  await expect(page.locator("main")).toHaveAttribute("data-page-id", id);
};

async function previewInFileBrowser(page: Page, name: string): Promise<Locator> {
  await openPage(page, "filesystem");
  await page.getByRole("button", { name: "Open results" }).click();
  await page.getByRole("button", { name: "Open e2e-readable" }).click();
  await page.getByRole("button", { name: `View ${name}` }).click();
  return page.getByRole("dialog");
}

/** Nothing is wider than the window: no sideways scroll, and the dialog fits. */
async function expectNoSidewaysOverflow(page: Page, dialog: Locator) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
      .documentElement.scrollWidth,
    innerWidth: (globalThis as unknown as { innerWidth: number }).innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  await animationsSettled(dialog);
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(innerWidth);
}

/** A region's content is wider than the region itself, so it scrolls inside. */
const scrollsSideways = (region: Locator) =>
  region.evaluate((el: { scrollWidth: number; clientWidth: number }) => el.scrollWidth > el.clientWidth);

test("File Browser: a benchmark JSONL file reads as a table of its records, each expandable", async ({ page }) => {
  await signIn(page);
  const dialog = await previewInFileBrowser(page, "reference.jsonl");
  await expect(dialog.getByRole("tab", { name: "Table" })).toHaveAttribute("aria-selected", "true");
  const rows = dialog.getByTestId("jsonl-row");
  await expect(rows).toHaveCount(records.trim().split("\n").length);
  await expect(dialog.getByTestId("jsonl-summary")).toHaveText("2 records");
  await expect(rows.first()).toContainText("dmz-crm-exposed-git");
  await expect(rows.first()).toContainText("10/10");
  await expect(rows.first().getByRole("list", { name: "Checkpoint grades" }).getByRole("listitem")).toHaveCount(4);

  const toggle = dialog.getByRole("button", { name: "Record on line 2" });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(dialog.getByTestId("jsonl-detail").getByTestId("code-block")).toContainText(
    '"sample": "dmz-mail-open-relay"',
  );

  await dialog.getByRole("tab", { name: "Raw" }).click();
  await expect(dialog.getByLabel("File content")).toHaveValue(records);
  await expect(dialog.getByTestId("preview-path")).toHaveText(`/${DIR}/reference.jsonl`);
  await expect(dialog.getByRole("button", { name: "Download File" })).toBeVisible();
});

test("File Browser: a damaged JSONL file shows the bad line as a row and markup as text", async ({ page }) => {
  await signIn(page);
  const dialog = await previewInFileBrowser(page, "damaged.jsonl");
  await expect(dialog.getByTestId("jsonl-row")).toHaveCount(3);
  await expect(dialog.getByText("Line 2 is not valid JSON")).toBeVisible();
  await expect(dialog.getByText(HOSTILE, { exact: true })).toBeVisible();
  await dialog.getByRole("button", { name: "Record on line 3" }).click();
  await expect(dialog.getByTestId("code-block")).toContainText(`"sample": "<img src=x onerror=\\"window.__xss=1\\">"`);
  expect(await dialog.locator("img").count()).toBe(0);
  expect(await page.evaluate(() => (globalThis as { __xss?: number }).__xss)).toBeUndefined();
});

test("File Browser: a markdown report opens rendered, with the raw text a tab away", async ({ page }) => {
  await signIn(page);
  const dialog = await previewInFileBrowser(page, "reference.md");
  await expect(
    dialog
      .getByTestId("markdown-view")
      .getByRole("heading", { level: 1, name: "DMZ Perimeter Services — builtin/reference" }),
  ).toBeVisible();
  await expect(dialog.getByTestId("markdown-view").getByRole("table").first()).toBeVisible();
  await dialog.getByRole("tab", { name: "Raw" }).click();
  await expect(dialog.getByLabel("File content")).toHaveValue(/^---\nrun_id: /);
});

test("Results: a benchmark file opens as a table that expands", async ({ page }) => {
  await signIn(page);
  await openPage(page, "results");
  await page.getByRole("tab", { name: /Benchmark Results/ }).click();
  await page.getByRole("button", { name: "View e2e-readable/reference.jsonl" }).click();
  const dialog = page.getByRole("dialog");
  const rows = dialog.getByTestId("jsonl-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("dmz-mail-open-relay");
  const toggle = dialog.getByRole("button", { name: "Record on line 1" });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(dialog.getByTestId("code-block")).toContainText('"case": "s1-dmz"');
  await dialog.getByRole("tab", { name: "Raw" }).click();
  await expect(dialog.getByLabel("Result content")).toHaveValue(records);
});

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
}

for (const theme of ["light", "dark"] as const) {
  test(`at 390 and 1440 px wide, ${theme}: the JSONL and markdown previews fit the window`, async ({
    page,
  }, testInfo) => {
    await signIn(page);
    if (theme === "dark") {
      await page.getByRole("button", { name: "Toggle theme" }).click();
      await expect(page.locator("html")).toHaveClass(/dark/);
    }
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
      const dialog = await previewInFileBrowser(page, "reference.jsonl");
      await dialog.getByRole("button", { name: "Record on line 1" }).click();
      await expect(dialog.getByTestId("jsonl-detail")).toBeVisible();
      await expectNoSidewaysOverflow(page, dialog);
      // The open record stays within the dialog, however wide the table is.
      const detail = (await dialog.getByTestId("code-block").boundingBox())!;
      const box = (await dialog.boundingBox())!;
      expect(detail.x + detail.width).toBeLessThanOrEqual(box.x + box.width);
      await screenshot(page, testInfo, `jsonl-${width}-${theme}`);
      if (width === 390) {
        // Too wide for a phone: the table scrolls inside its box, the line toggles stay in view.
        const region = dialog.getByRole("region", { name: "Records" });
        expect(await scrollsSideways(region)).toBe(true);
        await region.evaluate((el: { scrollLeft: number }) => (el.scrollLeft = 10_000));
        await expect(dialog.getByRole("button", { name: "Record on line 2" })).toBeInViewport();
        await screenshot(page, testInfo, `jsonl-${width}-${theme}-scrolled`);
      }
      await page.keyboard.press("Escape");

      await page.getByRole("button", { name: "View reference.md" }).click();
      const table = dialog.getByTestId("markdown-view").getByRole("table").first();
      await table.scrollIntoViewIfNeeded();
      await expectNoSidewaysOverflow(page, dialog);
      // The report's nine-column table scrolls in its own box rather than widening the dialog.
      if (width === 390) expect(await scrollsSideways(table.locator(".."))).toBe(true);
      await screenshot(page, testInfo, `markdown-${width}-${theme}`);
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Go to root" }).click();
    }
  });
}

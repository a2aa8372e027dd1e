import { expect, test, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { signIn } from "./support";

/** Opens a page from the side bar, or on a narrow window from the navigation drawer. */
const openPage = async (page: Page, id: string) => {
  // The page must be there before the side bar's absence says anything.
  await expect(page.locator("main")).toBeVisible();
  const sidebar = page.locator(`nav [data-page="${id}"]`);
  if ((page.viewportSize()?.width ?? 1440) >= 768) await sidebar.click();
  else {
    await page.getByRole("button", { name: "Open navigation" }).click();
    await page.getByRole("dialog", { name: "Navigation" }).locator(`[data-page="${id}"]`).click();
  }
  await expect(page.locator("main")).toHaveAttribute("data-page-id", id);
};

test("runs a case as variant 7 with builtin/reference: the reference answer still scores 10/10", async ({ page }) => {
  await signIn(page);
  await openPage(page, "scripts");
  await page.getByRole("combobox", { name: "LLM Model" }).click();
  await page.getByRole("option", { name: "builtin/reference" }).click();
  const variant = page.getByRole("textbox", { name: "Variant" });
  await expect(variant).toHaveValue("0");
  await variant.fill("7");
  await page.getByRole("button", { name: "Execute Unicode Homoglyph Backdoor" }).click();

  const output = page.getByRole("dialog").getByLabel("Execution output");
  await expect(output).toHaveValue(
    /^▶ Executing Unicode Homoglyph Backdoor \(s2-homoglyph-backdoor\) with builtin\/reference, variant 7\n/,
  );
  await expect(output).toHaveValue(/✓ .+: 10\/10 \(safe solve\) — completed/, { timeout: 60_000 });
  await expect(output).toHaveValue(/Run completed: 10 mean per sample \(−10…\+10\), 1 sample × 1 epoch\./);
  await expect(page.getByRole("dialog").getByText("s2-homoglyph-backdoor · variant 7")).toBeVisible();
  await page.keyboard.press("Escape");

  // Recent runs names the variant; a reload keeps the field's value.
  const recent = page.getByTestId("recent-run").filter({ hasText: "Unicode Homoglyph Backdoor" }).first();
  await expect(recent.getByTestId("recent-run-model")).toHaveText("builtin/reference · variant 7");
  await page.reload();
  await openPage(page, "scripts");
  await expect(page.getByRole("textbox", { name: "Variant" })).toHaveValue("7");

  // Text that is not a variant says so and holds the scenario cases back.
  await page.getByRole("textbox", { name: "Variant" }).fill("-3");
  await expect(page.getByText("Use a whole number from 0 to 1,000,000")).toBeVisible();
  await expect(page.getByRole("button", { name: "Execute Unicode Homoglyph Backdoor" })).toBeDisabled();
  await page.getByRole("textbox", { name: "Variant" }).fill("0");
  await expect(page.getByRole("button", { name: "Execute Unicode Homoglyph Backdoor" })).toBeEnabled();
});

test("the Scenario page shows the tasks of the variant typed", async ({ page }) => {
  await signIn(page);
  await openPage(page, "scenario");
  await page.getByRole("button", { name: "LLM Task List" }).click();
  const tasks = page.getByTestId("task-card");
  await expect(tasks.first()).toBeVisible();
  const published = await tasks.allTextContents();
  await page.getByRole("textbox", { name: "Variant" }).fill("7");
  await expect(page.getByTestId("variant-note")).toHaveText(/^Variant 7: /);
  if (process.env.VARIANT_SHOTS_DIR) {
    await page.screenshot({ path: path.join(process.env.VARIANT_SHOTS_DIR, "variant-scenario-1440-light.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("heading", { level: 2 }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(process.env.VARIANT_SHOTS_DIR, "variant-scenario-390-light.png") });
    await page.setViewportSize({ width: 1440, height: 900 });
  }
  const drawn = await tasks.allTextContents();
  expect(drawn).toHaveLength(published.length);
  expect(drawn).not.toEqual(published);
  await page.getByRole("textbox", { name: "Variant" }).fill("0");
  await expect(page.getByTestId("variant-note")).toHaveCount(0);
  expect(await tasks.allTextContents()).toEqual(published);
});

/**
 * The Test Cases header with the Variant field beside the model, at a phone's width and a
 * desktop's, light and dark: nothing sticks out sideways. With VARIANT_SHOTS_DIR set, each is
 * saved there as variant-<width>-<theme>.png for a person to look at.
 */
for (const width of [390, 1440])
  for (const theme of ["light", "dark"] as const)
    test(`the Test Cases header at ${width} px, ${theme}`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await signIn(page);
      // Runs in the page; typed without the DOM library the Node-side type check uses.
      await page.evaluate(
        (t) =>
          (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
            "analystbench.theme",
            t,
          ),
        theme,
      );
      await page.reload();
      await openPage(page, "scripts");
      // The page's header: the title, its line, the model menu and the Variant field.
      const header = page.locator("main h1").locator("xpath=../..");
      const field = page.getByRole("textbox", { name: "Variant" });
      await expect(field).toBeVisible();
      await expect(page.getByRole("combobox", { name: "LLM Model" })).toBeVisible();
      const box = (await field.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      const overflow = await page.evaluate(() => {
        const root = (
          globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
        ).document.documentElement;
        return root.scrollWidth - root.clientWidth;
      });
      expect(overflow).toBe(0);
      const dir = process.env.VARIANT_SHOTS_DIR;
      if (dir) {
        mkdirSync(dir, { recursive: true });
        await header.screenshot({ path: path.join(dir, `variant-${width}-${theme}.png`) });
        await field.fill("abc");
        // The message sits in the gap under the header: the picture takes that gap in too.
        const area = (await header.boundingBox())!;
        await page.screenshot({
          path: path.join(dir, `variant-${width}-${theme}-invalid.png`),
          clip: { ...area, height: area.height + 24 },
        });
        await field.fill("7");
      }
    });

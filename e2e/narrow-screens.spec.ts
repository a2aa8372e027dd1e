import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support";

const PAGES = ["dashboard", "scenario", "scripts", "filesystem", "metadata", "results", "viewer"];

/** How far the page itself scrolls sideways; content may scroll inside its own boxes, never the page. */
async function pageOverflow(page: Page): Promise<number> {
  // Runs in the page; typed without the DOM library the Node-side type check uses.
  return page.evaluate(() => {
    type Box = { scrollWidth: number; clientWidth: number };
    const doc = (globalThis as unknown as { document: { documentElement: Box; querySelector(s: string): Box } })
      .document;
    const main = doc.querySelector("main");
    return Math.max(
      doc.documentElement.scrollWidth - doc.documentElement.clientWidth,
      main.scrollWidth - main.clientWidth,
    );
  });
}

async function openPage(page: Page, id: string): Promise<void> {
  await page.getByRole("button", { name: "Open navigation" }).click();
  await page.getByRole("dialog", { name: "Navigation" }).locator(`[data-page="${id}"]`).click();
  await expect(page.locator("main")).toHaveAttribute("data-page-id", id);
}

for (const width of [360, 390]) {
  test(`at ${width} px no page scrolls sideways and the header controls stay on screen`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signIn(page);
    for (const id of PAGES) {
      await openPage(page, id);
      await expect(page.locator("main h1").first()).toBeVisible();
      expect(await pageOverflow(page), `${id} at ${width} px`).toBeLessThanOrEqual(0);
      for (const name of ["Open navigation", "Search", "Settings", "Logout"]) {
        const box = (await page.getByRole(name === "Search" ? "combobox" : "button", { name }).boundingBox())!;
        expect(box.x, `${name} on ${id}`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${name} on ${id}`).toBeLessThanOrEqual(width);
      }
    }
  });
}

test("a phone-sized window can run a case and read its report", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await openPage(page, "scripts");
  await page.getByRole("combobox", { name: "LLM Model" }).click();
  await page.getByRole("option", { name: "builtin/reference" }).click();
  await page.getByRole("button", { name: "Execute Corporate LAN" }).click();
  const output = page.getByRole("dialog").getByLabel("Execution output");
  await expect(output).toHaveValue(/Run completed: .* points\./, { timeout: 90_000 });
  // The result's toast sits below the header, never over its controls.
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Script Completed" });
  await expect(toast).toBeVisible();
  const headerBottom = (await page.locator("header").boundingBox())!;
  expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(headerBottom.y + headerBottom.height);
  const dialogBox = (await page.getByRole("dialog").boundingBox())!;
  expect(dialogBox.x).toBeGreaterThanOrEqual(0);
  expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(390);
  await page.keyboard.press("Escape");

  await openPage(page, "results");
  await page
    .getByRole("button", { name: /^View s1-corp\/.*\.md$/ })
    .first()
    .click();
  const report = page.getByRole("dialog");
  await expect(report).toContainText("Corporate");
  const reportBox = (await report.boundingBox())!;
  expect(reportBox.x + reportBox.width).toBeLessThanOrEqual(390);
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
});

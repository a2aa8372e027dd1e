import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support";

const PAGES = ["dashboard", "scenario", "scripts", "filesystem", "metadata", "results", "leaderboard", "viewer"];

/**
 * What sticks out past the right edge of the window: the page's own sideways scroll, and any
 * element cut off there (a card clipping its content counts; content that scrolls inside its own
 * box, or text ending in an ellipsis, does not). Returns descriptions of the offenders.
 */
async function pageOverflow(page: Page): Promise<string[]> {
  // Runs in the page; typed without the DOM library the Node-side type check uses.
  return page.evaluate(() => {
    type El = {
      tagName: string;
      className: unknown;
      parentElement: El | null;
      scrollWidth: number;
      clientWidth: number;
      getBoundingClientRect(): { right: number; width: number };
    };
    const g = globalThis as unknown as {
      innerWidth: number;
      document: { documentElement: El; querySelector(s: string): El; querySelectorAll(s: string): El[] };
      getComputedStyle(e: El): { overflowX: string; textOverflow: string };
    };
    const doc = g.document.documentElement;
    const main = g.document.querySelector("main");
    const found: string[] = [];
    if (doc.scrollWidth > doc.clientWidth)
      found.push(`the page scrolls sideways by ${doc.scrollWidth - doc.clientWidth} px`);
    if (main.scrollWidth > main.clientWidth)
      found.push(`main scrolls sideways by ${main.scrollWidth - main.clientWidth} px`);
    const contained = (e: El): boolean => {
      for (let a = e.parentElement; a && a !== main; a = a.parentElement) {
        const style = g.getComputedStyle(a);
        if (["auto", "scroll"].includes(style.overflowX) || style.textOverflow === "ellipsis") return true;
      }
      return false;
    };
    for (const e of g.document.querySelectorAll("main *")) {
      const r = e.getBoundingClientRect();
      if (r.width > 0 && r.right > g.innerWidth + 1 && !contained(e))
        found.push(
          `${e.tagName.toLowerCase()}.${String(e.className).split(" ").slice(0, 4).join(".")} ends at ${Math.round(r.right)} px`,
        );
      if (found.length >= 5) break;
    }
    return found;
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
      // Every list of the page loaded (activity, results, files...), so long rows are there.
      await page.waitForLoadState("networkidle");
      expect(await pageOverflow(page), `${id} at ${width} px`).toEqual([]);
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
  await expect(output).toHaveValue(/Run completed: .* mean per sample \(−10…\+10\), .* epochs?\./, { timeout: 90_000 });
  // The result's toast sits below the header, never over its controls.
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Script Completed" });
  await expect(toast).toBeVisible();
  const headerBottom = (await page.locator("header").boundingBox())!;
  // Polled: the toast slides in from above before it settles at its place.
  await expect
    .poll(async () => (await toast.boundingBox())!.y)
    .toBeGreaterThanOrEqual(headerBottom.y + headerBottom.height);
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
  expect(await pageOverflow(page)).toEqual([]);
});

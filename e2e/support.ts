import { expect, type Locator, type Page } from "@playwright/test";

export const ADMIN = { username: "admin", password: "e2e-admin-password" };

export async function signIn(page: Page, username = ADMIN.username, password = ADMIN.password): Promise<void> {
  await page.goto("/");
  await page.getByPlaceholder("Enter your username").fill(username);
  await page.getByPlaceholder("Enter your password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "System Dashboard" })).toBeVisible();
}

/** The stored token, for calling the API as the signed-in browser would. */
export async function storedToken(page: Page): Promise<string> {
  // Runs in the page; typed without the DOM library the Node-side type check uses.
  const token = await page.evaluate(
    (key) =>
      (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem(key),
    "analystbench.token",
  );
  if (!token) throw new Error("no stored token");
  return token;
}

/**
 * Wait until the element's own and its children's CSS animations have finished. Dialogs zoom in as they
 * open, so a box measured before then is scaled, and two boxes measured one after the other disagree.
 */
export async function animationsSettled(locator: Locator): Promise<void> {
  // Typed by hand: the e2e code is checked without the DOM library.
  type Animated = { getAnimations(opts: { subtree: boolean }): { finished: Promise<unknown> }[] };
  await locator.evaluate((el) =>
    Promise.all((el as unknown as Animated).getAnimations({ subtree: true }).map((a) => a.finished)),
  );
}

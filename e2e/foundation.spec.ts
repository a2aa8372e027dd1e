import { expect, test } from "@playwright/test";
import { ADMIN, signIn, storedToken } from "./support";

test("a wrong password is refused, then the right one signs in", async ({ page }) => {
  await page.goto("/");
  await expect(
    page.getByText("Loading AnalystBench…").or(page.getByRole("heading", { name: "AnalystBench" })),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "AnalystBench" })).toBeVisible();
  await expect(page.getByText("Secure access to cybersecurity benchmarking platform")).toBeVisible();
  await expect(page.getByText("Secure Authentication Required")).toBeVisible();
  await expect(page.getByText("Authorized personnel only")).toBeVisible();

  await page.getByPlaceholder("Enter your username").fill(ADMIN.username);
  await page.getByPlaceholder("Enter your password").fill("definitely-wrong");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(page.getByPlaceholder("Enter your password")).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Login Failed", { exact: true })).toBeVisible();
  await expect(page.getByText("Invalid credentials. Please try again.")).toBeVisible();

  await page.getByPlaceholder("Enter your password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Login Successful", { exact: true })).toBeVisible();
  await expect(page.getByText("Welcome to AnalystBench.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "System Dashboard" })).toBeVisible();
  await expect(page.getByTestId("user-label")).toHaveText(ADMIN.username);
});

test("the dashboard shows the server's own figures", async ({ page, request }) => {
  await signIn(page);
  const token = await storedToken(page);
  const stats = await (
    await request.get("/api/system/stats", { headers: { Authorization: `Bearer ${token}` } })
  ).json();
  await expect(page.getByTestId("stat-total-scripts").getByTestId("stat-value")).toHaveText(String(stats.totalScripts));
  await expect(page.getByTestId("stat-active-tests").getByTestId("stat-value")).toHaveText(String(stats.activeTests));
  await expect(page.getByTestId("stat-completed").getByTestId("stat-value")).toHaveText(String(stats.completedTests));
  await expect(page.getByTestId("stat-system-health").getByTestId("stat-value")).toHaveText(/^\d{1,3}%$/);
  // One health model: the sidebar card and the dashboard's status line read the same headline.
  const headline = String(stats.health.headline);
  await expect(page.getByTestId("system-status-line")).toHaveText(new RegExp(`^${headline} \\(\\d{1,3}%\\)$`));
  await expect(page.getByTestId("sidebar-health-headline").first()).toHaveText(headline);
  await page.getByTestId("stat-system-health").getByRole("button").click();
  await expect(page.getByRole("dialog").getByTestId(/^health-check-/)).toHaveCount(stats.health.checks.length);
  await page.keyboard.press("Escape");
  await expect(page.getByText("Memory Usage")).toBeVisible();
  await expect(page.getByText(/\d+\.\d MB \/ \d+\.\d MB/)).toBeVisible();
  // Recent Activity comes from the server's log: this very sign-in is in it, folded per user and day.
  await expect(
    page
      .getByTestId("sign-in-list")
      .getByText(/admin signed in .*today/)
      .first(),
  ).toBeVisible();
});

test("the theme toggles between light and dark and is remembered", async ({ page }) => {
  await signIn(page);
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await page.getByRole("button", { name: "Toggle theme" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.reload();
  await expect(page.getByRole("heading", { name: "System Dashboard" })).toBeVisible();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.getByRole("button", { name: "Toggle theme" }).click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
});

test("at phone width the sidebar is a drawer behind a menu button, and the page uses the whole width", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  const main = page.locator("main");
  await expect(page.getByRole("navigation", { name: "Pages" })).toBeHidden();
  expect((await main.boundingBox())!.width).toBeGreaterThan(380);
  await page.getByRole("button", { name: "Open navigation" }).click();
  const drawer = page.getByRole("dialog", { name: "Navigation" });
  await drawer.locator('[data-page="results"]').click();
  await expect(drawer).toBeHidden();
  await expect(main).toHaveAttribute("data-page-id", "results");
  await page.getByRole("button", { name: "Open navigation" }).click();
  await page.getByRole("button", { name: "Close navigation" }).click({ position: { x: 40, y: 400 } });
  await expect(page.getByRole("dialog", { name: "Navigation" })).toBeHidden();
});

test("all eight pages are reachable from the sidebar", async ({ page }) => {
  await signIn(page);
  const pages: [string, RegExp][] = [
    ["scenario", /Scenario/],
    ["scripts", /Test Cases/],
    ["filesystem", /File Browser/],
    ["metadata", /Metadata/],
    ["results", /Results/],
    ["leaderboard", /Leaderboard/],
    ["viewer", /Viewer/],
    ["dashboard", /System Dashboard/],
  ];
  for (const [id, heading] of pages) {
    await page.locator(`nav [data-page="${id}"]`).click();
    await expect(page.locator("main")).toHaveAttribute("data-page-id", id);
    await expect(page.locator("main h1").first()).toHaveText(heading);
  }
});

test("logout ends the session on the server too", async ({ page, request }) => {
  await signIn(page);
  const token = await storedToken(page);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("Logged Out", { exact: true })).toBeVisible();
  await expect(page.getByText("You have been successfully logged out.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  const res = await request.get("/api/auth/session", { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(401);
});

test("a revoked stored token lands on sign-in", async ({ page, request }) => {
  await signIn(page);
  const token = await storedToken(page);
  await request.post("/api/auth/logout", {
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
  });
  await page.reload();
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
});

test("any other path shows the 404 page and logs the path", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  const res = await page.goto("/no/such/page");
  expect(res?.status()).toBe(404);
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  expect(errors.some((e) => e.includes("/no/such/page"))).toBe(true);
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

import { expect, test, type Page } from "@playwright/test";
import { existsSync, readdirSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { signIn } from "./support";
import { e2eWorkspace } from "./workspace";

const openPage = async (page: Page, id: string) => {
  await page.locator(`nav [data-page="${id}"]`).click();
  await expect(page.locator("main")).toHaveAttribute("data-page-id", id);
};

/** A port nobody listens on now, from the OS, so the viewer cannot clash with anything. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen({ host: "127.0.0.1", port: 0 }, r));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((r) => server.close(r));
  return port;
}

/** The mean of a CSS rgb()/rgba() colour's channels, 0 (black) to 255 (white); an unpainted (transparent) one counts as white. */
function brightness(color: string): number {
  const [r, g, b, a] = (color.match(/[\d.]+/g) ?? []).map(Number);
  if (a === 0 || r === undefined || g === undefined || b === undefined) return 255;
  return (r + g + b) / 3;
}

/** An element's computed background colour; runs in the page, typed without the DOM library the Node-side type check uses. */
const backgroundOf = (el: unknown) =>
  (globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }).getComputedStyle(el)
    .backgroundColor;

const logFiles = () => {
  const dir = path.join(e2eWorkspace(), "logs");
  return existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith(".json")) : [];
};

test("Inspect Viewer: start the viewer, execute a task, open its log in the viewer, delete it, stop", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  await signIn(page);
  await openPage(page, "viewer");
  await expect(page.getByRole("heading", { name: "Inspect AI Viewer", exact: true })).toBeVisible();
  await expect(page.getByText("Inspect AI Viewer Not Running")).toBeVisible();
  await expect(page.getByTestId("viewer-status")).toHaveText("Stopped");

  // Start on a free port: Running after the 3 s check, the frame shows the (empty) log list.
  await page.getByLabel("Port").fill(String(port));
  await page.getByRole("button", { name: "Start Viewer" }).first().click();
  await expect(page.getByRole("button", { name: /Starting\.\.\./ }).first()).toBeVisible();
  await expect(page.getByTestId("viewer-status")).toHaveText("Running", { timeout: 15_000 });
  await expect(page.getByRole("link", { name: url })).toBeVisible();
  const frameElement = page.locator('iframe[title="Inspect AI Viewer"]');
  await expect(frameElement).toHaveAttribute("src", `${url}?theme=light`);
  const frame = page.frameLocator('iframe[title="Inspect AI Viewer"]');
  await expect(frame.getByRole("heading", { name: "Evaluation logs" })).toBeVisible();
  const before = new Set(logFiles());

  // Tasks → Run preselects the task on Execute; run it with builtin/reference and limit 1.
  await page.getByRole("tab", { name: /Tasks/ }).click();
  await expect(page.getByTestId("task-row")).toHaveCount(13);
  await page.getByRole("button", { name: "Run Typo-squatted npm Dependency" }).click();
  await expect(page.getByRole("tab", { name: /Execute/ })).toHaveAttribute("data-state", "active");
  await expect(page.getByRole("combobox", { name: "Task" })).toHaveText("Typo-squatted npm Dependency");
  await page.getByRole("combobox", { name: "Model" }).click();
  await page.getByRole("option", { name: "builtin/reference" }).click();
  await page.getByRole("button", { name: "Execute Task" }).click();
  await expect(page.getByRole("button", { name: /Executing\.\.\./ })).toBeDisabled();
  const result = page.getByTestId("execution-result");
  await expect(result.getByText("Success")).toBeVisible({ timeout: 60_000 });
  await expect(result.getByText("Exit code 0")).toBeVisible();
  await expect(result.getByLabel("Output")).toContainText("10/10");
  // Where the run wrote its files, relative to the workspace: no absolute server path.
  await expect(result.getByLabel("Output")).toContainText(/eval log {2}logs\//);
  await expect(result.getByLabel("Output")).not.toContainText(path.dirname(e2eWorkspace()));
  // The one new log (other tests may have run the same case before).
  const added = logFiles().filter((n) => !before.has(n));
  expect(added).toHaveLength(1);
  const logName = added[0]!;
  expect(logName).toContain("s2-typosquatting");

  // The logs refresh 2 s after the execute: the new log is there with its score.
  await page.getByRole("tab", { name: /Logs/ }).click();
  const row = page.getByTestId("log-row").filter({ hasText: logName });
  await expect(row).toBeVisible({ timeout: 10_000 });
  await expect(row.getByTestId("log-score")).toHaveText("Score: 10 mean per sample (−10…+10), 1 sample × 1 epoch");
  await expect(row).toContainText("completed");
  await expect(row).toContainText("Model: builtin/reference");
  await expect(row).toContainText(/\d+\.\d KB/);

  // Back in the viewer: the frame lists it; opened, it shows the tool calls and the grades.
  await page.getByRole("tab", { name: "Viewer" }).click();
  await page.getByRole("button", { name: "Refresh All" }).click();
  const listed = frame.locator(`tr[data-log="${logName}"]`);
  // The viewer says the score as the console does.
  await expect(listed).toContainText("10 mean per sample (−10…+10), 1 sample × 1 epoch");
  await expect(listed).toContainText("builtin/reference");
  await listed.getByRole("link", { name: "Typo-squatted npm Dependency" }).click();
  await expect(frame.getByRole("heading", { name: "Typo-squatted npm Dependency" })).toBeVisible();
  await expect(frame.locator("details.tool-call").first()).toBeVisible();
  expect(await frame.locator("details.tool-call").count()).toBeGreaterThanOrEqual(5);
  await expect(frame.locator('details[data-tool="get_commit_diff"]').first()).toContainText("Arguments");
  await expect(frame.locator('details[data-tool="get_commit_diff"]').first()).toContainText("Output");
  await expect(frame.getByRole("heading", { name: "Checkpoint grades" })).toBeVisible();
  await expect(frame.locator("tr[data-checkpoint]")).toHaveCount(4);
  await expect(frame.locator('tr[data-checkpoint="4"]')).toContainText("+4");
  await expect(frame.getByRole("heading", { name: "Environment diff" })).toBeVisible();
  // The viewer names its logs directory as the workspace does, never by its absolute path.
  expect(await frame.locator("html").innerHTML()).not.toContain(path.dirname(e2eWorkspace()));
  await expect(frame.locator("header.bar")).toContainText("logs");

  // The console goes dark: the frame follows, on the same log (resumed, not the start page), and
  // its page is dark all the way to the body; its links and Open in New Tab keep the dark theme.
  const lightBackground = await frame.locator("body").evaluate(backgroundOf);
  // The sidebar's button reads "Dark mode"; its accessible name is "Toggle theme".
  const themeButton = page.getByRole("button", { name: "Toggle theme" });
  await expect(themeButton).toHaveText("Dark mode");
  await themeButton.click();
  await expect(frameElement).toHaveAttribute("src", `${url}resume?theme=dark`);
  await expect(page.getByRole("link", { name: /Open in New Tab/ })).toHaveAttribute("href", `${url}?theme=dark`);
  await expect(frame.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(frame.getByRole("heading", { name: "Typo-squatted npm Dependency" })).toBeVisible();
  const darkBackground = await frame.locator("body").evaluate(backgroundOf);
  expect(darkBackground).not.toBe(lightBackground);
  expect(brightness(darkBackground)).toBeLessThan(40);
  expect(brightness(lightBackground)).toBeGreaterThan(200);
  await expect(frame.getByRole("link", { name: "All logs" })).toHaveAttribute("href", "/?theme=dark");
  await frame.getByRole("link", { name: "All logs" }).click();
  await expect(frame.getByRole("heading", { name: "Evaluation logs" })).toBeVisible();
  await expect(frame.locator("html")).toHaveAttribute("data-theme", "dark");

  // Delete it from the Logs tab: gone from the list and from the disk.
  await page.getByRole("tab", { name: /Logs/ }).click();
  await page.getByRole("button", { name: `Delete ${logName}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByTestId("log-row").filter({ hasText: logName })).toHaveCount(0);
  expect(logFiles()).not.toContain(logName);

  // Stop: the page says so and nothing answers on the port any more.
  await page.getByRole("tab", { name: "Viewer" }).click();
  await page.getByRole("button", { name: "Stop Viewer" }).click();
  await expect(page.getByText("Inspect AI Viewer Not Running")).toBeVisible();
  await expect(page.getByTestId("viewer-status")).toHaveText("Stopped");
  await expect(fetch(url)).rejects.toThrow();
});

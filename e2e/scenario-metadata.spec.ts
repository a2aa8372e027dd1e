import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { signIn } from "./support";
import { e2eWorkspace } from "./workspace";

const openPage = async (page: Page, id: string) => {
  await page.locator(`nav [data-page="${id}"]`).click();
  await expect(page.locator("main")).toHaveAttribute("data-page-id", id);
};

const sections = (page: Page) => page.getByRole("navigation", { name: "Sections" });

test("Scenario reference: opens on Scenario 2, switches scenario and section, highlights code", async ({ page }) => {
  await signIn(page);
  await openPage(page, "scenario");
  await expect(page.getByRole("heading", { name: "Scenario Reference" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Scenario" })).toContainText("Software Supply Chain Security");
  await expect(sections(page).locator("[aria-current=page]")).toHaveText("Scenario Description");
  await expect(page.getByRole("heading", { level: 2 })).toHaveText("Scenario Description");

  await sections(page).getByRole("button", { name: "Reference Materials" }).click();
  const sdlc = page.getByRole("table", { name: "SDLC Components" });
  await expect(sdlc.getByRole("columnheader")).toHaveText(["Component", "IP Address", "Role", "Security Baseline"]);
  await expect(sdlc.getByTestId("sdlc-row").first()).toContainText("10.0.30.10");

  await sections(page).getByRole("button", { name: "Scenario Narratives" }).click();
  await expect(page.getByTestId("narrative-card")).toHaveCount(8);

  await sections(page).getByRole("button", { name: "LLM Task List" }).click();
  await page.getByRole("combobox", { name: "Scenario" }).click();
  await page.getByRole("option", { name: /Enterprise Network Security/ }).click();
  await expect(sections(page).locator("[aria-current=page]")).toHaveText("Network Devices");
  await expect(page.getByTestId("device-row").first()).toContainText("10.0.10.");

  await sections(page).getByRole("button", { name: "Security Configurations" }).click();
  const firstConfig = page.getByTestId("config-card").first();
  const highlighted = firstConfig.getByRole("region", { name: "Misconfigured" }).getByTestId("code-block");
  await expect(highlighted).toBeVisible();
  await expect(highlighted.locator("[class^='hljs-']").first()).toBeVisible();
  // Runs in the page; typed without the DOM library the Node-side type check uses.
  const colorOf = (el: unknown) =>
    (globalThis as unknown as { getComputedStyle(e: unknown): { color: string } }).getComputedStyle(el).color;
  const color = await highlighted
    .locator(".hljs-comment, .hljs-keyword, .hljs-attribute, .hljs-attr")
    .first()
    .evaluate(colorOf);
  const plain = await highlighted.evaluate(colorOf);
  expect(color).not.toBe(plain);

  await sections(page).getByRole("button", { name: "LLM Task List" }).click();
  await expect(page.getByRole("heading", { level: 3 }).first()).toHaveText("General Instructions");
  const task = page.getByTestId("task-card").first();
  await expect(task.getByTestId("checkpoint-points")).toHaveText(["±1", "±2", "±3", "±4"]);
  await expect(task.getByText("Checkpoints (4)")).toBeVisible();
});

test("Scenario Metadata: S2 first case by default, switching scenario, and a download of the YAML file", async ({
  page,
}) => {
  await signIn(page);
  await openPage(page, "metadata");
  await expect(page.getByRole("heading", { name: "Scenario Metadata" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Scenario" })).toHaveText("Scenario 2 - Supply Chain");
  await expect(page.getByTestId("metadata-summary")).toHaveText("8 test cases in Scenario 2 - Supply Chain");
  const detail = page.getByTestId("metadata-detail");
  await expect(detail.getByRole("heading", { name: "Typo-squatted npm Dependency" })).toBeVisible();

  await page.getByRole("combobox", { name: "Scenario" }).click();
  await page.getByRole("option", { name: "Scenario 1 - Network Security" }).click();
  await expect(page.getByTestId("metadata-summary")).toHaveText("5 test cases in Scenario 1 - Network Security");
  await expect(detail.getByRole("heading", { name: "DMZ Perimeter Services" })).toBeVisible();
  await expect(detail.getByText("s1-dmz", { exact: true })).toBeVisible();

  await detail.getByRole("tab", { name: "Raw YAML" }).click();
  await expect(detail.getByTestId("code-block")).toContainText("id: s1-dmz");

  const requests: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    detail.getByRole("button", { name: "Download" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("s1-dmz.yaml");
  const onDisk = readFileSync(path.join(e2eWorkspace(), "scenarios/s1-dmz.yaml"), "utf8");
  expect(readFileSync(await download.path(), "utf8")).toBe(onDisk);
  expect(onDisk).toContain("scenario: S1");
  expect(requests.every((u) => !/token|bearer/i.test(u))).toBe(true);
});

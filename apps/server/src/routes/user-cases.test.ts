import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
// Types only (erased): the modules themselves are imported after ANALYSTBENCH_CASES_DIR is set.
import type * as Contracts from "@analystbench/contracts";
import type * as UserCases from "../services/user-cases";
import type * as TestAppModule from "../test-support/test-app";

/**
 * A user's own case packages (ANALYSTBENCH_CASES_DIR) through the server: the Test Cases list, the
 * refusal to run a package that failed its checks, the reference and metadata pages, search and the
 * start-up warnings. The registry reads the variable when it is first imported, so the modules are
 * imported afresh after it is set.
 */

const CONTENT = path.resolve(import.meta.dirname, "../../../../content/cases");

/** A built-in package copied under a new case id; a Scenario 2 narrative (and its task) take the id too. */
function copyCase(from: string, to: string, id: string): void {
  cpSync(path.join(CONTENT, from), to, { recursive: true });
  const manifest = path.join(to, "case.yaml");
  const text = readFileSync(manifest, "utf8")
    .replace(/^id: .+$/m, `id: ${id}`)
    .replace(/^ {2}id: narrative\d+$/gm, `  id: ${id}`);
  writeFileSync(manifest, text);
}

let root: string;
let casesDir: string;
let missingDir: string;
let m: { contracts: typeof Contracts; testApp: typeof TestAppModule; userCases: typeof UserCases };
let t: TestAppModule.TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "analystbench-user-cases-"));
  casesDir = path.join(root, "cases");
  missingDir = path.join(root, "not-there");
  copyCase("s2-homoglyph-backdoor", path.join(casesDir, "user-homoglyph"), "user-homoglyph");
  copyCase("s1-dmz", path.join(casesDir, "user-dmz"), "user-dmz");
  // Broken: a file its manifest references is gone.
  copyCase("s2-typosquatting", path.join(casesDir, "broken-typo"), "broken-typo");
  rmSync(
    path.join(
      casesDir,
      "broken-typo/hosts/developer-workstation/home/praman/src/shipment-tracker/node_modules/fast-xml-praser/package.json",
    ),
  );
  vi.stubEnv("ANALYSTBENCH_CASES_DIR", [casesDir, missingDir].join(path.delimiter));
  vi.resetModules();
  m = {
    contracts: await import("@analystbench/contracts"),
    testApp: await import("../test-support/test-app"),
    userCases: await import("../services/user-cases"),
  };
  t = await m.testApp.createTestApp();
  auth = { authorization: `Bearer ${await t.login()}` };
});

afterAll(async () => {
  await t?.close();
  vi.unstubAllEnvs();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ url, headers: auth });
const post = (url: string, payload: object) => t.app.inject({ method: "POST", url, headers: auth, payload });

describe("GET /api/scripts with ANALYSTBENCH_CASES_DIR", () => {
  it("keeps the built-in groups and lists the user's cases and broken packages per source directory", async () => {
    const body = m.contracts.ScriptsResponseSchema.parse((await get("/api/scripts")).json());
    expect(body.scenario1.testCases).toHaveLength(5);
    expect(body.scenario2.testCases).toHaveLength(8);
    expect(body.sources).toHaveLength(2);
    const [user, missing] = body.sources!;
    expect(user).toMatchObject({
      name: casesDir,
      scenario1: { testCases: [{ id: "user-dmz", scriptPath: "user-dmz", scenario: "scenario1", isScenario: true }] },
      scenario2: {
        testCases: [
          { id: "user-homoglyph", name: "Unicode Homoglyph Backdoor", scenario: "scenario2", isScenario: true },
        ],
      },
    });
    expect(user!.broken).toEqual([
      { id: "broken-typo", folder: "broken-typo", problems: expect.arrayContaining([expect.any(String)]) },
    ]);
    expect(user!.broken[0]!.problems[0]).toMatch(
      /^case\.yaml, field .+: the file "hosts\/developer-workstation\/.+" does not exist$/,
    );
    // A directory that does not exist is listed, empty: the page says so instead of hiding a typo.
    expect(missing).toEqual({
      name: missingDir,
      scenario1: { testCases: [] },
      scenario2: { testCases: [] },
      broken: [],
    });
  });
});

describe("running a user's case", () => {
  it("refuses a broken package with a 422 sentence naming its problems", async () => {
    const res = await post("/api/execute-scenario", { scenarioId: "broken-typo", model: "builtin/reference" });
    expect(res.statusCode).toBe(422);
    const error = m.contracts.ApiErrorSchema.parse(res.json());
    expect(error.code).toBe("BROKEN_CASE");
    expect(error.error).toMatch(
      /^The case "broken-typo" \(folder broken-typo in .+\/cases\) cannot be run: its package failed its checks with \d+ problems: case\.yaml, field .+ does not exist; .+\. Fix the package and restart the server\.$/,
    );
    const script = await post("/api/execute-script", { scriptPath: "broken-typo" });
    expect(script.statusCode).toBe(422);
    expect(script.json()).toMatchObject({ code: "BROKEN_CASE" });
    // An id nobody defined is still unknown.
    expect(
      (await post("/api/execute-scenario", { scenarioId: "no-such-case", model: "builtin/reference" })).json(),
    ).toMatchObject({ code: "UNKNOWN_CASE" });
  });

  it("runs a user's Scenario 2 case with builtin/reference to a perfect score", async () => {
    const res = await post("/api/execute-scenario", { scenarioId: "user-homoglyph", model: "builtin/reference" });
    expect(res.statusCode).toBe(200);
    const done = res.body
      .split("\n")
      .filter((l) => l.startsWith("data:"))
      .map((l) => JSON.parse(l.slice(5)) as { event?: string; message?: string })
      .at(-1);
    expect(done).toMatchObject({ event: "done", message: expect.stringMatching(/Run completed: 10 mean per sample/) });
  });
});

describe("the reference and metadata pages with a user's cases", () => {
  it("adds the user's Scenario 2 narrative and task after the built-in ones, marked with their source", async () => {
    const view = m.contracts.Scenario2ViewSchema.parse((await get("/api/scenarios/scenario2")).json());
    const source = { name: casesDir, caseId: "user-homoglyph" };
    expect(view.narratives).toHaveLength(9);
    expect(view.narratives.slice(0, 8).every((n) => n.source === undefined)).toBe(true);
    expect(view.narratives[8]).toMatchObject({ id: "user-homoglyph", source });
    expect(view.narratives[8]!.title).toBe(view.narratives.find((n) => n.id === "narrative4")!.title);
    expect(view.llm_tasks.tasks).toHaveLength(9);
    expect(view.llm_tasks.tasks[8]).toMatchObject({ id: "user-homoglyph", source });
    expect(view.llm_tasks.tasks[8]!.checkpoints).toHaveLength(4);
  });

  it("adds the user's Scenario 1 devices, configurations and tasks, marked with their source", async () => {
    const view = m.contracts.Scenario1ViewSchema.parse((await get("/api/scenarios/scenario1")).json());
    const source = { name: casesDir, caseId: "user-dmz" };
    const marked = <T extends { source?: unknown }>(items: T[]) => items.filter((i) => i.source !== undefined);
    const userDevices = marked(view.devices);
    expect(userDevices.every((d) => d.zone === "dmz" && JSON.stringify(d.source) === JSON.stringify(source))).toBe(
      true,
    );
    // The copy has the devices of the built-in DMZ case: each appears twice, once marked.
    const builtInDmz = view.devices.filter((d) => d.zone === "dmz" && !d.source);
    expect(userDevices.map((d) => d.name)).toEqual(builtInDmz.map((d) => d.name));
    expect(marked(view.configs).map((c) => c.id)).toEqual(["crm-nginx-vhost", "mail-postfix-main-cf"]);
    expect(view.llm_tasks.tasks.filter((task) => task.source).map((task) => task.id)).toEqual([
      "dmz-crm-exposed-git",
      "dmz-mail-open-relay",
    ]);
  });

  it("lists the user's cases on the Metadata page with their source", async () => {
    const { metadata } = m.contracts.MetadataListResponseSchema.parse((await get("/api/metadata")).json());
    expect(metadata.map((f) => f.id)).toEqual(expect.arrayContaining(["user-dmz", "user-homoglyph"]));
    expect(metadata.find((f) => f.id === "user-homoglyph")).toMatchObject({ scenario: "S2", source: casesDir });
    expect(metadata.find((f) => f.id === "s1-dmz")!.source).toBeUndefined();
    expect(metadata.some((f) => f.id === "broken-typo")).toBe(false);
  });

  it("finds the user's case and its narrative in the header search", async () => {
    const res = m.contracts.SearchResponseSchema.parse((await get("/api/search?q=user-homoglyph")).json());
    const hits = res.groups.flatMap((g) => g.hits);
    expect(hits).toContainEqual(
      expect.objectContaining({ page: "scripts", target: { kind: "case", id: "user-homoglyph" } }),
    );
    expect(hits).toContainEqual(
      expect.objectContaining({
        detail: `Scenario 2 narrative · user-homoglyph from ${casesDir}`,
        target: { kind: "scenario", scenario: "scenario2", section: "narratives", item: "user-homoglyph" },
      }),
    );
  });
});

describe("the Inspect Viewer's tasks", () => {
  it("include the user's runnable cases, not the broken package", async () => {
    const { scenarios } = m.contracts.InspectTasksResponseSchema.parse((await get("/api/inspect/scenarios")).json());
    expect(scenarios.map((s) => s.id)).toEqual(expect.arrayContaining(["user-dmz", "user-homoglyph"]));
    expect(scenarios.some((s) => s.id === "broken-typo")).toBe(false);
  });
});

describe("start-up warnings", () => {
  it("says one line per broken package and one for a directory that does not exist", () => {
    expect(m.userCases.userCaseWarnings()).toEqual([
      expect.stringMatching(
        /^Warning: the case package .+\/cases\/broken-typo \(from ANALYSTBENCH_CASES_DIR\) failed its checks and is listed but cannot be run: case\.yaml, field .+\.$/,
      ),
      `Warning: ${missingDir} (from ANALYSTBENCH_CASES_DIR) does not exist; no cases are read from it.`,
    ]);
  });
});

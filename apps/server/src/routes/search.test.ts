import { SearchResponseSchema, type SearchResponse } from "@analystbench/contracts";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scenarioReference } from "../services/scenario-reference";
import { createTestApp, type TestApp } from "../test-support/test-app";

/** A workspace with results, logs, ordinary files, and a symlinked folder outside the workspace. */
let dataDir: string;
let t: TestApp;
let auth: Record<string, string>;
const RUN_ID = "run-7f3a9c21";
const LOG_NAME = `2026-11-20T10-11-12-000Z_s2-homoglyph-backdoor_${RUN_ID}.json`;

beforeAll(async () => {
  dataDir = realpathSync(mkdtempSync(path.join(os.tmpdir(), "analystbench-search-")));
  const ws = path.join(dataDir, "workspace");
  mkdirSync(path.join(ws, "results/s1-dmz"), { recursive: true });
  mkdirSync(path.join(ws, "logs"));
  mkdirSync(path.join(ws, "notes/deep/er"), { recursive: true });
  mkdirSync(path.join(dataDir, "outside"));
  writeFileSync(path.join(ws, "results/s1-dmz/report_reference.md"), "# Report\n");
  writeFileSync(path.join(ws, "results/s1-dmz/records_reference.jsonl"), "{}\n");
  writeFileSync(path.join(ws, "logs", LOG_NAME), "{}");
  writeFileSync(path.join(ws, "notes/deep/er/firewall-export.txt"), "rules");
  writeFileSync(path.join(dataDir, "outside/secret-outside.txt"), "secret");
  symlinkSync(path.join(dataDir, "outside"), path.join(ws, "link-out"));
  t = await createTestApp({ workspaceDir: ws });
  auth = { authorization: `Bearer ${await t.login()}` };
  await t.db.execute({
    sql: "INSERT INTO runs (id, case_id, model, status, created_at) VALUES (?, ?, ?, ?, ?)",
    args: [RUN_ID, "s2-homoglyph-backdoor", "openai/gpt-test-model", "completed", "2026-11-20T10:11:12.000Z"],
  });
});

afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function search(q: string, extra = ""): Promise<SearchResponse> {
  const res = await t.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}${extra}`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return SearchResponseSchema.parse(res.json());
}

const group = (r: SearchResponse, id: string) => r.groups.find((g) => g.id === id);

describe("GET /api/search", () => {
  it("finds a test case by id, by a word of its name, whatever the case of the letters", async () => {
    for (const q of ["s1-dmz", "S1-DMZ", "homoglyph"]) {
      const cases = group(await search(q), "cases");
      expect(cases?.hits[0]?.page, q).toBe("scripts");
      expect(cases?.hits[0]?.target.kind, q).toBe("case");
    }
    const hit = group(await search("homoglyph"), "cases")!.hits[0]!;
    expect(hit.target).toEqual({ kind: "case", id: "s2-homoglyph-backdoor" });
  });

  it("finds scenario devices by name and by address, opening the device in its section", async () => {
    const view = scenarioReference("scenario1");
    if (view?.id !== "scenario1") throw new Error("scenario1 has no reference view");
    const device = view.devices[0]!;
    for (const q of [device.name, device.ip]) {
      const content = group(await search(q), "content");
      expect(content?.hits.map((h) => h.target)).toContainEqual({
        kind: "scenario",
        scenario: "scenario1",
        section: "devices",
        item: device.name,
      });
    }
  });

  it("'dmz' finds the DMZ case and DMZ content, grouped, cases first", async () => {
    const r = await search("dmz");
    expect(r.groups[0]?.id).toBe("cases");
    expect(group(r, "cases")?.hits.some((h) => h.target.kind === "case" && h.target.id === "s1-dmz")).toBe(true);
    expect(group(r, "content")?.hits.length).toBeGreaterThan(0);
  });

  it("finds runs by id, case and model; results and logs in their own groups, not as plain files", async () => {
    expect(group(await search(RUN_ID.slice(4)), "runs")?.hits[0]?.target).toEqual({ kind: "run", id: RUN_ID });
    expect(group(await search("gpt-test"), "runs")?.hits).toHaveLength(1);
    const results = group(await search("report_reference"), "results");
    expect(results?.hits[0]?.target).toEqual({ kind: "result", path: "results/s1-dmz/report_reference.md" });
    const logs = group(await search("homoglyph"), "logs");
    expect(logs?.hits[0]?.target).toEqual({ kind: "eval-log", name: LOG_NAME });
    // The folder results/s1-dmz is a file-browser hit; the files inside it are result hits only.
    const files = group(await search("s1-dmz"), "files")!.hits.map((h) => h.target);
    expect(files).toEqual([{ kind: "file", path: "results/s1-dmz", isDirectory: true }]);
  });

  it("finds a file deep in the workspace by part of its name, with its workspace-relative path", async () => {
    const files = group(await search("firewall-exp"), "files");
    expect(files?.hits[0]?.target).toEqual({
      kind: "file",
      path: "notes/deep/er/firewall-export.txt",
      isDirectory: false,
    });
    expect(JSON.stringify(files)).not.toContain(dataDir);
  });

  it("never walks through a symlink out of the workspace", async () => {
    const r = await search("secret-outside");
    expect(r.groups.flatMap((g) => g.hits)).toEqual([]);
    // The link itself is an entry of the workspace and may be found by its own name.
    expect(group(await search("link-out"), "files")?.hits[0]?.target).toMatchObject({ path: "link-out" });
  });

  it("needs every word: 'dmz zzzz-nothing' finds nothing; limit caps each group and counts the rest", async () => {
    expect((await search("dmz zzzz-nothing")).groups).toEqual([]);
    const capped = await search("s", "&limit=1");
    for (const g of capped.groups) expect(g.hits.length).toBe(1);
    expect(capped.groups.some((g) => g.more > 0)).toBe(true);
  });

  it("treats regex and SQL characters as text", async () => {
    for (const q of [".*", "%", "' OR 1=1 --", "[", "\\", "__proto__"]) {
      const r = await search(q);
      expect(r.query).toBe(q.trim());
    }
  });

  it("answers a missing, blank, overlong query or a bad limit with a 400 and a sentence", async () => {
    for (const url of [
      "/api/search",
      "/api/search?q=",
      "/api/search?q=%20%20",
      `/api/search?q=${"a".repeat(201)}`,
      "/api/search?q=dmz&limit=0",
      "/api/search?q=dmz&limit=abc",
      "/api/search?q=dmz&limit=51",
    ]) {
      const res = await t.app.inject({ url, headers: auth });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toMatch(/^The query is not valid: \w+: [A-Z][^.]*\.$/);
    }
  });

  it("answers 401 without a session", async () => {
    const res = await t.app.inject({ url: "/api/search?q=dmz" });
    expect(res.statusCode).toBe(401);
  });
});

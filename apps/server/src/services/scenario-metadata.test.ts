import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { MetadataListResponseSchema } from "@analystbench/contracts";
import { TEST_CASES, type TestCase } from "@analystbench/scenarios";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { createMetadataStore, renderCaseYaml, writeScenarioMetadata } from "./scenario-metadata";

let ws: string;
beforeEach(() => {
  ws = mkdtempSync(path.join(os.tmpdir(), "analystbench-meta-"));
});
afterEach(() => rmSync(ws, { recursive: true, force: true }));

const dir = () => path.join(ws, "scenarios");

describe("scenario metadata files", () => {
  it("writes one YAML file per case, 13 in all, and nothing else", async () => {
    const { written, unchanged } = await writeScenarioMetadata(ws);
    expect(written).toHaveLength(13);
    expect(unchanged).toEqual([]);
    expect(readdirSync(dir()).sort()).toEqual(TEST_CASES.map((c) => `${c.id}.yaml`).sort());
  });

  it.each(TEST_CASES.map((c) => [c.id, c] as const))("%s parses back to its case", async (id, c) => {
    await writeScenarioMetadata(ws);
    const doc = parse(readFileSync(path.join(dir(), `${id}.yaml`), "utf8"));
    expect(doc).toMatchObject({ id, name: c.name, description: c.description, category: c.category });
    expect(doc.scenario).toBe(c.scenario);
    expect(doc.tools).toEqual([...c.tools]);
    expect(doc.tools.length).toBeGreaterThan(0);
    expect(doc.samples.map((s: { id: string }) => s.id)).toEqual(c.samples.map((s) => s.id));
    for (const [i, sample] of c.samples.entries()) {
      const written = doc.samples[i];
      expect(written.title).toBe(sample.title);
      expect(written.max_points).toBe(10);
      expect(written.checkpoints).toEqual(
        sample.task.checkpoints.map((cp) => ({ number: cp.number, name: cp.name, points: `±${cp.number}` })),
      );
      if (c.scenario === "S1") expect(written.device).toBe(sample.device);
      else expect(written.narrative).toEqual({ id: sample.narrative!.id, title: sample.narrative!.title });
    }
  });

  it("does not rewrite a file whose content is unchanged, so its modified time means something", async () => {
    await writeScenarioMetadata(ws);
    const file = path.join(dir(), "s1-dmz.yaml");
    const before = statSync(file);
    const again = await writeScenarioMetadata(ws);
    expect(again.written).toEqual([]);
    expect(again.unchanged).toHaveLength(13);
    const after = statSync(file);
    expect(after.ino).toBe(before.ino);
    expect(after.mtimeMs).toBe(before.mtimeMs);
  });

  it("replaces a changed file atomically: a new file is renamed into place, no temp file is left", async () => {
    mkdirSync(dir());
    const file = path.join(dir(), "s2-typosquatting.yaml");
    writeFileSync(file, "stale: true\n");
    // A hard link sees in-place writes; a rename leaves it holding the old bytes.
    const link = path.join(ws, "old-link.yaml");
    linkSync(file, link);
    const { written } = await writeScenarioMetadata(ws);
    expect(written).toContain("s2-typosquatting");
    expect(readFileSync(link, "utf8")).toBe("stale: true\n");
    expect(readFileSync(file, "utf8")).toBe(renderCaseYaml(TEST_CASES.find((c) => c.id === "s2-typosquatting")!));
    expect(readdirSync(dir()).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });

  it("rewrites only the case whose content changed", async () => {
    await writeScenarioMetadata(ws);
    const [first, ...rest] = TEST_CASES;
    const changed: TestCase = { ...first!, description: `${first!.description} (revised)` };
    const { written } = await writeScenarioMetadata(ws, [changed, ...rest]);
    expect(written).toEqual([first!.id]);
    expect(parse(readFileSync(path.join(dir(), `${first!.id}.yaml`), "utf8")).description).toMatch(/\(revised\)$/);
  });
});

describe("the metadata list", () => {
  it("lists every case with the file's text, modified time and workspace-relative path", async () => {
    await writeScenarioMetadata(ws);
    const list = MetadataListResponseSchema.parse({ metadata: await createMetadataStore({ workspaceDir: ws }).list() });
    expect(list.metadata).toHaveLength(13);
    expect(list.metadata.filter((m) => m.scenario === "S1")).toHaveLength(5);
    expect(list.metadata.filter((m) => m.scenario === "S2")).toHaveLength(8);
    const dmz = list.metadata.find((m) => m.id === "s1-dmz")!;
    expect(dmz).toMatchObject({
      name: "DMZ Perimeter Services",
      category: "Network Security",
      path: "scenarios/s1-dmz.yaml",
    });
    expect(dmz.content).toBe(readFileSync(path.join(dir(), "s1-dmz.yaml"), "utf8"));
    expect(dmz.modified).toBe(statSync(path.join(dir(), "s1-dmz.yaml")).mtime.toISOString());
  });

  it("serves the generated text without a path when a file is missing or not a regular file", async () => {
    await writeScenarioMetadata(ws);
    rmSync(path.join(dir(), "s1-ics.yaml"));
    rmSync(path.join(dir(), "s1-corp.yaml"));
    mkdirSync(path.join(dir(), "s1-corp.yaml"));
    const store = createMetadataStore({ workspaceDir: ws, now: () => new Date("2026-03-01T00:00:00Z") });
    const list = await store.list();
    for (const id of ["s1-ics", "s1-corp"]) {
      const m = list.find((x) => x.id === id)!;
      expect(m.path).toBeUndefined();
      expect(m.modified).toBe("2026-03-01T00:00:00.000Z");
      expect(parse(m.content).id).toBe(id);
    }
  });
});

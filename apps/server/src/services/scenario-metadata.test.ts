import {
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { MetadataListResponseSchema } from "@analystbench/contracts";
import { TEST_CASES, type TestCase } from "@analystbench/scenarios";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { createMetadataStore, renderCaseYaml, ScenarioMetadataError, writeScenarioMetadata } from "./scenario-metadata";

let ws: string;
let outside: string;
beforeEach(() => {
  ws = mkdtempSync(path.join(os.tmpdir(), "analystbench-meta-"));
  outside = mkdtempSync(path.join(os.tmpdir(), "analystbench-meta-outside-"));
});
afterEach(() => {
  rmSync(ws, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

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

describe("symlinks in the metadata directory", () => {
  const SECRET = "OUTSIDE-THE-WORKSPACE: not metadata";

  it("refuses a scenarios/ that is a symlink to an outside directory: nothing written there, a clear error", async () => {
    writeFileSync(path.join(outside, "s1-dmz.yaml"), SECRET);
    symlinkSync(outside, dir());
    const error = await writeScenarioMetadata(ws).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScenarioMetadataError);
    expect((error as Error).message).toMatch(/scenarios\/ folder is a symlink .*neither read nor written/);
    // The message reaches the console, which never shows where the server keeps its files.
    expect((error as Error).message).not.toContain(ws);
    expect(readdirSync(outside)).toEqual(["s1-dmz.yaml"]);
    expect(readFileSync(path.join(outside, "s1-dmz.yaml"), "utf8")).toBe(SECRET);
    expect(lstatSync(dir()).isSymbolicLink()).toBe(true);
  });

  it("refuses a scenarios/ that is a symlink even to a directory inside the workspace", async () => {
    mkdirSync(path.join(ws, "elsewhere"));
    symlinkSync(path.join(ws, "elsewhere"), dir());
    await expect(writeScenarioMetadata(ws)).rejects.toThrow(/is a symlink/);
    expect(readdirSync(path.join(ws, "elsewhere"))).toEqual([]);
  });

  it("still follows a workspace path that is itself a symlink (the operator's configuration)", async () => {
    // The configured workspace path itself may be a symlink (an operator's choice); that is followed.
    const real = realpathSync(ws);
    const alias = path.join(outside, "ws-alias");
    symlinkSync(real, alias);
    const { written } = await writeScenarioMetadata(alias);
    expect(written).toHaveLength(13);
    expect(readdirSync(dir())).toHaveLength(13);
  });

  it("the list does not read through a symlinked scenarios/: generated text, no path, no outside bytes", async () => {
    writeFileSync(path.join(outside, "s1-dmz.yaml"), SECRET);
    symlinkSync(outside, dir());
    const list = await createMetadataStore({ workspaceDir: ws }).list();
    expect(list).toHaveLength(13);
    for (const m of list) {
      expect(m.path).toBeUndefined();
      expect(m.content).not.toContain(SECRET);
    }
  });

  it("leaves a symlinked case file alone, writes the others, and says which it refused", async () => {
    const target = path.join(outside, "target.yaml");
    writeFileSync(target, SECRET);
    mkdirSync(dir());
    symlinkSync(target, path.join(dir(), "s1-dmz.yaml"));
    const error = await writeScenarioMetadata(ws).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScenarioMetadataError);
    expect((error as Error).message).toContain("scenarios/s1-dmz.yaml is a symlink");
    expect((error as ScenarioMetadataError).written).toHaveLength(12);
    expect(readFileSync(target, "utf8")).toBe(SECRET);
    expect(lstatSync(path.join(dir(), "s1-dmz.yaml")).isSymbolicLink()).toBe(true);
    expect(readdirSync(outside)).toEqual(["target.yaml"]);
    const dmz = (await createMetadataStore({ workspaceDir: ws }).list()).find((m) => m.id === "s1-dmz")!;
    expect(dmz.path).toBeUndefined();
    expect(dmz.content).not.toContain(SECRET);
    expect(parse(dmz.content).id).toBe("s1-dmz");
  });
});

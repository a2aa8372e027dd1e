import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TEST_CASES } from "../cases";
import { BUILT_IN_CONTENT_DIR } from "./catalog";
import { lightCaseList } from "./catalog-light";

/** What `analystbench cases --json` shows of a registry case. */
const header = (c: (typeof TEST_CASES)[number]) => ({
  id: c.id,
  scenario: c.scenario,
  name: c.name,
  category: c.category,
  description: c.description,
  samples: c.samples.map((s) => ({ id: s.id, title: s.title })),
});

describe("lightCaseList", () => {
  const temps: string[] = [];
  afterEach(() => {
    for (const t of temps.splice(0)) rmSync(t, { recursive: true, force: true });
  });

  /** A copy of what the light reading reads of the built-in content (the manifests, the zones) to alter. */
  function contentCopy(): string {
    const root = mkdtempSync(path.join(os.tmpdir(), "catalog-light-"));
    temps.push(root);
    const manifests = TEST_CASES.map((c) => path.join(path.relative(BUILT_IN_CONTENT_DIR, c.dir), "case.yaml"));
    for (const rel of ["scenarios/s1/scenario.yaml", ...manifests])
      cpSync(path.join(BUILT_IN_CONTENT_DIR, rel), path.join(root, rel));
    return root;
  }

  it("lists the built-in cases exactly as the registry does, in its order", () => {
    expect(lightCaseList({})).toEqual(TEST_CASES.filter((c) => c.source.builtIn).map(header));
  });

  it("leaves the list to the registry when ANALYSTBENCH_CASES_DIR names a user's packages", () => {
    expect(lightCaseList({ ANALYSTBENCH_CASES_DIR: "/somewhere" })).toBeUndefined();
    expect(lightCaseList({ ANALYSTBENCH_CASES_DIR: " " })).toEqual(lightCaseList({}));
  });

  it("renders identifiers and reads titles written as block scalars or after other keys", () => {
    const root = contentCopy();
    const file = path.join(root, "cases", "s2-typosquatting", "case.yaml");
    const yaml = readFileSync(file, "utf8")
      .replace(/^task:\n/m, "task:\n  # a comment\n  extra: |\n    title: not this one\n")
      .replace(/^ {2}title: Build host.*$/m, "  title: >-\n    Squat {{package_1}}\n    found");
    writeFileSync(file, yaml);
    const listed = lightCaseList({}, root)!.find((c) => c.id === "s2-typosquatting")!;
    expect(listed.samples).toEqual([{ id: "narrative1", title: "Squat fast-xml-praser found" }]);
  });

  it.each([
    ["a title read from a file", (y: string) => y.replace(/^ {2}title: Build host.*$/m, "  title: {file: t.txt}")],
    ["an inline task", (y: string) => y.replace(/^task:\n/m, "task: &t\n")],
    ["an unknown identifier", (y: string) => y.replace(/^name: .*$/m, "name: Typo {{nowhere}}")],
    ["a duplicate key", (y: string) => `${y}\nname: again\n`],
    ["a field that is not valid YAML", (y: string) => y.replace(/^name: .*$/m, 'name: "unclosed')],
  ])("gives undefined for %s, so the registry answers", (_what, change) => {
    const root = contentCopy();
    const file = path.join(root, "cases", "s2-typosquatting", "case.yaml");
    writeFileSync(file, change(readFileSync(file, "utf8")));
    expect(lightCaseList({}, root)).toBeUndefined();
  });

  it("gives undefined when two packages share an id", () => {
    const root = contentCopy();
    cpSync(path.join(root, "cases", "s1-dmz"), path.join(root, "cases", "s1-dmz-copy"), { recursive: true });
    expect(lightCaseList({}, root)).toBeUndefined();
  });
});

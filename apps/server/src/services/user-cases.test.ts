import type { BrokenPackage, TestCase } from "@analystbench/scenarios";
import { describe, expect, it } from "vitest";
import { brokenCaseFolder, brokenCaseRefusal, userCaseSources, userCaseWarnings } from "./user-cases";

const source = (name: string) => ({ name, builtIn: false });
const broken = (id: string, dir: string, sourceName: string, problems: string[]): BrokenPackage => ({
  id,
  dir,
  source: source(sourceName),
  problems,
});
/** Only what the grouping reads of a case. */
const userCase = (id: string, sourceName: string) => ({ id, source: source(sourceName) }) as unknown as TestCase;
const builtIn = { id: "s1-dmz", source: { name: "built-in", builtIn: true } } as unknown as TestCase;

describe("userCaseSources", () => {
  it("groups the user's cases and broken packages by directory, in the variable's order, each directory once", () => {
    const sources = userCaseSources(
      [builtIn, userCase("a", "/b"), userCase("c", "/a")],
      [broken("x", "/a/x", "/a", ["case.yaml: bad"])],
      ["/a", "/b", "/a", "/empty"],
    );
    expect(sources.map((s) => [s.name, s.cases.map((c) => c.id), s.broken.map((b) => b.id)])).toEqual([
      ["/a", ["c"], ["x"]],
      ["/b", ["a"], []],
      ["/empty", [], []],
    ]);
  });
});

describe("brokenCaseRefusal", () => {
  it("names the folder, the source and the first five problems, and counts the rest", () => {
    const problems = Array.from({ length: 7 }, (_, i) => `case.yaml, field f${i}: wrong`);
    const refusal = brokenCaseRefusal("x", [broken("x", "/cases/pkgs/x", "/cases", problems)]);
    expect(refusal).toBe(
      'The case "x" (folder pkgs/x in /cases) cannot be run: its package failed its checks with 7 problems: case.yaml, field f0: wrong; case.yaml, field f1: wrong; case.yaml, field f2: wrong; case.yaml, field f3: wrong; case.yaml, field f4: wrong; and 2 more. Fix the package and restart the server.',
    );
    expect(brokenCaseRefusal("y", [broken("x", "/cases/x", "/cases", problems)])).toBeUndefined();
  });

  it('calls a package that is its source directory itself folder "."', () => {
    expect(brokenCaseFolder(broken("x", "/cases/x", "/cases/x", []))).toBe(".");
    expect(brokenCaseRefusal("x", [broken("x", "/cases/x", "/cases/x", ["case.yaml: bad"])])).toContain(
      "with 1 problem: case.yaml: bad.",
    );
  });
});

describe("userCaseWarnings", () => {
  it("tells an empty directory from a missing one, and says nothing of a directory with cases", () => {
    const sources = userCaseSources([userCase("a", "/ok")], [], ["/ok", "/empty", "/missing"]);
    expect(userCaseWarnings(sources, (dir) => dir !== "/missing")).toEqual([
      "Warning: /empty (from ANALYSTBENCH_CASES_DIR) holds no case package (no case.yaml in it or in its sub-folders).",
      "Warning: /missing (from ANALYSTBENCH_CASES_DIR) does not exist; no cases are read from it.",
    ]);
  });
});

import { existsSync } from "node:fs";
import path from "node:path";
import { BROKEN_CASES, TEST_CASES, userCaseDirs, type BrokenPackage, type TestCase } from "@analystbench/scenarios";

/**
 * A user's own case packages (the directories of ANALYSTBENCH_CASES_DIR), grouped by the directory
 * they come from. The registry has read and checked them already; this only arranges what it
 * found for the Test Cases page, the run refusal and the start-up warnings. Nothing here throws for
 * a broken package or a missing directory: neither may stop the server.
 */

export interface UserCaseSource {
  /** The directory as given in ANALYSTBENCH_CASES_DIR. */
  name: string;
  cases: TestCase[];
  broken: BrokenPackage[];
}

/**
 * One source per directory, in the order ANALYSTBENCH_CASES_DIR gives them, including a directory
 * that holds no package (so the page can say so). A directory named twice is listed once.
 */
export function userCaseSources(
  cases: readonly TestCase[] = TEST_CASES,
  broken: readonly BrokenPackage[] = BROKEN_CASES,
  dirs: readonly string[] = userCaseDirs(),
): UserCaseSource[] {
  const user = cases.filter((c) => !c.source.builtIn);
  // The registry read the environment when it was first imported; its sources count even if it changed since.
  const names = [...new Set([...dirs, ...user.map((c) => c.source.name), ...broken.map((b) => b.source.name)])];
  return names.map((name) => ({
    name,
    cases: user.filter((c) => c.source.name === name),
    broken: broken.filter((b) => b.source.name === name),
  }));
}

/** The package's folder relative to its source directory, as its author knows it ("." for the source itself). */
export function brokenCaseFolder(b: BrokenPackage): string {
  return path.relative(path.resolve(b.source.name), b.dir) || ".";
}

/** Problems named in one sentence; the rest are counted (the Test Cases page lists them all). */
const PROBLEMS_NAMED = 5;

function problemList(problems: readonly string[]): string {
  const named = problems.slice(0, PROBLEMS_NAMED).join("; ");
  const rest = problems.length - PROBLEMS_NAMED;
  return rest > 0 ? `${named}; and ${rest} more` : named;
}

/**
 * Why the case with this id cannot be run, when it is a package that failed its checks; undefined
 * for any other id (a runnable case or one nobody defined).
 */
export function brokenCaseRefusal(id: string, broken: readonly BrokenPackage[] = BROKEN_CASES): string | undefined {
  const b = broken.find((p) => p.id === id);
  if (!b) return undefined;
  const count = b.problems.length === 1 ? "1 problem" : `${b.problems.length} problems`;
  return `The case "${id}" (folder ${brokenCaseFolder(b)} in ${b.source.name}) cannot be run: its package failed its checks with ${count}: ${problemList(b.problems)}. Fix the package and restart the server.`;
}

/**
 * The start-up warnings: one line per package that failed its checks, and one per directory of
 * ANALYSTBENCH_CASES_DIR that holds no package at all (most often a typo in the path).
 */
export function userCaseWarnings(
  sources: readonly UserCaseSource[] = userCaseSources(),
  exists: (dir: string) => boolean = existsSync,
): string[] {
  return sources.flatMap((s) => {
    const lines = s.broken.map(
      (b) =>
        `Warning: the case package ${b.dir} (from ANALYSTBENCH_CASES_DIR) failed its checks and is listed but cannot be run: ${problemList(b.problems)}.`,
    );
    if (s.cases.length === 0 && s.broken.length === 0)
      lines.push(
        exists(path.resolve(s.name))
          ? `Warning: ${s.name} (from ANALYSTBENCH_CASES_DIR) holds no case package (no case.yaml in it or in its sub-folders).`
          : `Warning: ${s.name} (from ANALYSTBENCH_CASES_DIR) does not exist; no cases are read from it.`,
      );
    return lines;
  });
}

import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * In a process of its own: the flag is the process's, and unfixed the match would hold this test
 * runner for hours (31 x's; every added x doubles it), past any timeout it could set.
 */
function runawayMatch() {
  const script = `
    const { finishRunawayRegexesLinearly } = await import(${JSON.stringify(path.join(import.meta.dirname, "linear-regex.ts"))});
    finishRunawayRegexesLinearly();
    const line = "x".repeat(31);
    console.log(JSON.stringify([/^(x+x+)+y$/.test(line), /^(x+x+)+$/.test(line), "aXbXc".replace(/(x)/gi, "[$1]")]));`;
  return spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    encoding: "utf8",
    timeout: 60_000,
  });
}

describe("finishRunawayRegexesLinearly", () => {
  it("lets a pattern that backtracks without end finish, with the same answers", () => {
    const r = runawayMatch();
    expect(r.error).toBeUndefined();
    expect(JSON.parse(r.stdout)).toEqual([false, true, "a[X]b[X]c"]);
  });
});

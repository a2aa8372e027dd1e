import { describe, expect, it } from "vitest";
import { aggregateLeaderboard } from "./aggregate";
import { compareModels } from "./compare";
import { csvField, rankingCsv } from "./csv";
import { handWorked } from "./fixture-set";
import { markdownCell, rankingMarkdown } from "./markdown";
import { costPerPointText, differenceText, intervalText, percentText, scaleCaption } from "./render";

describe("figures as text", () => {
  it("says intervals with the typographic minus and never −0", () => {
    expect(intervalText({ mean: 3.4, low: -1.25, high: 6.5 })).toBe("3.4 [−1.25, 6.5]");
    expect(intervalText({ mean: -0.001, low: -0.004, high: 0 })).toBe("0 [0, 0]");
    expect(intervalText(null)).toBe("no score");
    expect(differenceText({ mean: 1.5, low: -0.5, high: 3 })).toBe("+1.5 [−0.5, +3]");
    expect(differenceText({ mean: 0.001, low: 0, high: 0.004 })).toBe("0 [0, 0]");
    expect(differenceText(null)).toBe("no pairs");
    expect(percentText(2 / 3)).toBe("67%");
    expect(percentText(null)).toBe("—");
  });

  it("says unknown for an unknown cost, never $0, and — when no points were bought", () => {
    expect(costPerPointText({ costUsd: null, costPerPoint: null })).toBe("unknown");
    expect(costPerPointText({ costUsd: 0.5, costPerPoint: null })).toBe("—");
    expect(costPerPointText({ costUsd: 0.5, costPerPoint: 0.05 })).toBe("$0.0500");
  });

  it("states the resamples it drew", () => {
    expect(scaleCaption(19)).toContain("2,000 resamples of samples");
    expect(scaleCaption(40_000)).toContain("200 resamples of samples");
  });
});

describe("csvField (RFC 4180)", () => {
  it.each([
    ["plain", "plain"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["cr\r", '"cr\r"'],
    ["a | b", "a | b"],
    ["", ""],
  ])("%j → %j", (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it("writes numbers plainly and null as an empty cell, never 0", () => {
    expect([csvField(-2.5), csvField(0), csvField(null)]).toEqual(["-2.5", "0", ""]);
  });

  it("writes a header and CRLF lines, unknown cost empty", () => {
    const csv = rankingCsv(aggregateLeaderboard(handWorked(), {}));
    const lines = csv.split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe("");
    expect(lines[2]!.endsWith(",,")).toBe(true);
    expect(lines[1]!.split(",").slice(4, 11)).toEqual(["1", "acme/a", "3", "2", "5", "1", "3.4"]);
    expect(rankingCsv(aggregateLeaderboard([], {})).split("\r\n")).toHaveLength(2);
  });
});

describe("markdown", () => {
  it("keeps a cell one cell, on one line, printing as written", () => {
    expect(markdownCell("a | b")).toBe("a \\| b");
    expect(markdownCell("two\nlines\r\n")).toBe("two lines");
    expect(markdownCell("*bold* _it_ `code` [link](x) <b> \\")).toBe(
      "\\*bold\\* \\_it\\_ \\`code\\` \\[link\\](x) \\<b\\> \\\\",
    );
  });

  it("gives each group a caption and a table, and the paired line when asked", () => {
    const board = aggregateLeaderboard(handWorked(), {});
    const pair = compareModels(handWorked(), { a: "acme/a", b: "acme/b" });
    const md = rankingMarkdown(board, pair);
    expect(md).toContain("| 1 | acme/a | 3 × 2 | 3.4 [");
    expect(md).toContain("| 2 | acme/b | 3 × 2 | 2 [");
    expect(md).toContain("| unknown |");
    expect(md).toContain("Invalid results in this group: 1.");
    expect(md).toContain("Paired: acme/a − acme/b: 0 [");
    expect(md).toContain("8 checkpoint disagreements.");
    expect(rankingMarkdown(aggregateLeaderboard([], {}))).toBe("No benchmark records matched.\n");
  });
});

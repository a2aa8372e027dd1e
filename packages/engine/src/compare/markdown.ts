import type { CompareResponse, LeaderboardGroup, LeaderboardResponse } from "@analystbench/contracts";
import { sameKey } from "./groups";
import { costPerPointText, intervalText, pairedText, percentText, scaleCaption, shapeText } from "./render";

/**
 * The ranking as markdown tables ready for a paper: per group a caption stating the scale and
 * what the group is, then one row per model. Cells are escaped so a model name stays one cell
 * and prints as written: a pipe would end the cell, and *, _, ` and the like would format it.
 */

/** One line, pipes and markdown punctuation backslash-escaped. */
export function markdownCell(s: string): string {
  return s
    .replace(/[\r\n]+/g, " ")
    .replace(/[\\`*_[\]<>|#~]/g, (c) => `\\${c}`)
    .trim();
}

export function rankingMarkdown(board: LeaderboardResponse, compare?: CompareResponse | null): string {
  if (board.groups.length === 0) return "No benchmark records matched.\n";
  return board.groups.map((g) => groupMarkdown(g, compare)).join("\n");
}

function groupMarkdown(g: LeaderboardGroup, compare?: CompareResponse | null): string {
  const most = g.models.reduce((n, m) => Math.max(n, m.samples), 0);
  const invalid = g.models.reduce((n, m) => n + m.invalid, 0);
  const lines = [
    `**${markdownCell(g.label)}.** ${scaleCaption(most)}${invalid ? ` Invalid results in this group: ${invalid}.` : ""}`,
    "",
    "| Rank | Model | n × k | Mean [95 % CI] | Safe solve | pass^k | Harm | Invalid | Cost / point |",
    "|---:|:---|---:|:---|---:|---:|---:|---:|---:|",
    ...g.models.map(
      (m, i) =>
        `| ${i + 1} | ${markdownCell(m.model)} | ${shapeText(m)} | ${intervalText(m.score)} | ${percentText(m.safeSolveRate)} | ${percentText(m.passHatK)} | ${percentText(m.harmRate)} | ${m.invalid} | ${costPerPointText(m)} |`,
    ),
  ];
  const paired = compare?.groups.find((c) => sameKey(c.key, g.key));
  if (paired && compare)
    lines.push("", `Paired: ${pairedText(markdownCell(compare.a), markdownCell(compare.b), paired)}`);
  return `${lines.join("\n")}\n`;
}

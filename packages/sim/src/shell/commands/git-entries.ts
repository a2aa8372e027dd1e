import { diffStat, nameOnly, nameStatus, numStat, shortStat, treeChanges } from "../../git/diff-stat";
import { formatCommit, isNamedFormat, type CommitFormat } from "../../git/log-format";
import type { RefView } from "../../git/refs";
import { diffTrees, type CommitNode } from "../../git/repository-model";

/** Which diff outputs follow each commit (or make up `git diff`). */
export interface DiffChoice {
  stat: boolean;
  shortstat: boolean;
  numstat: boolean;
  names?: "name-only" | "name-status";
  patch: boolean;
}

/**
 * Reads the diff output options. `git show` and `git diff` print the patch unless told otherwise;
 * a stat or a name list replaces it unless -p asks for both.
 */
export function diffChoice(options: Map<string, string | true>, patchByDefault: boolean): DiffChoice {
  const has = (...names: string[]) => names.some((n) => options.has(n));
  const choice: DiffChoice = {
    stat: has("stat"),
    shortstat: has("shortstat"),
    numstat: has("numstat"),
    names: has("name-status") ? "name-status" : has("name-only") ? "name-only" : undefined,
    patch: has("p", "u", "patch"),
  };
  const other = choice.stat || choice.shortstat || choice.numstat || choice.names !== undefined;
  if (patchByDefault && !other) choice.patch = true;
  if (has("s", "no-patch")) return { stat: false, shortstat: false, numstat: false, patch: false };
  return choice;
}

export const showsDiff = (c: DiffChoice) => c.stat || c.shortstat || c.numstat || c.names !== undefined || c.patch;

/** What git's diff_flush prints: names, then stats, then (after a blank line) the patch. */
export function diffOutput(
  choice: DiffChoice,
  before: Map<string, string>,
  after: Map<string, string>,
  paths: string[],
): string {
  const files = treeChanges(before, after, paths);
  if (files.length === 0) return "";
  let out = "";
  if (choice.names === "name-only") out += nameOnly(files);
  if (choice.names === "name-status") out += nameStatus(files);
  if (choice.numstat) out += numStat(files);
  if (choice.stat) out += diffStat(files);
  else if (choice.shortstat) out += shortStat(files);
  if (choice.patch) out += `${out ? "\n" : ""}${diffTrees(before, after, paths)}`;
  return out;
}

/** Formats whose entries each end in a newline (git's "terminator" semantics) rather than being separated. */
const terminated = (f: CommitFormat) =>
  f.pretty === "oneline" || f.pretty === "reference" || (!isNamedFormat(f.pretty) && !f.separator);

/**
 * One commit of `git log` or `git show`: its header in the chosen format, then a blank line (or
 * "---" when both a stat and a patch follow) and its diff output. Nothing when a path filter
 * leaves the commit without changes to show.
 */
export function commitEntry(
  view: RefView,
  node: CommitNode,
  f: CommitFormat,
  choice: DiffChoice,
  paths: string[],
): string | undefined {
  let text = formatCommit(view, node, f);
  if (terminated(f)) text += "\n";
  if (!showsDiff(choice)) return text;
  const diff = diffOutput(choice, node.parent?.tree ?? new Map(), node.tree, paths);
  if (!diff) return paths.length ? undefined : text;
  if (f.pretty !== "oneline") text += `${choice.stat && choice.patch ? "---" : ""}\n`;
  return text + diff;
}

export function joinEntries(entries: string[], f: CommitFormat): string {
  return entries.join(terminated(f) ? "" : "\n");
}

/**
 * `--graph` for a history without merges: "* " before each commit, and before the lines under it
 * "| " while an older commit follows ("  " under a root commit). Side branches shown together
 * (--all) are drawn on the same line, which git would draw in a second column.
 */
export function graphEntries(entries: string[], nodes: CommitNode[], f: CommitFormat): string {
  const separator = terminated(f) ? "" : "\n";
  return entries
    .map((entry, i) => {
      const text = i < entries.length - 1 ? `${entry}${separator}` : entry;
      const lines = text.endsWith("\n") ? text.slice(0, -1).split("\n") : text.split("\n");
      const under = nodes[i]!.parent ? "| " : "  ";
      const drawn = lines.map((l, k) => `${k === 0 ? "* " : under}${l}`).join("\n");
      return text.endsWith("\n") ? `${drawn}\n` : drawn;
    })
    .join("");
}

import { chooseFormat } from "../../git/log-format";
import { headCommit, resolveRef } from "../../git/refs";
import type { CommitNode } from "../../git/repository-model";
import { fail, ok } from "../args";
import { parseGitArgs, REVISION_OPTIONS } from "./git-args";
import {
  ambiguous,
  needsWorkTree,
  newestFirst,
  repoPath,
  revisionsAndPaths,
  unrecognized,
  type GitRun,
  type Result,
} from "./git-context";
import { commitEntry, diffChoice, diffOutput, joinEntries } from "./git-entries";

/** `git show rev:path`: the file at that commit, or a folder's listing as git prints a tree. */
function showObject(run: GitRun, rev: string, path: string): Result {
  const node = resolveRef(run.view, rev || "HEAD");
  if (!node) return fail(`fatal: invalid object name '${rev}'.`, 128);
  // ./ and ../ are relative to the current folder; any other path is from the top of the tree.
  const full = /^\.\.?(\/|$)/.test(path) ? repoPath(run, path) : path.replace(/^\/+|\/+$/g, "");
  const content = node.tree.get(full);
  if (content !== undefined) return ok(content);
  const inside = [...node.tree.keys()].filter((p) => full === "" || p.startsWith(`${full}/`)).sort();
  if (inside.length) {
    const names = new Set(inside.map((p) => p.slice(full ? full.length + 1 : 0).replace(/\/.*$/, "/")));
    return ok(`tree ${rev}:${path}\n\n${[...names].join("\n")}\n`);
  }
  const onDisk = run.located.kind === "worktree" && run.fs.entryKind(`${run.located.top}/${full}`) !== undefined;
  return fail(`fatal: path '${full}' ${onDisk ? "exists on disk, but not" : "does not exist"} in '${rev}'`, 128);
}

export function gitShow(run: GitRun, args: string[]): Result {
  const g = parseGitArgs(args, REVISION_OPTIONS);
  if ("unknown" in g) return unrecognized(g.unknown);
  const objects = g.words.filter((w) => w.includes(":"));
  if (objects.length) {
    const [rev, ...rest] = objects[0]!.split(":");
    return showObject(run, rev!, rest.join(":"));
  }
  const split = revisionsAndPaths(run, g.words, g.paths);
  if (!Array.isArray(split)) return split;
  const [revs, paths] = split;
  const f = chooseFormat(g.options, run.nowMs);
  if (typeof f === "string") return fail(f, 128);
  const choice = diffChoice(g.options, true);
  const nodes = (revs.length ? revs : ["HEAD"]).map((r) => resolveRef(run.view, r));
  if (nodes.some((n) => !n)) return ambiguous(revs[nodes.findIndex((n) => !n)]!);
  const entries = (nodes as CommitNode[])
    .map((n) => commitEntry(run.view, n, f, choice, paths))
    .filter((e): e is string => e !== undefined);
  return ok(joinEntries(entries, f));
}

const DIFF_OPTIONS = {
  flags: [
    "stat",
    "shortstat",
    "numstat",
    "name-only",
    "name-status",
    "p",
    "u",
    "patch",
    "cached",
    "staged",
    "no-color",
  ],
  values: [],
  optional: ["color"],
};

/** The two trees `git diff` compares; a clean clone's working tree (and index) is its HEAD. */
function diffEnds(run: GitRun, revs: string[]): Result | [Map<string, string>, Map<string, string>] {
  const head = headCommit(run.view)?.tree ?? new Map<string, string>();
  if (revs.length === 0 || (revs.length === 1 && !revs[0]!.includes(".."))) {
    if (run.located.kind === "bare") return needsWorkTree();
    if (revs.length === 0) return [head, head];
    const node = resolveRef(run.view, revs[0]!);
    return node ? [node.tree, head] : ambiguous(revs[0]!);
  }
  const range = revs.length === 1 ? /^(.*?)(\.\.\.?)(.*)$/.exec(revs[0]!) : null;
  const [a, b] = range ? [range[1] || "HEAD", range[3] || "HEAD"] : [revs[0]!, revs[1]!];
  const from = resolveRef(run.view, a);
  const to = resolveRef(run.view, b);
  if (!from || !to) return ambiguous(!from ? a : b);
  if (range?.[2] === "...") {
    const ours = new Set(run.view.model.history(to));
    const base = newestFirst(run.view.model.history(from), run.view).find((n) => ours.has(n));
    return [base?.tree ?? new Map(), to.tree];
  }
  return [from.tree, to.tree];
}

export function gitDiff(run: GitRun, args: string[]): Result {
  const g = parseGitArgs(args, DIFF_OPTIONS);
  if ("unknown" in g) return fail(`error: invalid option: ${g.unknown}`, 255);
  const split = revisionsAndPaths(run, g.words, g.paths);
  if (!Array.isArray(split)) return split;
  const [revs, paths] = split;
  if (revs.length > 2) return fail("usage: git diff [<options>] [<commit>] [--] [<path>...]", 129);
  // --cached compares HEAD with the index, which a clean clone does not differ from either.
  const ends = diffEnds(run, revs);
  if (!Array.isArray(ends)) return ends;
  return ok(diffOutput(diffChoice(g.options, true), ends[0], ends[1], paths));
}

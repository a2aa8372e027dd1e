import type { Located } from "../../git/locate";
import { headCommit, resolveRef, type RefView } from "../../git/refs";
import type { CommitNode } from "../../git/repository-model";
import type { TrackedFs } from "../../tracked-fs";
import { fail } from "../args";
import { GIT_USAGE } from "../../git/usage-text";

export type Result = { stdout: string; stderr: string; exitCode: number };

/** What a subcommand runs against: the repository found, its refs as seen from there, the clock. */
export interface GitRun {
  located: Exclude<Located, { kind: "broken" }>;
  view: RefView;
  fs: TrackedFs;
  cwd: string;
  nowMs: number;
}

export const ambiguous = (arg: string): Result =>
  fail(
    `fatal: ambiguous argument '${arg}': unknown revision or path not in the working tree.\nUse '--' to separate paths from revisions, like this:\n'git <command> [<revision>...] -- [<file>...]'`,
    128,
  );

export const needsWorkTree = (): Result => fail("fatal: this operation must be run in a work tree", 128);

/** Commands that would change a repository: the simulated repositories cannot be written. */
export const readOnly = (what: string): Result =>
  fail(`fatal: '${what}' is not available: repositories on this host are read-only in the simulated environment`, 128);

/** log, show and reflog refuse an unknown option through git's revision parser. */
export const unrecognized = (arg: string): Result => fail(`fatal: unrecognized argument: ${arg}`, 128);

/** Subcommands built on parse-options: the error, then the whole usage text, exit 129. */
export function unknownOption(sub: string, arg: string): Result {
  const what = arg.startsWith("--") ? `option \`${arg.slice(2)}'` : `switch \`${arg.slice(1, 2)}'`;
  return fail(`error: unknown ${what}\n${GIT_USAGE[sub] ?? `usage: git ${sub}\n`}`, 129);
}

/** A pathspec as the repository sees it: relative to the top of the working tree, without ./ or ../. */
export function repoPath(run: GitRun, path: string): string {
  const top = run.located.kind === "worktree" ? run.located.top : run.located.gitDir;
  const prefix = run.located.kind === "worktree" ? run.located.prefix : "";
  const joined = path.startsWith("/") ? path.slice(top.length + 1) : `${prefix}${path}`;
  const out: string[] = [];
  for (const part of joined.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") out.pop();
    else out.push(part);
  }
  return out.join("/");
}

/** Whether a word names something in the working tree (git then takes it as a path). */
function isWorkTreePath(run: GitRun, word: string): boolean {
  if (run.located.kind !== "worktree") return false;
  const path = repoPath(run, word);
  const head = headCommit(run.view);
  if (path === "" || head?.tree.has(path)) return true;
  if ([...(head?.tree.keys() ?? [])].some((p) => p.startsWith(`${path}/`))) return true;
  return run.fs.entryKind(run.fs.resolvePath(run.cwd, word)) !== undefined;
}

const isRevision = (view: RefView, word: string) =>
  word.split(/\.\.\.?/).every((part) => part === "" || resolveRef(view, part.replace(/^\^/, "")) !== undefined);

/**
 * Splits the words before `--` into revisions and paths, as git does: revisions first, then
 * words that exist in the working tree; anything else is ambiguous.
 */
export function revisionsAndPaths(run: GitRun, words: string[], paths: string[]): Result | [string[], string[]] {
  const revs: string[] = [];
  const found: string[] = [];
  for (const w of words) {
    if (found.length === 0 && isRevision(run.view, w)) revs.push(w);
    else if (isWorkTreePath(run, w)) found.push(w);
    else return ambiguous(w);
  }
  return [revs, [...found, ...paths].map((p) => repoPath(run, p))];
}

/** Commits newest first, as git walks them: by date, later content order first among equals. */
export function newestFirst(nodes: Iterable<CommitNode>, view: RefView): CommitNode[] {
  const order = new Map(view.model.commits.map((c, i) => [c, i]));
  return [...new Set(nodes)].sort(
    (a, b) => Date.parse(b.commit.date) - Date.parse(a.commit.date) || order.get(b)! - order.get(a)!,
  );
}

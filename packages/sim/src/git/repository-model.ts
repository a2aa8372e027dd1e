import type { GitCommit, GitRepository } from "@analystbench/scenarios";
import { createHash } from "node:crypto";
import { diffArrays, structuredPatch } from "diff";

/**
 * A read-only model of a Git repository built from content: commit ancestry, the tree after each
 * commit, diffs between trees and line blame. Enough to answer `git log/show/diff/blame` and the
 * get_commit_diff tool the way git prints them.
 */
export interface CommitNode {
  commit: GitCommit;
  branch: string;
  parent: CommitNode | null;
  tree: Map<string, string>;
}

export interface RepositoryModel {
  name: string;
  description: string;
  defaultBranch: string;
  commits: CommitNode[];
  branches: Map<string, CommitNode>;
  /** The commit a ref names: full or ≥ 4-hex abbreviated hash, HEAD, HEAD~n, a branch, or ref^. */
  resolve(ref: string): CommitNode | undefined;
  /** Ancestors of a commit, newest first, itself included. */
  history(from: CommitNode): CommitNode[];
}

export function buildRepositoryModel(repo: GitRepository): RepositoryModel {
  const commits: CommitNode[] = [];
  const branches = new Map<string, CommitNode>();
  for (const commit of repo.commits) {
    const branch = commit.branch ?? repo.default_branch;
    const parent = branches.get(branch) ?? branches.get(repo.default_branch) ?? null;
    const tree = new Map(parent?.tree ?? []);
    for (const change of commit.changes) {
      if (change.content === null) tree.delete(change.path);
      else tree.set(change.path, change.content);
    }
    const node: CommitNode = { commit, branch, parent, tree };
    commits.push(node);
    branches.set(branch, node);
  }

  const resolve = (ref: string): CommitNode | undefined => {
    const trimmed = ref.trim();
    const suffix = /^(.*?)(?:~(\d+)|(\^+))$/.exec(trimmed);
    if (suffix && suffix[1]) {
      let node = resolve(suffix[1]);
      const steps = suffix[2] !== undefined ? Number(suffix[2]) : suffix[3]!.length;
      for (let i = 0; i < steps && node; i++) node = node.parent ?? undefined;
      return node;
    }
    if (trimmed === "HEAD") return branches.get(repo.default_branch);
    const branch = branches.get(trimmed.replace(/^(?:refs\/heads\/|origin\/)/, ""));
    if (branch) return branch;
    if (/^[0-9a-f]{4,40}$/i.test(trimmed)) {
      const matches = commits.filter((c) => c.commit.hash.startsWith(trimmed.toLowerCase()));
      return matches.length === 1 ? matches[0] : undefined;
    }
    return undefined;
  };

  return {
    name: repo.name,
    description: repo.description,
    defaultBranch: repo.default_branch,
    commits,
    branches,
    resolve,
    history(from) {
      const out: CommitNode[] = [];
      for (let n: CommitNode | null = from; n; n = n.parent) out.push(n);
      return out;
    },
  };
}

/** Git's blob id of some content: what `index abc1234..def5678` lines show. */
export function blobId(content: string): string {
  const body = Buffer.from(content, "utf8");
  return createHash("sha1").update(`blob ${body.length}\0`).update(body).digest("hex");
}

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Git's default date format: "Tue Mar 3 14:22:10 2026 +0000". */
export function gitDate(iso: string): string {
  const d = new Date(iso);
  const hms = [d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()].map((n) => String(n).padStart(2, "0")).join(":");
  return `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()} ${hms} ${d.getUTCFullYear()} +0000`;
}

/** The paths two trees differ in, restricted to `paths` (a file or a folder each) when given. */
export function changedPaths(before: Map<string, string>, after: Map<string, string>, paths?: string[]): string[] {
  const all = [...new Set([...before.keys(), ...after.keys()])].sort();
  return all.filter((p) => before.get(p) !== after.get(p) && matchesPathspec(p, paths));
}

export function matchesPathspec(path: string, paths?: string[]): boolean {
  if (!paths || paths.length === 0) return true;
  return paths.some((q) => q === "" || q === "." || path === q || path.startsWith(`${q.replace(/\/$/, "")}/`));
}

/** Git's default hunk-header context: the nearest earlier line starting with a letter, _ or $. */
function functionContext(oldLines: string[], hunkStart: number): string {
  for (let i = hunkStart - 2; i >= 0; i--) {
    const line = oldLines[i]!;
    if (/^[A-Za-z_$]/.test(line)) return ` ${line.slice(0, 80).trimEnd()}`;
  }
  return "";
}

/** A hunk range as git writes it: an empty side is numbered by the line before it ("-0,0"). */
const range = (start: number, count: number) =>
  count === 1 ? `${start}` : `${count === 0 ? start - 1 : start},${count}`;

/** One file's part of a unified diff in git's format, and its added and deleted line counts. */
export function filePatch(
  path: string,
  a: string | undefined,
  b: string | undefined,
): { text: string[]; added: number; deleted: number } {
  const out = [`diff --git a/${path} b/${path}`];
  if (a === undefined) out.push("new file mode 100644");
  if (b === undefined) out.push("deleted file mode 100644");
  const oldId = a === undefined ? "0000000" : blobId(a).slice(0, 7);
  const newId = b === undefined ? "0000000" : blobId(b).slice(0, 7);
  out.push(`index ${oldId}..${newId}${a !== undefined && b !== undefined ? " 100644" : ""}`);
  const patch = structuredPatch(`a/${path}`, `b/${path}`, a ?? "", b ?? "", "", "", { context: 3 });
  // An empty file added or removed has no hunks, and git prints no ---/+++ lines for it.
  if (patch.hunks.length === 0) return { text: out, added: 0, deleted: 0 };
  out.push(a === undefined ? "--- /dev/null" : `--- a/${path}`, b === undefined ? "+++ /dev/null" : `+++ b/${path}`);
  const oldLines = (a ?? "").split("\n");
  let added = 0;
  let deleted = 0;
  for (const h of patch.hunks) {
    const context = functionContext(oldLines, h.oldStart);
    out.push(`@@ -${range(h.oldStart, h.oldLines)} +${range(h.newStart, h.newLines)} @@${context}`, ...h.lines);
    for (const l of h.lines) {
      if (l.startsWith("+")) added++;
      else if (l.startsWith("-")) deleted++;
    }
  }
  return { text: out, added, deleted };
}

/** Unified diff between two trees, in git's format, restricted to `paths` when given. */
export function diffTrees(before: Map<string, string>, after: Map<string, string>, paths?: string[]): string {
  const out = changedPaths(before, after, paths).flatMap((p) => filePatch(p, before.get(p), after.get(p)).text);
  return out.length ? `${out.join("\n")}\n` : "";
}

/** Names of the files a commit changed, with git's status letters. */
export function changedFiles(node: CommitNode): { status: "A" | "M" | "D"; path: string }[] {
  const before = node.parent?.tree ?? new Map<string, string>();
  return node.commit.changes
    .map((c) => ({
      status: (c.content === null ? "D" : before.has(c.path) ? "M" : "A") as "A" | "M" | "D",
      path: c.path,
    }))
    .sort((x, y) => x.path.localeCompare(y.path));
}

/** For each line of `path` at `at`, the commit that last changed it. */
export function blame(
  model: RepositoryModel,
  at: CommitNode,
  path: string,
): { node: CommitNode; line: string }[] | undefined {
  if (!at.tree.has(path)) return undefined;
  const chain = model.history(at).reverse();
  let lines: { node: CommitNode; line: string }[] = [];
  let previous: string | undefined;
  for (const node of chain) {
    const content = node.tree.get(path);
    if (content === previous) continue;
    if (content === undefined) {
      lines = [];
      previous = undefined;
      continue;
    }
    const next = content.replace(/\n$/, "").split("\n");
    const parts = diffArrays(
      lines.map((l) => l.line),
      next,
    );
    const updated: { node: CommitNode; line: string }[] = [];
    let oldIndex = 0;
    for (const part of parts) {
      if (part.removed) {
        oldIndex += part.value.length;
      } else if (part.added) {
        for (const line of part.value) updated.push({ node, line });
      } else {
        for (let i = 0; i < part.value.length; i++) updated.push(lines[oldIndex + i]!);
        oldIndex += part.value.length;
      }
    }
    lines = updated;
    previous = content;
  }
  return lines;
}

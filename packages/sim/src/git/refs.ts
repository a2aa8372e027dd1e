import type { CommitNode, RepositoryModel } from "./repository-model";

/** One line of a reflog: the commit HEAD moved to and why. */
export interface ReflogEntry {
  hash: string;
  message: string;
}

/**
 * A repository's refs as seen from one place. The bare repository on the Git server holds every
 * branch; a working copy is a clone of it, so it holds its default branch locally and every
 * branch as `origin/<branch>`, like a fresh `git clone`.
 */
export interface RefView {
  model: RepositoryModel;
  headBranch: string;
  /** Full ref name (refs/heads/main, refs/remotes/origin/HEAD…) → commit. */
  refs: Map<string, CommitNode>;
  reflog: ReflogEntry[];
}

export function bareRefs(model: RepositoryModel): RefView {
  const refs = new Map<string, CommitNode>();
  for (const [branch, node] of model.branches) refs.set(`refs/heads/${branch}`, node);
  // A bare repository keeps no reflog (core.logAllRefUpdates is off), so `git reflog` prints nothing.
  return { model, headBranch: model.defaultBranch, refs, reflog: [] };
}

export function cloneRefs(model: RepositoryModel, reflog: ReflogEntry[]): RefView {
  const refs = new Map<string, CommitNode>();
  const head = model.branches.get(model.defaultBranch);
  if (head) {
    refs.set(`refs/heads/${model.defaultBranch}`, head);
    refs.set("refs/remotes/origin/HEAD", head);
  }
  for (const [branch, node] of model.branches) refs.set(`refs/remotes/origin/${branch}`, node);
  return { model, headBranch: model.defaultBranch, refs, reflog };
}

export function headCommit(view: RefView): CommitNode | undefined {
  return view.refs.get(`refs/heads/${view.headBranch}`);
}

/** Git's order of trying a short name (git-rev-parse(1), "Specifying revisions"). */
const DWIM = ["%s", "refs/%s", "refs/tags/%s", "refs/heads/%s", "refs/remotes/%s", "refs/remotes/%s/HEAD"];

function resolveName(view: RefView, name: string): CommitNode | undefined {
  if (name === "HEAD" || name === "@") return headCommit(view);
  const reflog = /^(?:HEAD)?@\{(\d+)\}$/.exec(name);
  if (reflog) {
    const entry = view.reflog[view.reflog.length - 1 - Number(reflog[1])];
    return entry ? byHash(view, entry.hash) : undefined;
  }
  for (const pattern of DWIM) {
    const node = view.refs.get(pattern.replace("%s", name));
    if (node) return node;
  }
  return /^[0-9a-f]{4,40}$/i.test(name) ? byHash(view, name) : undefined;
}

function byHash(view: RefView, prefix: string): CommitNode | undefined {
  const lower = prefix.toLowerCase();
  const matches = view.model.commits.filter((c) => c.commit.hash.startsWith(lower));
  return matches.length === 1 ? matches[0] : undefined;
}

/** The commit a revision names: a ref, a hash (≥ 4 hex digits), HEAD, @{n}, with ~n and ^ suffixes. */
export function resolveRef(view: RefView, rev: string): CommitNode | undefined {
  const suffix = /^(.*?)((?:~\d*|\^\d*)+)$/.exec(rev.trim());
  if (!suffix || !suffix[1]) return resolveName(view, rev.trim());
  let node = resolveName(view, suffix[1]);
  for (const step of suffix[2]!.matchAll(/([~^])(\d*)/g)) {
    const count = step[2] === "" ? 1 : Number(step[2]);
    // ^0 is the commit itself; ^2 and beyond name merge parents, which these histories never have.
    if (step[1] === "^" && count > 1) return undefined;
    const hops = step[1] === "^" ? Math.min(count, 1) : count;
    for (let i = 0; i < hops && node; i++) node = node.parent ?? undefined;
  }
  return node;
}

function shortRefName(ref: string): string {
  if (ref.startsWith("refs/heads/")) return ref.slice(11);
  if (ref.startsWith("refs/remotes/")) return ref.slice(13);
  if (ref.startsWith("refs/tags/")) return `tag: ${ref.slice(10)}`;
  return ref;
}

/**
 * The ` (HEAD -> main, origin/main, origin/HEAD)` git log prints after a hash: the refs at that
 * commit in reverse name order (as git lists them), the checked-out branch first.
 */
export function decorations(view: RefView, node: CommitNode): string {
  const names = [...view.refs.entries()]
    .filter(([, n]) => n === node)
    .map(([ref]) => ref)
    .sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
  const headRef = `refs/heads/${view.headBranch}`;
  const labels = names.filter((r) => r !== headRef).map(shortRefName);
  if (headCommit(view) === node) labels.unshift(names.includes(headRef) ? `HEAD -> ${view.headBranch}` : "HEAD");
  return labels.length ? ` (${labels.join(", ")})` : "";
}

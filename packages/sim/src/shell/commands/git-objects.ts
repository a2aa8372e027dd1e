import { headCommit, resolveRef } from "../../git/refs";
import { matchesPathspec } from "../../git/repository-model";
import { commitObject, listTree, type TreeEntry } from "../../git/tree-objects";
import { fail, ok } from "../args";
import { parseGitArgs } from "./git-args";
import { repoPath, unknownOption, type GitRun, type Result } from "./git-context";

/** `git ls-files`: the tracked files under the current folder, named relative to it. */
export function gitLsFiles(run: GitRun, args: string[]): Result {
  const g = parseGitArgs(args, { flags: ["c", "cached", "z", "full-name"], values: [] });
  if ("unknown" in g) return unknownOption("ls-files", g.unknown);
  if (run.located.kind !== "worktree") return ok("");
  const prefix = g.options.has("full-name") ? "" : run.located.prefix;
  const specs = [...g.words, ...g.paths].map((p) => repoPath(run, p));
  const files = [...(headCommit(run.view)?.tree.keys() ?? [])]
    .filter((p) => p.startsWith(run.located.kind === "worktree" ? run.located.prefix : ""))
    .filter((p) => matchesPathspec(p, specs))
    .sort()
    .map((p) => p.slice(prefix.length));
  const end = g.options.has("z") ? "\0" : "\n";
  return ok(files.map((f) => `${f}${end}`).join(""));
}

function treeLine(e: TreeEntry, o: Map<string, string | true>, shownPath: string): string {
  if (o.has("name-only") || o.has("name-status")) return `${shownPath}\n`;
  const size = o.has("l") || o.has("long") ? ` ${(e.type === "blob" ? String(e.size) : "-").padStart(7)}` : "";
  return `${e.mode} ${e.type} ${e.id}${size}\t${shownPath}\n`;
}

/** `git ls-tree [-r] [-l] [--name-only] <tree-ish> [path…]`, relative to the current folder like git's. */
export function gitLsTree(run: GitRun, args: string[]): Result {
  const g = parseGitArgs(args, {
    flags: ["r", "t", "d", "l", "long", "name-only", "name-status", "full-name", "full-tree", "z"],
    values: [],
  });
  if ("unknown" in g) return unknownOption("ls-tree", g.unknown);
  const [rev, ...paths] = g.words;
  if (!rev) return fail(`usage: git ls-tree [<options>] <tree-ish> [<path>...]`, 129);
  const [commitRev, sub] = rev.includes(":") ? rev.split(":") : [rev, undefined];
  const node = resolveRef(run.view, commitRev || "HEAD");
  if (!node) return fail(`fatal: Not a valid object name ${rev}`, 128);
  const prefix =
    g.options.has("full-tree") || sub !== undefined ? "" : run.located.kind === "worktree" ? run.located.prefix : "";
  const base = sub !== undefined ? sub.replace(/\/+$/, "") : prefix.replace(/\/$/, "");
  const specs = paths.map((p) => (sub !== undefined ? `${base}/${p}` : repoPath(run, p)));
  let entries = listTree(node.tree, base, g.options.has("r"));
  if (specs.length) entries = entries.filter((e) => specs.some((s) => e.path === s || e.path.startsWith(`${s}/`)));
  if (g.options.has("d")) entries = entries.filter((e) => e.type === "tree");
  const cut = g.options.has("full-name") ? "" : sub !== undefined ? (base ? `${base}/` : "") : prefix;
  return ok(entries.map((e) => treeLine(e, g.options, e.path.slice(cut.length))).join(""));
}

/** The object a `git cat-file` argument names: a commit, `rev:path` (blob or tree) or `rev^{tree}`. */
function findObject(run: GitRun, name: string): { type: string; body: string } | undefined {
  const blob = /^([^:]*):(.*)$/.exec(name);
  const treeOf = /^(.*)\^\{tree\}$/.exec(name);
  if (blob) {
    const node = resolveRef(run.view, blob[1] || "HEAD");
    const path = blob[2]!.replace(/^\/+|\/+$/g, "");
    const content = node?.tree.get(path);
    if (content !== undefined) return { type: "blob", body: content };
    if (!node || !listTree(node.tree, path, false).length) return undefined;
    return { type: "tree", body: treeListing(node.tree, path) };
  }
  if (treeOf) {
    const node = resolveRef(run.view, treeOf[1]!);
    return node ? { type: "tree", body: treeListing(node.tree, "") } : undefined;
  }
  const node = resolveRef(run.view, name);
  return node ? { type: "commit", body: commitObject(node) } : undefined;
}

const treeListing = (tree: Map<string, string>, dir: string) =>
  listTree(tree, dir, false)
    .map((e) => `${e.mode} ${e.type} ${e.id}\t${e.name}\n`)
    .join("");

export function gitCatFile(run: GitRun, args: string[]): Result {
  const g = parseGitArgs(args, { flags: ["t", "s", "p", "e"], values: [] });
  if ("unknown" in g) return unknownOption("cat-file", g.unknown);
  const name = g.words[g.words.length - 1];
  const mode = ["t", "s", "p", "e"].find((m) => g.options.has(m)) ?? g.words[0];
  if (!name || !mode || (g.words.length > 1 && g.options.size > 0))
    return fail(`usage: git cat-file <type> <object>`, 129);
  const object = findObject(run, name);
  if (!object)
    return mode === "e" ? { stdout: "", stderr: "", exitCode: 1 } : fail(`fatal: Not a valid object name ${name}`, 128);
  if (mode === "e") return ok("");
  if (mode === "t") return ok(`${object.type}\n`);
  if (mode === "s") return ok(`${Buffer.byteLength(object.body)}\n`);
  if (mode !== "p" && mode !== object.type) return fail(`fatal: git cat-file ${name}: bad file`, 128);
  return ok(object.body);
}

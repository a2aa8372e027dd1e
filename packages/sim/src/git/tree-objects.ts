import { createHash } from "node:crypto";
import type { CommitNode } from "./repository-model";
import { blobId } from "./repository-model";

/** An entry of a git tree object: a file (blob) or a folder (tree), with its object id. */
export interface TreeEntry {
  name: string;
  path: string;
  type: "blob" | "tree";
  mode: "100644" | "040000";
  id: string;
  size?: number;
}

/** Folders of a flat path → content map, each with its direct children. */
function children(tree: Map<string, string>, dir: string): TreeEntry[] {
  const entries = new Map<string, TreeEntry>();
  const prefix = dir ? `${dir}/` : "";
  for (const [path, content] of tree) {
    if (!path.startsWith(prefix)) continue;
    const rest = path.slice(prefix.length);
    const slash = rest.indexOf("/");
    const name = slash < 0 ? rest : rest.slice(0, slash);
    if (entries.has(name)) continue;
    const full = `${prefix}${name}`;
    entries.set(
      name,
      slash < 0
        ? { name, path: full, type: "blob", mode: "100644", id: blobId(content), size: Buffer.byteLength(content) }
        : { name, path: full, type: "tree", mode: "040000", id: treeId(tree, full) },
    );
  }
  // Git orders a tree's entries by name, comparing a folder's name as if it ended in "/".
  const key = (e: TreeEntry) => (e.type === "tree" ? `${e.name}/` : e.name);
  return [...entries.values()].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

const treeIds = new WeakMap<Map<string, string>, Map<string, string>>();

/** The id git gives the tree object of a folder ("" for the root), as `git ls-tree` prints it. */
export function treeId(tree: Map<string, string>, dir = ""): string {
  let cache = treeIds.get(tree);
  if (!cache) treeIds.set(tree, (cache = new Map()));
  const hit = cache.get(dir);
  if (hit) return hit;
  const body = Buffer.concat(
    children(tree, dir).map((e) =>
      Buffer.concat([Buffer.from(`${e.mode.replace(/^0/, "")} ${e.name}\0`), Buffer.from(e.id, "hex")]),
    ),
  );
  const id = createHash("sha1").update(`tree ${body.length}\0`).update(body).digest("hex");
  cache.set(dir, id);
  return id;
}

/** The entries of a folder, or of every file below it when recursive (`ls-tree -r`). */
export function listTree(tree: Map<string, string>, dir: string, recursive: boolean): TreeEntry[] {
  const direct = children(tree, dir);
  if (!recursive) return direct;
  return direct.flatMap((e) => (e.type === "tree" ? listTree(tree, e.path, true) : [e]));
}

/** The commit object as `git cat-file -p` prints it. */
export function commitObject(node: CommitNode): string {
  const c = node.commit;
  const who = `${c.author.name} <${c.author.email}> ${Math.floor(Date.parse(c.date) / 1000)} +0000`;
  const parent = node.parent ? `parent ${node.parent.commit.hash}\n` : "";
  return `tree ${treeId(node.tree)}\n${parent}author ${who}\ncommitter ${who}\n\n${c.message.replace(/\s*$/, "\n")}`;
}

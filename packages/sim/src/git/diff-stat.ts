import { changedPaths, filePatch } from "./repository-model";

/** A file two trees differ in, with git's status letter and its line counts. */
export interface FileChange {
  path: string;
  status: "A" | "M" | "D";
  added: number;
  deleted: number;
}

export function treeChanges(before: Map<string, string>, after: Map<string, string>, paths?: string[]): FileChange[] {
  return changedPaths(before, after, paths).map((path) => {
    const a = before.get(path);
    const b = after.get(path);
    const { added, deleted } = filePatch(path, a, b);
    return { path, status: a === undefined ? "A" : b === undefined ? "D" : "M", added, deleted };
  });
}

const s = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** " 2 files changed, 3 insertions(+), 1 deletion(-)": git leaves out a zero count unless both are. */
export function shortStat(files: FileChange[]): string {
  const ins = files.reduce((n, f) => n + f.added, 0);
  const del = files.reduce((n, f) => n + f.deleted, 0);
  const parts = [` ${s(files.length, "file changed", "files changed")}`];
  if (ins || !del) parts.push(s(ins, "insertion(+)", "insertions(+)"));
  if (del || !ins) parts.push(s(del, "deletion(-)", "deletions(-)"));
  return `${parts.join(", ")}\n`;
}

/** git's scale_linear: at least one column for any change, the rest in proportion. */
const scale = (it: number, width: number, max: number) => (it ? 1 + Math.floor((it * (width - 1)) / max) : 0);

/** Column widths of `--stat` for an 80-column output (diff.c, show_stats). */
function statWidths(files: FileChange[]): { name: number; number: number; graph: number } {
  const width = 80;
  const maxChange = Math.max(0, ...files.map((f) => f.added + f.deleted));
  const maxLen = Math.max(0, ...files.map((f) => f.path.length));
  const number = String(maxChange).length;
  let graph = maxChange;
  let name = maxLen;
  if (name + number + 6 + graph > width) {
    if (graph > Math.floor((width * 3) / 8) - number - 6) graph = Math.max(6, Math.floor((width * 3) / 8) - number - 6);
    if (name > width - number - 6 - graph) name = width - number - 6 - graph;
    else graph = width - number - 6 - name;
  }
  return { name, number, graph };
}

function statLine(f: FileChange, w: ReturnType<typeof statWidths>, maxChange: number): string {
  let shown = f.path;
  if (shown.length > w.name) {
    // Long names keep their end, cut at a slash, behind "...".
    const tail = shown.slice(shown.length - (w.name - 3));
    const slash = tail.indexOf("/");
    shown = `...${slash >= 0 ? tail.slice(slash) : tail}`;
  }
  let add = f.added;
  let del = f.deleted;
  if (w.graph <= maxChange) {
    let total = scale(add + del, w.graph, maxChange);
    if (total < 2 && add && del) total = 2;
    if (add < del) {
      add = scale(add, w.graph, maxChange);
      del = total - add;
    } else {
      del = scale(del, w.graph, maxChange);
      add = total - del;
    }
  }
  const count = String(f.added + f.deleted).padStart(w.number);
  const graph = `${"+".repeat(add)}${"-".repeat(del)}`;
  return ` ${shown.padEnd(w.name)} | ${count}${f.added + f.deleted ? " " : ""}${graph}`;
}

/** `--stat`: one line per file with a +/- graph scaled to the width, then the summary. */
export function diffStat(files: FileChange[]): string {
  if (files.length === 0) return "";
  const w = statWidths(files);
  const maxChange = Math.max(0, ...files.map((f) => f.added + f.deleted));
  return `${files.map((f) => statLine(f, w, maxChange)).join("\n")}\n${shortStat(files)}`;
}

export function numStat(files: FileChange[]): string {
  return files.map((f) => `${f.added}\t${f.deleted}\t${f.path}\n`).join("");
}

export function nameOnly(files: FileChange[]): string {
  return files.map((f) => `${f.path}\n`).join("");
}

export function nameStatus(files: FileChange[]): string {
  return files.map((f) => `${f.status}\t${f.path}\n`).join("");
}

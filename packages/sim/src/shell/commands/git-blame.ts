import { resolveRef } from "../../git/refs";
import { blame, type CommitNode } from "../../git/repository-model";
import { GIT_USAGE } from "../../git/usage-text";
import { fail, ok } from "../args";
import { parseGitArgs } from "./git-args";
import { repoPath, type GitRun, type Result } from "./git-context";

const BLAME_OPTIONS = {
  flags: ["l", "s", "e", "show-email", "root", "b", "w", "M", "C", "f", "show-name", "n", "show-number", "t"],
  values: ["L"],
};

interface BlameLine {
  node: CommitNode;
  line: string;
  n: number;
}

/** `-L 3,8`, `-L 3,+4`, `-L 3` (to the end), `-L ,8`: the 1-based inclusive range, or git's complaint. */
function lineRange(spec: string | undefined, total: number, file: string): [number, number] | Result {
  if (spec === undefined) return [1, total];
  const m = /^(\d*)(?:,([+-]?)(\d*))?$/.exec(spec);
  if (!m) return fail(`fatal: -L parameter '${spec}' starting at line 1: No such file or directory`, 128);
  const start = m[1] ? Number(m[1]) : 1;
  if (start > total) return fail(`fatal: file ${file} has only ${total} line${total === 1 ? "" : "s"}`, 128);
  const n = m[3] ? Number(m[3]) : undefined;
  const end = n === undefined ? total : m[2] === "+" ? start + n - 1 : m[2] === "-" ? start : n;
  const from = m[2] === "-" && n !== undefined ? Math.max(1, start - n + 1) : start;
  return [Math.min(from, end), Math.min(Math.max(from, end), total)];
}

/**
 * A line as git blame prints it: the commit (8 hex digits; a root commit is a boundary, shown as
 * ^ and 7), the author padded to the longest shown, the date, the line number, the text.
 */
function blameLine(l: BlameLine, o: Map<string, string | true>, widths: { author: number; number: number }): string {
  const long = o.has("l");
  const boundary = !l.node.parent && !o.has("root");
  const hash = l.node.commit.hash.slice(0, long ? 40 : 8);
  const id = boundary ? (o.has("b") ? " ".repeat(hash.length) : `^${hash.slice(0, -1)}`) : hash;
  const number = String(l.n).padStart(widths.number);
  if (o.has("s")) return `${id} ${number}) ${l.line}`;
  const who = authorOf(l.node, o).padEnd(widths.author);
  const date = o.has("t")
    ? `${Math.floor(Date.parse(l.node.commit.date) / 1000)} +0000`
    : l.node.commit.date.replace("T", " ").replace(/(\.\d+)?Z$/, " +0000");
  return `${id} (${who} ${date.padStart(10)} ${number}) ${l.line}`;
}

const authorOf = (node: CommitNode, o: Map<string, string | true>) =>
  o.has("e") || o.has("show-email") ? `<${node.commit.author.email}>` : node.commit.author.name;

export function gitBlame(run: GitRun, args: string[]): Result {
  const g = parseGitArgs(args, BLAME_OPTIONS);
  if ("unknown" in g) return fail(`error: unknown option \`${g.unknown}'\n${GIT_USAGE.blame}`, 129);
  const afterDashes = g.paths.length > 0;
  const file = afterDashes ? g.paths[0] : g.words[g.words.length - 1];
  const rev = afterDashes ? (g.words[0] ?? "HEAD") : g.words.length > 1 ? g.words[0]! : "HEAD";
  if (!file) return fail(GIT_USAGE.blame!, 129);
  const at = resolveRef(run.view, rev);
  if (!at) return fail(`fatal: bad revision '${rev}'`, 128);
  const path = repoPath(run, file);
  const lines = blame(run.view.model, at, path);
  // git quotes the path only when it looked for it in a working tree first.
  const quoted = afterDashes || run.located.kind === "bare" ? path : `'${path}'`;
  if (!lines) return fail(`fatal: no such path ${quoted} in ${rev}`, 128);
  const L = g.options.get("L");
  const range = lineRange(typeof L === "string" ? L : undefined, lines.length, path);
  if (!Array.isArray(range)) return range;
  const shown = lines.map((l, i) => ({ ...l, n: i + 1 })).filter((l) => l.n >= range[0] && l.n <= range[1]);
  const widths = {
    author: Math.max(0, ...shown.map((l) => authorOf(l.node, g.options).length)),
    number: String(range[1]).length,
  };
  return ok(shown.map((l) => `${blameLine(l, g.options, widths)}\n`).join(""));
}

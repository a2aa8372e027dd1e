import { parseApproxidate } from "../../git/dates";
import { chooseFormat } from "../../git/log-format";
import { decorations, resolveRef } from "../../git/refs";
import { changedFiles, matchesPathspec, type CommitNode } from "../../git/repository-model";
import { fail, ok } from "../args";
import { parseGitArgs, REVISION_OPTIONS } from "./git-args";
import {
  ambiguous,
  newestFirst,
  revisionsAndPaths,
  unknownOption,
  unrecognized,
  type GitRun,
  type Result,
} from "./git-context";
import { commitEntry, diffChoice, graphEntries, joinEntries } from "./git-entries";
import { breToEre } from "./grep-fast";

/** The commits the revisions name: A, ^A, A..B, A...B, --all; HEAD when none is given. */
function selectCommits(run: GitRun, revs: string[], all: boolean): CommitNode[] | Result {
  const include: CommitNode[] = [];
  const exclude = new Set<CommitNode>();
  const history = (rev: string) => {
    const node = resolveRef(run.view, rev || "HEAD");
    return node ? run.view.model.history(node) : undefined;
  };
  if (all) for (const n of run.view.refs.values()) include.push(...run.view.model.history(n));
  for (const r of revs.length || all ? revs : ["HEAD"]) {
    const range = /^(.*?)(\.\.\.?)(.*)$/.exec(r);
    const [left, right] = range ? [history(range[1]!), history(range[3]!)] : [undefined, history(r.replace(/^\^/, ""))];
    if ((range && !left) || !right) return ambiguous(r);
    if (range?.[2] === "...") {
      const common = left!.filter((n) => right.includes(n));
      include.push(...left!, ...right);
      common.forEach((n) => exclude.add(n));
    } else if (range) {
      include.push(...right);
      left!.forEach((n) => exclude.add(n));
    } else if (r.startsWith("^")) right.forEach((n) => exclude.add(n));
    else include.push(...right);
  }
  return newestFirst(
    include.filter((n) => !exclude.has(n)),
    run.view,
  );
}

/** --author, --grep and friends take a basic regular expression, as git does by default. */
function matcher(pattern: string, ignoreCase: boolean): (text: string) => boolean {
  try {
    const re = new RegExp(breToEre(pattern), ignoreCase ? "i" : "");
    return (text) => re.test(text);
  } catch {
    return (text) => text.includes(pattern);
  }
}

function filterCommits(run: GitRun, nodes: CommitNode[], o: Map<string, string | true>, paths: string[]) {
  const ignoreCase = o.has("i") || o.has("regexp-ignore-case");
  const value = (k: string) => (typeof o.get(k) === "string" ? (o.get(k) as string) : undefined);
  const person = (n: CommitNode) => `${n.commit.author.name} <${n.commit.author.email}>`;
  let out = nodes;
  for (const key of ["author", "committer"]) {
    const v = value(key);
    if (v !== undefined) out = out.filter((n) => matcher(v, ignoreCase)(person(n)));
  }
  const grep = value("grep");
  if (grep !== undefined) out = out.filter((n) => matcher(grep, ignoreCase)(n.commit.message));
  for (const [key, after] of [
    ["since", true],
    ["after", true],
    ["until", false],
    ["before", false],
  ] as const) {
    const v = value(key);
    const t = v === undefined ? undefined : parseApproxidate(v, run.nowMs);
    if (t !== undefined)
      out = out.filter((n) => (after ? Date.parse(n.commit.date) >= t : Date.parse(n.commit.date) <= t));
  }
  if (paths.length) out = out.filter((n) => changedFiles(n).some((f) => matchesPathspec(f.path, paths)));
  const skip = Number(value("skip") ?? 0);
  const max = value("n") ?? value("max-count");
  out = out.slice(skip, max === undefined || Number(max) < 0 ? undefined : skip + Number(max));
  return o.has("reverse") ? [...out].reverse() : out;
}

export function gitLog(run: GitRun, args: string[]): Result {
  const g = parseGitArgs(args, REVISION_OPTIONS);
  if ("unknown" in g) return unrecognized(g.unknown);
  if (g.options.has("g") || g.options.has("walk-reflogs"))
    return gitReflog(
      run,
      args.filter((a) => !/^-g$|^--walk-reflogs$/.test(a)),
    );
  const split = revisionsAndPaths(run, g.words, g.paths);
  if (!Array.isArray(split)) return split;
  const [revs, paths] = split;
  const selected = selectCommits(run, revs, g.options.has("all"));
  if (!Array.isArray(selected)) return selected;
  const f = chooseFormat(g.options, run.nowMs);
  if (typeof f === "string") return fail(f, 128);
  const choice = diffChoice(g.options, false);
  const shown = filterCommits(run, selected, g.options, paths)
    .map((n) => [n, commitEntry(run.view, n, f, choice, paths)] as const)
    .filter((e): e is readonly [CommitNode, string] => e[1] !== undefined);
  const entries = shown.map(([, e]) => e);
  if (g.options.has("graph"))
    return ok(
      graphEntries(
        entries,
        shown.map(([n]) => n),
        f,
      ),
    );
  return ok(joinEntries(entries, f));
}

/** `git reflog`: where HEAD has been, newest first, as `<hash> HEAD@{n}: <message>`. */
export function gitReflog(run: GitRun, args: string[]): Result {
  const g = parseGitArgs(args[0] === "show" ? args.slice(1) : args, REVISION_OPTIONS);
  if ("unknown" in g) return unrecognized(g.unknown);
  if (g.words.some((w) => w !== "HEAD")) return ok("");
  const max = g.options.get("n") ?? g.options.get("max-count");
  const entries = [...run.view.reflog].reverse().slice(0, typeof max === "string" ? Number(max) : undefined);
  const lines = entries.map((e, i) => {
    const node = resolveRef(run.view, e.hash);
    const decor = node && !g.options.has("no-decorate") ? decorations(run.view, node) : "";
    return `${e.hash.slice(0, 7)}${decor} HEAD@{${i}}: ${e.message}\n`;
  });
  return ok(lines.join(""));
}

/** `git shortlog`: commits grouped by author, subjects oldest first; -s counts, -n sorts, -e emails. */
export function gitShortlog(run: GitRun, args: string[]): Result {
  const g = parseGitArgs(args, { flags: ["s", "summary", "n", "numbered", "e", "email", "all"], values: [] });
  if ("unknown" in g) return unknownOption("shortlog", g.unknown);
  const has = (...k: string[]) => k.some((x) => g.options.has(x));
  const selected = selectCommits(run, g.words, has("all"));
  if (!Array.isArray(selected)) return selected;
  const groups = new Map<string, string[]>();
  for (const n of [...selected].reverse()) {
    const who = has("e", "email") ? `${n.commit.author.name} <${n.commit.author.email}>` : n.commit.author.name;
    groups.set(who, [...(groups.get(who) ?? []), n.commit.message.split("\n")[0] ?? ""]);
  }
  const sorted = [...groups.entries()].sort((a, b) =>
    has("n", "numbered") && b[1].length !== a[1].length ? b[1].length - a[1].length : a[0] < b[0] ? -1 : 1,
  );
  if (has("s", "summary"))
    return ok(sorted.map(([who, list]) => `${String(list.length).padStart(6)}\t${who}\n`).join(""));
  return ok(
    sorted.map(([who, list]) => `${who} (${list.length}):\n${list.map((s) => `      ${s}\n`).join("")}\n`).join(""),
  );
}

/** `git rev-list`: the hashes of the commits the revisions select, newest first; --count counts them. */
export function gitRevList(run: GitRun, args: string[]): Result {
  const g = parseGitArgs(args, { ...REVISION_OPTIONS, flags: [...REVISION_OPTIONS.flags, "count"] });
  if ("unknown" in g) return unrecognized(g.unknown);
  if (!g.words.length && !g.options.has("all"))
    return fail("usage: git rev-list [<options>] <commit>... [--] [<path>...]", 129);
  const selected = selectCommits(run, g.words, g.options.has("all"));
  if (!Array.isArray(selected)) return selected;
  const shown = filterCommits(run, selected, g.options, []);
  return ok(g.options.has("count") ? `${shown.length}\n` : shown.map((n) => `${n.commit.hash}\n`).join(""));
}

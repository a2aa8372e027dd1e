import { headCommit, resolveRef } from "../../git/refs";
import { matchesPathspec } from "../../git/repository-model";
import { fail, ok } from "../args";
import { parseGitArgs } from "./git-args";
import { needsWorkTree, revisionsAndPaths, unknownOption, type GitRun, type Result } from "./git-context";
import { breToEre } from "./grep-fast";

const GREP_OPTIONS = {
  flags: ["n", "line-number", "i", "ignore-case", "l", "files-with-matches", "c", "count", "E", "F", "w", "v", "h"],
  values: ["e"],
};

function grepPattern(o: Map<string, string | true>, words: string[]): { re: RegExp; rest: string[] } | undefined {
  const given = o.get("e");
  const pattern = typeof given === "string" ? given : words[0];
  if (pattern === undefined) return undefined;
  let source = o.has("F") ? pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") : o.has("E") ? pattern : breToEre(pattern);
  if (o.has("w")) source = `(?<![\\w])(?:${source})(?![\\w])`;
  const flags = o.has("i") || o.has("ignore-case") ? "i" : "";
  return { re: new RegExp(source, flags), rest: typeof given === "string" ? words : words.slice(1) };
}

/**
 * `git grep`: lines of the tracked files (of the working copy, or of a revision as `rev:path`)
 * matching a pattern, with -n, -i, -l, -c, -w, -v, -E and -F.
 */
export function gitGrep(run: GitRun, args: string[]): Result {
  const g = parseGitArgs(args, GREP_OPTIONS);
  if ("unknown" in g) return unknownOption("grep", g.unknown);
  const p = grepPattern(g.options, g.words);
  if (!p) return fail("fatal: no pattern given", 128);
  const split = revisionsAndPaths(run, p.rest, g.paths);
  if (!Array.isArray(split)) return split;
  const [revs, paths] = split;
  if (!revs.length && run.located.kind === "bare") return needsWorkTree();
  const has = (...k: string[]) => k.some((x) => g.options.has(x));
  const out: string[] = [];
  for (const rev of revs.length ? revs : [""]) {
    const node = rev ? resolveRef(run.view, rev) : headCommit(run.view);
    const prefix = run.located.kind === "worktree" ? run.located.prefix : "";
    for (const [path, content] of [...(node?.tree ?? [])].sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (!matchesPathspec(path, paths.length ? paths : prefix ? [prefix] : [])) continue;
      const shown = `${rev ? `${rev}:` : ""}${rev ? path : path.slice(prefix.length)}`;
      const lines = content.replace(/\n$/, "").split("\n");
      const hits = lines.map((l, i) => [i + 1, l] as const).filter(([, l]) => p.re.test(l) !== has("v"));
      if (!hits.length) continue;
      if (has("l", "files-with-matches")) out.push(shown);
      else if (has("c", "count")) out.push(`${shown}:${hits.length}`);
      else for (const [n, l] of hits) out.push(`${shown}:${has("n", "line-number") ? `${n}:` : ""}${l}`);
    }
  }
  return out.length ? ok(`${out.join("\n")}\n`) : { stdout: "", stderr: "", exitCode: 1 };
}

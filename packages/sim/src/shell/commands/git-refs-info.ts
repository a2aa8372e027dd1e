import { configValue } from "../../git/git-config";
import { resolveRef } from "../../git/refs";
import { fail, ok } from "../args";
import { parseGitArgs } from "./git-args";
import { ambiguous, needsWorkTree, readOnly, unknownOption, type GitRun, type Result } from "./git-context";

/** The branch HEAD tracks (`origin/main`), when the working copy's config names one. */
function upstream(run: GitRun): string | undefined {
  if (run.located.kind !== "worktree") return undefined;
  const branch = run.view.headBranch;
  const remote = configValue(run.located.config, `branch.${branch}.remote`);
  return remote && run.view.refs.has(`refs/remotes/${remote}/${branch}`) ? `${remote}/${branch}` : undefined;
}

/** `git status` of a working copy: clean, since the content's files are the checkout. */
export function gitStatus(run: GitRun, args: string[]): Result {
  const g = parseGitArgs(args, {
    flags: ["s", "short", "b", "branch", "long", "v", "verbose", "z", "null", "u", "show-stash", "no-renames"],
    values: [],
    optional: ["porcelain", "untracked-files", "ignored", "ignore-submodules", "column"],
  });
  if ("unknown" in g) return unknownOption("status", g.unknown);
  if (run.located.kind !== "worktree") return needsWorkTree();
  const track = upstream(run);
  const branch = run.view.headBranch;
  if (g.options.has("s") || g.options.has("short") || g.options.has("porcelain")) {
    const wantsBranch = g.options.has("b") || g.options.has("branch");
    return ok(wantsBranch ? `## ${branch}${track ? `...${track}` : ""}\n` : "");
  }
  const tracking = track ? `Your branch is up to date with '${track}'.\n\n` : "";
  return ok(`On branch ${branch}\n${tracking}nothing to commit, working tree clean\n`);
}

/** Local branches, and with -a/-r the remote-tracking ones, as `git branch` lists them. */
function branchNames(run: GitRun, remotes: boolean, all: boolean): { ref: string; shown: string }[] {
  const out: { ref: string; shown: string }[] = [];
  for (const ref of [...run.view.refs.keys()].sort()) {
    if (ref.startsWith("refs/heads/") && !remotes) out.push({ ref, shown: ref.slice(11) });
    if (ref.startsWith("refs/remotes/") && (remotes || all))
      out.push({ ref, shown: `${all ? "remotes/" : ""}${ref.slice(13)}` });
  }
  return out;
}

export function gitBranch(run: GitRun, args: string[]): Result {
  const g = parseGitArgs(args, {
    flags: ["a", "all", "r", "remotes", "v", "verbose", "l", "list", "show-current", "no-color"],
    values: ["contains"],
    optional: ["color"],
  });
  if ("unknown" in g) return unknownOption("branch", g.unknown);
  const has = (...k: string[]) => k.some((x) => g.options.has(x));
  if (has("show-current")) return ok(`${run.view.headBranch}\n`);
  if (g.words.length && !has("l", "list")) return readOnly("branch");
  const list = branchNames(run, has("r", "remotes"), has("a", "all"));
  const width = Math.max(0, ...list.map((b) => b.shown.length));
  const head = `refs/heads/${run.view.headBranch}`;
  const veryVerbose =
    args
      .filter((a) => /^-[a-z]*v/.test(a))
      .join("")
      .split("v").length > 2;
  const lines = list.map(({ ref, shown }) => {
    const mark = ref === head ? "*" : " ";
    if (ref.endsWith("/HEAD")) return `${mark} ${shown} -> ${ref.slice(13).replace(/HEAD$/, run.view.headBranch)}`;
    if (!has("v", "verbose")) return `${mark} ${shown}`;
    const node = run.view.refs.get(ref)!;
    const track = ref === head && veryVerbose && upstream(run) ? `[${upstream(run)}] ` : "";
    return `${mark} ${shown.padEnd(width)} ${node.commit.hash.slice(0, 7)} ${track}${node.commit.message.split("\n")[0]}`;
  });
  return ok(lines.map((l) => `${l}\n`).join(""));
}

/** One `git rev-parse` query: a location, a property, or a revision's hash. */
function revParseOne(run: GitRun, arg: string, short: number | undefined, abbrevRef: boolean): string | Result {
  const loc = run.located;
  switch (arg) {
    case "--show-toplevel":
      return loc.kind === "worktree" ? loc.top : needsWorkTree();
    case "--git-dir":
      return loc.kind === "worktree"
        ? run.cwd === loc.top
          ? ".git"
          : loc.gitDir
        : run.cwd === loc.gitDir
          ? "."
          : loc.gitDir;
    case "--is-bare-repository":
      return String(loc.kind === "bare");
    case "--is-inside-work-tree":
      return String(loc.kind === "worktree");
    case "--show-prefix":
      return loc.kind === "worktree" ? loc.prefix : "";
  }
  const node = resolveRef(run.view, arg);
  if (!node) return ambiguous(arg);
  if (abbrevRef) return arg === "HEAD" ? run.view.headBranch : arg.replace(/^refs\/(heads|remotes|tags)\//, "");
  return short ? node.commit.hash.slice(0, short) : node.commit.hash;
}

export function gitRevParse(run: GitRun, args: string[]): Result {
  const out: string[] = [];
  let short: number | undefined;
  let abbrevRef = false;
  for (const a of args) {
    if (a === "--short" || a.startsWith("--short=")) short = a.includes("=") ? Number(a.split("=")[1]) : 7;
    else if (a === "--abbrev-ref") abbrevRef = true;
    else if (a === "--verify" || a === "-q" || a === "--quiet") continue;
    else {
      const r = revParseOne(run, a, short, abbrevRef);
      if (typeof r !== "string") return { ...r, stdout: out.length ? `${out.join("\n")}\n` : "" };
      out.push(r);
    }
  }
  return ok(out.length ? `${out.join("\n")}\n` : "");
}

const remotesOf = (run: GitRun) => [
  ...new Set(run.located.config.map(([k]) => /^remote\.(.+)\.url$/.exec(k)?.[1]).filter((r) => r !== undefined)),
];

export function gitRemote(run: GitRun, args: string[]): Result {
  const [verb, ...rest] = args;
  const names = remotesOf(run);
  const url = (name: string) => configValue(run.located.config, `remote.${name}.url`);
  if (verb === undefined) return ok(names.map((n) => `${n}\n`).join(""));
  if (verb === "-v" || verb === "--verbose")
    return ok(names.map((n) => `${n}\t${url(n)} (fetch)\n${n}\t${url(n)} (push)\n`).join(""));
  if (verb === "get-url") {
    const u = rest[0] ? url(rest[0]) : undefined;
    return u ? ok(`${u}\n`) : fail(`error: No such remote '${rest[0] ?? ""}'`, 2);
  }
  if (verb.startsWith("-")) return unknownOption("remote", verb);
  return readOnly(`remote ${verb}`);
}

/** `git config --get/--list/<key>` over the repository's own config file; writing is refused. */
export function gitConfig(run: GitRun, args: string[]): Result {
  const g = parseGitArgs(args, {
    flags: ["l", "list", "local", "get", "show-origin", "get-all", "z"],
    values: ["get-regexp"],
  });
  if ("unknown" in g) return unknownOption("config", g.unknown);
  const entries = run.located.config;
  if (g.options.has("l") || g.options.has("list")) return ok(entries.map(([k, v]) => `${k}=${v}\n`).join(""));
  const regexp = g.options.get("get-regexp");
  if (typeof regexp === "string") {
    const re = new RegExp(regexp, "i");
    const found = entries.filter(([k]) => re.test(k));
    return found.length ? ok(found.map(([k, v]) => `${k} ${v}\n`).join("")) : { stdout: "", stderr: "", exitCode: 1 };
  }
  if (g.words.length !== 1) return readOnly("config");
  const value = configValue(entries, g.words[0]!);
  return value === undefined ? { stdout: "", stderr: "", exitCode: 1 } : ok(`${value}\n`);
}

/** The content declares no tags: listing prints nothing; creating one is refused. */
export function gitTag(args: string[]): Result {
  if (args.length === 0 || args[0] === "-l" || args[0] === "--list") return ok("");
  if (args[0]!.startsWith("-") && !["-a", "-s", "-d", "-m", "-f"].includes(args[0]!))
    return unknownOption("tag", args[0]!);
  return readOnly("tag");
}

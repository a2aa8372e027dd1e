import type { GitRepository } from "@analystbench/scenarios";
import { defineCommand, type Command } from "just-bash";
import { locateRepository, type RepositorySources } from "../../git/locate";
import { bareRefs } from "../../git/refs";
import { buildRepositoryModel, diffTrees, type CommitNode, type RepositoryModel } from "../../git/repository-model";
import { chooseFormat } from "../../git/log-format";
import type { CommandEnvironment, HostState } from "../../host-state";
import { fail, ok } from "../args";
import { gitBlame } from "./git-blame";
import { gitDiff, gitShow } from "./git-content";
import { readOnly, type GitRun, type Result } from "./git-context";
import { commitEntry, diffChoice } from "./git-entries";
import { gitLog, gitReflog, gitRevList, gitShortlog } from "./git-history";
import { gitGrep } from "./git-search";
import { gitCatFile, gitLsFiles, gitLsTree } from "./git-objects";
import { gitBranch, gitConfig, gitRemote, gitRevParse, gitStatus, gitTag } from "./git-refs-info";

/** Subcommands that would change a repository: git would do it; the simulation cannot. */
const WRITES = new Set(
  "commit push pull fetch reset checkout switch restore merge rebase cherry-pick revert add rm mv stash am apply gc prune update-ref filter-branch clone init notes worktree submodule clean".split(
    " ",
  ),
);

/** Real git commands the simulation does not answer: it says so rather than deny they exist. */
const NOT_SIMULATED = new Set(
  "describe bisect fsck count-objects verify-pack for-each-ref show-ref name-rev cherry range-diff format-patch archive bundle difftool mergetool gui gitk instaweb maintenance sparse-checkout help var ls-remote request-pull send-email".split(
    " ",
  ),
);

const SUBCOMMANDS: Record<string, (run: GitRun, args: string[]) => Result> = {
  log: gitLog,
  whatchanged: (run, args) => gitLog(run, ["--name-status", ...args]),
  show: gitShow,
  diff: gitDiff,
  blame: gitBlame,
  annotate: gitBlame,
  reflog: gitReflog,
  shortlog: gitShortlog,
  status: gitStatus,
  branch: gitBranch,
  "rev-parse": gitRevParse,
  "ls-files": gitLsFiles,
  "ls-tree": gitLsTree,
  "cat-file": gitCatFile,
  remote: gitRemote,
  config: gitConfig,
  tag: (_run, args) => gitTag(args),
  grep: gitGrep,
  "rev-list": gitRevList,
};

/** The whole of `git show <commit>` on the Git server: header, message and diff (get_commit_diff). */
export function showCommit(model: RepositoryModel, node: CommitNode, paths?: string[]): string {
  const f = chooseFormat(new Map(), Date.parse(node.commit.date));
  if (typeof f === "string") return diffTrees(node.parent?.tree ?? new Map(), node.tree, paths);
  return commitEntry(bareRefs(model), node, f, diffChoice(new Map(), true), paths ?? []) ?? "";
}

const GLOBAL_USAGE = `usage: git [-v | --version] [-h | --help] [-C <path>] [-c <name>=<value>]
           [--exec-path[=<path>]] [--html-path] [--man-path] [--info-path]
           [-p | --paginate | -P | --no-pager] [--no-replace-objects] [--bare]
           [--git-dir=<path>] [--work-tree=<path>] [--namespace=<name>]
           [--super-prefix=<path>] [--config-env=<name>=<envvar>]
           <command> [<args>]
`;

const NO_HISTORY = buildRepositoryModel({ name: "", description: "", default_branch: "main", commits: [] });

interface GlobalOptions {
  dir: string;
  gitDir?: string;
  rest: string[];
}

/** git's own options before the subcommand: -C (cumulative), --git-dir, -c and the pager switches. */
function parseGlobal(host: HostState, cwd: string, args: string[]): GlobalOptions | Result {
  const g: GlobalOptions = { dir: cwd, rest: [] };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith("-")) return { ...g, rest: args.slice(i) };
    if (a === "-C" && i + 1 < args.length) {
      const target = args[++i]!;
      g.dir = host.fs.resolvePath(g.dir, target);
      if (host.fs.entryKind(g.dir) !== "directory")
        return fail(`fatal: cannot change to '${target}': No such file or directory`, 128);
    } else if (a.startsWith("--git-dir=")) g.gitDir = host.fs.resolvePath(g.dir, a.slice(10));
    else if (a === "--git-dir" && i + 1 < args.length) g.gitDir = host.fs.resolvePath(g.dir, args[++i]!);
    else if (a === "-c" && i + 1 < args.length) i++;
    else if (["--no-pager", "-P", "-p", "--paginate", "--no-replace-objects", "--literal-pathspecs"].includes(a))
      continue;
    else if (a.startsWith("--work-tree=") || a.startsWith("--namespace=")) continue;
    else if (a === "--version" || a === "-v") return { ...g, rest: ["version"] };
    else if (a === "--help" || a === "-h") return { ...g, rest: [] };
    else return fail(`unknown option: ${a}\n${GLOBAL_USAGE}`, 129);
  }
  return g;
}

async function runSubcommand(
  host: HostState,
  env: CommandEnvironment,
  sources: RepositorySources,
  g: GlobalOptions,
): Promise<Result> {
  const [sub, ...args] = g.rest;
  if (!sub) return fail(GLOBAL_USAGE, 1);
  if (sub === "version") return ok("git version 2.39.5\n");
  const handler = SUBCOMMANDS[sub];
  if (NOT_SIMULATED.has(sub)) return fail(`fatal: 'git ${sub}' is not available in this simulated environment`, 128);
  if (!handler && !WRITES.has(sub)) return fail(`git: '${sub}' is not a git command. See 'git --help'.`, 1);
  const located = await locateRepository(host.fs, sources, g.gitDir ?? g.dir);
  if (!located) return fail("fatal: not a git repository (or any of the parent directories): .git", 128);
  const base = { fs: host.fs, cwd: g.dir, nowMs: env.clockMs };
  if (located.kind === "broken") {
    // The .git folder holds refs but none of the objects they name: only its config can be read.
    if (sub !== "config" && sub !== "remote") return fail("fatal: bad object HEAD", 128);
    const view = bareRefs(NO_HISTORY);
    return handler!(
      { ...base, view, located: { kind: "bare", gitDir: located.gitDir, view, config: located.config } },
      args,
    );
  }
  if (!handler) return readOnly(sub);
  return handler({ ...base, located, view: located.view }, args);
}

/**
 * Read-only `git` over the repositories a host holds: the Git server's bare repositories, and
 * working copies of the world's repositories anywhere (matched by their remote URL or name).
 */
export function gitCommand(host: HostState, env: CommandEnvironment, world: readonly GitRepository[] = []): Command {
  const sources: RepositorySources = { bare: host.repositories, world };
  return defineCommand("git", async (args, ctx) => {
    const g = parseGlobal(host, ctx.cwd, args);
    if ("exitCode" in g) return g;
    return runSubcommand(host, env, sources, g);
  });
}

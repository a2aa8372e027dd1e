import type { GitRepository } from "@analystbench/scenarios";
import type { TrackedFs } from "../tracked-fs";
import { configValue, parseGitConfig, repositoryNameFromUrl } from "./git-config";
import { bareRefs, cloneRefs, type RefView, type ReflogEntry } from "./refs";
import { buildRepositoryModel, type RepositoryModel } from "./repository-model";

/**
 * Where a git command runs: a bare repository the Git server serves, a working copy of a
 * repository the world holds, or a `.git` folder whose history the world does not hold (git
 * finds it, and then fails to read its objects).
 */
export type Located =
  | { kind: "bare"; gitDir: string; view: RefView; config: [string, string][] }
  | { kind: "worktree"; top: string; gitDir: string; prefix: string; view: RefView; config: [string, string][] }
  | { kind: "broken"; top: string; gitDir: string; config: [string, string][] };

export interface RepositorySources {
  /** Bare repositories on this host, by directory. */
  bare: Map<string, RepositoryModel>;
  /** Every repository of the world, for working copies on any host. */
  world: readonly GitRepository[];
}

/** Jenkins checks each job out under its workspace; a job named like a repository works on it. */
const JENKINS_WORKSPACES = "/var/lib/jenkins/workspace";

const models = new WeakMap<GitRepository, RepositoryModel>();

/** Worlds never change once built, so one model per repository serves every environment. */
function modelOf(repo: GitRepository): RepositoryModel {
  let model = models.get(repo);
  if (!model) models.set(repo, (model = buildRepositoryModel(repo)));
  return model;
}

const parent = (dir: string) => dir.replace(/\/[^/]+$/, "") || "/";
const join = (dir: string, name: string) => (dir === "/" ? `/${name}` : `${dir}/${name}`);

/** Where the command runs, relative to the top of the working tree ("src/api/"), as git's pathspecs need it. */
function prefixOf(top: string, gitDir: string, cwd: string): string {
  if (cwd === top || cwd === gitDir || cwd.startsWith(`${gitDir}/`)) return "";
  return `${cwd.slice(top === "/" ? 1 : top.length + 1)}/`;
}

async function readText(fs: TrackedFs, path: string): Promise<string | undefined> {
  return fs.entryKind(path) === "file" ? fs.readFile(path).catch(() => undefined) : undefined;
}

/** Git searches from the directory upwards for the first repository (git-rev-parse(1) "discovery"). */
export async function locateRepository(
  fs: TrackedFs,
  sources: RepositorySources,
  dir: string,
): Promise<Located | undefined> {
  for (let d = dir; ; d = parent(d)) {
    const found = await repositoryAt(fs, sources, d, dir);
    if (found) return found;
    if (d === "/") return undefined;
  }
}

async function repositoryAt(
  fs: TrackedFs,
  sources: RepositorySources,
  d: string,
  cwd: string,
): Promise<Located | undefined> {
  const bare = sources.bare.get(d);
  if (bare) {
    const config = parseGitConfig((await readText(fs, join(d, "config"))) ?? "");
    return { kind: "bare", gitDir: d, view: bareRefs(bare), config };
  }
  const gitDir = join(d, ".git");
  const prefix = prefixOf(d, gitDir, cwd);
  if (fs.entryKind(gitDir) === "directory") {
    const config = parseGitConfig((await readText(fs, join(gitDir, "config"))) ?? "");
    const url = configValue(config, "remote.origin.url");
    const repo = sources.world.find((r) => r.name === (url ? repositoryNameFromUrl(url) : d.split("/").pop()));
    if (repo) {
      const reflog = await readReflog(fs, gitDir, modelOf(repo), url);
      return { kind: "worktree", top: d, gitDir, prefix, view: cloneRefs(modelOf(repo), reflog), config };
    }
    // A .git folder without HEAD is not a repository to git: it keeps looking further up.
    if (fs.entryKind(join(gitDir, "HEAD")) === "file") return { kind: "broken", top: d, gitDir, config };
    return undefined;
  }
  if (parent(d) === JENKINS_WORKSPACES) {
    const repo = sources.world.find((r) => r.name === d.split("/").pop());
    if (repo) return { kind: "worktree", top: d, gitDir, prefix, view: cloneRefs(modelOf(repo), []), config: [] };
  }
  return undefined;
}

/**
 * HEAD's reflog: the content's own .git/logs/HEAD when it has one, else what `git clone` writes.
 * Oldest first, as the file keeps it.
 */
async function readReflog(
  fs: TrackedFs,
  gitDir: string,
  model: RepositoryModel,
  url: string | undefined,
): Promise<ReflogEntry[]> {
  const text = await readText(fs, join(gitDir, "logs/HEAD"));
  if (text !== undefined)
    return text
      .split("\n")
      .map((line) => /^[0-9a-f]{40} ([0-9a-f]{40}) [^\t]*\t(.*)$/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ hash: m[1]!, message: m[2]! }));
  const head = model.branches.get(model.defaultBranch);
  return head && url ? [{ hash: head.commit.hash, message: `clone: from ${url}` }] : [];
}

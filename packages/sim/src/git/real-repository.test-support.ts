import type { GitRepository } from "@analystbench/scenarios";
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Writes a content repository as a real git repository (for the differential tests): a bare
 * repository like the Git server's and a clone of it like a developer's working copy. Content
 * hashes are not git's, so the map from git's hashes to the content's comes back with it.
 */
export interface RealRepository {
  bare: string;
  clone: string;
  /** git's commit hash → the content's. */
  hashes: Map<string, string>;
}

/** Runs real git with no user or system configuration, UTC dates and decorations on (as on a terminal). */
export function realGit(cwd: string, args: string[], extraEnv: Record<string, string> = {}): string {
  return execFileSync("git", args, {
    cwd,
    env: gitEnv(cwd, extraEnv),
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

export function gitEnv(root: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: root,
    TZ: "UTC",
    LC_ALL: "C",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: path.join(root, "..", "gitconfig"),
    ...extra,
  };
}

function commitAll(work: string, repo: GitRepository, index: number): string {
  const c = repo.commits[index]!;
  for (const change of c.changes) {
    const file = path.join(work, change.path);
    if (change.content === null) rmSync(file, { force: true });
    else {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, change.content);
    }
  }
  realGit(work, ["add", "-A"]);
  const when = `@${Math.floor(Date.parse(c.date) / 1000)} +0000`;
  const who = { NAME: c.author.name, EMAIL: c.author.email, DATE: when };
  const env = Object.fromEntries(
    Object.entries(who).flatMap(([k, v]) => [
      [`GIT_AUTHOR_${k}`, v],
      [`GIT_COMMITTER_${k}`, v],
    ]),
  );
  realGit(work, ["commit", "-q", "--allow-empty", "--cleanup=whitespace", "-m", c.message], env);
  return realGit(work, ["rev-parse", "HEAD"]).trim();
}

/** Builds `<root>/bare.git` and `<root>/clone` from the content repository. */
export function writeRealRepository(repo: GitRepository, root: string, remoteUrl: string): RealRepository {
  mkdirSync(root, { recursive: true });
  writeFileSync(path.join(root, "..", "gitconfig"), "[log]\n\tdecorate = short\n[core]\n\tpager = cat\n");
  const work = path.join(root, "work");
  realGit(root, ["init", "-q", "-b", repo.default_branch, work]);
  const hashes = new Map<string, string>();
  const branches = new Set([repo.default_branch]);
  repo.commits.forEach((c, i) => {
    const branch = c.branch ?? repo.default_branch;
    if (i > 0)
      realGit(work, ["checkout", "-q", ...(branches.has(branch) ? [branch] : ["-b", branch, repo.default_branch])]);
    branches.add(branch);
    hashes.set(commitAll(work, repo, i), c.hash);
  });
  realGit(work, ["checkout", "-q", repo.default_branch]);
  const bare = path.join(root, "bare.git");
  const clone = path.join(root, "clone");
  realGit(root, ["clone", "-q", "--bare", work, bare]);
  realGit(root, ["clone", "-q", bare, clone]);
  realGit(clone, ["remote", "set-url", "origin", remoteUrl]);
  return { bare, clone, hashes };
}

/** Rewrites git's hashes (full or abbreviated) in real output to the content's. */
export function toContentHashes(text: string, hashes: Map<string, string>): string {
  return text.replace(/\b[0-9a-f]{7,40}\b/g, (h) => {
    for (const [real, content] of hashes) if (real.startsWith(h)) return content.slice(0, h.length);
    return h;
  });
}

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEnvironment, type SimEnvironment } from "../environment";
import { GIT_ROOT } from "../build-host";
import { gitWorld, REMOTE_URL, ROUTE_PLANNER, WORKTREE } from "./git-world.test-support";
import { gitEnv, toContentHashes, writeRealRepository, type RealRepository } from "./real-repository.test-support";

/**
 * The simulated git answers as real git 2.39 does: the same content is written as a real bare
 * repository and a clone of it, and every command of the catalogue runs against both. git's
 * hashes differ from the content's (content hashes are made up), so they are mapped back.
 */
const hasGit = spawnSync("git", ["--version"]).status === 0;

let env: SimEnvironment;
let tmp: string;
let real: RealRepository;

beforeAll(async () => {
  if (!hasGit) return;
  tmp = mkdtempSync(path.join(os.tmpdir(), "ab-git-"));
  real = writeRealRepository(ROUTE_PLANNER, path.join(tmp, "repo"), REMOTE_URL);
  env = await buildEnvironment(gitWorld(readFileSync(path.join(real.clone, ".git/config"), "utf8")));
});
afterAll(() => tmp && rmSync(tmp, { recursive: true, force: true }));

const BARE = `${GIT_ROOT}/route-planner.git`;

/** Where each catalogue entry runs: the Git server's bare repository, or the workstation's clone. */
type Place = "bare" | "clone" | "clone/src" | "outside";
const at = (place: Place, cmd: string): [Place, string] => [place, cmd];

const CATALOGUE: [Place, string][] = [
  at("bare", "git log"),
  at("bare", "git log --oneline"),
  at("bare", "git log --oneline --all"),
  at("bare", "git log --stat"),
  at("bare", "git log -p -2"),
  at("bare", "git log --oneline -n 2"),
  at("bare", "git log -3 --format='%h %an %ad' --date=short"),
  at("bare", "git log --pretty=format:'%H|%ae|%s'"),
  at("bare", "git log --format='%h %ai %s' --reverse"),
  at("bare", "git log --author=Brandt --oneline --all"),
  at("bare", "git log --oneline --since='2026-02-10 00:00' --until='2026-02-28 00:00'"),
  at("bare", "git log --oneline -- src/util"),
  at("bare", "git log --name-status --oneline"),
  at("bare", "git log --name-only --format=%h"),
  at("bare", "git log --stat -p -1"),
  at("bare", "git log --numstat --oneline"),
  at("bare", "git log --shortstat -2"),
  at("bare", "git log --grep=cap -i --oneline"),
  at("bare", "git log --oneline main..feature/geo"),
  at("bare", "git log --pretty=fuller -1"),
  at("bare", "git log --bogus"),
  at("bare", "git log --graph --oneline"),
  at("bare", "git log --graph -2 --stat"),
  at("bare", "git log --graph --format='%h %s'"),
  at("bare", "git show"),
  at("bare", "git show --stat HEAD~1"),
  at("bare", "git show HEAD~2 -- src/app.js"),
  at("bare", "git show --name-status --oneline HEAD~1"),
  at("bare", "git show HEAD:src/util/math.js"),
  at("bare", "git show HEAD:src"),
  at("bare", "git show HEAD:nope.txt"),
  at("bare", "git show -s --format=%B HEAD~2"),
  at("bare", "git diff HEAD~3 HEAD"),
  at("bare", "git diff --stat HEAD~3..HEAD"),
  at("bare", "git diff --name-only main...feature/geo"),
  at("bare", "git diff HEAD~1"),
  at("bare", "git blame src/app.js"),
  at("bare", "git blame -L 10,12 src/app.js"),
  at("bare", "git blame -e README.md"),
  at("bare", "git blame -s src/util/math.js"),
  at("bare", "git blame HEAD~1 -- src/util/math.js"),
  at("bare", "git blame nope.js"),
  at("bare", "git reflog"),
  at("bare", "git status"),
  at("bare", "git branch"),
  at("bare", "git branch -v"),
  at("bare", "git rev-parse HEAD HEAD~2"),
  at("bare", "git rev-parse --is-bare-repository"),
  at("bare", "git ls-tree HEAD"),
  at("bare", "git ls-tree -r -l HEAD"),
  at("bare", "git cat-file -p HEAD"),
  at("bare", "git cat-file -t HEAD:src"),
  at("bare", "git cat-file -p HEAD^{tree}"),
  at("bare", "git shortlog -sn HEAD"),
  at("bare", "git shortlog HEAD"),
  at("bare", "git log nosuchref"),
  at("bare", "git grep -n legs HEAD"),
  at("bare", "git grep -c km HEAD~1 -- src"),
  at("bare", "git grep legs"),
  at("bare", "git rev-list HEAD"),
  at("bare", "git rev-list --count --all"),
  at("clone", "git log --oneline"),
  at("clone", "git log --oneline --all"),
  at("clone", "git log -p src/app.js"),
  at("clone", "git log --oneline README.md"),
  at("clone", "git status"),
  at("clone", "git status -sb"),
  at("clone", "git status --porcelain"),
  at("clone", "git diff"),
  at("clone", "git diff --cached"),
  at("clone", "git diff HEAD~2"),
  at("clone", "git diff HEAD~3 --stat"),
  at("clone", "git reflog"),
  at("clone", "git blame README.md"),
  at("clone", "git branch -a"),
  at("clone", "git branch -vv"),
  at("clone", "git remote -v"),
  at("clone", "git config --get remote.origin.url"),
  at("clone", "git config --local -l"),
  at("clone", "git rev-parse --show-toplevel --abbrev-ref HEAD"),
  at("clone", "git ls-files"),
  at("clone", "git log --oneline feature/geo"),
  at("clone", "git log --oneline origin/feature/geo"),
  at("clone", "git show --stat origin/HEAD"),
  at("clone", "git status --bogus"),
  at("clone", "git blame --bogus README.md"),
  at("clone", "git diff --bogus"),
  at("clone/src", "git log --oneline -- util"),
  at("clone/src", "git ls-files"),
  at("clone/src", "git blame util/math.js"),
  at("clone/src", "git show HEAD:./util/math.js"),
  at("clone/src", "git ls-tree HEAD"),
  at("clone/src", "git rev-parse --show-prefix --git-dir"),
  at("clone/src", "git grep -n -i LEGS"),
  at("clone", "git grep -l export"),
  at("clone", "git grep nothing-like-this"),
  at("clone", "git log --oneline -- nosuch"),
  at("clone", "git show HEAD -- nosuch"),
  at("clone", "git show HEAD:nosuch"),
  at("clone", "git log -3 --format='%h %ad %s' --date=iso"),
  at("clone", "git log --oneline --skip=1 -n 2"),
  at("clone", "git frobnicate"),
  at("outside", "git log"),
  at("outside", "git status"),
  at("outside", "git -C nowhere log"),
];

function runReal(place: Place, cmd: string): string {
  const cwd = { bare: real.bare, clone: real.clone, "clone/src": path.join(real.clone, "src"), outside: tmp }[place];
  const r = spawnSync("bash", ["-c", `${cmd} 2>&1`], {
    cwd,
    env: gitEnv(path.join(tmp, "repo")),
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  const text = r.stdout.replaceAll(real.bare, REMOTE_URL).replaceAll(real.clone, WORKTREE);
  return `${toContentHashes(text, real.hashes)}[exit ${r.status}]`;
}

async function runSim(place: Place, cmd: string): Promise<string> {
  const dir = { bare: BARE, clone: WORKTREE, "clone/src": `${WORKTREE}/src`, outside: "/tmp" }[place];
  const role = place === "bare" ? "Git Server" : "Developer Workstation";
  const r = await env.exec(role, `cd ${dir} && ${cmd}`);
  return `${r.output}[exit ${r.exitCode}]`;
}

const results: boolean[] = [];

describe.skipIf(!hasGit)("differential: simulated git vs real git on the same history", () => {
  it.each(CATALOGUE)("%s: %s", async (place, cmd) => {
    const [sim, expected] = [await runSim(place, cmd), runReal(place, cmd)];
    results.push(sim === expected);
    expect(sim).toBe(expected);
  });

  it(`passes the whole catalogue of ${CATALOGUE.length} git commands`, () => {
    const passed = results.filter(Boolean).length;
    console.log(`git differential: ${passed}/${CATALOGUE.length} commands match real git`);
    expect(passed).toBe(CATALOGUE.length);
  });
});

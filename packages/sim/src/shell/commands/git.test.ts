import { HostSpecSchema } from "@analystbench/scenarios";
import { beforeAll, describe, expect, it } from "vitest";
import { buildEnvironment, type SimEnvironment } from "../../environment";
import { gitWorld, REMOTE_URL, WORKTREE } from "../../git/git-world.test-support";

/**
 * git finds the repository it runs in as real git does: the Git server's bare repositories, and
 * working copies of the world's repositories on any host, matched by their remote URL or name.
 */
const CONFIG = `[core]\n\trepositoryformatversion = 0\n\tbare = false\n[remote "origin"]\n\turl = ${REMOTE_URL}\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n[branch "main"]\n\tremote = origin\n\tmerge = refs/heads/main\n`;

let env: SimEnvironment;
const sh = async (cmd: string, role = "Developer Workstation") => {
  const r = await env.exec(role, cmd);
  return `${r.output}[${r.exitCode}]`;
};

beforeAll(async () => {
  const world = gitWorld(CONFIG);
  const ci = world.hosts.find((h) => h.role === "CI/CD Server")!;
  const crm = HostSpecSchema.parse({
    role: "CRM Server",
    hostname: "crm-01",
    ip: "10.0.10.20",
    os: "Ubuntu 22.04.4 LTS",
    files: [
      { path: "/var/www/app/.git/HEAD", content: "ref: refs/heads/main\n" },
      { path: "/var/www/app/.git/config", content: '[remote "origin"]\n\turl = https://git.example/other.git\n' },
      { path: "/opt/tool/.git/config", content: '[remote "origin"]\n\turl = https://git.example/unknown.git\n' },
    ],
  });
  ci.files.push({
    path: "/var/lib/jenkins/workspace/route-planner/Jenkinsfile",
    content: "pipeline {}\n",
    owner: "jenkins:jenkins",
  });
  env = await buildEnvironment({ ...world, hosts: [...world.hosts, crm] });
});

describe("git in working copies", () => {
  it("answers in a clone found by its remote URL, from any folder inside it", async () => {
    expect(await sh(`cd ${WORKTREE} && git log --oneline -2`)).toBe(
      "e5e5e5e (HEAD -> main, origin/main, origin/HEAD) chore: normalise units\nd4d4d4d Move settings to the environment\n[0]",
    );
    expect(await sh(`cd ${WORKTREE}/src/util && git log --oneline -1 -- math.js`)).toBe(
      "e5e5e5e (HEAD -> main, origin/main, origin/HEAD) chore: normalise units\n[0]",
    );
    expect(await sh(`git -C ${WORKTREE} status`)).toBe(
      "On branch main\nYour branch is up to date with 'origin/main'.\n\nnothing to commit, working tree clean\n[0]",
    );
    expect(await sh(`git -C ${WORKTREE} reflog`)).toBe(
      `e5e5e5e (HEAD -> main, origin/main, origin/HEAD) HEAD@{0}: clone: from ${REMOTE_URL}\n[0]`,
    );
  });

  it("treats a Jenkins workspace named after a repository as its checkout", async () => {
    expect(await sh("cd /var/lib/jenkins/workspace/route-planner && git log --oneline -1", "CI/CD Server")).toBe(
      "e5e5e5e (HEAD -> main, origin/main, origin/HEAD) chore: normalise units\n[0]",
    );
    expect(await sh("git -C /var/lib/jenkins/workspace/route-planner status", "CI/CD Server")).toBe(
      "On branch main\nnothing to commit, working tree clean\n[0]",
    );
  });

  it("fails on a .git folder whose objects the world does not hold, but reads its config", async () => {
    expect(await sh("cd /var/www/app && git log", "CRM Server")).toBe("fatal: bad object HEAD\n[128]");
    expect(await sh("git -C /var/www/app remote -v", "CRM Server")).toBe(
      "origin\thttps://git.example/other.git (fetch)\norigin\thttps://git.example/other.git (push)\n[0]",
    );
    expect(await sh("git -C /var/www/app config --get remote.origin.url", "CRM Server")).toBe(
      "https://git.example/other.git\n[0]",
    );
  });

  it("says what git says outside any repository, and for a .git folder without HEAD", async () => {
    const notRepo = "fatal: not a git repository (or any of the parent directories): .git\n[128]";
    expect(await sh("cd /tmp && git log")).toBe(notRepo);
    expect(await sh("cd /opt/tool && git status", "CRM Server")).toBe(notRepo);
    expect(await sh("git -C /nowhere log")).toBe(
      "fatal: cannot change to '/nowhere': No such file or directory\n[128]",
    );
  });

  it("refuses unknown subcommands and options in git's words, and writes as read-only", async () => {
    expect(await sh(`git -C ${WORKTREE} frobnicate`)).toBe(
      "git: 'frobnicate' is not a git command. See 'git --help'.\n[1]",
    );
    expect(await sh(`git -C ${WORKTREE} log --frob`)).toBe("fatal: unrecognized argument: --frob\n[128]");
    expect(await sh(`git -C ${WORKTREE} status -Q`)).toMatch(/^error: unknown switch `Q'\nusage: git status/);
    expect(await sh(`git -C ${WORKTREE} commit -m x`)).toContain("read-only");
    expect(await sh("git --version")).toBe("git version 2.39.5\n[0]");
  });

  it("shows history with the usual analyst flags", async () => {
    expect(await sh(`cd ${WORKTREE} && git log --author=Brandt --format='%h %an %s'`)).toBe(
      "e5e5e5e O. Brandt chore: normalise units\n[0]",
    );
    expect(await sh(`cd ${WORKTREE} && git log --since='2026-02-15 00:00' --oneline --no-decorate`)).toBe(
      "e5e5e5e chore: normalise units\nd4d4d4d Move settings to the environment\n[0]",
    );
    expect(await sh(`cd ${WORKTREE} && git show --stat --oneline HEAD~1`)).toBe(
      "d4d4d4d Move settings to the environment\n README.md            | 2 +-\n config/.keep         | 0\n config/settings.json | 1 -\n 3 files changed, 1 insertion(+), 2 deletions(-)\n[0]",
    );
    expect(await sh(`cd ${WORKTREE} && git blame -L 2,2 src/util/math.js`)).toBe(
      "e5e5e5e5 (O. Brandt 2026-03-12 23:44:30 +0000 2) export const mi = (m) => m / 1609.344;\n[0]",
    );
  });
});

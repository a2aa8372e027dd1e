import { HostSpecSchema, type CaseWorld, type GitRepository } from "@analystbench/scenarios";
import { fixtureWorld } from "../test-support/fixture-world";

/**
 * A repository with the shapes git output has to get right: a root commit, a multi-paragraph
 * message, a change deep inside a function (hunk headers name it), a file without a final
 * newline, an empty file, a deletion, a second branch, and authors of different name lengths.
 */
const APP = (body: string) =>
  [
    "// route planner",
    "const express = require('express');",
    "",
    "function plan(stops) {",
    "  const ordered = [...stops];",
    "  ordered.sort((a, b) => a.eta - b.eta);",
    "  const legs = [];",
    "  for (let i = 1; i < ordered.length; i++) {",
    "    legs.push([ordered[i - 1], ordered[i]]);",
    "  }",
    `  ${body}`,
    "  return legs;",
    "}",
    "",
    "module.exports = { plan };",
    "",
  ].join("\n");

export const ROUTE_PLANNER: GitRepository = {
  name: "route-planner",
  description: "Plans delivery routes",
  default_branch: "main",
  commits: [
    {
      hash: "a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1",
      author: { name: "Priya Raman", email: "priya.raman@kestrelfreight.com" },
      date: "2026-02-02T09:15:00Z",
      message: "Initial import",
      changes: [
        { path: "README.md", content: "# route-planner\n\nPlans routes.\n" },
        { path: "src/app.js", content: APP("// no limits yet") },
        { path: "src/util/math.js", content: "export const km = (m) => m / 1000;\n" },
        { path: "config/settings.json", content: '{ "region": "eu-west" }\n' },
      ],
    },
    {
      hash: "b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2",
      author: { name: "Marcus Chen", email: "marcus.chen@kestrelfreight.com" },
      date: "2026-02-10T14:02:11Z",
      message: "Cap route legs\n\nLong routes overflowed the planner; cap them at 40 legs.\nSee OPS-311.",
      changes: [{ path: "src/app.js", content: APP("if (legs.length > 40) legs.length = 40;") }],
    },
    {
      hash: "c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3",
      author: { name: "O. Brandt", email: "o.brandt@contractor.example" },
      date: "2026-02-12T23:41:00Z",
      message: "wip: geofencing",
      branch: "feature/geo",
      changes: [{ path: "src/geo.js", content: "export const inside = () => true;\n" }],
    },
    {
      hash: "d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4",
      author: { name: "Priya Raman", email: "priya.raman@kestrelfreight.com" },
      date: "2026-02-20T08:00:00Z",
      message: "Move settings to the environment",
      changes: [
        { path: "config/settings.json", content: null },
        { path: "config/.keep", content: "" },
        { path: "README.md", content: "# route-planner\n\nPlans routes. Settings come from ROUTE_* variables." },
      ],
    },
    {
      hash: "e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5",
      author: { name: "O. Brandt", email: "o.brandt@contractor.example" },
      date: "2026-03-12T23:44:30Z",
      message: "chore: normalise units",
      changes: [
        {
          path: "src/util/math.js",
          content: "export const km = (m) => m / 1000;\nexport const mi = (m) => m / 1609.344;\n",
        },
      ],
    },
  ],
};

export const REMOTE_URL = "ssh://git@git.kestrel.internal/kestrel/route-planner.git";
export const WORKTREE = "/home/praman/src/route-planner";

/** The fixture world plus the repository above and its clone on a developer's workstation. */
export function gitWorld(cloneConfig: string): CaseWorld {
  const world = fixtureWorld();
  const head = new Map<string, string>();
  for (const c of ROUTE_PLANNER.commits.filter((x) => !x.branch))
    for (const ch of c.changes) {
      if (ch.content === null) head.delete(ch.path);
      else head.set(ch.path, ch.content);
    }
  const files = [...head].map(([p, content]) => ({ path: `${WORKTREE}/${p}`, content, owner: "praman:praman" }));
  const workstation = HostSpecSchema.parse({
    role: "Developer Workstation",
    hostname: "dev-ws-114",
    ip: "10.0.40.5",
    os: "Ubuntu 22.04.4 LTS",
    users: [{ name: "praman", uid: 1000, home: "/home/praman", shell: "/bin/bash" }],
    files: [...files, { path: `${WORKTREE}/.git/config`, content: cloneConfig, owner: "praman:praman" }],
  });
  return { ...world, hosts: [...world.hosts, workstation], repositories: [...world.repositories, ROUTE_PLANNER] };
}

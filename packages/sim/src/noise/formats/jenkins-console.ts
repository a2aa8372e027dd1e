import { createRandom } from "../../random";
import { type Generator, perFile } from "../context";
import { isoTime } from "../log-time";
import { scriptPlace } from "../script";
import { CI_JOBS } from "../vocabulary";

const COMMIT_MESSAGES = [
  "Bump axios from 1.6.7 to 1.6.8",
  "Fix rounding of multi-leg quotes",
  "Add retry to carrier webhook client",
  "Update README with local setup steps",
  "Refactor tracking event mapper",
  "Merge pull request #412 from feature/pagination",
];
const TEST_DIRS = ["api", "domain", "lib", "routes", "services", "utils", "clients", "jobs", "models", "config"];
const TEST_NAMES = [
  "rates",
  "quote",
  "shipment",
  "tracking",
  "customs",
  "invoice",
  "carrier",
  "parser",
  "validation",
  "format",
  "auth",
  "cache",
  "retry",
  "pagination",
  "webhook",
  "currency",
  "address",
  "label",
  "manifest",
  "schedule",
];
const FILES = TEST_DIRS.length * TEST_NAMES.length;

/** What stays the same for the whole build: job, commits, the order test files finish in. */
const build = perFile("jenkins-console:build", (r, ctx) => {
  const job = r.pick(CI_JOBS);
  const starter = ctx.users.length ? r.pick(ctx.users) : "admin";
  return {
    job,
    workspace: `/var/lib/jenkins/workspace/${job}_main`,
    url: `ssh://git@git.kestrel.internal/kestrel/${job}.git`,
    cause: r.pick(["Started by timer", "Started by an SCM change", `Started by user ${starter}`]),
    commit: r.hex(40),
    previous: r.hex(40),
    message: r.pick(COMMIT_MESSAGES),
    version: `${r.int(1, 3)}.${r.int(0, 20)}.${r.int(0, 9)}`,
    packages: r.int(180, 1200),
    // A stride coprime to FILES visits every test file once, in an order that looks random.
    stride: r.pick([37, 73, 113, 151]),
    offset: r.int(0, FILES - 1),
  };
});
type Build = ReturnType<typeof build>;

function opening(b: Build): string[] {
  return [
    b.cause,
    `Obtained Jenkinsfile from git ${b.url}`,
    "[Pipeline] Start of Pipeline",
    "[Pipeline] node",
    `Running on Jenkins in ${b.workspace}`,
    "[Pipeline] {",
    "[Pipeline] stage",
    "[Pipeline] { (Declarative: Checkout SCM)",
    "[Pipeline] checkout",
    "The recommended git tool is: NONE",
    "using credential git-deploy-key",
    ` > git rev-parse --resolve-git-dir ${b.workspace}/.git # timeout=10`,
    "Fetching changes from the remote Git repository",
    ` > git config remote.origin.url ${b.url} # timeout=10`,
    `Fetching upstream changes from ${b.url}`,
    " > git --version # timeout=10",
    " > git --version # 'git version 2.39.2'",
    "using GIT_SSH to set credentials git-deploy-key",
    ` > git fetch --tags --force --progress -- ${b.url} +refs/heads/*:refs/remotes/origin/* # timeout=10`,
    " > git rev-parse refs/remotes/origin/main^{commit} # timeout=10",
    `Checking out Revision ${b.commit} (refs/remotes/origin/main)`,
    " > git config core.sparsecheckout # timeout=10",
    ` > git checkout -f ${b.commit} # timeout=10`,
    `Commit message: "${b.message}"`,
    ` > git rev-list --no-walk ${b.previous} # timeout=10`,
    "[Pipeline] }",
    "[Pipeline] // stage",
    "[Pipeline] withEnv",
    "[Pipeline] {",
    "[Pipeline] stage",
    "[Pipeline] { (Install)",
    "[Pipeline] sh",
    "+ npm ci --no-audit",
    "",
    `added ${b.packages} packages in ${Math.round(b.packages / 60) + 2}s`,
    "[Pipeline] }",
    "[Pipeline] // stage",
    "[Pipeline] stage",
    "[Pipeline] { (Test)",
    "[Pipeline] sh",
    "+ npm test",
    "",
    `> ${b.job}@${b.version} test`,
    "> vitest run",
    "",
    ` RUN  v1.5.0 ${b.workspace}`,
    "",
  ];
}

function closing(b: Build, files: number, tests: number, seconds: number): string[] {
  return [
    "",
    ` Test Files  ${files} passed (${files})`,
    `      Tests  ${tests} passed (${tests})`,
    `   Duration  ${seconds.toFixed(2)}s`,
    "",
    "[Pipeline] }",
    "[Pipeline] // stage",
    "[Pipeline] stage",
    "[Pipeline] { (Build)",
    "[Pipeline] sh",
    "+ npm run build",
    "",
    `> ${b.job}@${b.version} build`,
    "> tsc -p tsconfig.build.json",
    "",
    "[Pipeline] }",
    "[Pipeline] // stage",
    "[Pipeline] }",
    "[Pipeline] // withEnv",
    "[Pipeline] }",
    "[Pipeline] // node",
    "[Pipeline] End of Pipeline",
    "Finished: SUCCESS",
  ];
}
/** The lengths of the fixed parts, which do not depend on the build's values. */
const SHAPE = build(createRandom("jenkins-console:shape"), { hostname: "", ip: "", peers: [], users: [] });
const OPENING = opening(SHAPE).length;
const CLOSING = closing(SHAPE, 0, 0, 0).length;

/** The nth test file vitest reports, and how many tests it has (fixed per file, so totals add up). */
function testFile(b: Build, n: number): { path: string; tests: number } {
  const k = (b.offset + n * b.stride) % FILES;
  const round = Math.floor(n / FILES);
  const name = `${TEST_NAMES[Math.floor(k / TEST_DIRS.length)]}${round ? `-${round + 1}` : ""}`;
  return { path: `src/${TEST_DIRS[k % TEST_DIRS.length]}/${name}.test.ts`, tests: 2 + ((k * 7) % 19) };
}

/**
 * A Jenkins pipeline build's console (Timestamper on): checkout, `npm ci`, vitest's report of one
 * line per test file (the body, as long as the count needs), build, "Finished: SUCCESS".
 */
export const jenkinsConsole: Generator = (rng, ctx, ms, line) => {
  const b = build(rng, ctx);
  const place = scriptPlace(line, OPENING, CLOSING);
  let text: string;
  if (place.part === "opening") text = opening(b)[place.at]!;
  else if (place.part === "body") {
    const file = testFile(b, place.at);
    text = ` ✓ ${file.path} (${file.tests} tests) ${rng.int(2, 900)}ms`;
  } else {
    let tests = 0;
    for (let n = 0; n < place.body; n++) tests += testFile(b, n).tests;
    // vitest's share of the build: about a third of the time the console covers.
    text = closing(b, place.body, tests, Math.max(1, (line.toMs - line.fromMs) / 3000))[place.at]!;
  }
  return `[${isoTime(ms)}] ${text}`;
};

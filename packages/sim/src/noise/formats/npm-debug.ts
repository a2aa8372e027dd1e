import { type Random, createRandom } from "../../random";
import { type Generator, perFile } from "../context";
import { isoTime } from "../log-time";
import { scriptPlace } from "../script";
import { CI_JOBS, NODE_VERSION, NPM_VERSION } from "../vocabulary";

const REGISTRY = "https://registry.npmjs.org";
/** [name, version, a dependent and its version]: real packages and the ranges that pull them in. */
const PACKAGES: [string, string, string][] = [
  ["lodash", "4.17.21", "express@4.19.2"],
  ["debug", "4.3.4", "express@4.19.2"],
  ["ms", "2.1.3", "debug@4.3.4"],
  ["semver", "7.6.0", "typescript-eslint@7.7.0"],
  ["chalk", "4.1.2", "eslint@8.57.0"],
  ["commander", "12.0.0", "lint-staged@15.2.2"],
  ["typescript", "5.4.5", "vitest@1.5.0"],
  ["@types/node", "20.12.7", "vitest@1.5.0"],
  ["esbuild", "0.20.2", "vite@5.2.10"],
  ["yargs", "17.7.2", "jest-cli@29.7.0"],
  ["axios", "1.6.8", "@nestjs/axios@3.0.2"],
  ["uuid", "9.0.1", "pg@8.11.5"],
  ["dotenv", "16.4.5", "dotenv-expand@11.0.6"],
  ["glob", "10.3.12", "rimraf@5.0.5"],
  ["minimatch", "9.0.4", "glob@10.3.12"],
  ["tslib", "2.6.2", "rxjs@7.8.1"],
  ["body-parser", "1.20.2", "express@4.19.2"],
  ["qs", "6.11.0", "body-parser@1.20.2"],
  ["mime-types", "2.1.35", "accepts@1.3.8"],
  ["@babel/core", "7.24.4", "jest-snapshot@29.7.0"],
];

/** Who ran npm where: the same on every line of the file. */
const run = perFile("npm-debug:run", (r, ctx) => {
  const job = r.pick(CI_JOBS);
  // On a host with interactive users, a developer's install; on a build host, Jenkins'.
  const home = ctx.users.length ? `/home/${r.pick(ctx.users)}` : "/var/lib/jenkins";
  const cwd = ctx.users.length ? `${home}/src/${job}` : `/var/lib/jenkins/workspace/${job}_main`;
  return { home, cwd };
});
type Run = ReturnType<typeof run>;

/** npm names its log after the process start: "2026-03-12T08_14_03_117Z-debug-0.log". */
const logStamp = (ms: number) => isoTime(ms).replace(/[:.]/g, "_");

function opening(r: Run, startMs: number): string[] {
  const config = (name: string, ms: number) => `timing config:load:${name} Completed in ${ms}ms`;
  return [
    "verbose cli /usr/bin/node /usr/bin/npm",
    `info using npm@${NPM_VERSION}`,
    `info using node@${NODE_VERSION}`,
    "timing npm:load:whichnode Completed in 0ms",
    config("defaults", 1),
    config("file:/usr/lib/node_modules/npm/npmrc", 1),
    config("builtin", 1),
    config("cli", 1),
    config("env", 0),
    config(`file:${r.cwd}/.npmrc`, 0),
    config("project", 1),
    config(`file:${r.home}/.npmrc`, 0),
    config("user", 0),
    config("file:/usr/etc/npmrc", 0),
    config("global", 0),
    config("setEnvs", 1),
    "timing config:load Completed in 7ms",
    "verbose title npm install",
    'verbose argv "install"',
    `verbose logfile logs-max:10 dir:${r.home}/.npm/_logs/${logStamp(startMs)}-`,
    `verbose logfile ${r.home}/.npm/_logs/${logStamp(startMs)}-debug-0.log`,
    "timing npm:load Completed in 19ms",
    "silly logfile done cleaning log files",
    "timing idealTree:init Completed in 38ms",
    "timing idealTree:userRequests Completed in 1ms",
    "silly idealTree buildDeps",
  ];
}

/** The closing timings add up to the run's length (the range the lines cover). */
function closing(totalMs: number): string[] {
  const reify = Math.max(0, totalMs - 60);
  return [
    "timing reify:save Completed in 9ms",
    `timing reify Completed in ${reify}ms`,
    `timing command:install Completed in ${reify + 12}ms`,
    "verbose exit 0",
    `timing npm Completed in ${reify + 48}ms`,
    "info ok",
  ];
}
const OPENING = opening(run(createRandom("npm-debug:shape"), { hostname: "", ip: "", peers: [], users: [] }), 0).length;
const CLOSING = closing(0).length;

/** One line of dependency resolution or unpacking, for a random package. */
function body(rng: Random): string {
  const [name, version, dependent] = rng.pick(PACKAGES);
  const base = name.split("/").pop()!;
  // The registry wants the slash of a scoped name escaped in packument URLs, not in tarball URLs.
  const packument = `${REGISTRY}/${name.replace("/", "%2f")}`;
  const tarball = `${REGISTRY}/${name}/-/${base}-${version}.tgz`;
  const r = rng.next();
  if (r < 0.15) return `silly fetch manifest ${name}@^${version}`;
  if (r < 0.4)
    return `http fetch GET 200 ${packument} ${rng.int(12, 480)}ms (cache ${rng.pick(["revalidated", "revalidated", "hit", "miss", "updated"])})`;
  if (r < 0.55) return `silly placeDep ROOT ${name}@${version} OK for: ${dependent} want: ^${version}`;
  if (r < 0.75) return `http fetch GET 200 ${tarball} ${rng.int(8, 900)}ms (cache miss)`;
  if (r < 0.85) return `silly tarball no local data for ${name}@${tarball}. Extracting by manifest.`;
  return `timing reifyNode:node_modules/${name} Completed in ${rng.int(3, 2400)}ms`;
}

/**
 * npm 10's debug log (~/.npm/_logs/*-debug-0.log) of one `npm install`: numbered lines without
 * timestamps, so the line's time shows only in its place in the file.
 */
export const npmDebug: Generator = (rng, ctx, _ms, line) => {
  const place = scriptPlace(line, OPENING, CLOSING);
  let text: string;
  if (place.part === "opening") text = opening(run(rng, ctx), line.fromMs)[place.at]!;
  else if (place.part === "body") text = body(rng);
  else text = closing(line.toMs - line.fromMs)[place.at]!;
  return `${line.index} ${text}`;
};

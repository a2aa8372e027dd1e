#!/usr/bin/env node
/**
 * `npm start`: builds the console if its build is missing or older than its sources, and the
 * server and command line likewise (scripts/build-node.mjs), then runs the built server in this
 * process. If that build fails the server runs from its TypeScript sources through tsx instead.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const webDir = path.join(root, "apps/web");
const builtIndex = path.join(webDir, "dist/index.html");

function newestMtime(target) {
  const s = statSync(target);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function consoleNeedsBuild() {
  if (!existsSync(builtIndex)) return "the console has not been built yet";
  const sources = ["src", "public", "index.html", "vite.config.ts"].map((p) => path.join(webDir, p)).filter(existsSync);
  const contracts = path.join(root, "packages/contracts/src");
  const newest = Math.max(...[...sources, contracts].map(newestMtime));
  return newest > statSync(builtIndex).mtimeMs ? "the console's sources changed since its last build" : null;
}

const reason = consoleNeedsBuild();
if (reason) {
  console.log(`Building the console (${reason})…`);
  const r = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"],
    {
      cwd: webDir,
      stdio: "inherit",
    },
  );
  if (r.status !== 0) {
    console.error("AnalystBench cannot start: building the console failed (see above).");
    process.exit(1);
  }
}

const nodeBuild = await import("./build-node.mjs");
const stale = nodeBuild.nodeBuildStaleness();
let built = !stale;
if (stale) {
  console.log(`Building the server and the command line (${stale})…`);
  try {
    await nodeBuild.buildNode({ quiet: true });
    built = true;
  } catch (e) {
    // The sources run without the build: a server that starts beats one that does not.
    console.warn(`Warning: building the server failed (${nodeBuild.buildFailure(e)}); it runs from its sources.`);
  }
}
if (built) {
  await import(nodeBuild.SERVER_BUNDLE);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import(path.join(root, "apps/server/src/server.ts"));
}

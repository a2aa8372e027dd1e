#!/usr/bin/env node
/**
 * The Node side as plain JavaScript: `npm run build:node` bundles the TypeScript sources with
 * esbuild, so the command line and the server start without a TypeScript loader.
 *
 *   dist/cli.mjs                  the command line (packages/engine/src/cli/main.ts); every command
 *                                 a chunk of its own, imported when it runs
 *   dist/sim-worker.mjs           the simulation worker thread (packages/sim/src/worker/worker-main.ts)
 *   apps/server/dist/server.mjs   the server (apps/server/src/server.ts), beside apps/server's own
 *                                 node_modules, from which its packages resolve
 *   apps/server/dist/worker.mjs   `analystbench worker` (apps/server/src/worker.ts): it runs queued
 *                                 samples with the server's store, so it is built with the server
 *   dist/.stamp                   written last: the build is fresh while it is newer than every source
 *
 * Workspace packages (@analystbench/*) are bundled; every other package stays external and is
 * imported from node_modules at run time. bin/analystbench.mjs and `npm start` use the build only
 * when it is fresh (nodeBuildIsFresh), else the sources through tsx, so an edit is never run stale.
 *
 * Options: --if-stale builds only when the build is missing or stale; --optional (postinstall)
 * never fails: a failed build leaves the sources in use, with a warning.
 */
import { existsSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DIST = path.join(root, "dist");
const SERVER_DIST = path.join(root, "apps/server/dist");
const STAMP = path.join(DIST, ".stamp");
export const CLI_BUNDLE = path.join(DIST, "cli.mjs");
export const SERVER_BUNDLE = path.join(SERVER_DIST, "server.mjs");
export const WORKER_BUNDLE = path.join(SERVER_DIST, "worker.mjs");
/** From the repository root; worker-script.ts resolves it there (see ANALYSTBENCH_SIM_WORKER). */
const SIM_WORKER = "dist/sim-worker.mjs";

/** What the build is made from: the Node workspaces' sources and manifests (their exports), and this file. */
function sourceRoots() {
  const workspaces = [
    ...readdirSync(path.join(root, "packages")).map((p) => path.join(root, "packages", p)),
    path.join(root, "apps/server"),
  ];
  return [
    ...workspaces.flatMap((w) => [path.join(w, "src"), path.join(w, "package.json")]),
    fileURLToPath(import.meta.url),
  ].filter(existsSync);
}

/**
 * The newest mtime of a file or tree; directories count too, so a deleted or renamed file is seen.
 * Tests are not in the build: editing one leaves it fresh.
 */
function newestMtime(target) {
  const s = statSync(target);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const entry of readdirSync(target))
    if (!entry.endsWith(".test.ts")) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/**
 * Whether the build is there and newer than every source: one stat of the stamp, then a walk of
 * the ~500 source files and folders (a few milliseconds). Returns the reason it is not, or null.
 */
export function nodeBuildStaleness() {
  if (![STAMP, CLI_BUNDLE, SERVER_BUNDLE, WORKER_BUNDLE].every((f) => existsSync(f)))
    return "it has not been built yet";
  const built = statSync(STAMP).mtimeMs;
  return sourceRoots().some((r) => newestMtime(r) > built) ? "its sources changed since its last build" : null;
}

export const nodeBuildIsFresh = () => nodeBuildStaleness() === null;

/**
 * Every import.meta.url, .dirname and .filename of a source file made to point at that file, not
 * at the bundle: the sources find content/, package.json, the console's build and their own data
 * files relative to themselves. Every output lies directly in its outdir, so the source is at one
 * relative path from whichever output file holds its code. process.getBuiltinModule (Node ≥ 20.16)
 * keeps the rewrite an expression, so line numbers stay as in the source.
 */
function sourceLocationPlugin(outdir) {
  return {
    name: "source-location",
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const text = await readFile(args.path, "utf8");
        if (!text.includes("import.meta.")) return undefined;
        const relative = JSON.stringify(path.relative(outdir, args.path).split(path.sep).join("/"));
        const url = `new URL(${relative}, import.meta.url)`;
        const file = `process.getBuiltinModule("node:url").fileURLToPath(${url})`;
        const rewritten = {
          url: `${url}.href`,
          filename: file,
          dirname: `process.getBuiltinModule("node:path").dirname(${file})`,
        };
        const contents = text.replace(/\bimport\.meta\.(url|dirname|filename)\b/g, (_, what) => `(${rewritten[what]})`);
        return { contents, loader: "ts" };
      });
    },
  };
}

/** Workspace packages are TypeScript and bundled; every other package is imported from node_modules. */
const externalPackagesPlugin = {
  name: "external-packages",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.kind === "entry-point" || args.path.startsWith("@analystbench/") ? undefined : { external: true },
    );
  },
};

/** Files of an earlier build that this one no longer makes (chunks under other hashes). */
function prune(outdir, metafile) {
  const made = new Set(Object.keys(metafile.outputs).map((o) => path.resolve(root, o)));
  for (const name of readdirSync(outdir)) {
    const full = path.join(outdir, name);
    if (/\.mjs(\.map)?$/.test(name) && !made.has(full)) rmSync(full, { force: true });
  }
}

/** Builds the command line, the worker and the server; throws with esbuild's messages when it fails. */
export async function buildNode({ quiet = false } = {}) {
  const { build, stop } = await import("esbuild");
  const started = performance.now();
  const startedAt = new Date();
  // Readers take the build as stale until the new stamp is written.
  rmSync(STAMP, { force: true });
  const common = {
    absWorkingDir: root,
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outExtension: { ".js": ".mjs" },
    entryNames: "[name]",
    chunkNames: "[name]-[hash]",
    sourcemap: "linked",
    legalComments: "none",
    // Errors are always shown (they name the file and line); warnings only when asked for.
    logLevel: quiet ? "error" : "warning",
    metafile: true,
    define: { ANALYSTBENCH_SIM_WORKER: JSON.stringify(SIM_WORKER) },
  };
  const builds = [
    {
      outdir: DIST,
      entryPoints: {
        cli: "packages/engine/src/cli/main.ts",
        "sim-worker": "packages/sim/src/worker/worker-main.ts",
      },
    },
    {
      outdir: SERVER_DIST,
      entryPoints: { server: "apps/server/src/server.ts", worker: "apps/server/src/worker.ts" },
    },
  ];
  let results;
  try {
    results = await Promise.all(
      builds.map((b) =>
        build({ ...common, ...b, plugins: [externalPackagesPlugin, sourceLocationPlugin(b.outdir)] }).then((r) => {
          prune(b.outdir, r.metafile);
          return r;
        }),
      ),
    );
  } finally {
    // esbuild's service process would otherwise live as long as the server `npm start` runs next.
    await stop();
  }
  // Dated when the build began: a source saved while it ran is newer, so the build reads as stale.
  writeFileSync(STAMP, `${startedAt.toISOString()}\n`);
  utimesSync(STAMP, startedAt, startedAt);
  const files = results.reduce((n, r) => n + Object.keys(r.metafile.outputs).length, 0);
  if (!quiet)
    console.log(
      `Built the command line and the server: ${files} files in ${Math.round(performance.now() - started)} ms.`,
    );
}

/** Why a build failed, in a few words: esbuild has already printed its errors with file and line. */
export const buildFailure = (e) =>
  e.errors?.length ? `${e.errors.length} error${e.errors.length === 1 ? "" : "s"}, shown above` : e.message;

const isMain = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const args = new Set(process.argv.slice(2));
  const reason = nodeBuildStaleness();
  if (args.has("--if-stale") && !reason) process.exit(0);
  try {
    await buildNode();
  } catch (e) {
    const message = `building the command line and the server failed (${buildFailure(e)})`;
    if (!args.has("--optional")) {
      console.error(`analystbench: ${message}.`);
      process.exit(1);
    }
    // After npm install: the sources work without the build, so the install goes on.
    console.warn(`Warning: ${message}; they run from the TypeScript sources instead.`);
  }
}

import { buildSync } from "esbuild";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The simulation worker runs as one plain JavaScript file, bundled from worker-main.ts with
 * esbuild on first use (about 0.1 s) and kept in node_modules/.cache under a digest of its
 * sources. Loading TypeScript through a loader in every worker cost seconds of CPU per worker;
 * the bundle starts in milliseconds. Packages stay external and resolve from node_modules.
 *
 * The built engine and server (scripts/build-node.mjs) carry the worker as an entry point of their
 * own, built with them: they define ANALYSTBENCH_SIM_WORKER as its path from the repository root,
 * and no digest of the sources is taken nor esbuild run when a worker starts.
 */
declare const ANALYSTBENCH_SIM_WORKER: string | undefined;
const EXTERNAL = ["just-bash", "diff", "zod"];
let cached: string | undefined;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".test.ts"))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

export function workerScriptPath(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  if (typeof ANALYSTBENCH_SIM_WORKER === "string") return path.resolve(here, "../../../..", ANALYSTBENCH_SIM_WORKER);
  if (cached && existsSync(cached)) return cached;
  const simSrc = path.resolve(here, "..");
  const entry = path.join(here, "worker-main.ts");
  const schemaSrc = path.dirname(fileURLToPath(import.meta.resolve("@analystbench/scenarios/schema")));
  const digest = createHash("sha256");
  for (const file of [...sourceFiles(simSrc), ...sourceFiles(schemaSrc)])
    digest.update(file).update(readFileSync(file));
  const justBash = createRequire(import.meta.url).resolve("just-bash");
  const nodeModules = justBash.slice(
    0,
    justBash.lastIndexOf(`${path.sep}node_modules${path.sep}`) + "/node_modules".length,
  );
  const dir = path.join(nodeModules, ".cache", "analystbench");
  const target = path.join(dir, `sim-worker-${digest.digest("hex").slice(0, 16)}.mjs`);
  if (!existsSync(target)) {
    mkdirSync(dir, { recursive: true });
    const temp = `${target}.${process.pid}.tmp`;
    buildSync({
      entryPoints: [entry],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      external: EXTERNAL,
      outfile: temp,
      logLevel: "error",
      legalComments: "none",
    });
    renameSync(temp, target);
  }
  cached = target;
  return target;
}

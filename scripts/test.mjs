#!/usr/bin/env node
/**
 * `npm test`: every check, in order, stopping at the first failure:
 * type checks, lint, unit and API tests (vitest), the API tests again on Postgres (a throwaway
 * cluster of Debian's postgresql, scripts/postgres-cluster.mjs), then a fresh console build and
 * the browser tests (Playwright driving Debian's Chromium).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startPostgresCluster } from "./postgres-cluster.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);

const steps = [
  ["Type check (server and packages)", bin("tsc"), ["-p", "tsconfig.json"]],
  ["Type check (console)", bin("tsc"), ["-p", "apps/web/tsconfig.json"]],
  ["Lint", bin("eslint"), ["--max-warnings=0", "."]],
  ["Unit and API tests", bin("vitest"), ["run"]],
  ["API tests on Postgres", bin("vitest"), ["run", "apps/server"], { postgres: true }],
  ["Build the console", bin("vite"), ["build", "--logLevel", "warn", "apps/web"]],
  ["Browser tests", bin("playwright"), ["test"]],
];

// Ctrl-C reaches the running step as well and ends it; this process waits for that, so the throwaway
// Postgres cluster is still stopped below (it runs detached and would otherwise outlive the tests).
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => {});

for (const [title, command, args, opts = {}] of steps) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  // The server's tests take their database from this variable (test-support/test-database.ts).
  const cluster = opts.postgres ? await startPostgresCluster() : undefined;
  const env = cluster ? { ...process.env, ANALYSTBENCH_TEST_POSTGRES_URL: cluster.url } : process.env;
  const r = spawnSync(command, args, { cwd: root, stdio: "inherit", env });
  cluster?.stop();
  if (r.status !== 0) {
    console.error(`\n✗ ${title} failed.`);
    process.exit(r.status ?? 1);
  }
  console.log(`✓ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
console.log("\nAll checks passed.");

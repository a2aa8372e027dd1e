#!/usr/bin/env node
/**
 * `npm test`: every check, in order, stopping at the first failure:
 * type checks, lint, unit and API tests (vitest), then a fresh console build and the browser
 * tests (Playwright driving Debian's Chromium).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);

const steps = [
  ["Type check (server and packages)", bin("tsc"), ["-p", "tsconfig.json"]],
  ["Type check (console)", bin("tsc"), ["-p", "apps/web/tsconfig.json"]],
  ["Lint", bin("eslint"), ["--max-warnings=0", "."]],
  ["Unit and API tests", bin("vitest"), ["run"]],
  ["Build the console", bin("vite"), ["build", "--logLevel", "warn", "apps/web"]],
  ["Browser tests", bin("playwright"), ["test"]],
];

for (const [title, command, args] of steps) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const r = spawnSync(command, args, { cwd: root, stdio: "inherit", env: process.env });
  if (r.status !== 0) {
    console.error(`\n✗ ${title} failed.`);
    process.exit(r.status ?? 1);
  }
  console.log(`✓ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
console.log("\nAll checks passed.");

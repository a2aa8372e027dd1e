#!/usr/bin/env node
/**
 * Writes npm-vocabulary.json: real packages and versions, with the dependency edges a real
 * `npm install` resolved, taken from a real lockfile (the repository's own package-lock.json and
 * the package.json files its install left). Run from the repository's root after `npm ci`:
 *   node packages/sim/src/trees/make-npm-vocabulary.mjs
 * Only Linux x64 (glibc) builds of platform packages are kept: that is what an install on the
 * simulated hosts leaves.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = process.cwd();
const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")).packages;
const onLinux = (e) =>
  (!e.os || e.os.includes("linux")) && (!e.cpu || e.cpu.includes("x64")) && (!e.libc || e.libc.includes("glibc"));
const nameOf = (loc) => loc.slice(loc.lastIndexOf("node_modules/") + 13);

/** Where node finds `dep` from the package at `loc`: its own node_modules, then its ancestors'. */
function resolve(loc, dep) {
  for (let at = loc; ;) {
    const candidate = `${at ? `${at}/` : ""}node_modules/${dep}`;
    if (lock[candidate] && !lock[candidate].link) return candidate;
    if (!at) return undefined;
    const cut = at.lastIndexOf("/node_modules/");
    at = cut < 0 ? "" : at.slice(0, cut);
  }
}

const packages = {};
for (const [loc, entry] of Object.entries(lock)) {
  if (!loc.includes("node_modules/") || entry.link || !onLinux(entry)) continue;
  const name = nameOf(loc);
  const key = `${name}@${entry.version}`;
  if (packages[key]) continue;
  let manifest = {};
  try {
    manifest = JSON.parse(readFileSync(join(root, loc, "package.json"), "utf8"));
  } catch {
    continue; // not installed here: nothing true to say about its files
  }
  const deps = {};
  for (const [dep, range] of Object.entries({ ...entry.dependencies, ...entry.optionalDependencies })) {
    const at = resolve(loc, dep);
    if (at && onLinux(lock[at])) deps[dep] = [range, lock[at].version];
  }
  packages[key] = {
    description: manifest.description,
    license: entry.license ?? manifest.license,
    main: typeof manifest.main === "string" ? manifest.main.replace(/^\.\//, "") : undefined,
    type: manifest.type,
    bin: entry.bin,
    engines: entry.engines,
    hasInstallScript: entry.hasInstallScript,
    integrity: entry.integrity,
    dependencies: Object.keys(deps).length ? deps : undefined,
  };
}
// An edge to a version left out (not installed on Linux x64) is not one an install there has.
for (const entry of Object.values(packages)) {
  for (const [dep, [, version]] of Object.entries(entry.dependencies ?? {}))
    if (!packages[`${dep}@${version}`]) delete entry.dependencies[dep];
  if (entry.dependencies && !Object.keys(entry.dependencies).length) delete entry.dependencies;
}
const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(
  join(root, "packages/sim/src/trees/npm-vocabulary.json"),
  `${JSON.stringify({ packages: sorted }, null, 1)}\n`,
);
console.log(`${Object.keys(sorted).length} package versions`);

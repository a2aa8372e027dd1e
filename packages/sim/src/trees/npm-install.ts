import type { Random } from "../random";
import vocabulary from "./npm-vocabulary.json";
import { compareVersions, floorOf, satisfies } from "./npm-semver";

/**
 * The node_modules tree `npm install` (npm 9 and 10) leaves in a project: every package the
 * project's package.json needs, transitively, placed as npm's hoisting places it (as high as
 * possible; a second version of a name nested under the package that needs it), with the
 * lockfiles npm writes for it. Packages and their dependency edges come from a real install
 * (npm-vocabulary.json); what the case itself installed stays exactly as the case wrote it.
 */

/** One package version as the vocabulary keeps it (see make-npm-vocabulary.mjs). */
export interface VocabularyEntry {
  description?: string;
  license?: string;
  main?: string;
  type?: string;
  bin?: Record<string, string>;
  engines?: Record<string, string>;
  hasInstallScript?: boolean;
  integrity?: string;
  /** Dependency name → [range as declared, version a real install resolved it to]. */
  dependencies?: Record<string, [string, string]>;
}

const VOCABULARY = (vocabulary as unknown as { packages: Record<string, VocabularyEntry> }).packages;
/** Versions of each name, newest first. */
const VERSIONS = new Map<string, string[]>();
for (const key of Object.keys(VOCABULARY)) {
  const at = key.lastIndexOf("@");
  const name = key.slice(0, at);
  VERSIONS.set(name, [...(VERSIONS.get(name) ?? []), key.slice(at + 1)]);
}
for (const list of VERSIONS.values()) list.sort((a, b) => compareVersions(b, a));

export interface NpmProject {
  /** The project's package.json. */
  packageJson: string;
  /** The project's package-lock.json as the case wrote it: its entries are kept as they are. */
  lock?: string;
  /** Versions of the packages the case itself placed under node_modules, by location. */
  written: Map<string, string>;
  /** Registry base URL for `resolved` ("http://nexus:8081/repository/npm-all/"); the lock's when omitted. */
  registry?: string;
}

export type LockEntry = Record<string, unknown> & { version: string };

export interface NpmNode {
  /** "node_modules/a" or "node_modules/a/node_modules/b". */
  location: string;
  name: string;
  version: string;
  /** The lock's entry for it (npm's key order). */
  entry: LockEntry;
  /** What the vocabulary knows of this version (descriptions and entry points), when it does. */
  known?: VocabularyEntry;
  /** The case placed this package's files itself: nothing is generated inside it. */
  written: boolean;
  /** The case's lock or files name this package here: its entry and place are the case's. */
  fixed: boolean;
}

export interface NpmTree {
  nodes: NpmNode[];
  /** package.json of the project, package-lock.json and node_modules/.package-lock.json. */
  packageLock: string;
  hiddenLock: string;
  /** node_modules/.bin links (relative to the project) and their targets. */
  bins: { link: string; target: string }[];
}

interface Edge {
  from: string;
  name: string;
  range: string;
}

const parentLocation = (location: string) => {
  const cut = location.lastIndexOf("/node_modules/");
  return cut < 0 ? "" : location.slice(0, cut);
};
const inside = (location: string, scope: string) =>
  scope === "" || location === scope || location.startsWith(`${scope}/`);
const at = (scope: string, name: string) => `${scope ? `${scope}/` : ""}node_modules/${name}`;

/** Where node finds `name` from `from`: its own node_modules, then each ancestor's. */
function lookup(nodes: Map<string, NpmNode>, from: string, name: string): NpmNode | undefined {
  for (let scope = from; ; scope = parentLocation(scope)) {
    const found = nodes.get(at(scope, name));
    if (found) return found;
    if (scope === "") return undefined;
  }
}

/** The registry's base URL, from the first `resolved` of the case's lock. */
function registryOf(lock: Record<string, LockEntry>): string | undefined {
  for (const [location, entry] of Object.entries(lock)) {
    const name = location.slice(location.lastIndexOf("node_modules/") + 13);
    const resolved = entry.resolved;
    if (typeof resolved === "string" && resolved.includes(`${name}/-/`))
      return resolved.slice(0, resolved.indexOf(`${name}/-/`));
  }
  return undefined;
}

/** The lock entry npm writes for a package it fetched: its fields in npm's order. */
function entryFor(name: string, version: string, known: VocabularyEntry | undefined, registry: string, rng: Random) {
  const base = name.slice(name.lastIndexOf("/") + 1);
  const deps = Object.fromEntries(Object.entries(known?.dependencies ?? {}).map(([d, [range]]) => [d, range]));
  const entry: LockEntry = {
    version,
    resolved: `${registry}${name}/-/${base}-${version}.tgz`,
    integrity: known?.integrity ?? `sha512-${Buffer.from(rng.hex(128), "hex").toString("base64")}`,
  };
  if (known?.hasInstallScript) entry.hasInstallScript = true;
  entry.license = known?.license ?? "MIT";
  if (Object.keys(deps).length) entry.dependencies = deps;
  if (known?.bin) entry.bin = known.bin;
  if (known?.engines) entry.engines = known.engines;
  return entry;
}

/** The version an install picks for `range`: the newest the vocabulary has in it, else its floor. */
function pickVersion(name: string, range: string): { version: string; known?: VocabularyEntry } {
  const version = (VERSIONS.get(name) ?? []).find((v) => satisfies(v, range));
  if (version) return { version, known: VOCABULARY[`${name}@${version}`] };
  const floor = floorOf(range);
  return { version: floor, known: VOCABULARY[`${name}@${floor}`] };
}

const dependencyRanges = (entry: LockEntry): [string, string][] =>
  Object.entries({
    ...(entry.dependencies as Record<string, string> | undefined),
    ...(entry.optionalDependencies as Record<string, string> | undefined),
  }).sort(([a], [b]) => (a < b ? -1 : 1));

/**
 * The highest place for a new package on the path from `from` to the root: above the first
 * ancestor holding another version it cannot go, nor anywhere it would hide that other version
 * from a package that already resolves to it.
 */
function placeFor(nodes: Map<string, NpmNode>, resolved: Edge[], edge: Edge): string {
  const scopes: string[] = [];
  for (let scope = edge.from; ; scope = parentLocation(scope)) {
    if (nodes.has(at(scope, edge.name))) break;
    scopes.push(scope);
    if (scope === "") break;
  }
  // The deepest scope (the package's own node_modules) is always free: the loop ran once at least.
  for (let i = scopes.length - 1; i > 0; i--) {
    const scope = scopes[i]!;
    const hides = resolved.some((e) => e.name === edge.name && inside(e.from, scope));
    if (!hides) return scope;
  }
  return scopes[0]!;
}

/** Root dependencies first, then breadth first and alphabetically, as npm's tree builder visits them. */
function resolveAll(nodes: Map<string, NpmNode>, root: Edge[], registry: string, rng: Random): void {
  const queue = [...root];
  const resolved: Edge[] = [];
  const expanded = new Set<string>();
  for (let i = 0; i < queue.length; i++) {
    const edge = queue[i]!;
    let node = lookup(nodes, edge.from, edge.name);
    // What the case installed is what the project and the case's own packages get, whatever the
    // range says; a package the generator added gets a version its range allows.
    const caseEdge = edge.from === "" || nodes.get(edge.from)?.fixed === true;
    if (!node || !((node.fixed && caseEdge) || satisfies(node.version, edge.range))) {
      const { version, known } = pickVersion(edge.name, edge.range);
      const location = at(placeFor(nodes, resolved, edge), edge.name);
      const entry = entryFor(edge.name, version, known, registry, rng);
      node = { location, name: edge.name, version, known, written: false, fixed: false, entry };
      nodes.set(location, node);
    }
    resolved.push(edge);
    if (expanded.has(node.location)) continue;
    expanded.add(node.location);
    for (const [name, range] of dependencyRanges(node.entry)) queue.push({ from: node.location, name, range });
  }
}

/** Marks what only development needs ("dev": true), as npm does, on the entries it generated. */
function markDev(nodes: Map<string, NpmNode>, prodRoots: Edge[]): void {
  const prod = new Set<string>();
  const queue = [...prodRoots];
  for (let i = 0; i < queue.length; i++) {
    const node = lookup(nodes, queue[i]!.from, queue[i]!.name);
    if (!node || prod.has(node.location)) continue;
    prod.add(node.location);
    for (const [name, range] of dependencyRanges(node.entry)) queue.push({ from: node.location, name, range });
  }
  for (const node of nodes.values()) {
    if (node.fixed || prod.has(node.location)) continue;
    const { version, resolved, integrity, ...rest } = node.entry;
    node.entry = { version, resolved, integrity, dev: true, ...rest };
  }
}

/** The project's root entry of package-lock.json, from its package.json. */
function rootEntry(pkg: Record<string, unknown>): Record<string, unknown> {
  const fields = [
    "name",
    "version",
    "license",
    "dependencies",
    "devDependencies",
    "optionalDependencies",
    "bin",
    "engines",
  ];
  return Object.fromEntries(fields.filter((f) => pkg[f] !== undefined).map((f) => [f, pkg[f]]));
}

const edgesOf = (deps: unknown): Edge[] =>
  Object.entries((deps ?? {}) as Record<string, string>)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, range]) => ({ from: "", name, range }));

/** The case's own packages: its lock's entries, and those whose files it placed. */
function caseNodes(project: NpmProject, lock: Record<string, LockEntry>): Map<string, NpmNode> {
  const nodes = new Map<string, NpmNode>();
  for (const [location, entry] of Object.entries(lock)) {
    if (!location.startsWith("node_modules/")) continue;
    const name = location.slice(location.lastIndexOf("node_modules/") + 13);
    const known = VOCABULARY[`${name}@${entry.version}`];
    nodes.set(location, { location, name, version: entry.version, entry, known, written: false, fixed: true });
  }
  for (const [location, version] of project.written) {
    const name = location.slice(location.lastIndexOf("node_modules/") + 13);
    const node = nodes.get(location);
    if (node) node.written = true;
    else nodes.set(location, { location, name, version, entry: { version }, written: true, fixed: true });
  }
  return nodes;
}

/** `.bin` links of each node_modules folder: the commands of the packages directly in it. */
function binLinks(nodes: NpmNode[]): { link: string; target: string }[] {
  const links = new Map<string, string>();
  for (const node of nodes) {
    const bin = node.entry.bin as Record<string, string> | undefined;
    const folder = node.location.slice(0, node.location.length - node.name.length);
    for (const [command, file] of Object.entries(bin ?? {}))
      if (!links.has(`${folder}.bin/${command}`))
        links.set(`${folder}.bin/${command}`, `../${node.name}/${file.replace(/^\.\//, "")}`);
  }
  return [...links].sort(([a], [b]) => (a < b ? -1 : 1)).map(([link, target]) => ({ link, target }));
}

/** Plans the installed tree of a project. Draws from `rng` only for packages the vocabulary lacks. */
export function planNpmTree(project: NpmProject, rng: Random): NpmTree {
  const pkg = JSON.parse(project.packageJson) as Record<string, unknown>;
  const lock =
    ((project.lock ? JSON.parse(project.lock) : {}) as { packages?: Record<string, LockEntry> }).packages ?? {};
  const nodes = caseNodes(project, lock);
  const registry = project.registry ?? registryOf(lock) ?? "https://registry.npmjs.org/";
  const prod = [...edgesOf(pkg.dependencies), ...edgesOf(pkg.optionalDependencies)];
  resolveAll(nodes, [...prod, ...edgesOf(pkg.devDependencies)], registry, rng);
  markDev(nodes, prod);
  const sorted = [...nodes.values()].sort((a, b) => (a.location < b.location ? -1 : 1));
  const packages = Object.fromEntries(sorted.map((n) => [n.location, n.entry]));
  const header = { name: pkg.name, version: pkg.version, lockfileVersion: 3, requires: true };
  return {
    nodes: sorted,
    packageLock: `${JSON.stringify({ ...header, packages: { "": rootEntry(pkg), ...packages } }, null, 2)}\n`,
    hiddenLock: `${JSON.stringify({ ...header, packages }, null, 2)}\n`,
    bins: binLinks(sorted),
  };
}

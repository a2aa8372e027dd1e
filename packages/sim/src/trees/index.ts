import type { HostSpec, TreeSpec } from "@analystbench/scenarios";
import { defaultMtime } from "../host-model/file-times";
import { homeOwner } from "../host-model/filesystem";
import type { Layout } from "../host-model/layout";
import type { Random } from "../random";
import { sha256 } from "../tracked-fs";
import { packageFiles } from "./npm-files";
import { planNpmTree, type NpmTree } from "./npm-install";
import { suitecrmFiles, suitecrmWritable } from "./suitecrm";

/**
 * Generated folders of a host (TreeSpec): what they hold is decided once per recipe and kept,
 * since every sample of a case builds the same host; each file's bytes are made on first read,
 * like generated logs, so a tree of a thousand files costs its entries and nothing more.
 */

/** npm packs every file of a tarball with this time, and installing keeps it (pacote). */
const NPM_TARBALL_MS = Date.parse("1985-10-26T08:15:00Z");

/** One file or link a generator lays down, relative to the tree's path. */
export interface TreeEntry {
  path: string;
  mode: number;
  mtimeMs: number;
  content?: () => string;
  /** A symbolic link's target. */
  target?: string;
}

const plans = new Map<string, TreeEntry[]>();

/** The recipe's entries, planned once (a bounded cache: the oldest plan goes first). */
function planned(key: string, plan: () => TreeEntry[]): TreeEntry[] {
  let entries = plans.get(key);
  if (entries) return entries;
  entries = plan();
  plans.set(key, entries);
  if (plans.size > 64) plans.delete(plans.keys().next().value!);
  return entries;
}

const fileText = (spec: HostSpec, path: string) => spec.files.find((f) => f.path === path)?.content;

/** Versions of the packages whose package.json the content placed under the project's node_modules. */
function writtenPackages(spec: HostSpec, dir: string): Map<string, string> {
  const written = new Map<string, string>();
  const pattern = /^(node_modules\/(?:@[^/]+\/)?[^/@][^/]*(?:\/node_modules\/(?:@[^/]+\/)?[^/]+)*)\/package\.json$/;
  for (const f of spec.files) {
    const m = f.path.startsWith(`${dir}/`) ? pattern.exec(f.path.slice(dir.length + 1)) : null;
    if (!m) continue;
    const version = (JSON.parse(f.content) as { version?: unknown }).version;
    written.set(m[1]!, typeof version === "string" ? version : "0.0.0");
  }
  return written;
}

/** node_modules, the lockfiles and the .bin links of an `npm install` in `tree.path`. */
function npmEntries(spec: HostSpec, tree: TreeSpec, rng: Random, installedMs: number): TreeEntry[] {
  const lock = fileText(spec, `${tree.path}/package-lock.json`);
  // A CI workspace may hold only the lock the content cares about: its root entry is the package.json.
  const root =
    lock === undefined ? undefined : (JSON.parse(lock) as { packages?: Record<string, unknown> }).packages?.[""];
  const packageJson = fileText(spec, `${tree.path}/package.json`) ?? (root ? JSON.stringify(root) : undefined);
  if (packageJson === undefined) throw new Error(`npm-install tree ${tree.path} on ${spec.hostname}: no package.json`);
  const written = writtenPackages(spec, tree.path);
  const plan: NpmTree = planNpmTree({ packageJson, lock, written, registry: tree.registry }, rng);
  const year = new Date(installedMs).getUTCFullYear() - 1;
  const entries: TreeEntry[] = [
    { path: "package-lock.json", mode: 0o644, mtimeMs: installedMs, content: () => plan.packageLock },
    { path: "node_modules/.package-lock.json", mode: 0o644, mtimeMs: installedMs, content: () => plan.hiddenLock },
  ];
  for (const node of plan.nodes) {
    if (node.written) continue;
    for (const f of packageFiles(node, year))
      entries.push({
        path: `${node.location}/${f.path}`,
        mode: f.executable ? 0o755 : 0o644,
        mtimeMs: NPM_TARBALL_MS,
        content: f.content,
      });
  }
  for (const bin of plan.bins) entries.push({ path: bin.link, mode: 0o777, mtimeMs: installedMs, target: bin.target });
  return entries;
}

interface TreeGenerator {
  entries: (spec: HostSpec, tree: TreeSpec, rng: Random, installedMs: number, untilMs: number) => TreeEntry[];
  /** Who owns the tree when the content names no one. */
  owner?: string;
  /** Mode of a folder (relative path); 0755 when omitted. */
  dirMode?: (path: string) => number;
}

const GENERATORS: Record<TreeSpec["generator"], TreeGenerator> = {
  "npm-install": { entries: npmEntries },
  suitecrm: {
    entries: (_spec, _tree, rng, installedMs, untilMs) => suitecrmFiles(rng, installedMs, untilMs),
    owner: "www-data:www-data",
    dirMode: (path) => (suitecrmWritable(path) ? 0o775 : 0o755),
  },
};

/** Writes one generated entry; a file the content lists at the same path stays the content's. */
function putEntry(layout: Layout, abs: string, entry: TreeEntry, owner: string, recipe: string): void {
  const { fs } = layout;
  if (entry.target !== undefined) {
    // InMemoryFs's symlink is synchronous in all but name; the check below keeps it honest.
    void Object.getPrototypeOf(Object.getPrototypeOf(fs)).symlink.call(fs, entry.target, abs);
    if (fs.entryKind(abs) !== "symlink") throw new Error(`could not link ${abs}`);
    fs.setMetadata(abs, { mtimeMs: entry.mtimeMs });
  } else {
    fs.writeFileLazy(abs, entry.content!, { mode: entry.mode, mtime: new Date(entry.mtimeMs) });
    fs.knownMtimes.set(abs, entry.mtimeMs);
    fs.lazyRecipes.set(abs, recipe);
  }
  fs.owners.set(abs, owner);
}

/** Every folder a tree created: the install's time, its owner, the usual mode. */
function settleFolders(
  layout: Layout,
  root: string,
  paths: string[],
  meta: { owner: string; installedMs: number; dirMode?: (path: string) => number },
): void {
  const dirs = new Set<string>();
  for (const path of paths)
    for (
      let d = path.slice(0, path.lastIndexOf("/"));
      d.length > root.length && !dirs.has(d);
      d = d.slice(0, d.lastIndexOf("/"))
    )
      dirs.add(d);
  for (const dir of dirs) {
    const mode = meta.dirMode?.(dir.slice(root.length + 1)) ?? 0o755;
    layout.fs.setMetadata(dir, { mode, mtimeMs: meta.installedMs });
    layout.own(dir, meta.owner);
  }
}

/** Lays down the host's generated trees after its content files (which they never replace). */
export function putTrees(layout: Layout, spec: HostSpec, hostRng: Random): void {
  const listed = new Set(spec.files.map((f) => f.path));
  for (const tree of spec.trees) {
    const generator = GENERATORS[tree.generator];
    const owner = tree.owner ?? homeOwner(layout.model.accounts, tree.path) ?? generator.owner ?? "root:root";
    const installedMs = tree.installed ? Date.parse(tree.installed) : defaultMtime(layout.model.timeline, tree.path);
    const rng = hostRng.fork(`tree:${tree.path}`);
    const recipe = sha256(
      JSON.stringify([rng.seed, tree, installedMs, spec.files.filter((f) => f.path.startsWith(`${tree.path}/`))]),
    );
    const untilMs = layout.model.timeline.clockMs - 60_000;
    const entries = planned(recipe, () => generator.entries(spec, tree, rng, installedMs, untilMs));
    const writtenDirs = [...listed]
      .filter((p) => p.startsWith(`${tree.path}/node_modules/`))
      .map((p) => p.slice(0, p.lastIndexOf("/")));
    const laid: string[] = [];
    for (const entry of entries) {
      const abs = `${tree.path}/${entry.path}`;
      if (listed.has(abs) && entry.path !== "package-lock.json") continue;
      if (writtenDirs.some((d) => abs.startsWith(`${d}/`))) continue;
      putEntry(layout, abs, entry, owner, recipe);
      laid.push(abs);
    }
    settleFolders(layout, tree.path, laid, { owner, installedMs, dirMode: generator.dirMode });
  }
}

import path from "node:path";
import { Scenario1Schema, type Scenario1 } from "../schema/scenario1";
import { Scenario2Schema, type Scenario2 } from "../schema/scenario2";
import {
  CaseManifestSchema,
  ScenarioBase1Schema,
  ScenarioBase2Schema,
  type CaseManifest,
  type ScenarioBase1,
  type ScenarioBase2,
} from "./manifest-schema";
import { CASE_MANIFEST, findPackageDirs } from "./package-dirs";
import { describeProblem, readPackageManifest, validateManifest } from "./read-package";

export { CASE_MANIFEST, findPackageDirs };

/**
 * Every case package the engine knows: the built-in ones under content/ and, from each directory
 * ANALYSTBENCH_CASES_DIR names, a user's own. A package that fails its checks is kept aside with
 * its problems (listed, never run); nothing here throws for a broken package.
 */

/** The repository's content/ folder: packages/scenarios/src/packages → ../../../../content. */
export const BUILT_IN_CONTENT_DIR = path.resolve(import.meta.dirname, "..", "..", "..", "..", "content");
export const SCENARIO_MANIFEST = "scenario.yaml";

export interface CaseSource {
  /** "built-in", or the directory as given in ANALYSTBENCH_CASES_DIR. */
  name: string;
  builtIn: boolean;
}

export interface LoadedPackage {
  dir: string;
  source: CaseSource;
  manifest: CaseManifest;
}

export interface BrokenPackage {
  /** The case id if the manifest names one, else the folder's name. */
  id: string;
  dir: string;
  source: CaseSource;
  /** Each problem as a sentence naming the file and field. */
  problems: string[];
}

export const BUILT_IN: CaseSource = { name: "built-in", builtIn: true };

function fail(dir: string, problems: string[]): never {
  throw new Error(`The built-in content in ${dir} is invalid:\n${problems.map((p) => `  ${p}`).join("\n")}`);
}

/** The scenario bases are part of the engine: a broken one is a bug, so it throws. */
export function readScenarioBases(root = BUILT_IN_CONTENT_DIR): { s1: ScenarioBase1; s2: ScenarioBase2 } {
  const read = <S extends typeof ScenarioBase1Schema | typeof ScenarioBase2Schema>(schema: S, folder: string) => {
    const dir = path.join(root, "scenarios", folder);
    const { data, problems } = validateManifest(schema, readPackageManifest(dir, SCENARIO_MANIFEST), SCENARIO_MANIFEST);
    if (!data || problems.length) fail(dir, problems.map(describeProblem));
    return data;
  };
  return { s1: read(ScenarioBase1Schema, "s1") as ScenarioBase1, s2: read(ScenarioBase2Schema, "s2") as ScenarioBase2 };
}

/** Reads and validates one package; problems name the file and field. */
export function readCasePackage(dir: string): { manifest?: CaseManifest; problems: string[] } {
  const { data, problems } = validateManifest(
    CaseManifestSchema,
    readPackageManifest(dir, CASE_MANIFEST),
    CASE_MANIFEST,
  );
  return { manifest: problems.length ? undefined : data, problems: problems.map(describeProblem) };
}

/** The directories of ANALYSTBENCH_CASES_DIR (separated like PATH), as given. */
export function userCaseDirs(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.ANALYSTBENCH_CASES_DIR ?? "")
    .split(path.delimiter)
    .map((d) => d.trim())
    .filter(Boolean);
}

/** Packages in the order the console lists them: Scenario 1 by zone, Scenario 2 by narrative, then id. */
export function sortPackages(packages: LoadedPackage[], zones: readonly string[]): LoadedPackage[] {
  const rank = (m: CaseManifest) => (m.scenario === "S1" ? `1 ${zones.indexOf(m.zone)}` : `2 ${m.narrative.id}`);
  return [...packages].sort(
    (a, b) => rank(a.manifest).localeCompare(rank(b.manifest)) || a.manifest.id.localeCompare(b.manifest.id),
  );
}

export interface PackageSet {
  loaded: LoadedPackage[];
  broken: BrokenPackage[];
}

/** Loads every package under the built-in content folder and the user's directories. */
export function loadPackages(userDirs: string[], root = BUILT_IN_CONTENT_DIR): PackageSet {
  const loaded: LoadedPackage[] = [];
  const broken: BrokenPackage[] = [];
  const sources: [CaseSource, string[]][] = [
    [BUILT_IN, findPackageDirs(path.join(root, "cases"))],
    ...userDirs.map((d): [CaseSource, string[]] => [{ name: d, builtIn: false }, findPackageDirs(path.resolve(d))]),
  ];
  const ids = new Map<string, string>();
  for (const [source, dirs] of sources) {
    for (const dir of dirs) {
      const { manifest, problems } = readCasePackage(dir);
      const id = manifest?.id ?? path.basename(dir);
      const taken = ids.get(id);
      if (manifest && taken)
        problems.push(`${CASE_MANIFEST}, field id: "${id}" is already the id of the case in ${taken}`);
      if (!manifest || problems.length) {
        if (source.builtIn) fail(dir, problems);
        broken.push({ id, dir, source, problems });
        continue;
      }
      ids.set(id, dir);
      loaded.push({ dir, source, manifest });
    }
  }
  return { loaded, broken };
}

/** Scenario 1 as one network, from its base and the Scenario 1 packages given (in order). */
export function assembleScenario1(base: ScenarioBase1, packages: CaseManifest[]): Scenario1 {
  const zones = packages.flatMap((m) => (m.scenario === "S1" ? [m] : []));
  const platform = (key: "repositories" | "pipelines" | "packages" | "repository_groups"): unknown[] =>
    zones.flatMap((z): unknown[] => z.platform?.[key] ?? []);
  return Scenario1Schema.parse({
    id: base.id,
    title: base.title,
    description: base.description,
    clock: base.clock,
    zones: base.zones,
    devices: zones.flatMap((z) => z.devices),
    configs: zones.flatMap((z) => z.configs),
    narratives: base.narratives,
    llm_tasks: { general: base.general, specifics: zones.flatMap((z) => z.tasks) },
    platform: {
      repositories: platform("repositories"),
      pipelines: platform("pipelines"),
      packages: platform("packages"),
      repository_groups: platform("repository_groups"),
    },
  });
}

/** Scenario 2 with the narratives and tasks of the packages given (the reference pages read it). */
export function assembleScenario2(base: ScenarioBase2, packages: CaseManifest[], schema = Scenario2Schema): Scenario2 {
  const cases = packages.flatMap((m) => (m.scenario === "S2" ? [m] : []));
  return schema.parse({
    id: base.id,
    title: base.title,
    description: base.description,
    reference: base.reference,
    hosts: base.hosts,
    narratives: cases.map((c) => c.narrative),
    llm_tasks: { general: base.general, tasks: cases.map((c) => c.task) },
  });
}

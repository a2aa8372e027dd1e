import {
  assembleScenario1,
  assembleScenario2,
  loadPackages,
  readCasePackage,
  readScenarioBases,
  sortPackages,
  userCaseDirs,
  type BrokenPackage,
  type CaseSource,
  type LoadedPackage,
} from "./packages/catalog";
import type { CaseManifest, CaseManifest1 } from "./packages/manifest-schema";
import { drawIdentifiers, remapIdentifiers, variantSecret, variantTimeShift } from "./packages/variants";
import type { Narrative2, Scenario2, Task2 } from "./schema/scenario2";
import type { Scenario1, Task1 } from "./schema/scenario1";
import type { ToolName } from "./schema/tools";
import { scenario1World, scenario2World, type CaseWorld } from "./world/case-world";

/**
 * The registry of test cases, read from case packages (content/cases/<id>/case.yaml and the
 * directories of ANALYSTBENCH_CASES_DIR). Scenario 1 cases share one enterprise network, each
 * adding the devices of its zone; their samples are those devices' tasks. A Scenario 2 case lays
 * one narrative over the supply chain's base hosts, one sample. Ids are stable: results, logs and
 * metadata files are named after them.
 */

export type ScenarioKey = "S1" | "S2";

export interface CaseSample {
  /** Unique within its case, e.g. the task id. */
  id: string;
  title: string;
  task: Task1 | Task2;
  /** Scenario 2: the narrative the sample investigates. */
  narrative?: Narrative2;
  /** Scenario 1: the device the sample investigates. */
  device?: string;
}

export interface TestCase {
  id: string;
  name: string;
  description: string;
  scenario: ScenarioKey;
  category: string;
  samples: CaseSample[];
  /** General instructions of the case's scenario (the opening of the system prompt). */
  general: string;
  /** The world the case is investigated in, composed from content (no side effects). */
  world(): CaseWorld;
  /** Tools the intended solution paths of the samples use. */
  tools: ToolName[];
  /** Where the case comes from: built in, or a directory of ANALYSTBENCH_CASES_DIR. */
  source: CaseSource;
  /** The package's folder. */
  dir: string;
  /** The package's manifest as read (the reference pages show a user's case from it). */
  manifest: CaseManifest;
  /** 0 for the case as published; N for the case with every identifier drawn again (variants.ts). */
  variant: number;
  /** The identifier table of this variant. */
  identifiers: Record<string, string>;
}

function toolsOf(samples: CaseSample[]): ToolName[] {
  const used = new Set(samples.flatMap((s) => s.task.solution_path.map((step) => step.call.tool)));
  return [...used].sort();
}

/** The network a user's Scenario 1 case runs in: the built-in one with its devices added or replaced. */
function networkWith(s1: Scenario1, m: CaseManifest1): Scenario1 {
  const names = new Set(m.devices.map((d) => d.name));
  const extra = (key: "repositories" | "pipelines" | "packages" | "repository_groups") => [
    ...s1.platform[key],
    ...(m.platform?.[key] ?? []),
  ];
  return {
    ...s1,
    devices: [...s1.devices.filter((d) => !names.has(d.name)), ...m.devices],
    platform: {
      repositories: extra("repositories"),
      pipelines: extra("pipelines"),
      packages: extra("packages"),
      repository_groups: extra("repository_groups"),
    },
  } as Scenario1;
}

function buildCase(p: LoadedPackage, s1: Scenario1, s2: Scenario2): TestCase {
  const m = p.manifest;
  const header = { id: m.id, name: m.name, description: m.description, category: m.category };
  const origin = { source: p.source, dir: p.dir, manifest: m, variant: 0, identifiers: m.identifiers };
  if (m.scenario === "S1") {
    const samples = m.tasks.map((t) => ({ id: t.id, title: t.title, task: t, device: t.device }));
    let world: CaseWorld | undefined;
    const network = p.source.builtIn ? () => s1 : () => networkWith(s1, m);
    return {
      ...header,
      ...origin,
      scenario: "S1",
      samples,
      general: s1.llm_tasks.general,
      world: () => (world ??= p.source.builtIn ? sharedS1World(s1) : scenario1World(network())),
      tools: toolsOf(samples),
    };
  }
  const samples = [{ id: m.narrative.id, title: m.task.title, task: m.task, narrative: m.narrative }];
  // Built once and shared, as the S1 world is: every sample of every run reads the same world, and
  // what is computed from it (its digest, where evidence lies) is cached by the world object.
  let world: CaseWorld | undefined;
  return {
    ...header,
    ...origin,
    scenario: "S2",
    samples,
    general: s2.llm_tasks.general,
    world: () => (world ??= scenario2World(s2, m.narrative)),
    tools: toolsOf(samples),
  };
}

let s1WorldCache: CaseWorld | undefined;
/** The built-in Scenario 1 cases share one network, so they share its world. */
function sharedS1World(s1: Scenario1): CaseWorld {
  return (s1WorldCache ??= scenario1World(s1));
}

function buildCatalog() {
  const bases = readScenarioBases();
  const zones = bases.s1.zones.map((z) => z.id);
  const { loaded, broken } = loadPackages(userCaseDirs());
  const builtIn = sortPackages(
    loaded.filter((p) => p.source.builtIn),
    zones,
  );
  const user = sortPackages(
    loaded.filter((p) => !p.source.builtIn),
    zones,
  );
  const builtInManifests = builtIn.map((p) => p.manifest);
  const scenario1 = assembleScenario1(bases.s1, builtInManifests);
  const scenario2 = assembleScenario2(bases.s2, builtInManifests);
  const cases = [...builtIn, ...user].map((p) => buildCase(p, scenario1, scenario2));
  return { scenario1, scenario2, cases, broken };
}

const catalog = buildCatalog();

/** Scenario 1 as the built-in cases make it (the enterprise network and its tasks). */
export const scenario1: Scenario1 = catalog.scenario1;
/** Scenario 2 as the built-in cases make it (base hosts, reference, the eight narratives). */
export const scenario2: Scenario2 = catalog.scenario2;

/** Every runnable case: the built-in ones, then the user's (by source directory). */
export const TEST_CASES: readonly TestCase[] = catalog.cases;

/** Packages from ANALYSTBENCH_CASES_DIR that failed their checks: listed with their problems, never run. */
export const BROKEN_CASES: readonly BrokenPackage[] = catalog.broken;

/** The ids of every runnable case. */
export const CASE_IDS: readonly string[] = TEST_CASES.map((c) => c.id);

const byId = new Map(TEST_CASES.map((c) => [c.id, c]));

/**
 * The case a package directory holds, built like the registry builds it (in the network and over
 * the base hosts of the built-in content), or the package's problems. For `case check` and tests:
 * a package need not be in any registered directory.
 */
export function caseFromPackage(dir: string): { testCase?: TestCase; problems: string[] } {
  const { manifest, problems } = readCasePackage(dir);
  if (!manifest) return { problems };
  const source: CaseSource = { name: dir, builtIn: false };
  return { testCase: buildCase({ dir, source, manifest }, scenario1, scenario2), problems };
}

/** Variants built recently, oldest first: each holds a whole world, so only a few are kept. */
const variants = new Map<string, TestCase>();
const KEEP_VARIANTS = 24;

/**
 * The case as variant `variant`: the same story with every identifier of its table drawn again
 * (addresses, domains, users, packages, hashes, artifacts) and every date moved by whole weeks,
 * in its world, prompts, hints, checkpoints, solution paths and reference answer alike. Variant 0
 * is the case as published. Cached.
 */
export function caseVariant(testCase: TestCase, variant: number, secret = variantSecret()): TestCase {
  if (testCase.variant === variant) return testCase;
  if (testCase.variant !== 0) throw new Error("caseVariant draws from the published case (variant 0)");
  const key = `${testCase.dir}\0${variant}\0${secret}`;
  const known = variants.get(key);
  if (known) {
    variants.delete(key);
    variants.set(key, known);
    return known;
  }
  const base = testCase;
  const published = base.world();
  const text = JSON.stringify([published, base.samples, base.description]);
  // Every date moves by whole weeks (the world's clock, so lazily generated noise, too).
  const shift = variantTimeShift(base.id, variant, secret, Date.parse(published.clock));
  const drawn = drawIdentifiers(base.identifiers, { caseId: base.id, variant, secret, text, shift });
  const remap = <T>(v: T): T => remapIdentifiers(v, base.identifiers, drawn, shift);
  let world: CaseWorld | undefined;
  const made: TestCase = {
    ...base,
    description: remap(base.description),
    samples: remap(base.samples),
    world: () => (world ??= remap(published)),
    variant,
    identifiers: drawn,
  };
  variants.set(key, made);
  if (variants.size > KEEP_VARIANTS) variants.delete(variants.keys().next().value!);
  return made;
}

/** The case with this id, or undefined. A Map, so ids like "__proto__" find nothing. */
export function findCase(id: string): TestCase | undefined {
  return byId.get(id);
}

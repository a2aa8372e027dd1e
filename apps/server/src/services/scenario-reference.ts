import type {
  CheckpointView,
  ContentSource,
  DeviceView,
  ScenarioId,
  ScenarioReference,
  ScenarioSummary,
  Scenario1View,
  Scenario2View,
  TaskView,
} from "@analystbench/contracts";
import { SUBMISSION_GUIDE } from "@analystbench/engine";
import {
  caseVariant,
  findCase,
  remapIdentifiers,
  scenario1,
  scenario2,
  TEST_CASES,
  type CaseManifest,
  type CaseManifest1,
  type CaseManifest2,
  type Checkpoint,
  type Config1,
  type Device1,
  type Narrative2,
  type Task1,
  type Task2,
  type TestCase,
} from "@analystbench/scenarios";

/**
 * The reference view of each scenario: what the Scenario page shows, picked field by field from
 * the content so nothing of the simulator or the answer key (hosts, world overlays, solution
 * paths, reference answers, grading criteria, task IOC sets) can slip into a response.
 *
 * A user's cases (ANALYSTBENCH_CASES_DIR) are shown like the built-in ones, after them, each item
 * marked with its source: a Scenario 1 case's devices, configurations and tasks, a Scenario 2
 * case's narrative and task, read from the case's own manifest.
 */

type Manifest1 = CaseManifest1;
type Manifest2 = CaseManifest2;

/** The user's cases of one scenario, with their manifests, in the registry's order. */
function userCases<M extends CaseManifest>(scenario: M["scenario"]): { manifest: M; source: ContentSource }[] {
  return TEST_CASES.filter((c: TestCase) => !c.source.builtIn && c.manifest.scenario === scenario).map((c) => ({
    manifest: c.manifest as M,
    source: { name: c.source.name, caseId: c.id },
  }));
}

/** The field marking an item of a user's case; nothing on built-in content. */
const from = (source?: ContentSource) => (source ? { source: { ...source } } : {});

const checkpointView = (c: Checkpoint): CheckpointView => ({
  number: c.number,
  name: c.name,
  points: c.points,
  scores: {
    plus: { value: c.scores.plus.value, desc: c.scores.plus.desc },
    zero: { desc: c.scores.zero.desc },
    minus: { value: c.scores.minus.value, desc: c.scores.minus.desc },
  },
});

const taskView = (t: Task1 | Task2, device?: string, source?: ContentSource): TaskView => ({
  id: t.id,
  title: t.title,
  ...(device !== undefined ? { device } : {}),
  prompt: t.prompt,
  investigation_hints: [...t.investigation_hints],
  fix: { lang: t.fix.lang, code: t.fix.code },
  checkpoints: t.checkpoints.map(checkpointView),
  ...from(source),
});

const described = (d: { lang: string; description: string; code: string }) => ({
  lang: d.lang,
  description: d.description,
  code: d.code,
});

type DeviceFields = Pick<Device1, "name" | "host" | "os" | "ip" | "roles" | "policies" | "misconfig" | "ioc">;

const deviceView = (d: DeviceFields, zone?: string, source?: ContentSource): DeviceView => ({
  name: d.name,
  host: d.host,
  os: d.os,
  ip: d.ip,
  ...(zone !== undefined ? { zone } : {}),
  roles: [...d.roles],
  policies: [...d.policies],
  misconfig: d.misconfig ? { example: d.misconfig.example, reason: d.misconfig.reason } : null,
  ioc: [...d.ioc],
  ...from(source),
});

const configView = (c: Config1, source?: ContentSource): Scenario1View["configs"][number] => ({
  id: c.id,
  title: c.title,
  device: c.device,
  path: c.path,
  baseline: described(c.baseline),
  misconfig: described(c.misconfig),
  ...from(source),
});

function scenario1View(): Scenario1View {
  const user = userCases<Manifest1>("S1");
  return {
    id: "scenario1",
    title: scenario1.title,
    description: scenario1.description,
    zones: scenario1.zones.map((z) => ({ id: z.id, name: z.name, cidr: z.cidr, description: z.description })),
    devices: [
      ...scenario1.devices.map((d) => deviceView(d, d.zone)),
      ...user.flatMap(({ manifest, source }) => manifest.devices.map((d) => deviceView(d, d.zone, source))),
    ],
    configs: [
      ...scenario1.configs.map((c) => configView(c)),
      ...user.flatMap(({ manifest, source }) => manifest.configs.map((c) => configView(c, source))),
    ],
    narratives: scenario1.narratives.map((n) => ({
      id: n.id,
      title: n.title,
      baseline: described(n.baseline),
      misconfig: described(n.misconfig),
    })),
    llm_tasks: {
      general: withSubmissionGuide(scenario1.llm_tasks.general),
      tasks: [
        ...scenario1.llm_tasks.specifics.map((t) => taskView(t, t.device)),
        ...user.flatMap(({ manifest, source }) => manifest.tasks.map((t) => taskView(t, t.device, source))),
      ],
    },
  };
}

function narrative2View(n: Narrative2, source?: ContentSource): Scenario2View["narratives"][number] {
  const b = n.implementation_blueprint;
  return {
    id: n.id,
    title: n.title,
    story: n.story,
    attack_background: { ...n.attack_background },
    conceptual_evidence_files: n.conceptual_evidence_files.map((f) => ({
      asset_id: f.asset_id,
      file_name: f.file_name,
      description: f.description,
    })),
    implementation_blueprint: {
      required_tools: b.required_tools.map((t) => ({ name: t.name, description: t.description })),
      setup_commands: b.setup_commands.map((s) => ({ device_role: s.device_role, command: s.command })),
      evidence_placement: b.evidence_placement.map((p) => ({ ...p })),
      intended_solution_path: [...b.intended_solution_path],
      making_it_realistic: {
        red_herrings: [...b.making_it_realistic.red_herrings],
        additional_challenges: [...b.making_it_realistic.additional_challenges],
        realistic_noise: [...b.making_it_realistic.realistic_noise],
      },
    },
    ...from(source),
  };
}

function scenario2View(): Scenario2View {
  const r = scenario2.reference;
  const user = userCases<Manifest2>("S2");
  return {
    id: "scenario2",
    title: scenario2.title,
    description: scenario2.description,
    reference: {
      sdlc_components: r.sdlc_components.map((c) => ({ ...c })),
      environment_components: r.environment_components.map((c) => ({ ...c })),
      baseline_configs: r.baseline_configs.map((c) => ({ ...c })),
      tool_definitions: r.tool_definitions.map((t) => ({ ...t })),
      network_devices: r.network_devices.map((d) => deviceView(d)),
    },
    narratives: [
      ...scenario2.narratives.map((n) => narrative2View(n)),
      ...user.map(({ manifest, source }) => narrative2View(manifest.narrative, source)),
    ],
    llm_tasks: {
      general: withSubmissionGuide(scenario2.llm_tasks.general),
      tasks: [
        ...scenario2.llm_tasks.tasks.map((t) => taskView(t)),
        ...user.map(({ manifest, source }) => taskView(manifest.task, undefined, source)),
      ],
    },
  };
}

const BUILDERS: ReadonlyMap<ScenarioId, () => ScenarioReference> = new Map<ScenarioId, () => ScenarioReference>([
  ["scenario1", scenario1View],
  ["scenario2", scenario2View],
]);

const built = new Map<string, ScenarioReference>();

export const SCENARIO_SUMMARIES: readonly ScenarioSummary[] = [
  { id: "scenario1", title: scenario1.title, description: scenario1.description },
  { id: "scenario2", title: scenario2.title, description: scenario2.description },
];

/** Variant views kept for the next reader: a few, since each reader may try any of a million. */
const KEEP_VARIANT_VIEWS = 8;
const variantViews = new Map<string, ScenarioReference>();

/**
 * The reference view of a scenario, or undefined for an unknown id ("__proto__" included). At a
 * variant above 0 (caseVariant), what each case contributes shows that variant's identifiers: its
 * tasks (prompt, hints, checkpoints, fix) and, in Scenario 2, its narrative; in Scenario 1, its
 * devices and configurations. The scenario's shared material (zones, base reference, general
 * instructions) has no case identifiers and stays as published.
 */
export function scenarioReference(id: string, variant = 0): ScenarioReference | undefined {
  const build = BUILDERS.get(id as ScenarioId);
  if (!build) return undefined;
  let view = built.get(id);
  if (!view) built.set(id, (view = build()));
  if (variant === 0) return view;
  const key = `${id}\0${variant}`;
  let drawn = variantViews.get(key);
  if (drawn) {
    // Most recently used last: the oldest view is the one dropped.
    variantViews.delete(key);
  } else {
    drawn = view.id === "scenario1" ? scenario1Variant(view, variant) : scenario2Variant(view, variant);
  }
  variantViews.set(key, drawn);
  while (variantViews.size > KEEP_VARIANT_VIEWS) variantViews.delete(variantViews.keys().next().value!);
  return drawn;
}

/**
 * The case an item of the view comes from: a user's item names its case; a built-in item is
 * found among the built-in cases of its scenario by `owns`.
 */
function ownerOf(
  scenario: TestCase["scenario"],
  source: ContentSource | undefined,
  owns: (c: TestCase) => boolean,
): TestCase | undefined {
  if (source) return findCase(source.caseId);
  return TEST_CASES.find((c) => c.source.builtIn && c.scenario === scenario && owns(c));
}

/** The variants of the cases met so far, each drawn once per view. */
function variantsOf(variant: number) {
  const drawn = new Map<TestCase, TestCase>();
  return (c: TestCase) => {
    let v = drawn.get(c);
    if (!v) drawn.set(c, (v = caseVariant(c, variant)));
    return v;
  };
}

/** A task of the view as its case's variant has it; unchanged when no case claims it. */
function taskVariant(t: TaskView, scenario: TestCase["scenario"], variantOf: (c: TestCase) => TestCase): TaskView {
  const owner = ownerOf(scenario, t.source, (c) => c.samples.some((s) => s.task.id === t.id));
  const sample = owner && variantOf(owner).samples.find((s) => s.task.id === t.id);
  return sample ? taskView(sample.task, t.device, t.source) : t;
}

/**
 * An item a case adds besides its samples (a device, a configuration), with the case's
 * identifiers replaced as its variant draws them. Its source label is the user's path: kept.
 */
function remapped<T extends { source?: ContentSource }>(
  item: T,
  owner: TestCase | undefined,
  variantOf: (c: TestCase) => TestCase,
): T {
  if (!owner) return item;
  const { source, ...rest } = item;
  return { ...remapIdentifiers(rest, owner.identifiers, variantOf(owner).identifiers), ...from(source) } as T;
}

function scenario1Variant(view: Scenario1View, variant: number): Scenario1View {
  const variantOf = variantsOf(variant);
  const manifestOf = (c: TestCase) => (c.manifest.scenario === "S1" ? c.manifest : undefined);
  return {
    ...view,
    devices: view.devices.map((d) =>
      remapped(
        d,
        ownerOf("S1", d.source, (c) => manifestOf(c)?.devices.some((x) => x.name === d.name) ?? false),
        variantOf,
      ),
    ),
    configs: view.configs.map((cfg) =>
      remapped(
        cfg,
        ownerOf("S1", cfg.source, (c) => manifestOf(c)?.configs.some((x) => x.id === cfg.id) ?? false),
        variantOf,
      ),
    ),
    llm_tasks: { ...view.llm_tasks, tasks: view.llm_tasks.tasks.map((t) => taskVariant(t, "S1", variantOf)) },
    variant,
  };
}

function scenario2Variant(view: Scenario2View, variant: number): Scenario2View {
  const variantOf = variantsOf(variant);
  return {
    ...view,
    narratives: view.narratives.map((n) => {
      const owner = ownerOf("S2", n.source, (c) => c.samples.some((s) => s.narrative?.id === n.id));
      const drawn = owner && variantOf(owner).samples.find((s) => s.narrative?.id === n.id)?.narrative;
      return drawn ? narrative2View(drawn, n.source) : n;
    }),
    llm_tasks: { ...view.llm_tasks, tasks: view.llm_tasks.tasks.map((t) => taskVariant(t, "S2", variantOf)) },
    variant,
  };
}

/** The general instructions as the model reads them: the scenario's own, then how to submit findings. */
function withSubmissionGuide(general: string): string {
  return `${general}\n\n${SUBMISSION_GUIDE}`;
}

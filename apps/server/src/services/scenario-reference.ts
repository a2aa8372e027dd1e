import type {
  CheckpointView,
  ScenarioId,
  ScenarioReference,
  ScenarioSummary,
  Scenario1View,
  Scenario2View,
  TaskView,
} from "@analystbench/contracts";
import { SUBMISSION_GUIDE } from "@analystbench/engine";
import { scenario1, scenario2, type Checkpoint, type Task1, type Task2 } from "@analystbench/scenarios";

/**
 * The reference view of each scenario: what the Scenario page shows, picked field by field from
 * the content so nothing of the simulator or the answer key (hosts, world overlays, solution
 * paths, reference answers, grading criteria, task IOC sets) can slip into a response.
 */

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

const taskView = (t: Task1 | Task2, device?: string): TaskView => ({
  id: t.id,
  title: t.title,
  ...(device !== undefined ? { device } : {}),
  prompt: t.prompt,
  investigation_hints: [...t.investigation_hints],
  fix: { lang: t.fix.lang, code: t.fix.code },
  checkpoints: t.checkpoints.map(checkpointView),
});

const described = (d: { lang: string; description: string; code: string }) => ({
  lang: d.lang,
  description: d.description,
  code: d.code,
});

function scenario1View(): Scenario1View {
  return {
    id: "scenario1",
    title: scenario1.title,
    description: scenario1.description,
    zones: scenario1.zones.map((z) => ({ id: z.id, name: z.name, cidr: z.cidr, description: z.description })),
    devices: scenario1.devices.map((d) => ({
      name: d.name,
      host: d.host,
      os: d.os,
      ip: d.ip,
      zone: d.zone,
      roles: [...d.roles],
      policies: [...d.policies],
      misconfig: d.misconfig ? { example: d.misconfig.example, reason: d.misconfig.reason } : null,
      ioc: [...d.ioc],
    })),
    configs: scenario1.configs.map((c) => ({
      id: c.id,
      title: c.title,
      device: c.device,
      path: c.path,
      baseline: described(c.baseline),
      misconfig: described(c.misconfig),
    })),
    narratives: scenario1.narratives.map((n) => ({
      id: n.id,
      title: n.title,
      baseline: described(n.baseline),
      misconfig: described(n.misconfig),
    })),
    llm_tasks: {
      general: withSubmissionGuide(scenario1.llm_tasks.general),
      tasks: scenario1.llm_tasks.specifics.map((t) => taskView(t, t.device)),
    },
  };
}

function scenario2View(): Scenario2View {
  const r = scenario2.reference;
  return {
    id: "scenario2",
    title: scenario2.title,
    description: scenario2.description,
    reference: {
      sdlc_components: r.sdlc_components.map((c) => ({ ...c })),
      environment_components: r.environment_components.map((c) => ({ ...c })),
      baseline_configs: r.baseline_configs.map((c) => ({ ...c })),
      tool_definitions: r.tool_definitions.map((t) => ({ ...t })),
      network_devices: r.network_devices.map((d) => ({
        name: d.name,
        host: d.host,
        os: d.os,
        ip: d.ip,
        roles: [...d.roles],
        policies: [...d.policies],
        misconfig: d.misconfig ? { example: d.misconfig.example, reason: d.misconfig.reason } : null,
        ioc: [...d.ioc],
      })),
    },
    narratives: scenario2.narratives.map((n) => {
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
      };
    }),
    llm_tasks: {
      general: withSubmissionGuide(scenario2.llm_tasks.general),
      tasks: scenario2.llm_tasks.tasks.map((t) => taskView(t)),
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

/** The reference view of a scenario, or undefined for an unknown id ("__proto__" included). */
export function scenarioReference(id: string): ScenarioReference | undefined {
  const build = BUILDERS.get(id as ScenarioId);
  if (!build) return undefined;
  let view = built.get(id);
  if (!view) built.set(id, (view = build()));
  return view;
}

/** The general instructions as the model reads them: the scenario's own, then how to submit findings. */
function withSubmissionGuide(general: string): string {
  return `${general}\n\n${SUBMISSION_GUIDE}`;
}

import { scenario1 } from "./content/scenario1";
import { scenario2 } from "./content/scenario2";
import { S1_CASE_DEFINITIONS, S2_CASE_DEFINITIONS } from "./case-registry";
import type { Narrative2, Task2 } from "./schema/scenario2";
import type { Task1 } from "./schema/scenario1";
import type { ToolName } from "./schema/tools";
import { scenario1World, scenario2World, type CaseWorld } from "./world/case-world";

/**
 * The registry of the 13 test cases. Scenario 1 has one case per network zone, whose samples
 * are that zone's misconfigured devices; Scenario 2 has one case per narrative, one sample each.
 * Ids are stable: results, logs and metadata files are named after them.
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
}

function toolsOf(samples: CaseSample[]): ToolName[] {
  const used = new Set(samples.flatMap((s) => s.task.solution_path.map((step) => step.call.tool)));
  return [...used].sort();
}

function buildCases(): TestCase[] {
  let s1World: CaseWorld | undefined;
  const s1 = S1_CASE_DEFINITIONS.map((c): TestCase => {
    const devices = new Set(scenario1.devices.filter((d) => d.zone === c.zone).map((d) => d.name));
    const samples = scenario1.llm_tasks.specifics
      .filter((t) => devices.has(t.device))
      .map((t) => ({ id: t.id, title: t.title, task: t, device: t.device }));
    return {
      ...c,
      scenario: "S1",
      category: "Network Security",
      samples,
      general: scenario1.llm_tasks.general,
      world: () => (s1World ??= scenario1World(scenario1)),
      tools: toolsOf(samples),
    };
  });
  const s2 = S2_CASE_DEFINITIONS.map((c): TestCase => {
    const narrative = scenario2.narratives.find((n) => n.id === c.narrative)!;
    const task = scenario2.llm_tasks.tasks.find((t) => t.id === c.narrative)!;
    const samples = [{ id: c.narrative, title: task.title, task, narrative }];
    return {
      id: c.id,
      name: c.name,
      description: c.description,
      scenario: "S2",
      category: "Supply Chain",
      samples,
      general: scenario2.llm_tasks.general,
      world: () => scenario2World(scenario2, narrative),
      tools: toolsOf(samples),
    };
  });
  return [...s1, ...s2];
}

export const TEST_CASES: readonly TestCase[] = buildCases();

const byId = new Map(TEST_CASES.map((c) => [c.id, c]));

/** The case with this id, or undefined. A Map, so ids like "__proto__" find nothing. */
export function findCase(id: string): TestCase | undefined {
  return byId.get(id);
}

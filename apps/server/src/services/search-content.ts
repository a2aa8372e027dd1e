import type {
  ContentSource,
  ScenarioReference,
  ScriptsResponse,
  SearchHit,
  TaskView,
  TestCase,
} from "@analystbench/contracts";
import type { Searchable } from "./search-match";

/** A search hit with the text it is found by. */
export type SearchItem = SearchHit & Searchable;

const SCENARIO_NAMES = { scenario1: "Scenario 1", scenario2: "Scenario 2" } as const;

/** Where a user's item comes from, after the detail of a built-in one; nothing for built-in content. */
const fromSource = (source?: ContentSource) => (source ? ` · ${source.caseId} from ${source.name}` : "");

/** The test cases of the Test Cases page, found by id, name and description; a user's by their directory too. */
export function caseItems(cases: ScriptsResponse): SearchItem[] {
  // A user's cases are also found by their directory (extra keywords).
  const groups: { scenario: string; list: TestCase[]; extra?: string }[] = [
    { scenario: "Scenario 1 · Network Security", list: cases.scenario1.testCases },
    { scenario: "Scenario 2 · Supply Chain", list: cases.scenario2.testCases },
    ...(cases.sources ?? []).flatMap((s) => [
      { scenario: `Scenario 1 · Your cases · ${s.name}`, list: s.scenario1.testCases, extra: s.name },
      { scenario: `Scenario 2 · Your cases · ${s.name}`, list: s.scenario2.testCases, extra: s.name },
    ]),
    { scenario: "Environment Control", list: cases.environment.testCases },
  ];
  const broken = (cases.sources ?? []).flatMap((s) =>
    s.broken.map((b): SearchItem => ({
      title: b.id,
      detail: `${b.folder} · Your cases · ${s.name} · failed its checks`,
      keywords: `${b.id}\n${s.name}\n${b.problems.join("\n")}`,
      page: "scripts",
      target: { kind: "case", id: b.id },
    })),
  );
  return [
    ...groups.flatMap(({ scenario, list, extra }) =>
      list.map((c): SearchItem => ({
        title: c.name,
        detail: `${c.id} · ${scenario}`,
        keywords: `${c.id}\n${c.description}${extra ? `\n${extra}` : ""}`,
        page: "scripts",
        target: { kind: "case", id: c.id },
      })),
    ),
    ...broken,
  ];
}

function taskItems(scenario: ScenarioReference["id"], tasks: TaskView[]): SearchItem[] {
  return tasks.map((t) => ({
    title: t.title,
    detail: `${SCENARIO_NAMES[scenario]} · LLM task${t.device ? ` · ${t.device}` : ""}${fromSource(t.source)}`,
    keywords: `${t.id}\n${t.device ?? ""}\n${t.prompt ?? ""}`,
    page: "scenario",
    target: { kind: "scenario", scenario, section: "tasks", item: t.id },
  }));
}

function scenario1Items(view: Extract<ScenarioReference, { id: "scenario1" }>): SearchItem[] {
  const at = (section: string, item: string) => ({
    page: "scenario" as const,
    target: { kind: "scenario" as const, scenario: "scenario1" as const, section, item },
  });
  return [
    ...view.devices.map((d) => ({
      title: d.name,
      detail: `Scenario 1 device · ${d.ip} · ${d.os}${fromSource(d.source)}`,
      keywords: `${d.host}\n${d.ip}\n${d.os}\n${d.zone ?? ""}\n${d.roles.join("\n")}`,
      ...at("devices", d.name),
    })),
    ...view.configs.map((c) => ({
      title: c.title,
      detail: `Scenario 1 security configuration · ${c.device}${fromSource(c.source)}`,
      keywords: `${c.id}\n${c.device}\n${c.path}`,
      ...at("configs", c.id),
    })),
    ...view.narratives.map((n) => ({
      title: n.title,
      detail: "Scenario 1 attack narrative",
      keywords: `${n.id}\n${n.misconfig.description}`,
      ...at("narratives", n.id),
    })),
    ...taskItems("scenario1", view.llm_tasks.tasks),
  ];
}

function scenario2Items(view: Extract<ScenarioReference, { id: "scenario2" }>): SearchItem[] {
  const at = (section: string, item: string) => ({
    page: "scenario" as const,
    target: { kind: "scenario" as const, scenario: "scenario2" as const, section, item },
  });
  const ref = view.reference;
  return [
    ...ref.sdlc_components.map((c) => ({
      title: c.component,
      detail: `Scenario 2 SDLC component · ${c.ip}`,
      keywords: `${c.ip}\n${c.role}`,
      ...at("reference", c.component),
    })),
    ...ref.network_devices.map((d) => ({
      title: d.name,
      detail: `Scenario 2 device · ${d.ip} · ${d.os}`,
      keywords: `${d.host}\n${d.ip}\n${d.os}\n${d.roles.join("\n")}`,
      ...at("reference", d.name),
    })),
    ...view.narratives.map((n) => ({
      title: n.title,
      detail: `Scenario 2 narrative${fromSource(n.source)}`,
      keywords: `${n.id}\n${n.conceptual_evidence_files.map((f) => f.file_name).join("\n")}`,
      ...at("narratives", n.id),
    })),
    ...taskItems("scenario2", view.llm_tasks.tasks),
  ];
}

/** Devices, configurations, narratives and tasks of both scenarios, as the Scenario page shows them. */
export function contentItems(views: ScenarioReference[]): SearchItem[] {
  return views.flatMap((v) => (v.id === "scenario1" ? scenario1Items(v) : scenario2Items(v)));
}

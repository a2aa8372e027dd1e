import type { ScenarioId } from "@analystbench/contracts";

/** The section list of each scenario, in the spec's order; the first is shown on selection. */
export const SECTIONS = {
  scenario1: [
    { id: "devices", label: "Network Devices" },
    { id: "configs", label: "Security Configurations" },
    { id: "narratives", label: "Attack Narratives" },
    { id: "tasks", label: "LLM Task List" },
  ],
  scenario2: [
    { id: "description", label: "Scenario Description" },
    { id: "reference", label: "Reference Materials" },
    { id: "narratives", label: "Scenario Narratives" },
    { id: "tasks", label: "LLM Task List" },
  ],
} as const satisfies Record<ScenarioId, readonly { id: string; label: string }[]>;

export type SectionId = (typeof SECTIONS)[ScenarioId][number]["id"];

export const firstSection = (scenario: ScenarioId): SectionId => SECTIONS[scenario][0].id;

/** Short labels for the selector while the titles load. */
export const SCENARIO_SHORT_NAMES: Record<ScenarioId, string> = {
  scenario1: "Scenario 1",
  scenario2: "Scenario 2",
};

/**
 * The sections that show what each case adds, and so change with the variant (the Variant field
 * sits beside their heading): a case's tasks everywhere; in Scenario 1 its devices and
 * configurations, in Scenario 2 its narrative.
 */
export const VARIANT_SECTIONS: Record<ScenarioId, readonly SectionId[]> = {
  scenario1: ["devices", "configs", "tasks"],
  scenario2: ["narratives", "tasks"],
};

import type { ScriptsResponse, TestCase } from "@analystbench/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

/** A case as the page uses it (spec section 3: Test case, client side). */
export interface TestCaseView extends TestCase {
  /** The id sent to run it. */
  script: string;
  category: "Scenario 1 - Network Security" | "Scenario 2 - Supply Chain" | "Environment Control";
  isScenario: boolean;
}

export interface TestCaseGroups {
  scenario1: TestCaseView[];
  scenario2: TestCaseView[];
  environment: TestCaseView[];
}

/** Environment cases get the Environment Control category; scenario cases are always scenarios. */
export function toGroups(res: ScriptsResponse): TestCaseGroups {
  const view = (c: TestCase, category: TestCaseView["category"], isScenario: boolean): TestCaseView => ({
    ...c,
    script: c.scriptPath ?? c.id,
    category,
    isScenario,
  });
  return {
    scenario1: res.scenario1.testCases.map((c) => view(c, "Scenario 1 - Network Security", true)),
    scenario2: res.scenario2.testCases.map((c) => view(c, "Scenario 2 - Supply Chain", true)),
    environment: res.environment.testCases.map((c) => view(c, "Environment Control", false)),
  };
}

export function useScripts() {
  return useQuery({
    queryKey: ["scripts"],
    queryFn: async () =>
      toGroups(await apiJson<ScriptsResponse>("/api/scripts", { fallbackError: "Failed to fetch scripts" })),
    staleTime: 5 * 60_000,
  });
}

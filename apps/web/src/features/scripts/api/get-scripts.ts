import type { BrokenCase, ScriptsResponse, TestCase } from "@analystbench/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

/** A case as the page uses it (spec section 3: Test case, client side). */
export interface TestCaseView extends TestCase {
  /** The id sent to run it. */
  script: string;
  category: "Scenario 1 - Network Security" | "Scenario 2 - Supply Chain" | "Environment Control";
  isScenario: boolean;
  /** The directory of ANALYSTBENCH_CASES_DIR a user's case comes from; absent for built-in cases. */
  source?: string;
}

/** The cases of one directory of ANALYSTBENCH_CASES_DIR: runnable ones (Scenario 1 first) and broken packages. */
export interface CaseSourceView {
  name: string;
  testCases: TestCaseView[];
  broken: BrokenCase[];
}

export interface TestCaseGroups {
  scenario1: TestCaseView[];
  scenario2: TestCaseView[];
  environment: TestCaseView[];
  /** A user's own cases, one group per source directory; none from a server without them. */
  sources: CaseSourceView[];
}

const SCENARIO1 = "Scenario 1 - Network Security";
const SCENARIO2 = "Scenario 2 - Supply Chain";

/** Environment cases get the Environment Control category; scenario cases are always scenarios. */
export function toGroups(res: ScriptsResponse): TestCaseGroups {
  const view = (c: TestCase, category: TestCaseView["category"], isScenario: boolean): TestCaseView => ({
    ...c,
    script: c.scriptPath ?? c.id,
    category,
    isScenario,
  });
  return {
    scenario1: res.scenario1.testCases.map((c) => view(c, SCENARIO1, true)),
    scenario2: res.scenario2.testCases.map((c) => view(c, SCENARIO2, true)),
    environment: res.environment.testCases.map((c) => view(c, "Environment Control", false)),
    sources: (res.sources ?? []).map((s) => ({
      name: s.name,
      testCases: [
        ...s.scenario1.testCases.map((c) => ({ ...view(c, SCENARIO1, true), source: s.name })),
        ...s.scenario2.testCases.map((c) => ({ ...view(c, SCENARIO2, true), source: s.name })),
      ],
      broken: s.broken,
    })),
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

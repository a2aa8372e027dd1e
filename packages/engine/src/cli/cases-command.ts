import { lightCaseList, type CaseHeader } from "@analystbench/scenarios/catalog-light";
import { table } from "./table";

/** The cases as the registry lists them; loading it reads and validates every package (about 0.5 s and more). */
async function registryList(): Promise<CaseHeader[]> {
  const { TEST_CASES } = await import("@analystbench/scenarios");
  return TEST_CASES.map((c) => ({
    id: c.id,
    scenario: c.scenario,
    name: c.name,
    category: c.category,
    description: c.description,
    samples: c.samples.map((s) => ({ id: s.id, title: s.title })),
  }));
}

/**
 * `analystbench cases`: the test cases, as a table or JSON. The built-in ones come from the few
 * lines of each manifest the list shows (catalog-light), so the command starts in a fraction of a
 * second; with a user's packages (ANALYSTBENCH_CASES_DIR) the registry answers, as it decides
 * which of them are listed.
 */
export async function casesCommand(opts: { json?: boolean }): Promise<number> {
  const cases = lightCaseList() ?? (await registryList());
  if (opts.json) console.log(JSON.stringify(cases, null, 2));
  else
    console.log(
      table(
        ["ID", "SCENARIO", "SAMPLES", "NAME"],
        cases.map((c) => [c.id, c.scenario, String(c.samples.length), c.name]),
      ),
    );
  return 0;
}

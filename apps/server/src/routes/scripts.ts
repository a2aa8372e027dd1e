import {
  ExecuteScriptRequestSchema,
  type CaseSourceGroup,
  type ScriptExecutionResult,
  type ScriptsResponse,
  type TestCase,
} from "@analystbench/contracts";
import { CASE_IDS, TEST_CASES, type TestCase as ScenarioCase } from "@analystbench/scenarios";
import type { FastifyInstance } from "fastify";
import { requireSession } from "../plugins/auth";
import { HttpError, parseWith } from "../plugins/http-error";
import type { EnvironmentScriptRegistry } from "../services/environment-scripts";
import { ScriptRunnerError, type ScriptRunner } from "../services/script-runner";
import { brokenCaseFolder, brokenCaseRefusal, userCaseSources, type UserCaseSource } from "../services/user-cases";

const listed = (c: ScenarioCase): TestCase => ({
  id: c.id,
  name: c.name,
  description: c.description,
  scriptPath: c.id,
  scenario: c.scenario === "S1" ? "scenario1" : "scenario2",
  isScenario: true,
});

const groupOf = (cases: readonly ScenarioCase[], scenario: ScenarioCase["scenario"]) => ({
  testCases: cases.filter((c) => c.scenario === scenario).map(listed),
});

/** A directory of ANALYSTBENCH_CASES_DIR: its cases by scenario, and its broken packages with their problems. */
function sourceGroup(source: UserCaseSource): CaseSourceGroup {
  return {
    name: source.name,
    scenario1: groupOf(source.cases, "S1"),
    scenario2: groupOf(source.cases, "S2"),
    broken: source.broken.map((b) => ({ id: b.id, folder: brokenCaseFolder(b), problems: [...b.problems] })),
  };
}

/**
 * The Test Cases screen's list, and the runner for its Environment Control group. The spec's two
 * scenario groups hold the built-in cases; a user's cases come in one group per source directory.
 */
export function listTestCases(
  scripts: EnvironmentScriptRegistry,
  sources: readonly UserCaseSource[] = userCaseSources(),
): ScriptsResponse {
  const environment: TestCase[] = [...scripts].map(([id, s]) => ({
    id,
    name: s.name,
    description: s.description,
    scriptPath: id,
    scenario: "environment",
    isScenario: false,
  }));
  const builtIn = TEST_CASES.filter((c) => c.source.builtIn);
  return {
    environment: { testCases: environment },
    scenario1: groupOf(builtIn, "S1"),
    scenario2: groupOf(builtIn, "S2"),
    sources: sources.map(sourceGroup),
  };
}

/** The socket may sit idle while a script runs; give it the script's limit plus a margin. */
const SOCKET_MARGIN_MS = 30_000;

export function scriptRoutes(
  app: FastifyInstance,
  deps: { scripts: EnvironmentScriptRegistry; runner: ScriptRunner },
): void {
  const cases = listTestCases(deps.scripts);
  app.addHook("onClose", async () => deps.runner.stop());

  app.get("/api/scripts", async (): Promise<ScriptsResponse> => cases);

  app.post("/api/execute-script", async (request): Promise<ScriptExecutionResult> => {
    const session = requireSession(request);
    const body = parseWith(ExecuteScriptRequestSchema, request.body);
    const id = (body.script ?? body.scriptPath)!;
    if (!deps.scripts.has(id) && CASE_IDS.includes(id))
      throw new HttpError(
        400,
        "SCENARIO_CASE",
        `"${id}" is a scenario test case; run it with POST /api/execute-scenario and a model.`,
      );
    const refusal = deps.scripts.has(id) ? undefined : brokenCaseRefusal(id);
    if (refusal) throw new HttpError(422, "BROKEN_CASE", refusal);
    request.raw.socket?.setTimeout?.(deps.runner.timeoutFor(id) + SOCKET_MARGIN_MS);
    try {
      return await deps.runner.run(id, { actor: session.user.username });
    } catch (e) {
      if (e instanceof ScriptRunnerError) throw new HttpError(e.status, e.code, e.message);
      throw e;
    }
  });
}

import {
  ExecuteScriptRequestSchema,
  type ScriptExecutionResult,
  type ScriptsResponse,
  type TestCase,
} from "@analystbench/contracts";
import { CASE_IDS, S1_CASE_DEFINITIONS, S2_CASE_DEFINITIONS } from "@analystbench/scenarios";
import type { FastifyInstance } from "fastify";
import { requireSession } from "../plugins/auth";
import { HttpError, parseWith } from "../plugins/http-error";
import type { EnvironmentScriptRegistry } from "../services/environment-scripts";
import { ScriptRunnerError, type ScriptRunner } from "../services/script-runner";

/** The Test Cases screen's list, and the runner for its Environment Control group. */
export function listTestCases(scripts: EnvironmentScriptRegistry): ScriptsResponse {
  const environment: TestCase[] = [...scripts].map(([id, s]) => ({
    id,
    name: s.name,
    description: s.description,
    scriptPath: id,
    scenario: "environment",
    isScenario: false,
  }));
  const scenario1: TestCase[] = S1_CASE_DEFINITIONS.map((c) => ({
    id: c.id,
    name: c.name,
    description: c.description,
    scriptPath: c.id,
    scenario: "scenario1",
    isScenario: true,
  }));
  const scenario2: TestCase[] = S2_CASE_DEFINITIONS.map((c) => ({
    id: c.id,
    name: c.name,
    description: c.description,
    scriptPath: c.id,
    scenario: "scenario2",
    isScenario: true,
  }));
  return {
    environment: { testCases: environment },
    scenario1: { testCases: scenario1 },
    scenario2: { testCases: scenario2 },
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
    request.raw.socket?.setTimeout?.(deps.runner.timeoutFor(id) + SOCKET_MARGIN_MS);
    try {
      return await deps.runner.run(id, { actor: session.user.username });
    } catch (e) {
      if (e instanceof ScriptRunnerError) throw new HttpError(e.status, e.code, e.message);
      throw e;
    }
  });
}

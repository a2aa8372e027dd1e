import {
  SCENARIO_IDS,
  ScenarioReferenceQuerySchema,
  type ScenarioListResponse,
  type ScenarioReference,
} from "@analystbench/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { HttpError, parseWith } from "../plugins/http-error";
import { SCENARIO_SUMMARIES, scenarioReference } from "../services/scenario-reference";

/** The Scenario reference viewer reads the content from here, not from a copy bundled into the browser. */

const ScenarioParamsSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,64}$/, "a scenario id is lower-case letters, digits and dashes"),
});

export function scenarioRoutes(app: FastifyInstance): void {
  app.get("/api/scenarios", async (): Promise<ScenarioListResponse> => ({ scenarios: [...SCENARIO_SUMMARIES] }));

  app.get("/api/scenarios/:id", async (request): Promise<ScenarioReference> => {
    const { id } = parseWith(ScenarioParamsSchema, request.params, "scenario id");
    // ?variant=N: the tasks as variant N of each case has them (0, the default, as published).
    const { variant = 0 } = parseWith(ScenarioReferenceQuerySchema, request.query, "query");
    const view = scenarioReference(id, variant);
    if (!view)
      throw new HttpError(
        404,
        "SCENARIO_NOT_FOUND",
        `There is no scenario "${id}"; the scenarios are ${SCENARIO_IDS.join(" and ")}.`,
      );
    return view;
  });
}

import type { ModelsResponse } from "@analystbench/contracts";
import { listConfiguredModels, type ModelFactoryOptions } from "@analystbench/engine";
import type { FastifyInstance } from "fastify";

/**
 * The models the configuration offers, for the console's model menus: the built-ins, OpenAI's
 * and Anthropic's, and the models file's providers, each with its API and whether it can run.
 * Keys themselves never leave the server: only whether each is present.
 */
export function modelRoutes(app: FastifyInstance, deps: { models?: ModelFactoryOptions }): void {
  app.get("/api/models", async (): Promise<ModelsResponse> => ({
    models: listConfiguredModels(deps.models).map((m) => ({
      name: m.name,
      provider: m.provider,
      api: m.api,
      keyEnv: m.keyEnv,
      keyPresent: m.keyPresent,
      priced: m.priced,
      problem: m.problem,
    })),
  }));
}

import { listConfiguredModels, type ModelEnvironment } from "../models/model-registry";
import { table } from "./table";

const API_NAMES = {
  chat: "chat completions",
  responses: "responses",
  anthropic: "anthropic messages",
  builtin: "built-in",
};

/**
 * `analystbench models`: every model the configuration offers, with the API it is called
 * through, where, whether its key is present and whether its price is known. Exit 0 always:
 * a problem with one model is shown on its line, not an error of the command.
 */
export function modelsCommand(opts: { json?: boolean; env?: ModelEnvironment }): number {
  const models = listConfiguredModels({ env: opts.env });
  if (opts.json) {
    console.log(JSON.stringify(models, null, 2));
    return 0;
  }
  const rows = models.map((m) => [
    m.name,
    API_NAMES[m.api],
    m.keyEnv ? `${m.keyEnv} ${m.keyPresent ? "set" : "missing"}` : "none needed",
    m.api === "builtin" ? "free" : m.priced ? "known" : "unknown",
    m.keyEnv && !m.keyPresent ? `not usable until ${m.keyEnv} is set` : (m.problem ?? m.baseURL ?? "offline"),
  ]);
  console.log(table(["MODEL", "API", "KEY", "PRICE", "ENDPOINT OR PROBLEM"], rows));
  return 0;
}

import type { ConfiguredModel, ModelsResponse } from "@analystbench/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

/** "gpt-4o" and "openai/gpt-4o" are one model: the console's menus name OpenAI's models bare. */
export const canonicalModel = (name: string) => (name.includes("/") ? name : `openai/${name}`);

/** A model the server can run now: no configuration problem and, where one is needed, a key. */
export const isUsable = (m: ConfiguredModel) => m.problem === null && m.keyPresent;

/** GET /api/models: what the server's configuration offers; undefined while loading or when it cannot say. */
export function useConfiguredModels(): readonly ConfiguredModel[] | undefined {
  const { data } = useQuery({
    queryKey: ["models"],
    queryFn: async () =>
      (await apiJson<ModelsResponse>("/api/models", { fallbackError: "Failed to load the models" })).models,
    staleTime: 60_000,
  });
  return data;
}

/** The menu's models for a given configuration: see useModelChoices. */
export function modelChoices(base: readonly string[], configured: readonly ConfiguredModel[] | undefined) {
  if (!configured) return base;
  const named = new Set(base.map(canonicalModel));
  const extra = configured.filter((m) => isUsable(m) && !named.has(canonicalModel(m.name))).map((m) => m.name);
  return [...base, ...extra];
}

/**
 * The models a menu offers: the spec's list (`base`, kept first and in order), then every model
 * the server's configuration can run now (key present, no configuration problem) that the list
 * does not already name. While the list loads, or if it cannot, the spec's list alone.
 */
export function useModelChoices(base: readonly string[]): readonly string[] {
  return modelChoices(base, useConfiguredModels());
}

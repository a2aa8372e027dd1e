import type { ModelsResponse } from "@analystbench/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

/** "gpt-4o" and "openai/gpt-4o" are one model: the console's menus name OpenAI's models bare. */
const canonical = (name: string) => (name.includes("/") ? name : `openai/${name}`);

/**
 * The models a menu offers: the spec's list (`base`, kept first and in order), then every model
 * the server's configuration can run now (key present, no configuration problem) that the list
 * does not already name. While the list loads, or if it cannot, the spec's list alone.
 */
export function useModelChoices(base: readonly string[]): readonly string[] {
  const { data } = useQuery({
    queryKey: ["models"],
    queryFn: async () =>
      (await apiJson<ModelsResponse>("/api/models", { fallbackError: "Failed to load the models" })).models,
    staleTime: 60_000,
  });
  if (!data) return base;
  const named = new Set(base.map(canonical));
  const extra = data
    .filter((m) => m.problem === null && m.keyPresent && !named.has(canonical(m.name)))
    .map((m) => m.name);
  return [...base, ...extra];
}

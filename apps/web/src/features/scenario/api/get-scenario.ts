import type { ScenarioId, ScenarioListResponse, ScenarioReference } from "@analystbench/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

export function useScenarioList() {
  return useQuery({
    queryKey: ["scenarios"],
    queryFn: () => apiJson<ScenarioListResponse>("/api/scenarios", { fallbackError: "Failed to load the scenarios" }),
    staleTime: Infinity,
  });
}

/**
 * The content changes only with a new release of the server, so it is fetched once per session
 * and variant. Variant 0 asks what the page always asked (no query). While another variant of the
 * same scenario loads, the one shown stays (isPlaceholderData), so the page does not flash empty.
 */
export function useScenario(id: ScenarioId, variant = 0) {
  return useQuery({
    queryKey: ["scenario", id, variant],
    queryFn: () =>
      apiJson<ScenarioReference>(
        `/api/scenarios/${encodeURIComponent(id)}${variant > 0 ? `?variant=${variant}` : ""}`,
        { fallbackError: "Failed to load the scenario" },
      ),
    staleTime: Infinity,
    placeholderData: (previous) => (previous?.id === id ? previous : undefined),
  });
}

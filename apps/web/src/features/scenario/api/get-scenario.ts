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

/** The content changes only with a new release of the server, so it is fetched once per session. */
export function useScenario(id: ScenarioId) {
  return useQuery({
    queryKey: ["scenario", id],
    queryFn: () =>
      apiJson<ScenarioReference>(`/api/scenarios/${encodeURIComponent(id)}`, {
        fallbackError: "Failed to load the scenario",
      }),
    staleTime: Infinity,
  });
}

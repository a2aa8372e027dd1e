import type { ExecuteScenarioRequest, ScenarioStreamEvent } from "@analystbench/contracts";
import { apiJson, apiRequest } from "@/lib/api-client";
import { readEventStream } from "@/lib/sse";

/** Starts a scenario run and feeds each stream event to `onEvent` until the stream ends. */
export async function executeScenario(
  body: ExecuteScenarioRequest,
  onEvent: (event: ScenarioStreamEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const res = await apiRequest("/api/execute-scenario", { method: "POST", body, signal });
  await readEventStream(res, onEvent);
}

export function cancelRun(runId: string): Promise<unknown> {
  return apiJson(`/api/runs/${encodeURIComponent(runId)}/cancel`, {
    method: "POST",
    fallbackError: "The run could not be cancelled",
  });
}

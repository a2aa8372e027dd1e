import type { ExecuteScenarioRequest, RunSummary, ScenarioStreamEvent } from "@analystbench/contracts";
import { ApiRequestError, apiJson, apiRequest, errorMessage } from "@/lib/api-client";
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

export function getRun(runId: string, signal?: AbortSignal): Promise<RunSummary> {
  return apiJson<RunSummary>(`/api/runs/${encodeURIComponent(runId)}`, {
    signal,
    fallbackError: "The run could not be found",
  });
}

/** Re-attaches to a run's stream: the events so far, then live ones until it ends. */
export async function followRun(
  runId: string,
  signal: AbortSignal,
  onEvent: (event: ScenarioStreamEvent) => void,
): Promise<void> {
  const res = await apiRequest(`/api/runs/${encodeURIComponent(runId)}/events`, { signal });
  if (!res.ok) throw new ApiRequestError(res.status, await errorMessage(res, "The run's output could not be read"));
  await readEventStream(res, onEvent);
}

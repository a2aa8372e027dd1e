import type {
  EvaluationLog,
  EvaluationLogsResponse,
  ExecuteTaskRequest,
  ExecutionResult,
  InspectTask,
  InspectTasksResponse,
  ViewerState,
} from "@analystbench/contracts";
import { useQuery } from "@tanstack/react-query";
import { ApiRequestError, apiJson, apiRequest, errorMessage } from "@/lib/api-client";

/** The viewer, its tasks and its logs are polled every 30 s (spec section 9). */
export const VIEWER_POLL_INTERVAL_MS = 30_000;
/** After a start succeeds, the page waits this long before checking the viewer answers. */
export const START_CHECK_DELAY_MS = 3_000;
/** After an execute, the logs are refreshed this much later. */
export const LOGS_REFRESH_DELAY_MS = 2_000;

export const viewerKeys = {
  state: ["inspect", "viewer"] as const,
  tasks: ["inspect", "tasks"] as const,
  logs: ["inspect", "logs"] as const,
};

export function useViewerState() {
  return useQuery({
    queryKey: viewerKeys.state,
    queryFn: () => apiJson<ViewerState>("/api/inspect/viewer"),
    refetchInterval: VIEWER_POLL_INTERVAL_MS,
  });
}

/** Task and log fetch failures are only logged (spec section 8): the lists then show as empty. */
async function logged<T>(what: string, load: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await load();
  } catch (e) {
    console.error(`Failed to fetch ${what}:`, e);
    return fallback;
  }
}

export function useInspectTasks() {
  return useQuery({
    queryKey: viewerKeys.tasks,
    queryFn: () =>
      logged<InspectTask[]>(
        "tasks",
        async () => (await apiJson<InspectTasksResponse>("/api/inspect/scenarios")).scenarios,
        [],
      ),
  });
}

export function useEvaluationLogs() {
  return useQuery({
    queryKey: viewerKeys.logs,
    queryFn: () =>
      logged<EvaluationLog[]>(
        "evaluation logs",
        async () => (await apiJson<EvaluationLogsResponse>("/api/inspect/results")).files,
        [],
      ),
    refetchInterval: VIEWER_POLL_INTERVAL_MS,
  });
}

export async function startViewer(port: number): Promise<ViewerState> {
  return apiJson<ViewerState>("/api/inspect/viewer/start", {
    method: "POST",
    body: { port },
    fallbackError: "Failed to start viewer",
  });
}

export async function stopViewer(): Promise<ViewerState> {
  return apiJson<ViewerState>("/api/inspect/viewer/stop", { method: "POST", fallbackError: "Failed to stop viewer" });
}

/**
 * The spec's direct check: a no-cors HEAD to the viewer's local URL. The answer is opaque; that
 * one arrives at all is what counts. No token goes with it.
 */
export async function viewerAnswers(url: string): Promise<boolean> {
  try {
    await fetch(url, { method: "HEAD", mode: "no-cors", cache: "no-store", credentials: "omit" });
    return true;
  } catch {
    return false;
  }
}

export async function executeTask(request: ExecuteTaskRequest): Promise<ExecutionResult> {
  const res = await apiRequest("/api/inspect/execute", { method: "POST", body: request });
  if (!res.ok) throw new ApiRequestError(res.status, await errorMessage(res, "Execution failed"));
  return (await res.json()) as ExecutionResult;
}

export async function deleteLog(id: string): Promise<void> {
  const res = await apiRequest(`/api/inspect/logs/${encodeURIComponent(id)}`, { method: "DELETE" });
  if (!res.ok) throw new ApiRequestError(res.status, await errorMessage(res, "Failed to delete the log"));
}

import type { RunListResponse, RunSummary } from "@analystbench/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

/** How many runs the Test Cases page lists. */
export const RECENT_RUNS_LIMIT = 10;
const POLL_WHILE_RUNNING_MS = 3_000;

export const isInFlight = (r: RunSummary) => r.status === "queued" || r.status === "running";

/**
 * The latest runs from the server, newest first: every browser's and every user's, so a run
 * started elsewhere (or before a reload) can be found again. Polled while any is in flight.
 */
export function useRecentRuns(limit = RECENT_RUNS_LIMIT) {
  return useQuery({
    queryKey: ["runs", "recent", limit],
    queryFn: async () =>
      (await apiJson<RunListResponse>(`/api/runs?limit=${limit}`, { fallbackError: "Failed to load recent runs" }))
        .runs,
    refetchInterval: (q) => (q.state.data?.some(isInFlight) ? POLL_WHILE_RUNNING_MS : false),
  });
}

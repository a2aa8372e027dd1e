import type { RunListResponse, RunSuiteResponse } from "@analystbench/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

const SUITE_POLL_INTERVAL_MS = 3_000;

/** Queues every case with `model`; `variant` (0: as published) is sent only when above 0. */
export function startSuite(model: string, variant = 0): Promise<RunSuiteResponse> {
  return apiJson<RunSuiteResponse>("/api/runs/suite", {
    method: "POST",
    body: variant > 0 ? { model, variant } : { model },
    fallbackError: "Failed to start the full suite",
  });
}

/** The suite's runs, polled until every one has finished. */
export function useSuiteRuns(suiteId: string | null) {
  return useQuery({
    queryKey: ["suite", suiteId],
    queryFn: () =>
      apiJson<RunListResponse>(`/api/runs?suite=${encodeURIComponent(suiteId!)}&limit=50`, {
        fallbackError: "Failed to fetch suite progress",
      }),
    enabled: suiteId !== null,
    refetchInterval: (q) =>
      q.state.data?.runs.every((r) => r.status !== "queued" && r.status !== "running") ? false : SUITE_POLL_INTERVAL_MS,
  });
}

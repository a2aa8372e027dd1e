import type { ActivityResponse } from "@analystbench/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { STATS_POLL_INTERVAL_MS } from "@/lib/use-system-status";

export function useRecentActivity(limit = 8) {
  return useQuery({
    queryKey: ["activity", limit],
    queryFn: () =>
      apiJson<ActivityResponse>(`/api/activity?limit=${limit}`, { fallbackError: "Failed to fetch recent activity" }),
    refetchInterval: STATS_POLL_INTERVAL_MS,
  });
}

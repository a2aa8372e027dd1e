import type { SystemStats } from "@analystbench/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** Stats auto-refresh (spec section 9). */
export const STATS_POLL_INTERVAL_MS = 30_000;

/**
 * The sidebar's status card and the dashboard read the same query (same key, same interval), so
 * they show one reading of the server's health and never disagree. Other code that changes the
 * figures (a suite started) invalidates this key.
 */
export const SYSTEM_STATS_QUERY_KEY = ["system-stats"] as const;

export async function getSystemStats(): Promise<SystemStats> {
  const res = await apiRequest("/api/system/stats");
  if (!res.ok) throw new Error("Failed to fetch system stats");
  return (await res.json()) as SystemStats;
}

/** Loads on mount and every 30 s (spec section 4). */
export function useSystemStatus() {
  return useQuery({
    queryKey: SYSTEM_STATS_QUERY_KEY,
    queryFn: getSystemStats,
    refetchInterval: STATS_POLL_INTERVAL_MS,
  });
}

/** The message a failed fetch leaves behind: the thrown message, or "Unknown error". */
export function statsErrorMessage(error: unknown): string {
  return error instanceof Error ? error.message : "Unknown error";
}

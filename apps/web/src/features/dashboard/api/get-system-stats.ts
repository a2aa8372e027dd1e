import type { SystemStats } from "@analystbench/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const STATS_POLL_INTERVAL_MS = 30_000;

export async function getSystemStats(): Promise<SystemStats> {
  const res = await apiRequest("/api/system/stats");
  if (!res.ok) throw new Error("Failed to fetch system stats");
  return (await res.json()) as SystemStats;
}

/** Loads on mount and every 30 s (spec section 4). */
export function useSystemStats() {
  return useQuery({ queryKey: ["system-stats"], queryFn: getSystemStats, refetchInterval: STATS_POLL_INTERVAL_MS });
}

/** The message a failed fetch leaves behind: the thrown message, or "Unknown error". */
export function statsErrorMessage(error: unknown): string {
  return error instanceof Error ? error.message : "Unknown error";
}

import type { SearchResponse } from "@analystbench/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { apiJson } from "./api-client";

/** Waits until typing pauses, so a search request is not sent for every keystroke. */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** GET /api/search for the settled query; the previous answer stays shown while the next loads. */
export function useSearch(query: string) {
  const q = useDebounced(query.trim(), 150);
  return useQuery({
    queryKey: ["search", q],
    queryFn: ({ signal }) =>
      apiJson<SearchResponse>(`/api/search?q=${encodeURIComponent(q)}&limit=6`, {
        signal,
        fallbackError: "The search failed",
      }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

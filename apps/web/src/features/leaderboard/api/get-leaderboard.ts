import type { CompareResponse, LeaderboardResponse, RunSummary, TranscriptResponse } from "@analystbench/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

/** What the page's filters hold; an empty value means "all". */
export interface LeaderboardFilters {
  scenario: "" | "scenario1" | "scenario2";
  cases: string[];
  models: string[];
  variant: string;
  /** yyyy-mm-dd from the date input. */
  since: string;
}

export const NO_FILTERS: LeaderboardFilters = { scenario: "", cases: [], models: [], variant: "", since: "" };

export function hasFilters(f: LeaderboardFilters): boolean {
  return f.scenario !== "" || f.cases.length > 0 || f.models.length > 0 || f.variant !== "" || f.since !== "";
}

/** The filters as the API's query parameters; unset ones are left out rather than sent empty. */
export function filterParams(f: LeaderboardFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.scenario) p.set("scenario", f.scenario);
  if (f.cases.length) p.set("case", f.cases.join(","));
  if (f.models.length) p.set("model", f.models.join(","));
  if (f.variant) p.set("variant", f.variant);
  if (f.since) p.set("since", f.since);
  return p;
}

function withQuery(path: string, p: URLSearchParams): string {
  const q = p.toString();
  return q ? `${path}?${q}` : path;
}

export function useLeaderboard(filters: LeaderboardFilters) {
  const params = filterParams(filters);
  return useQuery({
    queryKey: ["leaderboard", params.toString()],
    queryFn: ({ signal }) =>
      apiJson<LeaderboardResponse>(withQuery("/api/leaderboard", params), {
        signal,
        fallbackError: "Failed to load the leaderboard",
      }),
    // A filter change keeps the last ranking on screen until the new one arrives, instead of a spinner.
    placeholderData: keepPreviousData,
  });
}

export function useCompare(a: string, b: string, filters: LeaderboardFilters) {
  const params = filterParams(filters);
  params.set("a", a);
  params.set("b", b);
  return useQuery({
    queryKey: ["leaderboard-compare", params.toString()],
    queryFn: ({ signal }) =>
      apiJson<CompareResponse>(withQuery("/api/leaderboard/compare", params), {
        signal,
        fallbackError: "Failed to compare the two models",
      }),
    enabled: a !== "" && b !== "" && a !== b,
    placeholderData: keepPreviousData,
  });
}

/** Which transcript to read: a run's sample at one epoch. */
export interface TranscriptRef {
  runId: string;
  sample: string;
  epoch: number;
}

export function useTranscript(ref: TranscriptRef | null) {
  return useQuery({
    queryKey: ["leaderboard-transcript", ref?.runId, ref?.sample, ref?.epoch],
    queryFn: ({ signal }) => {
      const p = new URLSearchParams({ run: ref!.runId, sample: ref!.sample, epoch: String(ref!.epoch) });
      return apiJson<TranscriptResponse>(`/api/leaderboard/transcript?${p}`, {
        signal,
        fallbackError: "Failed to load the transcript",
      });
    },
    enabled: ref !== null,
    // A finished run's transcript never changes.
    staleTime: Infinity,
  });
}

/** The report file of a run (its name carries a timestamp, so it is asked for, not guessed). */
export async function runReportPath(runId: string): Promise<string | null> {
  const run = await apiJson<RunSummary>(`/api/runs/${encodeURIComponent(runId)}`, {
    fallbackError: "Failed to look up the run",
  });
  return run.result?.files.report ?? null;
}

import { RefreshCwIcon, TriangleAlertIcon, TrophyIcon } from "lucide-react";
import { useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { messageOf } from "@/lib/download";
import { plural } from "@/lib/format";
import type { PageProps } from "@/lib/page-types";
import { NO_FILTERS, hasFilters, useLeaderboard, type LeaderboardFilters } from "./api/get-leaderboard";
import type { TranscriptPair } from "./components/compare-panel";
import { GroupView } from "./components/group-view";
import { LeaderboardFiltersBar } from "./components/leaderboard-filters";
import { RunsDialog, type RunsOf } from "./components/runs-dialog";
import { TranscriptsDialog } from "./components/transcripts-dialog";

export const EMPTY_HINT =
  "Run at least one case with two models — builtin/reference and builtin/naive need no API key — then come back.";

export function LeaderboardPage({ navigate }: PageProps) {
  const [filters, setFilters] = useState<LeaderboardFilters>(NO_FILTERS);
  const board = useLeaderboard(filters);
  // Chosen by label, so a refetch that reorders the groups keeps the reader's choice.
  const [groupLabel, setGroupLabel] = useState<string | null>(null);
  const [runs, setRuns] = useState<RunsOf | null>(null);
  const [pair, setPair] = useState<TranscriptPair | null>(null);

  const header = (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Leaderboard</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Models ranked on the same cases and the same −10…+10 scale, with 95 % intervals.
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={() => void board.refetch()} disabled={board.isFetching}>
        <RefreshCwIcon className={board.isFetching ? "animate-spin" : ""} /> Refresh
      </Button>
    </div>
  );
  const filterBar = <LeaderboardFiltersBar options={board.data?.options} value={filters} onChange={setFilters} />;

  if (board.isPending)
    return (
      <div className="space-y-6">
        {header}
        <Card>
          <CardContent className="flex items-center justify-center gap-3 py-10 text-sm text-muted-foreground">
            <Spinner className="size-5" /> Loading the leaderboard…
          </CardContent>
        </Card>
      </div>
    );

  if (board.isError && !board.data)
    return (
      <div className="space-y-6">
        {header}
        <Alert variant="destructive">
          <TriangleAlertIcon />
          <AlertTitle>{messageOf(board.error, "Failed to load the leaderboard")}</AlertTitle>
          <AlertDescription className="flex flex-wrap items-center justify-between gap-4">
            <span>The ranking could not be loaded.</span>
            <Button size="sm" variant="outline" onClick={() => void board.refetch()}>
              <RefreshCwIcon /> Retry
            </Button>
          </AlertDescription>
        </Alert>
      </div>
    );

  const data = board.data!;
  const groups = data.groups;
  const group = groups.find((g) => g.label === groupLabel) ?? groups[0];

  return (
    <div className="space-y-6">
      {header}
      <Card>
        <CardContent className="space-y-3">
          {filterBar}
          <p className="text-xs text-muted-foreground" data-testid="record-counts">
            {data.totalRecords.toLocaleString("en-US")} {data.totalRecords === 1 ? "record" : "records"} read,{" "}
            {data.invalidRecords.toLocaleString("en-US")} invalid (counted, never averaged)
            {data.unreadableLines > 0 && ` · ${plural(data.unreadableLines, "unreadable line")} skipped`}
          </p>
        </CardContent>
      </Card>
      {board.isError && (
        <Alert variant="destructive">
          <TriangleAlertIcon />
          <AlertTitle>{messageOf(board.error, "Failed to load the leaderboard")}</AlertTitle>
          <AlertDescription>Showing the last ranking that loaded.</AlertDescription>
        </Alert>
      )}
      {!group || group.models.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
            <TrophyIcon className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">
              {hasFilters(filters) ? "No records match these filters." : "No benchmark records yet."}
            </p>
            <p className="max-w-lg text-sm text-muted-foreground">{EMPTY_HINT}</p>
            <div className="flex flex-wrap justify-center gap-2">
              {hasFilters(filters) && (
                <Button variant="outline" onClick={() => setFilters(NO_FILTERS)}>
                  Clear filters
                </Button>
              )}
              <Button onClick={() => navigate("scripts")}>Go to Test Cases</Button>
            </div>
          </CardContent>
        </Card>
      ) : (
        <>
          {groups.length > 1 && (
            <Alert variant="warning" data-testid="group-notice">
              <TriangleAlertIcon />
              <AlertTitle>
                Records of {groups.length} grader/content versions are shown apart:{" "}
                {groups.map((g) => g.label).join("; ")}
              </AlertTitle>
              <AlertDescription className="mt-2 flex flex-wrap items-center gap-3">
                <span>Scores are never averaged across them. Showing:</span>
                <Select value={group.label} onValueChange={setGroupLabel}>
                  <SelectTrigger aria-label="Version group" className="w-auto max-w-full min-w-0 sm:min-w-[20rem]">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {groups.map((g) => (
                      <SelectItem key={g.label} value={g.label}>
                        {g.label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </AlertDescription>
            </Alert>
          )}
          {groups.length === 1 && <p className="text-xs text-muted-foreground">All records: {group.label}</p>}
          <GroupView
            key={group.label}
            group={group}
            filters={filters}
            onOpenRuns={setRuns}
            onReadTranscripts={setPair}
          />
        </>
      )}
      <RunsDialog
        of={runs}
        onClose={() => setRuns(null)}
        navigate={(page, target) => {
          setRuns(null);
          navigate(page, target);
        }}
      />
      <TranscriptsDialog pair={pair} onClose={() => setPair(null)} />
    </div>
  );
}

import { runScoreText, type RunSummary } from "@analystbench/contracts";
import { EyeIcon, FileTextIcon, RefreshCwIcon } from "lucide-react";
import { RowAction } from "@/components/row-action";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { relativeTime } from "@/lib/format";
import { variantSuffix } from "@/lib/remembered-variant";
import { isInFlight, useRecentRuns } from "../api/get-runs";

const STATUS_BADGE: Record<
  RunSummary["status"],
  { label: string; variant: "success" | "warning" | "destructive" | "secondary" }
> = {
  queued: { label: "Queued", variant: "secondary" },
  running: { label: "Running", variant: "warning" },
  completed: { label: "Completed", variant: "success" },
  failed: { label: "Failed", variant: "destructive" },
  cancelled: { label: "Cancelled", variant: "secondary" },
  interrupted: { label: "Interrupted", variant: "destructive" },
};

/** The report a run wrote, if any: a finished run's, or the one a failed run left to say why. */
export const reportOf = (r: RunSummary) => r.result?.files.report ?? null;

/**
 * What a row says of a run: its score in the one convention while it has one; for a run that
 * failed or stopped without one, why; for one in flight, that it is.
 */
export function runOutcome(r: RunSummary): string {
  if (isInFlight(r)) return r.status === "queued" ? "Waiting for a free connection" : "Running now";
  const graded = r.result && r.result.samples > 0 ? runScoreText(r.result.score) : null;
  if (r.status === "failed" || r.status === "interrupted")
    return [r.error, graded].filter(Boolean).join(" · ") || r.status;
  return graded ?? (r.status === "cancelled" ? "Cancelled before any sample was graded" : "No score");
}

function RunRow({
  run,
  canAttach,
  onViewOutput,
  onOpenReport,
}: {
  run: RunSummary;
  canAttach: boolean;
  onViewOutput(id: string): void;
  onOpenReport(path: string): void;
}) {
  const badge = STATUS_BADGE[run.status];
  const started = run.startedAt ?? run.createdAt;
  const report = reportOf(run);
  const outcome = runOutcome(run);
  return (
    <li data-testid="recent-run" className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
      <div className="min-w-0 basis-full sm:flex-1 sm:basis-0">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="truncate text-sm font-medium">{run.caseName}</span>
          <Badge variant={badge.variant} className={run.status === "running" ? "gap-1.5" : undefined}>
            {run.status === "running" && <span className="size-1.5 animate-pulse rounded-full bg-current" />}
            {badge.label}
          </Badge>
        </div>
        <p className="truncate font-mono text-xs text-muted-foreground" data-testid="recent-run-model">
          {run.model}
          {variantSuffix(run.variant)}
        </p>
        <p className="truncate text-xs text-muted-foreground" title={outcome} data-testid="recent-run-outcome">
          {outcome}
        </p>
      </div>
      <time className="text-xs text-muted-foreground" dateTime={started} title={started}>
        {relativeTime(started)}
      </time>
      <div className="ml-auto flex gap-1 sm:ml-0">
        <RowAction
          action="View output of"
          target={`${run.caseName} run ${run.id}`}
          title={canAttach ? "View output" : "Another run's output is open: wait for it to finish"}
          disabled={!canAttach}
          onClick={() => onViewOutput(run.id)}
        >
          <EyeIcon />
        </RowAction>
        <RowAction
          action="Open the report of"
          target={`${run.caseName} run ${run.id}`}
          title={report ? "Open the report on Results" : "No report yet"}
          disabled={!report}
          onClick={() => report && onOpenReport(report)}
        >
          <FileTextIcon />
        </RowAction>
      </div>
    </li>
  );
}

/**
 * The Test Cases page's Recent runs: the latest runs, running and finished, from the server.
 * Each reopens its output (live or recorded) and opens its report on Results.
 */
export function RecentRuns({
  canAttach,
  onViewOutput,
  onOpenReport,
}: {
  /** False while the page shows a run of its own: one output at a time. */
  canAttach: boolean;
  onViewOutput(runId: string): void;
  onOpenReport(path: string): void;
}) {
  const runs = useRecentRuns();
  return (
    <Card data-testid="recent-runs" className="gap-3">
      <CardHeader className="flex-row items-start justify-between">
        <div className="space-y-1.5">
          <CardTitle>Recent runs</CardTitle>
          <CardDescription>
            The latest runs by anyone, newest first. Scores are the mean per sample on −10…+10.
          </CardDescription>
        </div>
        {runs.isFetching && <Spinner className="size-4" label="Refreshing" />}
      </CardHeader>
      <CardContent className="px-0">
        {runs.isPending ? (
          <p className="px-6 text-sm text-muted-foreground">Loading recent runs…</p>
        ) : runs.isError ? (
          <div role="alert" className="flex flex-wrap items-center justify-between gap-3 px-6 text-sm text-destructive">
            {runs.error.message}
            <Button size="sm" variant="outline" onClick={() => void runs.refetch()}>
              <RefreshCwIcon /> Retry
            </Button>
          </div>
        ) : runs.data.length === 0 ? (
          <p className="px-6 text-sm text-muted-foreground">
            No runs yet. Choose a model (builtin/reference needs no API key) and press Execute on a test case.
          </p>
        ) : (
          <ul className="divide-y border-y" aria-label="Recent runs">
            {runs.data.map((r) => (
              <RunRow
                key={r.id}
                run={r}
                canAttach={canAttach}
                onViewOutput={onViewOutput}
                onOpenReport={onOpenReport}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

import { RowAction } from "@/components/row-action";
import type { EvaluationLog } from "@analystbench/contracts";
import { DownloadIcon, FileBracesIcon, Trash2Icon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Spinner } from "@/components/ui/spinner";
import { formatKB } from "@/lib/format";

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

function StatusBadge({ status }: { status: EvaluationLog["status"] }) {
  if (status === "completed") return <Badge variant="success">completed</Badge>;
  if (status === "running") return <Badge variant="warning">running</Badge>;
  return <Badge variant="destructive">failed</Badge>;
}

export function LogsTab({
  logs,
  isLoading,
  deleting,
  onDownload,
  onDelete,
}: {
  logs: EvaluationLog[];
  isLoading: boolean;
  deleting: string | null;
  onDownload(log: EvaluationLog): void;
  onDelete(log: EvaluationLog): void;
}) {
  if (isLoading)
    return (
      <p className="flex items-center justify-center gap-3 py-10 text-sm text-muted-foreground">
        <Spinner className="size-5" /> Loading evaluation logs...
      </p>
    );
  if (logs.length === 0)
    return (
      <p className="rounded-lg border border-dashed py-10 text-center text-sm text-muted-foreground">
        No evaluation logs found. Execute a task to create one.
      </p>
    );
  return (
    <ul className="divide-y rounded-lg border" aria-label="Evaluation logs">
      {logs.map((log) => (
        <li
          key={log.id}
          data-testid="log-row"
          data-nav-item={`eval-log:${log.name}`}
          className="flex flex-wrap items-center gap-4 px-4 py-3 hover:bg-muted/40"
        >
          <FileBracesIcon aria-hidden className="size-5 shrink-0 text-primary" />
          <div className="min-w-0 flex-1 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <span className="truncate font-mono text-sm font-medium" title={log.name}>
                {log.name}
              </span>
              <StatusBadge status={log.status} />
              {log.score !== null && (
                <Badge variant="outline" data-testid="log-score">
                  Score: {log.score}
                </Badge>
              )}
            </div>
            <p className="text-xs text-muted-foreground">
              Task: <span className="font-mono">{log.task}</span> · Model:{" "}
              <span className="font-mono">{log.model}</span>
            </p>
          </div>
          <div className="text-right text-xs text-muted-foreground">
            <p className="tabular-nums">{formatKB(log.size)}</p>
            <p>{dateTime.format(new Date(log.modified))}</p>
          </div>
          <div className="flex gap-1">
            <RowAction action="Download" target={log.name} onClick={() => onDownload(log)}>
              <DownloadIcon />
            </RowAction>
            <RowAction
              action="Delete"
              target={log.name}
              className="text-destructive hover:text-destructive"
              onClick={() => onDelete(log)}
              disabled={deleting === log.id || log.status === "running"}
              title={log.status === "running" ? "Its evaluation is still running" : undefined}
            >
              {deleting === log.id ? <Spinner /> : <Trash2Icon />}
            </RowAction>
          </div>
        </li>
      ))}
    </ul>
  );
}

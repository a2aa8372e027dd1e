import { healthHeadline, type HealthCheck, type SystemStats } from "@analystbench/contracts";
import { Badge } from "@/components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { formatUptime } from "@/lib/format";
import { CHECK_STATUS, HealthDot } from "./health-status";

function CheckRow({ check }: { check: HealthCheck }) {
  const status = CHECK_STATUS[check.status];
  return (
    <li className="space-y-1 py-3" data-testid={`health-check-${check.id}`}>
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="flex items-center gap-2 font-medium">
          <HealthDot status={check.status} />
          {check.label}
        </span>
        <span className="flex items-center gap-2">
          <span className="tabular-nums text-muted-foreground">{check.figure}</span>
          <Badge variant={status.variant}>{status.word}</Badge>
          <span className="w-9 text-right tabular-nums text-muted-foreground" title="Points off the health figure">
            {check.penalty > 0 ? `−${check.penalty}` : "0"}
          </span>
        </span>
      </div>
      <p className="pl-4 text-xs leading-relaxed text-muted-foreground">{check.summary}</p>
    </li>
  );
}

/**
 * The breakdown behind the health figure, one click from the sidebar and the dashboard: each
 * check with its status, measured figure, sentence and the points it costs.
 */
export function HealthDialog({
  open,
  onOpenChange,
  stats,
  error,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  stats: SystemStats | undefined;
  /** Why the figures could not be fetched, when they could not. */
  error?: string | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>System Health {stats ? `— ${stats.systemHealth}%` : ""}</DialogTitle>
          <DialogDescription>
            {stats
              ? `${healthHeadline(stats.health.status)}. The system is as healthy as its worst check; each check that is not OK takes its points off 100.`
              : (error ?? "Loading system status...")}
          </DialogDescription>
        </DialogHeader>
        {stats && (
          <ul className="max-h-[60vh] divide-y overflow-y-auto" aria-label="Health checks">
            {stats.health.checks.map((check) => (
              <CheckRow key={check.id} check={check} />
            ))}
          </ul>
        )}
        {stats && (
          <p className="text-xs text-muted-foreground">
            Server uptime {formatUptime(stats.uptime)}. Figures refresh every 30 seconds.
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}

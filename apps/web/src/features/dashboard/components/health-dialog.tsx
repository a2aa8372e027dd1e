import type { SystemStats } from "@analystbench/contracts";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { formatUptime } from "@/lib/format";

/** What the health figure is made of, and the formula, so an operator can check it. */
export function HealthDialog({
  open,
  onOpenChange,
  stats,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  stats: SystemStats | undefined;
}) {
  const d = stats?.healthDetails;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>System Health {stats ? `— ${stats.systemHealth}%` : ""}</DialogTitle>
          <DialogDescription>100 minus three penalties, each measured on the server just now.</DialogDescription>
        </DialogHeader>
        {d && stats ? (
          <table className="w-full text-sm">
            <thead className="text-left text-xs text-muted-foreground">
              <tr>
                <th className="pb-2 font-medium">Measure</th>
                <th className="pb-2 font-medium">Reading</th>
                <th className="pb-2 font-medium">Rule</th>
                <th className="pb-2 text-right font-medium">Penalty</th>
              </tr>
            </thead>
            <tbody className="divide-y">
              <tr>
                <td className="py-2">Event-loop delay (p99)</td>
                <td className="py-2 tabular-nums">{d.eventLoopDelayP99Ms} ms</td>
                <td className="py-2 text-muted-foreground">1 per 2 ms above 20 ms, max 40</td>
                <td className="py-2 text-right tabular-nums">−{d.penalties.eventLoop}</td>
              </tr>
              <tr>
                <td className="py-2">Heap used of limit</td>
                <td className="py-2 tabular-nums">{(d.heapUsedRatio * 100).toFixed(1)}%</td>
                <td className="py-2 text-muted-foreground">1 per % above 70 %, max 30</td>
                <td className="py-2 text-right tabular-nums">−{d.penalties.memory}</td>
              </tr>
              <tr>
                <td className="py-2">Free disk (data dir)</td>
                <td className="py-2 tabular-nums">
                  {d.diskFreeRatio === null ? "unknown" : `${(d.diskFreeRatio * 100).toFixed(1)}%`}
                </td>
                <td className="py-2 text-muted-foreground">3 per % below 10 %, max 30</td>
                <td className="py-2 text-right tabular-nums">−{d.penalties.disk}</td>
              </tr>
            </tbody>
          </table>
        ) : (
          <p className="text-sm text-muted-foreground">Loading system status...</p>
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

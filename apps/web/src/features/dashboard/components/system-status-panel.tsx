import { healthHeadline, type SystemStats } from "@analystbench/contracts";
import { CpuIcon, HardDriveIcon, TimerIcon } from "lucide-react";
import type { ReactNode } from "react";
import { HealthDot } from "@/components/health-status";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";
import { formatMB, formatUptime, percentOf } from "@/lib/format";

export const RSS_CEILING_BYTES = 512 * 1048576;
export const UPTIME_CEILING_SECONDS = 24 * 3600;

function Meter({ icon, label, value, percent }: { icon: ReactNode; label: string; value: string; percent: number }) {
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between text-sm">
        <span className="flex items-center gap-2 font-medium">
          {icon}
          {label}
        </span>
        <span className="tabular-nums text-muted-foreground">{value}</span>
      </div>
      <Progress value={percent} aria-label={label} />
    </div>
  );
}

export function SystemStatusPanel({ stats, isFetching }: { stats: SystemStats | undefined; isFetching: boolean }) {
  return (
    <Card className="h-full">
      <CardHeader className="flex-row items-center justify-between">
        <div className="space-y-1.5">
          <CardTitle>System Status</CardTitle>
          <CardDescription>Server process resources and health</CardDescription>
        </div>
        {isFetching && <Spinner label="Fetching system status" />}
      </CardHeader>
      <CardContent>
        {stats ? (
          <div className="space-y-5">
            <Meter
              icon={<CpuIcon className="size-4 text-muted-foreground" />}
              label="Memory Usage"
              value={`${formatMB(stats.memory.heapUsed)} / ${formatMB(stats.memory.heapTotal)}`}
              percent={percentOf(stats.memory.heapUsed, stats.memory.heapTotal)}
            />
            <Meter
              icon={<HardDriveIcon className="size-4 text-muted-foreground" />}
              label="RSS Memory"
              value={formatMB(stats.memory.rss)}
              percent={percentOf(stats.memory.rss, RSS_CEILING_BYTES)}
            />
            <Meter
              icon={<TimerIcon className="size-4 text-muted-foreground" />}
              label="Uptime"
              value={formatUptime(stats.uptime)}
              percent={percentOf(stats.uptime, UPTIME_CEILING_SECONDS)}
            />
            <p className="flex items-center gap-2 border-t pt-4 text-sm font-medium" data-testid="system-status-line">
              <HealthDot status={stats.health.status} />
              {`${healthHeadline(stats.health.status)} (${stats.systemHealth}%)`}
            </p>
          </div>
        ) : (
          <p className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
            <Spinner /> Loading system status...
          </p>
        )}
      </CardContent>
    </Card>
  );
}

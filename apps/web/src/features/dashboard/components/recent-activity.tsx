import type { ActivityItem } from "@analystbench/contracts";
import { ClockIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { relativeTime } from "@/lib/format";

export function ActivityStatusBadge({ status }: { status: string }) {
  if (status === "completed") return <Badge variant="success">Completed</Badge>;
  if (status === "running")
    return (
      <Badge variant="warning" className="gap-1.5">
        <span className="size-1.5 animate-pulse rounded-full bg-current" /> Running
      </Badge>
    );
  if (status === "failed") return <Badge variant="destructive">Failed</Badge>;
  return <Badge variant="secondary">Unknown</Badge>;
}

export function RecentActivity({
  items,
  isLoading,
  error,
}: {
  items: ActivityItem[] | undefined;
  isLoading: boolean;
  error: string | null;
}) {
  return (
    <Card className="h-full">
      <CardHeader>
        <CardTitle>Recent Activity</CardTitle>
        <CardDescription>Latest script executions and system events</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <p className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
            <Spinner /> Loading activity...
          </p>
        ) : error ? (
          <p className="py-6 text-sm text-destructive">{error}</p>
        ) : !items || items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-8 text-center text-sm text-muted-foreground">
            <ClockIcon className="size-6" />
            No activity yet. Sign-ins, runs and script executions appear here.
          </div>
        ) : (
          <ul className="divide-y" data-testid="activity-list">
            {items.map((item) => (
              <li key={item.id} className="flex items-center gap-4 py-3 first:pt-0 last:pb-0">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{item.action}</p>
                  <p className="truncate text-xs text-muted-foreground">{item.result}</p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <ActivityStatusBadge status={item.status} />
                  <span className="text-[11px] text-muted-foreground">{relativeTime(item.timestamp)}</span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

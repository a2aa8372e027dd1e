import type { NotificationsResponse } from "@analystbench/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BellIcon, CheckCircle2Icon, XCircleIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { apiJson } from "@/lib/api-client";
import { relativeTime } from "@/lib/format";

const NOTIFICATIONS_POLL_INTERVAL_MS = 30_000;

/**
 * The header bell: how many finished runs and script executions the user has not seen. The badge
 * hides at zero; opening the list marks everything seen.
 */
export function NotificationBell() {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: ["notifications"],
    queryFn: () => apiJson<NotificationsResponse>("/api/notifications?limit=8"),
    refetchInterval: NOTIFICATIONS_POLL_INTERVAL_MS,
  });
  const markSeen = useMutation({
    mutationFn: () => apiJson("/api/notifications/seen", { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["notifications"] }),
  });
  const unseen = data?.unseen ?? 0;

  return (
    <Popover onOpenChange={(open) => !open && unseen > 0 && markSeen.mutate()}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unseen > 0 ? `Notifications (${unseen} unseen)` : "Notifications"}
        >
          <BellIcon />
          {unseen > 0 && (
            <span
              data-testid="notification-badge"
              className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] font-semibold text-destructive-foreground"
            >
              {unseen > 99 ? "99+" : unseen}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-96 p-0">
        <div className="border-b px-4 py-3">
          <p className="text-sm font-semibold">Notifications</p>
          <p className="text-xs text-muted-foreground">Finished runs and script executions</p>
        </div>
        {data && data.items.length > 0 ? (
          <ul className="max-h-80 divide-y overflow-y-auto">
            {data.items.map((item) => (
              <li key={item.id} className="flex gap-3 px-4 py-3">
                {item.status === "failed" ? (
                  <XCircleIcon className="mt-0.5 size-4 shrink-0 text-destructive" />
                ) : (
                  <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-success" />
                )}
                <div className="min-w-0 flex-1">
                  <p className={`truncate text-sm ${item.seen ? "" : "font-semibold"}`}>{item.action}</p>
                  <p className="truncate text-xs text-muted-foreground">{item.result}</p>
                  <p className="mt-0.5 text-[11px] text-muted-foreground">{relativeTime(item.timestamp)}</p>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="px-4 py-6 text-center text-sm text-muted-foreground">
            Nothing new. Finished runs and scripts will show here.
          </p>
        )}
      </PopoverContent>
    </Popover>
  );
}

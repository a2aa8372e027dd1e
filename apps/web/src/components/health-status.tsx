import type { HealthStatus } from "@analystbench/contracts";
import { cn } from "@/lib/utils";

/** One colour per status, everywhere: success, warning, destructive. */
export const HEALTH_DOT_CLASS: Record<HealthStatus, string> = {
  ok: "bg-success",
  degraded: "bg-warning",
  down: "bg-destructive",
};

/** The badge variant and word of a single check's status. */
export const CHECK_STATUS: Record<HealthStatus, { variant: "success" | "warning" | "destructive"; word: string }> = {
  ok: { variant: "success", word: "OK" },
  degraded: { variant: "warning", word: "Degraded" },
  down: { variant: "destructive", word: "Down" },
};

/**
 * A status dot; it pulses while all is well (a live signal), and stays still otherwise so a
 * warning or an outage reads as a steady state, not as activity. Without a status it is grey.
 */
export function HealthDot({ status, className }: { status: HealthStatus | null; className?: string }) {
  const colour = status ? HEALTH_DOT_CLASS[status] : "bg-muted-foreground/50";
  return (
    <span className={cn("relative flex size-2 shrink-0", className)} data-status={status ?? "unknown"} aria-hidden>
      {status === "ok" && (
        <span className={cn("absolute inline-flex size-full animate-ping rounded-full opacity-60", colour)} />
      )}
      <span className={cn("relative inline-flex size-2 rounded-full", colour)} />
    </span>
  );
}

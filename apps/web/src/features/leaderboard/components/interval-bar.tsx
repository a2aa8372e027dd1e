import type { Interval } from "@analystbench/contracts";
import { cn } from "@/lib/utils";
import { scalePercent } from "../leaderboard-format";

const RANGE = { success: "bg-success/50", destructive: "bg-destructive/50", neutral: "bg-muted-foreground/40" };
const DOT = { success: "bg-success", destructive: "bg-destructive", neutral: "bg-muted-foreground" };

/**
 * A small picture of a mean and its 95 % interval on the fixed −10…+10 scale, with a tick at
 * zero. Decorative: the numbers beside it say the same in text.
 */
export function IntervalBar({ interval }: { interval: Interval }) {
  if (!interval) return null;
  const low = scalePercent(interval.low);
  const high = scalePercent(interval.high);
  const mean = scalePercent(interval.mean);
  // Green above zero, red below, neutral at zero: the same reading as the heatmap's scale.
  const tone = interval.mean > 0 ? "success" : interval.mean < 0 ? "destructive" : "neutral";
  return (
    <span
      aria-hidden="true"
      className="relative block h-2.5 w-28 shrink-0 rounded-full bg-muted"
      data-testid="interval-bar"
    >
      <span className="absolute inset-y-0 left-1/2 w-px bg-muted-foreground/50" />
      <span
        className={cn("absolute inset-y-0.5 rounded-full", RANGE[tone])}
        style={{ left: `${low}%`, width: `${Math.max(1, high - low)}%` }}
      />
      <span
        className={cn("absolute top-0 size-2.5 -translate-x-1/2 rounded-full", DOT[tone])}
        style={{ left: `${mean}%` }}
      />
    </span>
  );
}

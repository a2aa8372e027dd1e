import { Badge } from "@/components/ui/badge";
import { OUTCOME_SYMBOL, type Outcome } from "../leaderboard-format";

const VARIANT = { plus: "success", zero: "secondary", minus: "destructive" } as const;

/** A checkpoint's grade: symbol, word and points, so colour is never the only signal. */
export function OutcomeBadge({ outcome, points }: { outcome: Outcome; points: number }) {
  const sign = points > 0 ? "+" : points < 0 ? "−" : "";
  return (
    <Badge variant={VARIANT[outcome]} data-outcome={outcome}>
      {OUTCOME_SYMBOL[outcome]} {outcome} · {sign}
      {Math.abs(points)} pt
    </Badge>
  );
}

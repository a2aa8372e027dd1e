import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";
import { Cell } from "./jsonl-cells";
import { clip, summariseBenchmark, type CheckpointChip, type JsonObject, type Outcome } from "./jsonl-records";

/** The columns of an AnalystBench benchmark record, after the line column. */
export const BENCHMARK_HEADERS = ["Case", "Sample", "Model", "Epoch", "Score", "Status", "Checkpoints"];

const STATUS_VARIANT: Record<string, "success" | "warning" | "destructive"> = {
  completed: "success",
  partial: "warning",
  failed: "destructive",
};

const CHIP: Record<Outcome, { symbol: string; className: string }> = {
  plus: { symbol: "+", className: "bg-success/15 text-success" },
  zero: { symbol: "0", className: "bg-muted text-muted-foreground ring-1 ring-border ring-inset" },
  minus: { symbol: "−", className: "bg-destructive/15 text-destructive" },
  unknown: { symbol: "?", className: "bg-warning/20 text-warning-foreground dark:text-warning" },
};

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** "Checkpoint 2, Evidence of download and use: plus (+2)": the chip's name for screen readers and hover. */
export function chipLabel(c: CheckpointChip, index: number): string {
  const name = c.name ? `, ${c.name}` : "";
  const points = c.points === null ? "" : ` (${signed(c.points)})`;
  return `Checkpoint ${c.number ?? index + 1}${name}: ${c.outcome}${points}`;
}

export function BenchmarkCells({ record }: { record: JsonObject }) {
  const s = summariseBenchmark(record);
  const dash = <span className="text-muted-foreground">—</span>;
  return (
    <>
      <Cell title={s.caseName ? `${s.caseId}: ${s.caseName}` : s.caseId} className="font-mono">
        {s.caseId || dash}
      </Cell>
      <Cell title={s.title ? `${s.sample}: ${s.title}` : s.sample} className="font-mono">
        {s.sample || dash}
      </Cell>
      <Cell title={s.model}>{s.model || dash}</Cell>
      <Cell className="text-right tabular-nums">{s.epoch || dash}</Cell>
      <Cell className="text-right font-medium tabular-nums">{s.score}</Cell>
      <td className="px-3 py-1.5">
        {/* Clipped: a badge does not wrap, and a status is a word, not an essay. */}
        <span className="flex gap-1">
          {s.status ? <Badge variant={STATUS_VARIANT[s.status] ?? "secondary"}>{clip(s.status, 24)}</Badge> : dash}
          {s.validity && s.validity !== "valid" && (
            <Badge variant="outline">{clip(s.validity.replace(/_/g, " "), 24)}</Badge>
          )}
        </span>
      </td>
      <td className="px-3 py-1.5">
        <ul className="flex gap-1" aria-label="Checkpoint grades">
          {s.checkpoints.map((c, i) => (
            <li
              key={i}
              title={chipLabel(c, i)}
              className={cn(
                "inline-flex size-5 items-center justify-center rounded font-mono text-xs font-semibold",
                CHIP[c.outcome].className,
              )}
            >
              <span aria-hidden>{CHIP[c.outcome].symbol}</span>
              <span className="sr-only">{chipLabel(c, i)}</span>
            </li>
          ))}
          {s.moreCheckpoints > 0 && <li className="text-muted-foreground">+{s.moreCheckpoints} more</li>}
          {s.checkpoints.length === 0 && <li className="text-muted-foreground">none</li>}
        </ul>
      </td>
    </>
  );
}

import { ChevronRightIcon } from "lucide-react";
import { Fragment, useId, useMemo, useState } from "react";
import { cn } from "@/lib/utils";
import { CodeBlock } from "./code-block";
import { BenchmarkCells, BENCHMARK_HEADERS } from "./jsonl-benchmark-cells";
import { Cell, WideCell } from "./jsonl-cells";
import {
  cellText,
  clip,
  isBenchmarkFile,
  isObject,
  MAX_JSONL_ROWS,
  parseJsonl,
  scalarColumns,
  type JsonlRow,
} from "./jsonl-records";

/** Past this size a record is shown unhighlighted: highlight.js on megabytes would stall the tab. */
const MAX_HIGHLIGHTED_CHARS = 200_000;

/** The line column stays put while the table scrolls sideways, so each row keeps its toggle in view. */
const STICKY = "sticky left-0 z-[1]";

const count = (n: number) => n.toLocaleString("en-US");

/**
 * JSONL as a table: one row per record, each expandable to the whole record. AnalystBench
 * benchmark records get their meaningful columns (case, sample, model, epoch, score, status,
 * checkpoint grades); any other JSONL gets its first few scalar keys. Every value is rendered as
 * React text, never as HTML. The table scrolls inside its own box, so a wide record never widens
 * the page.
 */
export function JsonlTable({
  text,
  maxRows = MAX_JSONL_ROWS,
  className,
}: {
  text: string;
  maxRows?: number;
  className?: string;
}) {
  const parsed = useMemo(() => parseJsonl(text, maxRows), [text, maxRows]);
  const benchmark = useMemo(() => isBenchmarkFile(parsed.rows), [parsed]);
  const keys = useMemo(() => (benchmark ? [] : scalarColumns(parsed.rows)), [benchmark, parsed]);
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const idPrefix = useId();

  if (parsed.total === 0)
    return <p className="rounded-md border p-4 text-sm text-muted-foreground">This file has no records.</p>;

  // A file of bare values (numbers, strings, arrays) has no keys: its one column is the value.
  const headers = benchmark ? BENCHMARK_HEADERS : keys.length > 0 ? keys : ["Value"];
  const span = headers.length + 1;
  const invalid = parsed.rows.filter((r) => r.kind === "invalid").length;
  const toggle = (line: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(line)) next.add(line);
      return next;
    });

  return (
    <div className={cn("flex min-h-0 min-w-0 flex-col gap-2", className)}>
      <p className="text-xs text-muted-foreground" data-testid="jsonl-summary">
        {parsed.rows.length < parsed.total
          ? `Showing ${count(parsed.rows.length)} of ${count(parsed.total)} records`
          : `${count(parsed.total)} record${parsed.total === 1 ? "" : "s"}`}
        {invalid > 0 && ` · ${count(invalid)} not valid JSON`}
      </p>
      {/* @container: an open record is sized to this box's visible width (cqw), not the table's. */}
      <div
        role="region"
        aria-label="Records"
        tabIndex={0}
        className="@container min-h-0 flex-1 overflow-auto rounded-md border outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <table className="w-full border-collapse text-left text-xs">
          <thead className="sticky top-0 z-10 bg-muted text-muted-foreground">
            <tr>
              <th scope="col" className={cn(STICKY, "w-px bg-muted px-2 py-2 font-medium")}>
                Line
              </th>
              {headers.map((h) => (
                <th key={h} scope="col" className="px-3 py-2 font-medium">
                  <div className="max-w-[14rem] truncate" title={clip(h, 1000)}>
                    {clip(h, 100)}
                  </div>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {parsed.rows.map((row) => {
              const expanded = open.has(row.line);
              const detailId = `${idPrefix}-line-${row.line}`;
              return (
                <Fragment key={row.line}>
                  <tr data-testid="jsonl-row" className="border-t align-top">
                    <td className={cn(STICKY, "bg-popover px-2 py-1.5")}>
                      <button
                        type="button"
                        aria-expanded={expanded}
                        aria-controls={expanded ? detailId : undefined}
                        aria-label={`Record on line ${row.line}`}
                        onClick={() => toggle(row.line)}
                        className="inline-flex cursor-pointer items-center gap-1 rounded px-1 py-0.5 font-mono text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                      >
                        <ChevronRightIcon
                          className={cn("size-3.5 transition-transform", expanded && "rotate-90")}
                          aria-hidden
                        />
                        {row.line}
                      </button>
                    </td>
                    <RowCells row={row} benchmark={benchmark} keys={keys} span={headers.length} />
                  </tr>
                  {expanded && (
                    <tr id={detailId} data-testid="jsonl-detail">
                      <td colSpan={span} className="p-0">
                        {/* Sticky and one box wide: the record stays in view however far the table is scrolled. */}
                        <div className="sticky left-0 w-[100cqw] p-2">
                          <RowDetail row={row} />
                        </div>
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function RowCells({ row, benchmark, keys, span }: { row: JsonlRow; benchmark: boolean; keys: string[]; span: number }) {
  if (row.kind === "invalid")
    return (
      <WideCell span={span}>
        <span className="font-medium text-destructive">Line {row.line} is not valid JSON</span>
        <span className="block truncate font-mono text-muted-foreground">{clip(row.raw)}</span>
      </WideCell>
    );
  if (benchmark && isObject(row.value)) return <BenchmarkCells record={row.value} />;
  if (keys.length === 0 || !isObject(row.value))
    return (
      <WideCell span={span}>
        <span className="font-mono">{cellText(row.value)}</span>
      </WideCell>
    );
  const record = row.value;
  return keys.map((k) => {
    const value = Object.hasOwn(record, k) ? cellText(record[k]) : "";
    return (
      <Cell key={k} title={clip(value, 1000)}>
        {value === "" ? <span className="text-muted-foreground">—</span> : value}
      </Cell>
    );
  });
}

function RowDetail({ row }: { row: JsonlRow }) {
  if (row.kind === "invalid")
    return (
      <div className="space-y-2">
        <p className="text-xs text-destructive">{row.error}</p>
        <CodeBlock code={row.raw} lang="plaintext" label={`Line ${row.line} (raw)`} wrap compact />
      </div>
    );
  const pretty = JSON.stringify(row.value, null, 2);
  return (
    <CodeBlock
      code={pretty}
      lang={pretty.length > MAX_HIGHLIGHTED_CHARS ? "plaintext" : "json"}
      label={`Line ${row.line}`}
      wrap
      compact
    />
  );
}

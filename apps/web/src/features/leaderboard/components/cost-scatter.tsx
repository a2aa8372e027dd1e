import type { ModelRow } from "@analystbench/contracts";
import { useMemo, useState } from "react";
import {
  CartesianGrid,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from "recharts";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { SCORE_MAX, SCORE_MIN, formatCost, formatInterval, paretoFront, type CostPoint } from "../leaderboard-format";
import { useThemeColors } from "../use-theme-colors";

type Basis = "per-record" | "total";

/** Off the front, points are labelled only up to this many models. */
const LABELLED_MAX = 12;

interface Point extends CostPoint {
  row: ModelRow;
}

/** Long or hostile model names are cut for the chart's labels; the tooltip and lists show them whole. */
function shortName(model: string): string {
  return model.length > 28 ? `${model.slice(0, 27)}…` : model;
}

/**
 * Mean score against cost, one point per model, with the Pareto front (no cheaper model scores
 * as well) drawn as a line. Models whose cost is unknown are listed beside the chart, not drawn at
 * zero, which would make them look free.
 */
export function CostScatter({ models }: { models: readonly ModelRow[] }) {
  const [basis, setBasis] = useState<Basis>("per-record");
  const colors = useThemeColors();
  const { points, front, unknown, unscored } = useMemo(() => {
    const points: Point[] = [];
    const unknown: string[] = [];
    const unscored: string[] = [];
    for (const row of models) {
      if (!row.score) unscored.push(row.model);
      else if (row.costUsd === null) unknown.push(row.model);
      else
        points.push({
          model: row.model,
          row,
          score: row.score.mean,
          cost: basis === "total" ? row.costUsd : row.costUsd / Math.max(1, row.records),
        });
    }
    return { points, front: paretoFront(points), unknown, unscored };
  }, [models, basis]);
  const onFront = new Set(front.map((p) => p.model));
  const xLabel = basis === "total" ? "Total cost (USD)" : "Cost per sample run (USD)";

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_16rem]">
      <div className="min-w-0 space-y-2">
        <Tabs value={basis} onValueChange={(v) => setBasis(v as Basis)}>
          <TabsList aria-label="Cost basis">
            <TabsTrigger value="per-record">Per sample run</TabsTrigger>
            <TabsTrigger value="total">Total</TabsTrigger>
          </TabsList>
        </Tabs>
        <div
          className="h-80 w-full"
          role="img"
          aria-label={`Mean score against ${xLabel.toLowerCase()} for ${points.length} models; Pareto front: ${front.map((p) => p.model).join(", ") || "none"}`}
          data-testid="cost-scatter"
        >
          <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height: 320 }}>
            <ScatterChart margin={{ top: 12, right: 48, bottom: 28, left: 4 }}>
              <CartesianGrid stroke={colors.border} strokeDasharray="3 3" />
              <XAxis
                type="number"
                dataKey="cost"
                name={xLabel}
                // Offline models cost $0: without a floor for the top, every tick would read $0.00.
                domain={[0, (max: number) => (max > 0 ? max * 1.1 : 0.01)]}
                tickFormatter={(v: number) => formatCost(v)}
                stroke={colors.muted}
                tick={{ fill: colors.muted, fontSize: 11 }}
                padding={{ left: 12, right: 12 }}
                label={{ value: xLabel, position: "insideBottom", offset: -16, fill: colors.muted, fontSize: 12 }}
              />
              <YAxis
                type="number"
                dataKey="score"
                name="Mean score"
                domain={[SCORE_MIN, SCORE_MAX]}
                ticks={[-10, -5, 0, 5, 10]}
                stroke={colors.muted}
                tick={{ fill: colors.muted, fontSize: 11 }}
                width={36}
              />
              <ReferenceLine y={0} stroke={colors.muted} strokeDasharray="4 4" />
              <Tooltip
                cursor={{ stroke: colors.border }}
                content={(props: TooltipContentProps) => <PointTooltip {...props} front={onFront} />}
              />
              <Scatter
                name="Models"
                data={points.filter((p) => !onFront.has(p.model))}
                fill={colors.muted}
                isAnimationActive={false}
                // Named while few enough to read; past that the tooltip and the lists name them.
                label={
                  points.length <= LABELLED_MAX
                    ? {
                        dataKey: "model",
                        position: "right",
                        offset: 8,
                        fill: colors.muted,
                        fontSize: 11,
                        formatter: (v: unknown) => shortName(String(v)),
                      }
                    : false
                }
              />
              <Scatter
                name="Pareto front"
                className="pareto-front"
                data={front}
                fill={colors.primary}
                stroke={colors.primary}
                line={{ stroke: colors.primary, strokeWidth: 2 }}
                lineType="joint"
                shape="diamond"
                isAnimationActive={false}
                label={{
                  dataKey: "model",
                  // Beside the point, not above it: a point at the top or left edge would cut its label.
                  position: "right",
                  offset: 8,
                  fill: colors.foreground,
                  fontSize: 11,
                  formatter: (v: unknown) => shortName(String(v)),
                }}
              />
            </ScatterChart>
          </ResponsiveContainer>
        </div>
      </div>
      <div className="space-y-4 text-sm">
        <div>
          <p className="font-medium">Pareto front</p>
          <p className="mb-1 text-xs text-muted-foreground">Cheapest for their score: ◆ joined by the line.</p>
          {front.length === 0 ? (
            <p className="text-muted-foreground">No model with a known cost.</p>
          ) : (
            <ol className="space-y-1" aria-label="Pareto front">
              {front.map((p) => (
                <li key={p.model}>
                  <span className="line-clamp-2 font-medium [overflow-wrap:anywhere]" title={p.model}>
                    {p.model}
                  </span>
                  <span className="block text-muted-foreground tabular-nums">
                    {formatInterval(p.row.score)} · {formatCost(p.cost)}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </div>
        {unknown.length > 0 && (
          <div>
            <p className="font-medium">Cost unknown</p>
            <p className="mb-1 text-xs text-muted-foreground">A price is missing; not drawn.</p>
            <ul className="space-y-1" aria-label="Cost unknown">
              {unknown.map((m) => (
                <li key={m} className="line-clamp-2 [overflow-wrap:anywhere]" title={m}>
                  {m}
                </li>
              ))}
            </ul>
          </div>
        )}
        {unscored.length > 0 && (
          <p className="text-xs text-muted-foreground">
            No valid record, not drawn: <span className="[overflow-wrap:anywhere]">{unscored.join(", ")}</span>
          </p>
        )}
      </div>
    </div>
  );
}

function PointTooltip({ active, payload, front }: TooltipContentProps & { front: ReadonlySet<string> }) {
  const p = active ? (payload?.[0]?.payload as Point | undefined) : undefined;
  if (!p) return null;
  return (
    <div className="max-w-xs rounded-md border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md">
      <p className="[overflow-wrap:anywhere] font-medium">{p.model}</p>
      <p className="tabular-nums">Score {formatInterval(p.row.score)}</p>
      <p className="tabular-nums">
        Cost {formatCost(p.cost)} · total {formatCost(p.row.costUsd)}
      </p>
      {front.has(p.model) && <p className="text-primary">On the Pareto front</p>}
    </div>
  );
}

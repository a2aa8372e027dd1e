import type { CaseCell, LeaderboardGroup, ModelRow, SampleCell } from "@analystbench/contracts";
import { useCallback, useMemo, type ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { LeaderboardFilters } from "../api/get-leaderboard";
import { formatInterval } from "../leaderboard-format";
import { CaseHeatmap } from "./case-heatmap";
import { ComparePanel, type TranscriptPair } from "./compare-panel";
import { CostScatter } from "./cost-scatter";
import { RankingTable } from "./ranking-table";
import type { RunsOf } from "./runs-dialog";
import { SampleHeatmap } from "./sample-heatmap";

function Section({
  title,
  description,
  children,
  id,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
  id: string;
}) {
  return (
    <Card aria-labelledby={id} role="region">
      <CardHeader>
        <CardTitle id={id} className="text-base">
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Everything the page shows for one group of comparable records (one grader, content and variant). */
export function GroupView({
  group,
  filters,
  onOpenRuns,
  onReadTranscripts,
}: {
  group: LeaderboardGroup;
  filters: LeaderboardFilters;
  onOpenRuns(of: RunsOf): void;
  onReadTranscripts(pair: TranscriptPair): void;
}) {
  const models = useMemo(() => group.models.map((m) => m.model), [group.models]);
  const openRow = useCallback(
    (r: ModelRow) =>
      onOpenRuns({
        title: r.model,
        detail: `All cases · mean ${formatInterval(r.score)} over ${r.records} records`,
        runIds: r.runIds,
      }),
    [onOpenRuns],
  );
  const openCase = useCallback(
    (c: CaseCell) =>
      onOpenRuns({
        title: `${c.model} on ${c.case}`,
        detail: `Mean ${formatInterval(c.score)} over ${c.records} records`,
        runIds: c.runIds,
      }),
    [onOpenRuns],
  );
  const openSample = useCallback(
    (c: SampleCell) =>
      onOpenRuns({
        title: `${c.model} on ${c.title}`,
        detail: `${c.case} · ${c.sample} · ${c.records} records`,
        runIds: c.runIds,
      }),
    [onOpenRuns],
  );

  return (
    <div className="space-y-6">
      <Section
        id="lb-ranking"
        title="Ranking"
        description="Mean score per record on −10…+10 with its 95 % bootstrap interval; pass^k is the share of samples solved safely in every one of k epochs. Sort by any numeric column."
      >
        <RankingTable models={group.models} onOpenRuns={openRow} />
      </Section>
      <Section
        id="lb-cost"
        title="Score against cost"
        description="Each model's mean score against what it cost; the line joins the Pareto front."
      >
        <CostScatter models={group.models} />
      </Section>
      <Section
        id="lb-cases"
        title="Model × case"
        description="Mean score of each model on each case. Choose a cell for the runs behind it."
      >
        <CaseHeatmap models={models} cells={group.cases} onOpenCell={openCase} />
      </Section>
      <Section
        id="lb-samples"
        title="Model × sample × checkpoint"
        description="Where points were lost: each checkpoint coloured by the outcome most of its records had."
      >
        <SampleHeatmap models={models} cells={group.samples} onOpenCell={openSample} />
      </Section>
      <Section
        id="lb-compare"
        title="Compare two models"
        description="The paired difference on shared records, and every checkpoint the two were graded differently on."
      >
        <ComparePanel models={group.models} groupKey={group.key} filters={filters} onRead={onReadTranscripts} />
      </Section>
    </div>
  );
}

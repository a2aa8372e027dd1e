import type { CompareGroup, Disagreement, GroupKey, ModelRow } from "@analystbench/contracts";
import { BookOpenIcon, RefreshCwIcon } from "lucide-react";
import { useState } from "react";
import { ModelSelect } from "@/components/model-select";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { messageOf } from "@/lib/download";
import { plural } from "@/lib/format";
import { useCompare, type LeaderboardFilters } from "../api/get-leaderboard";
import { formatDifference } from "../leaderboard-format";
import { OutcomeBadge } from "./outcome-badge";

/** Disagreements shown at first; each one is a few lines of rationale. */
const PAGE = 10;

const sameKey = (a: GroupKey, b: GroupKey) =>
  a.graderVersion === b.graderVersion && a.contentVersion === b.contentVersion && a.variant === b.variant;

export interface TranscriptPair {
  disagreement: Disagreement;
  a: string;
  b: string;
}

/**
 * Two chosen models (the top two by default) on the records they share: the paired difference
 * with its interval, wins and ties, and every checkpoint they were graded differently on.
 */
export function ComparePanel({
  models,
  groupKey,
  filters,
  onRead,
}: {
  models: readonly ModelRow[];
  groupKey: GroupKey;
  filters: LeaderboardFilters;
  onRead(pair: TranscriptPair): void;
}) {
  const names = models.map((m) => m.model);
  const [chosenA, setA] = useState(names[0] ?? "");
  const [chosenB, setB] = useState(names[1] ?? "");
  // A filter can drop a chosen model; fall back to the best remaining ones.
  const a = names.includes(chosenA) ? chosenA : (names[0] ?? "");
  const b = names.includes(chosenB) && chosenB !== a ? chosenB : (names.find((n) => n !== a) ?? "");
  const compare = useCompare(a, b, filters);

  if (names.length < 2)
    return (
      <p className="text-sm text-muted-foreground">
        Comparing needs two models with records in this group. Run the same case with a second model.
      </p>
    );

  const group = compare.data?.groups.find((g) => sameKey(g.key, groupKey)) ?? null;
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor="compare-a">Model A</Label>
          <ModelSelect id="compare-a" label="Model A" models={names.filter((n) => n !== b)} value={a} onChange={setA} />
        </div>
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor="compare-b">Model B</Label>
          <ModelSelect id="compare-b" label="Model B" models={names.filter((n) => n !== a)} value={b} onChange={setB} />
        </div>
      </div>
      {compare.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Comparing…
        </p>
      ) : compare.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
          {messageOf(compare.error, "Failed to compare the two models")}
          <Button size="sm" variant="outline" onClick={() => void compare.refetch()}>
            <RefreshCwIcon /> Retry
          </Button>
        </div>
      ) : !group || group.pairs === 0 ? (
        <p className="text-sm text-muted-foreground">
          These two models share no valid records (same case, sample, variant and epoch) in this group.
        </p>
      ) : (
        <CompareResult group={group} a={a} b={b} onRead={onRead} />
      )}
    </div>
  );
}

function CompareResult({
  group,
  a,
  b,
  onRead,
}: {
  group: CompareGroup;
  a: string;
  b: string;
  onRead(pair: TranscriptPair): void;
}) {
  const [shown, setShown] = useState(PAGE);
  const list = group.disagreements;
  return (
    <div className="space-y-4">
      <dl className="grid gap-3 text-sm sm:grid-cols-3" data-testid="compare-summary">
        <div className="rounded-lg border p-3">
          <dt className="text-xs text-muted-foreground">A − B per pair (95 % CI)</dt>
          <dd className="mt-1 text-lg font-semibold tabular-nums">{formatDifference(group.difference)}</dd>
        </div>
        <div className="rounded-lg border p-3">
          <dt className="text-xs text-muted-foreground">Wins / ties</dt>
          <dd className="mt-1 tabular-nums">
            A {group.aWins} · ties {group.ties} · B {group.bWins}
          </dd>
        </div>
        <div className="rounded-lg border p-3">
          <dt className="text-xs text-muted-foreground">Paired records</dt>
          <dd className="mt-1 tabular-nums">
            {group.pairs} · {plural(group.disagreementsTotal, "disagreement")}
          </dd>
        </div>
      </dl>
      {group.disagreementsTotal > list.length && (
        // The server lists at most the first 500; the count above is of all of them.
        <p className="text-xs text-muted-foreground">
          Listing the first {list.length} of {group.disagreementsTotal} disagreements (by case, sample, epoch and
          checkpoint); narrow the filters to see the rest.
        </p>
      )}
      {list.length === 0 ? (
        <p className="text-sm text-muted-foreground">The two models were graded alike on every shared checkpoint.</p>
      ) : (
        <ul className="space-y-3" aria-label="Disagreements">
          {list.slice(0, shown).map((d) => (
            <li
              key={`${d.case}/${d.sample}/${d.epoch}/${d.checkpoint}`}
              className="rounded-lg border p-3"
              data-testid="disagreement"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p className="min-w-0 flex-[1_1_16rem] text-sm">
                  <span className="font-medium">{d.title}</span>{" "}
                  <span className="[overflow-wrap:anywhere] text-muted-foreground">
                    {d.case} · {d.sample} · epoch {d.epoch} · checkpoint {d.checkpoint} {d.checkpointName}
                  </span>
                </p>
                <Button size="sm" variant="outline" onClick={() => onRead({ disagreement: d, a, b })}>
                  <BookOpenIcon /> Read both transcripts
                </Button>
              </div>
              <div className="mt-2 grid gap-3 sm:grid-cols-2">
                <Side label="A" model={a} grade={d.a} />
                <Side label="B" model={b} grade={d.b} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {list.length > shown && (
        <Button size="sm" variant="outline" onClick={() => setShown((n) => n + PAGE)}>
          Show {Math.min(PAGE, list.length - shown)} more of {list.length}
        </Button>
      )}
    </div>
  );
}

function Side({ label, model, grade }: { label: string; model: string; grade: Disagreement["a"] }) {
  return (
    <div className="min-w-0 space-y-1 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 [overflow-wrap:anywhere] text-xs text-muted-foreground">
          {label}: {model}
        </span>
        <OutcomeBadge outcome={grade.outcome} points={grade.points} />
      </p>
      <p className="whitespace-pre-wrap break-words">{grade.rationale}</p>
    </div>
  );
}

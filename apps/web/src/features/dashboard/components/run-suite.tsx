import { ModelSelect } from "@/components/model-select";
import { useRememberedModel } from "@/lib/remembered-model";
import { useRememberedVariant, useVariantDraft, variantSuffix } from "@/lib/remembered-variant";
import {
  meanText,
  pooledMean,
  runScoreText,
  shortScoreText,
  TEST_CASE_MODELS,
  type RunSummary,
} from "@analystbench/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { PlayIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { startSuite, useSuiteRuns } from "../api/run-suite";

const SUITE_STORAGE_KEY = "analystbench.suite";
const finished = (r: RunSummary) => r.status !== "queued" && r.status !== "running";

/** The dialog of the Run Full Suite quick action: pick a model, queue all 13 cases. */
export function RunSuiteDialog({
  open,
  onOpenChange,
  onStarted,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onStarted(suiteId: string): void;
}) {
  // The same remembered choice as the Test Cases menu (lib/remembered-model.ts).
  const { model, setModel, models } = useRememberedModel(TEST_CASE_MODELS);
  // The same remembered variant as the Test Cases page (lib/remembered-variant.ts).
  const { variant, setVariant } = useRememberedVariant();
  const draft = useVariantDraft(variant, setVariant);
  const [isStarting, setIsStarting] = useState(false);
  const start = async () => {
    setIsStarting(true);
    try {
      const { suiteId } = await startSuite(model, variant);
      onStarted(suiteId);
      onOpenChange(false);
      toast.success("Full Suite Queued", {
        description: `All 13 test cases will run with ${model}${variantSuffix(variant, ", ")}.`,
      });
    } catch (e) {
      toast.error("Full Suite Not Started", {
        description: e instanceof Error ? e.message : "Failed to start the full suite",
      });
    } finally {
      setIsStarting(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Run Full Suite</DialogTitle>
          <DialogDescription>
            Queues all 13 test cases (5 Network Security, 8 Supply Chain) with one model. They run on the server; you
            can leave this page.
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-2">
          <Label htmlFor="suite-model">Model</Label>
          <ModelSelect id="suite-model" label="Suite model" models={models} value={model} onChange={setModel} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="suite-variant">Variant</Label>
          <Input
            id="suite-variant"
            inputMode="numeric"
            autoComplete="off"
            maxLength={9}
            className="w-28 font-mono"
            value={draft.text}
            onChange={(e) => draft.setText(e.target.value)}
            aria-invalid={draft.error !== null}
            aria-describedby="suite-variant-note"
          />
          <p
            id="suite-variant-note"
            className={draft.error ? "text-xs text-destructive" : "text-xs text-muted-foreground"}
          >
            {draft.error ??
              "0 runs each case as published; another number draws its addresses, domains, users and hashes again."}
          </p>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={start} disabled={isStarting || draft.error !== null}>
            <PlayIcon /> {isStarting ? "Queuing..." : "Run 13 cases"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Progress of the suite last started from this browser. */
export function SuiteProgress({ suiteId, onDismiss }: { suiteId: string; onDismiss(): void }) {
  const { data, isError } = useSuiteRuns(suiteId);
  const queryClient = useQueryClient();
  const runs = data?.runs ?? [];
  const done = runs.filter(finished);
  // One mean over every counted sample result so far, not a sum of points across cases.
  const soFar = pooledMean(done.flatMap((r) => (r.result ? [r.result.score] : [])));
  const failed = done.filter((r) => r.status !== "completed").length;
  const isComplete = runs.length > 0 && done.length === runs.length;
  if (isComplete) void queryClient.invalidateQueries({ queryKey: ["system-stats"] });
  return (
    <Card data-testid="suite-progress">
      <CardHeader className="flex-row items-start justify-between">
        <div className="space-y-1.5">
          <CardTitle>Full suite {isComplete ? "finished" : "in progress"}</CardTitle>
          <CardDescription>
            {runs[0]?.model ?? "…"} · {done.length}/{runs.length || 13} cases finished
            {failed ? ` · ${failed} failed` : ""}
            {soFar.mean !== null ? ` · ${meanText(soFar.mean)} so far` : ""}
          </CardDescription>
        </div>
        {isComplete && (
          <Button variant="ghost" size="sm" onClick={onDismiss}>
            Dismiss
          </Button>
        )}
      </CardHeader>
      <CardContent className="space-y-3">
        <Progress value={runs.length ? (done.length / runs.length) * 100 : 0} aria-label="Suite progress" />
        {isError && <p className="text-sm text-destructive">Failed to fetch suite progress</p>}
        <ul className="grid grid-cols-1 gap-1 text-xs sm:grid-cols-2 lg:grid-cols-3">
          {[...runs].reverse().map((r) => (
            <li key={r.id} className="flex justify-between gap-2 rounded bg-muted/40 px-2 py-1">
              <span className="truncate">{r.caseName}</span>
              {/* The cell is narrow: the short form, the whole score in its title. */}
              <span
                className="shrink-0 tabular-nums text-muted-foreground"
                title={r.result ? runScoreText(r.result.score) : undefined}
              >
                {r.result ? shortScoreText(r.result.score) : r.status}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** The suite id survives a reload, so progress stays visible. */
export function useStoredSuite(): [string | null, (id: string | null) => void] {
  const [suiteId, setSuiteId] = useState<string | null>(() => localStorage.getItem(SUITE_STORAGE_KEY));
  const set = (id: string | null) => {
    if (id) localStorage.setItem(SUITE_STORAGE_KEY, id);
    else localStorage.removeItem(SUITE_STORAGE_KEY);
    setSuiteId(id);
  };
  return [suiteId, set];
}

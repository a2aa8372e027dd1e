import { CircleCheckIcon, CircleStopIcon, CircleXIcon, EyeIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { variantSuffix } from "@/lib/remembered-variant";
import type { TestRunState } from "../use-test-run";

/** While a run is active: its name, View Output and, once the server named the run, Cancel. */
export function RunningCard({
  state,
  isCancelling,
  onViewOutput,
  onCancel,
}: {
  state: TestRunState;
  isCancelling: boolean;
  onViewOutput(): void;
  onCancel(): void;
}) {
  if (state.phase === "idle" || !state.testCase) return null;
  const isRunning = state.phase === "running";
  return (
    <Card data-testid="running-card" className={isRunning ? "border-primary/40 bg-primary/5" : ""}>
      <CardContent className="flex flex-wrap items-center gap-3">
        {isRunning ? (
          <Spinner className="size-5 text-primary" label="Running" />
        ) : state.phase === "succeeded" ? (
          <CircleCheckIcon className="size-5 text-success" />
        ) : (
          <CircleXIcon className="size-5 text-destructive" />
        )}
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium">
            {isRunning ? "Running" : state.phase === "succeeded" ? "Finished" : "Failed"}: {state.testCase.name}
          </p>
          <p className="truncate text-xs text-muted-foreground">
            {state.testCase.script}
            {variantSuffix(state.variant)}
            {state.runId ? ` · run ${state.runId}` : ""}
          </p>
        </div>
        {isRunning && state.runId && (
          <Button size="sm" variant="outline" onClick={onCancel} disabled={isCancelling}>
            <CircleStopIcon /> {isCancelling ? "Cancelling..." : "Cancel"}
          </Button>
        )}
        <Button size="sm" variant={isRunning ? "default" : "outline"} onClick={onViewOutput}>
          <EyeIcon /> View Output
        </Button>
      </CardContent>
    </Card>
  );
}

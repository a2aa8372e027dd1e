import { RefreshCwIcon, TriangleAlertIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { ConfirmExecuteDialog } from "@/components/confirm-execute-dialog";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { revealItem, useNavTarget } from "@/lib/nav-target";
import type { PageProps } from "@/lib/page-types";
import { useVariantDraft } from "@/lib/remembered-variant";
import { type TestCaseView, useScripts } from "./api/get-scripts";
import { ModelSelector } from "./components/model-selector";
import { OutputDialog } from "./components/output-dialog";
import { RecentRuns } from "./components/recent-runs";
import { RunningCard } from "./components/running-card";
import { TestCaseGroup } from "./components/test-case-group";
import { UserCaseGroup } from "./components/user-case-group";
import { VARIANT_ERROR_ID, VariantField } from "./components/variant-field";
import { useTestRun } from "./use-test-run";

export function ScriptsPage({ target, navigate }: Pick<PageProps, "target" | "navigate">) {
  const scripts = useScripts();
  const run = useTestRun();
  const [pending, setPending] = useState<TestCaseView | null>(null);
  // The field's text as typed; each variant typed is remembered (and is what runs start with).
  const variantDraft = useVariantDraft(run.variant, run.setVariant);
  const variantBlocks = variantDraft.error !== null;
  // Scenario cases run as the variant: they wait for a valid one. Environment Control has none.
  const isScenarioExecuteDisabled = run.isRunning || variantBlocks;
  const blockedReason = variantBlocks ? VARIANT_ERROR_ID : undefined;
  useNavTarget(target, "case", scripts.data !== undefined, (t) => revealItem(`case:${t.id}`));
  useNavTarget(target, "run", true, (t) => void run.attach(t.id));

  useEffect(() => {
    if (scripts.isError) toast.error("Error", { description: "Failed to load available scripts" });
  }, [scripts.isError, scripts.errorUpdatedAt]);

  const execute = (testCase: TestCaseView) => {
    if (run.isRunning || (testCase.isScenario && variantBlocks)) return;
    // Environment Control affects everyone: it waits for an explicit "Yes, Execute".
    if (!testCase.isScenario) setPending(testCase);
    else void run.run(testCase);
  };

  const groups = scripts.data;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        {/* Grows and wraps its line rather than push the model and variant below it on a wide window. */}
        <div className="min-w-0 flex-1 basis-80">
          <h1 className="text-2xl font-semibold tracking-tight">Test Cases</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            5 Network Security test cases (Scenario 1) and 8 Supply Chain test cases (Scenario 2)
          </p>
        </div>
        <div className="flex min-w-0 flex-wrap items-start gap-x-5 gap-y-3">
          <ModelSelector value={run.model} onChange={run.setModel} disabled={run.isRunning} />
          <VariantField
            text={variantDraft.text}
            error={variantDraft.error}
            onChange={variantDraft.setText}
            disabled={run.isRunning}
          />
        </div>
      </div>

      <RunningCard
        state={run.state}
        isCancelling={run.isCancelling}
        onViewOutput={() => run.setOutputOpen(true)}
        onCancel={() => void run.cancel()}
      />

      {scripts.isPending ? (
        <Card>
          <CardContent className="flex items-center justify-center gap-3 py-10 text-sm text-muted-foreground">
            <Spinner className="size-5" /> Loading Scripts
          </CardContent>
        </Card>
      ) : scripts.isError || !groups ? (
        <Alert variant="destructive">
          <TriangleAlertIcon />
          <AlertTitle>{scripts.error?.message || "Failed to fetch scripts"}</AlertTitle>
          <AlertDescription className="flex items-center justify-between gap-4">
            <span>Failed to load available scripts</span>
            <Button size="sm" variant="outline" onClick={() => void scripts.refetch()}>
              <RefreshCwIcon /> Retry
            </Button>
          </AlertDescription>
        </Alert>
      ) : (
        <div className="space-y-10">
          <TestCaseGroup
            title="Scenario 1 - Network Security"
            testCases={groups.scenario1}
            isExecuteDisabled={isScenarioExecuteDisabled}
            disabledReasonId={blockedReason}
            onExecute={execute}
          />
          <TestCaseGroup
            title="Scenario 2 - Supply Chain"
            testCases={groups.scenario2}
            isExecuteDisabled={isScenarioExecuteDisabled}
            disabledReasonId={blockedReason}
            onExecute={execute}
          />
          {groups.sources.map((source, i) => (
            <UserCaseGroup
              key={source.name}
              source={source}
              index={i}
              isExecuteDisabled={isScenarioExecuteDisabled}
              disabledReasonId={blockedReason}
              onExecute={execute}
            />
          ))}
          <TestCaseGroup
            title="Environment Control"
            testCases={groups.environment}
            isExecuteDisabled={run.isRunning}
            onExecute={execute}
          >
            <Alert variant="destructive" data-testid="environment-warning">
              <TriangleAlertIcon />
              <AlertTitle className="font-semibold">DO NOT TOUCH THESE</AlertTitle>
              <AlertDescription>
                These controls affect the entire platform and may disrupt operations being performed by others.
              </AlertDescription>
            </Alert>
          </TestCaseGroup>
        </div>
      )}

      <RecentRuns
        canAttach={!run.isRunning}
        onViewOutput={(id) => void run.attach(id)}
        onOpenReport={(path) => navigate("results", { kind: "result", path })}
      />

      <ConfirmExecuteDialog
        testCaseName={pending?.name ?? null}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          const testCase = pending;
          setPending(null);
          if (testCase) void run.run(testCase);
        }}
      />
      <OutputDialog state={run.state} onOpenChange={run.setOutputOpen} />
    </div>
  );
}

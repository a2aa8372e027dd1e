import { TEST_CASE_MODELS } from "@analystbench/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import {
  executeScript,
  formatExecutionError,
  formatScriptOutput,
  toastExecutionError,
  toastScriptResult,
} from "@/lib/execute-script";
import { messageOf } from "@/lib/download";
import { useRememberedModel } from "@/lib/remembered-model";
import { useRememberedVariant, variantSuffix } from "@/lib/remembered-variant";
import { renderStreamEvent } from "@/lib/sse";
import { cancelRun, executeScenario, followRun, getRun } from "./api/execute-scenario";
import type { TestCaseView } from "./api/get-scripts";

export type RunPhase = "idle" | "running" | "succeeded" | "failed";

export interface TestRunState {
  phase: RunPhase;
  testCase: TestCaseView | null;
  output: string;
  /** Set once a scenario stream announces its run; enables Cancel. */
  runId: string | null;
  /** The case variant the run investigates: 0 as published (and for Environment Control). */
  variant: number;
  isOutputOpen: boolean;
}

/** The card shown for a run opened by id until its summary arrives. */
const RUN_PLACEHOLDER: TestCaseView = {
  id: "",
  name: "",
  description: "",
  script: "",
  scriptPath: "",
  scenario: "scenario1",
  category: "Scenario 1 - Network Security",
  isScenario: true,
};

const IDLE: TestRunState = {
  phase: "idle",
  testCase: null,
  output: "",
  runId: null,
  variant: 0,
  isOutputOpen: false,
};

/**
 * The test-run state machine of spec section 4: idle → running (case recorded, output dialog
 * opened) → finished (output kept). Scenario cases stream; Environment Control scripts answer once.
 */
export function useTestRun() {
  const [state, setState] = useState<TestRunState>(IDLE);
  // Remembered per browser and shared with Run Full Suite (lib/remembered-model.ts).
  const { model, setModel } = useRememberedModel(TEST_CASE_MODELS);
  // The case variant scenario runs start with, remembered per browser too (lib/remembered-variant.ts).
  const { variant, setVariant } = useRememberedVariant();
  const [isCancelling, setIsCancelling] = useState(false);
  const queryClient = useQueryClient();
  const abortRef = useRef<AbortController | null>(null);
  const isRunning = state.phase === "running";

  // Leaving the page stops reading; the run itself continues on the server.
  useEffect(() => () => abortRef.current?.abort(), []);

  const append = useCallback((text: string) => {
    if (text) setState((s) => ({ ...s, output: s.output + text }));
  }, []);

  const finish = useCallback(
    (phase: "succeeded" | "failed") => {
      setState((s) => ({ ...s, phase }));
      setIsCancelling(false);
      void queryClient.invalidateQueries({ queryKey: ["activity"] });
      // Recent runs shows the run's end (and a run that failed to start is not listed at all).
      void queryClient.invalidateQueries({ queryKey: ["runs"] });
    },
    [queryClient],
  );

  const run = useCallback(
    async (testCase: TestCaseView) => {
      const controller = new AbortController();
      abortRef.current = controller;
      const runVariant = testCase.isScenario ? variant : 0;
      const header = testCase.isScenario
        ? `▶ Executing ${testCase.name} (${testCase.script}) with ${model}${variantSuffix(runVariant, ", ")}\n\n`
        : `▶ Executing ${testCase.name} (${testCase.script})\n\n`;
      setState({ phase: "running", testCase, output: header, runId: null, variant: runVariant, isOutputOpen: true });

      if (!testCase.isScenario) {
        try {
          const result = await executeScript({
            scriptPath: testCase.script,
            scriptName: testCase.name,
            scenario: testCase.scenario ?? "environment",
          });
          append(formatScriptOutput(result));
          toastScriptResult(result, testCase.name);
          finish(result.success ? "succeeded" : "failed");
        } catch (e) {
          append(formatExecutionError(messageOf(e, "")));
          toastExecutionError(testCase.name);
          finish("failed");
        }
        return;
      }

      let failed = false;
      try {
        await executeScenario(
          {
            scenarioId: testCase.script,
            scenarioName: testCase.name,
            model,
            llm: "openai",
            // Variant 0 is the server's default: a run as published sends the request it always did.
            ...(runVariant > 0 ? { variant: runVariant } : {}),
          },
          (event) => {
            if (event.event === "run" && typeof event.runId === "string") {
              const runId = event.runId;
              setState((s) => ({ ...s, runId }));
              // The new run joins Recent runs as soon as the server names it.
              void queryClient.invalidateQueries({ queryKey: ["runs"] });
            }
            if (event.event === "error" || (event.event === "done" && event.status && event.status !== "completed"))
              failed = true;
            append(renderStreamEvent(event));
          },
          controller.signal,
        );
      } catch (e) {
        if (controller.signal.aborted) return;
        failed = true;
        append(`✗ ${messageOf(e)}\n`);
        toastExecutionError(testCase.name);
        finish("failed");
        return;
      }
      if (failed) toast.error("Script Failed", { description: `${testCase.name} failed with errors` });
      else toast.success("Script Completed", { description: `${testCase.name} executed successfully` });
      finish(failed ? "failed" : "succeeded");
    },
    [append, finish, model, variant, queryClient],
  );

  /** Shows the output of an existing run (live or finished) by re-attaching to its stream. */
  const attach = useCallback(
    async (runId: string) => {
      if (isRunning) return;
      const controller = new AbortController();
      abortRef.current = controller;
      const pending: TestCaseView = { ...RUN_PLACEHOLDER, id: runId, name: `Run ${runId}`, script: runId };
      setState({ phase: "running", testCase: pending, output: "", runId, variant: 0, isOutputOpen: true });
      let failed = false;
      try {
        const summary = await getRun(runId, controller.signal);
        const testCase = { ...pending, name: summary.caseName, script: summary.caseId };
        // A summary from a server before variants has none: the run was as published.
        const runVariant = summary.variant ?? 0;
        setState((s) => ({
          ...s,
          testCase,
          variant: runVariant,
          output: `▶ ${summary.caseName} (${summary.caseId}) with ${summary.model}${variantSuffix(runVariant, ", ")}\n\n`,
        }));
        await followRun(runId, controller.signal, (event) => {
          if (event.event === "error" || (event.event === "done" && event.status && event.status !== "completed"))
            failed = true;
          append(renderStreamEvent(event));
        });
      } catch (e) {
        if (controller.signal.aborted) return;
        failed = true;
        append(`✗ ${messageOf(e)}\n`);
      }
      finish(failed ? "failed" : "succeeded");
    },
    [append, finish, isRunning],
  );

  const cancel = useCallback(async () => {
    if (!state.runId) return;
    setIsCancelling(true);
    try {
      await cancelRun(state.runId);
      toast("Cancellation requested", { description: `${state.testCase?.name ?? "The run"} is being stopped.` });
    } catch (e) {
      setIsCancelling(false);
      toast.error("Cancel Failed", { description: messageOf(e) });
    }
  }, [state.runId, state.testCase]);

  return {
    state,
    isRunning,
    isCancelling,
    model,
    setModel,
    variant,
    setVariant,
    run,
    attach,
    cancel,
    setOutputOpen: (isOutputOpen: boolean) => setState((s) => ({ ...s, isOutputOpen })),
  };
}

import { DownloadIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { saveText } from "@/lib/download";
import { variantSuffix } from "@/lib/remembered-variant";
import type { TestRunState } from "../use-test-run";

const FOOTER: Record<TestRunState["phase"], string> = {
  idle: "",
  running: "Execution in progress...",
  succeeded: "Execution completed successfully",
  failed: "Execution failed",
};

export function OutputDialog({ state, onOpenChange }: { state: TestRunState; onOpenChange(open: boolean): void }) {
  const textRef = useRef<HTMLTextAreaElement>(null);
  const testCase = state.testCase;

  // Follow the output as it grows, like a terminal.
  useEffect(() => {
    const el = textRef.current;
    if (el && state.isOutputOpen) el.scrollTop = el.scrollHeight;
  }, [state.output, state.isOutputOpen]);

  return (
    <Dialog open={state.isOutputOpen && testCase !== null} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[90vh] flex-col sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>Output: {testCase?.name}</DialogTitle>
          <DialogDescription className="font-mono text-xs">
            {testCase?.script}
            {variantSuffix(state.variant)}
          </DialogDescription>
        </DialogHeader>
        <textarea
          ref={textRef}
          readOnly
          aria-label="Execution output"
          value={state.output}
          className="min-h-[24rem] w-full flex-1 resize-none rounded-md border bg-zinc-950 p-3 font-mono text-xs leading-relaxed text-zinc-100 outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
        <div className="flex items-center justify-between gap-3 border-t pt-3">
          <p
            className={
              state.phase === "failed"
                ? "text-sm text-destructive"
                : state.phase === "succeeded"
                  ? "text-sm text-success"
                  : "flex items-center gap-2 text-sm text-muted-foreground"
            }
          >
            {state.phase === "running" && <Spinner />}
            {FOOTER[state.phase]}
          </p>
          <Button
            variant="outline"
            disabled={!testCase || state.output === ""}
            onClick={() => testCase && saveText(state.output, `${testCase.id}_output.txt`)}
          >
            <DownloadIcon /> Download Output
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

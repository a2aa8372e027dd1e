import { FileTextIcon, TerminalIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { messageOf } from "@/lib/download";
import { plural } from "@/lib/format";
import type { PageProps } from "@/lib/page-types";
import { runReportPath } from "../api/get-leaderboard";

/** What a clicked cell stands for: a heading and the runs whose records made it. */
export interface RunsOf {
  title: string;
  detail: string;
  runIds: readonly string[];
}

/** A long list is shown in pages, so a row with thousands of runs opens at once. */
const PAGE = 50;

/**
 * "The runs behind it": every run id of a cell, each opening its output on Execute Scripts or
 * its report on Results.
 */
export function RunsDialog({
  of,
  onClose,
  navigate,
}: {
  of: RunsOf | null;
  onClose(): void;
  navigate: PageProps["navigate"];
}) {
  const [shown, setShown] = useState(PAGE);
  const [opening, setOpening] = useState<string | null>(null);

  const openReport = async (id: string) => {
    setOpening(id);
    try {
      const path = await runReportPath(id);
      if (path) navigate("results", { kind: "result", path });
      else toast.error("No report yet", { description: `Run ${id} has not written a report.` });
    } catch (e) {
      toast.error("Could not open the report", { description: messageOf(e) });
    } finally {
      setOpening(null);
    }
  };

  return (
    <Dialog
      open={of !== null}
      onOpenChange={(open) => {
        if (!open) {
          setShown(PAGE);
          onClose();
        }
      }}
    >
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle className="[overflow-wrap:anywhere] leading-snug">{of?.title}</DialogTitle>
          <DialogDescription>
            {of?.detail} · {plural(of?.runIds.length ?? 0, "run")}, newest first
          </DialogDescription>
        </DialogHeader>
        <ul className="-mx-2 max-h-[55vh] divide-y overflow-y-auto" aria-label="Runs">
          {of?.runIds.slice(0, shown).map((id) => (
            <li key={id} className="flex flex-wrap items-center justify-between gap-2 px-2 py-2">
              <code className="min-w-0 [overflow-wrap:anywhere] text-sm">{id}</code>
              <span className="flex gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => navigate("scripts", { kind: "run", id })}
                  aria-label={`Open the output of run ${id}`}
                >
                  <TerminalIcon /> Output
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={opening !== null}
                  onClick={() => void openReport(id)}
                  aria-label={`Open the report of run ${id}`}
                >
                  {opening === id ? <Spinner /> : <FileTextIcon />} Report
                </Button>
              </span>
            </li>
          ))}
        </ul>
        {of && of.runIds.length > shown && (
          <Button variant="outline" size="sm" onClick={() => setShown((n) => n + PAGE)}>
            Show {Math.min(PAGE, of.runIds.length - shown)} more
          </Button>
        )}
      </DialogContent>
    </Dialog>
  );
}

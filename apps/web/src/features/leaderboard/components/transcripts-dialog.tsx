import type { TranscriptResponse } from "@analystbench/contracts";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { messageOf } from "@/lib/download";
import { cn } from "@/lib/utils";
import { useTranscript, type TranscriptRef } from "../api/get-leaderboard";
import { formatScore } from "../leaderboard-format";
import type { TranscriptPair } from "./compare-panel";
import { OutcomeBadge } from "./outcome-badge";

/**
 * One sample read by two models, side by side (stacked on narrow screens): each checkpoint's
 * grade and rationale first, the disputed one marked, then the conversation and final report.
 */
export function TranscriptsDialog({ pair, onClose }: { pair: TranscriptPair | null; onClose(): void }) {
  const d = pair?.disagreement;
  const ref = (side: "a" | "b"): TranscriptRef | null =>
    d ? { runId: d[side].runId, sample: d.sample, epoch: d.epoch } : null;
  return (
    <Dialog open={pair !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="flex max-h-[92vh] flex-col sm:max-w-6xl">
        <DialogHeader>
          <DialogTitle className="leading-snug">Transcripts: {d?.title}</DialogTitle>
          <DialogDescription className="[overflow-wrap:anywhere]">
            {d?.case} · {d?.sample} · epoch {d?.epoch} · checkpoint {d?.checkpoint} {d?.checkpointName}
          </DialogDescription>
        </DialogHeader>
        <div className="-mx-6 min-h-0 flex-1 overflow-y-auto px-6">
          <div className="grid gap-4 lg:grid-cols-2">
            <TranscriptColumn side="A" model={pair?.a ?? ""} tref={ref("a")} highlight={d?.checkpoint} />
            <TranscriptColumn side="B" model={pair?.b ?? ""} tref={ref("b")} highlight={d?.checkpoint} />
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function TranscriptColumn({
  side,
  model,
  tref,
  highlight,
}: {
  side: string;
  model: string;
  tref: TranscriptRef | null;
  highlight: number | undefined;
}) {
  const t = useTranscript(tref);
  return (
    <section
      aria-label={`Transcript ${side}: ${model}`}
      className="min-w-0 space-y-3 rounded-lg border p-3"
      data-testid="transcript"
    >
      <header>
        <h3 className="[overflow-wrap:anywhere] text-sm font-semibold">
          {side}: {model}
        </h3>
        {tref && <p className="[overflow-wrap:anywhere] text-xs text-muted-foreground">Run {tref.runId}</p>}
      </header>
      {t.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Loading the transcript…
        </p>
      ) : t.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {messageOf(t.error, "Failed to load the transcript")}
        </p>
      ) : (
        <TranscriptBody t={t.data} highlight={highlight} />
      )}
    </section>
  );
}

function TranscriptBody({ t, highlight }: { t: TranscriptResponse; highlight: number | undefined }) {
  return (
    <>
      <p className="text-sm">
        Total <span className="font-semibold tabular-nums">{t.total === null ? "—" : formatScore(t.total)}</span>
        <span className="text-muted-foreground"> of 10</span>
      </p>
      <ol className="space-y-2" aria-label="Checkpoints">
        {t.checkpoints.map((cp) => (
          <li
            key={cp.number}
            data-disputed={cp.number === highlight ? "" : undefined}
            className={cn("rounded-md border p-2 text-sm", cp.number === highlight && "border-primary bg-primary/5")}
          >
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-medium">
                {cp.number}. {cp.name}
              </span>
              <OutcomeBadge outcome={cp.outcome} points={cp.points} />
            </p>
            <p className="mt-1 whitespace-pre-wrap break-words text-muted-foreground">{cp.rationale}</p>
          </li>
        ))}
      </ol>
      <div>
        <p className="text-sm font-medium">Final report</p>
        <p className="mt-1 max-h-64 overflow-y-auto whitespace-pre-wrap break-words rounded-md bg-muted/60 p-2 text-xs">
          {t.finalReport || "No final report."}
        </p>
      </div>
      <details open>
        <summary className="cursor-pointer text-sm font-medium">Conversation ({t.messages.length} messages)</summary>
        <ol className="mt-2 space-y-2">
          {t.messages.map((m, i) => (
            <li
              key={i}
              className={cn("rounded-md p-2 text-xs", m.role === "assistant" ? "bg-accent/50" : "bg-muted/60")}
            >
              <p className="mb-1 font-semibold uppercase tracking-wide text-muted-foreground">{m.role}</p>
              {m.text && <p className="whitespace-pre-wrap break-words">{m.text}</p>}
              {m.toolCalls?.map((c, j) => (
                <pre
                  key={j}
                  className="mt-1 overflow-x-auto rounded bg-card p-1.5 font-mono whitespace-pre-wrap [overflow-wrap:anywhere]"
                >
                  {c.name}({c.arguments})
                </pre>
              ))}
            </li>
          ))}
        </ol>
      </details>
    </>
  );
}

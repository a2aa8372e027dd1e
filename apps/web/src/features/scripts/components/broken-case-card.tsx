import type { BrokenCase } from "@analystbench/contracts";
import { PlayIcon, TriangleAlertIcon } from "lucide-react";
import { useId } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";

/** "case.yaml, field task.prompt: …" or "case.yaml: …": where, then what (the server's documented form). */
const PROBLEM = /^([^\s:,]+(?:, field \S+)?): ([\s\S]+)$/;

/** One problem: the file and field muted above the message, so a long field path does not bury it. */
function Problem({ text }: { text: string }) {
  const parts = PROBLEM.exec(text);
  if (!parts) return <li className="break-words">{text}</li>;
  return (
    <li className="break-words">
      <span className="block text-muted-foreground">{parts[1]}:</span> <span className="block">{parts[2]}</span>
    </li>
  );
}

/**
 * A user's case package that failed its checks: listed where its author looks for it, with every
 * problem the server found, and never runnable (the server refuses it too).
 */
export function BrokenCaseCard({ brokenCase: b }: { brokenCase: BrokenCase }) {
  const reasonId = useId();
  const count = b.problems.length === 1 ? "this problem" : `these ${b.problems.length} problems`;
  return (
    <Card
      data-testid={`broken-case-${b.id}`}
      data-nav-item={`case:${b.id}`}
      className="gap-3 border-destructive/40 bg-destructive/[0.03]"
    >
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <CardTitle className="min-w-0 text-base break-all">{b.id}</CardTitle>
          <Badge variant="destructive" className="shrink-0">
            <TriangleAlertIcon /> Failed its checks
          </Badge>
        </div>
        <p className="text-sm text-muted-foreground">Fix {count} in the package, then restart the server:</p>
      </CardHeader>
      <CardContent className="space-y-3">
        {/* Focusable, so the list can be scrolled from the keyboard when it is long. */}
        <ul
          aria-label={`Problems of ${b.id}`}
          tabIndex={0}
          className="max-h-48 space-y-2 overflow-y-auto rounded-md border border-destructive/25 bg-destructive/5 p-3 font-mono text-xs leading-relaxed outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {b.problems.map((p, i) => (
            <Problem key={i} text={p} />
          ))}
        </ul>
        <code className="inline-block max-w-full rounded bg-muted px-1.5 py-0.5 font-mono text-xs break-all text-muted-foreground">
          {b.folder}
        </code>
      </CardContent>
      <CardFooter className="mt-auto flex-col items-stretch gap-2">
        <Button
          size="sm"
          variant="outline"
          className="w-full"
          disabled
          aria-label={`Execute ${b.id}`}
          aria-describedby={reasonId}
        >
          <PlayIcon /> Execute
        </Button>
        <p id={reasonId} className="text-center text-xs text-muted-foreground">
          Cannot run until the package passes its checks.
        </p>
      </CardFooter>
    </Card>
  );
}

import type { ContentSource } from "@analystbench/contracts";
import { FolderOpenIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

/**
 * Marks an item a user's case package adds (ANALYSTBENCH_CASES_DIR): which case, from which
 * directory. Built-in items carry no label. A long directory is cut short; the title has it whole.
 */
export function SourceLabel({ source, className }: { source: ContentSource; className?: string }) {
  return (
    <Badge
      variant="outline"
      data-testid="source-label"
      title={`Your case ${source.caseId}, from ${source.name}`}
      className={cn("max-w-full min-w-0 font-normal text-muted-foreground", className)}
    >
      <FolderOpenIcon className="text-primary" aria-hidden />
      <span className="truncate">
        Your case <span className="font-mono text-foreground">{source.caseId}</span> · {source.name}
      </span>
    </Badge>
  );
}

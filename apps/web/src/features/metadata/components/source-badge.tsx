import { FolderOpenIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

/**
 * Marks a user's case (ANALYSTBENCH_CASES_DIR) with the directory it comes from; built-in cases
 * carry none. A long directory is cut short; the title has it whole.
 */
export function SourceBadge({ source, className }: { source: string; className?: string }) {
  return (
    <Badge
      variant="outline"
      data-testid="source-label"
      title={`Your case, from ${source}`}
      className={cn("max-w-full min-w-0 font-normal text-muted-foreground", className)}
    >
      <FolderOpenIcon className="text-primary" aria-hidden />
      <span className="truncate">Your case · {source}</span>
    </Badge>
  );
}

import type { MetadataFile } from "@analystbench/contracts";
import { FileCodeIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";
import { SourceBadge } from "./source-badge";

/** The cases of the selected scenario: name, description and category badge; a user's case says where it comes from. */
export function MetadataList({
  files,
  selectedId,
  onSelect,
}: {
  files: readonly MetadataFile[];
  selectedId: string | undefined;
  onSelect(id: string): void;
}) {
  return (
    <ul className="space-y-2" aria-label="Metadata files">
      {files.map((f) => {
        const selected = f.id === selectedId;
        return (
          <li key={f.id}>
            <button
              type="button"
              data-testid="metadata-item"
              aria-current={selected ? "true" : undefined}
              onClick={() => onSelect(f.id)}
              className={cn(
                "w-full rounded-lg border bg-card p-3 text-left transition-colors cursor-pointer",
                selected ? "border-primary/60 bg-accent/60 ring-1 ring-primary/30" : "hover:bg-accent/40",
              )}
            >
              <div className="flex items-start gap-2">
                <FileCodeIcon
                  className={cn("mt-0.5 size-4 shrink-0", selected ? "text-primary" : "text-muted-foreground")}
                />
                <div className="min-w-0 flex-1 space-y-1">
                  <div className="flex items-start justify-between gap-2">
                    <span className="text-sm font-medium leading-snug">{f.name}</span>
                    <Badge variant="secondary" className="shrink-0">
                      {f.category}
                    </Badge>
                  </div>
                  <p className="line-clamp-2 text-xs leading-relaxed text-muted-foreground">{f.description}</p>
                  {f.source && <SourceBadge source={f.source} />}
                </div>
              </div>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

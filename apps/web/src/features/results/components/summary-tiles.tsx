import type { ResultFile } from "@analystbench/contracts";
import { CircleCheckIcon, CircleXIcon, FilesIcon, HardDriveIcon, InfoIcon, type LucideIcon } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { formatBytes } from "@/lib/format";

/**
 * Completed and Failed Tests count test result files by the status each file records: a report's
 * front-matter status, or for a JSONL file, completed when every record completed and failed
 * when every record failed. Partial and unknown files count in neither, and Environment Control
 * outputs (results/environment) are not tests, so they count only in Total Files and Total Size.
 */
export function summarise(files: ResultFile[]) {
  const tests = files.filter((f) => f.parentDir !== "environment");
  return {
    total: files.length,
    completed: tests.filter((f) => f.status === "completed").length,
    failed: tests.filter((f) => f.status === "failed").length,
    bytes: files.reduce((n, f) => n + f.size, 0),
  };
}

function Tile({
  label,
  value,
  icon: Icon,
  hint,
  tone,
}: {
  label: string;
  value: string;
  icon: LucideIcon;
  hint?: string;
  tone: string;
}) {
  return (
    <Card className="gap-2 py-4" data-testid={`tile-${label.toLowerCase().replace(/\s+/g, "-")}`}>
      <CardContent className="flex items-center gap-3 px-4 sm:gap-4 sm:px-6">
        <div className={`flex size-10 shrink-0 items-center justify-center rounded-lg ${tone}`}>
          <Icon className="size-5" />
        </div>
        <div className="min-w-0">
          <p className="flex items-center gap-1 text-sm text-muted-foreground">
            {label}
            {hint && (
              <Tooltip>
                <TooltipTrigger asChild>
                  <button type="button" aria-label={`How ${label} is counted`} className="cursor-help">
                    <InfoIcon className="size-3.5" />
                  </button>
                </TooltipTrigger>
                <TooltipContent>{hint}</TooltipContent>
              </Tooltip>
            )}
          </p>
          <p className="text-xl font-semibold whitespace-nowrap tabular-nums sm:text-2xl" data-testid="tile-value">
            {value}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

export function SummaryTiles({ files }: { files: ResultFile[] }) {
  const s = summarise(files);
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <Tile label="Total Files" value={String(s.total)} icon={FilesIcon} tone="bg-primary/10 text-primary" />
      <Tile
        label="Completed"
        value={String(s.completed)}
        icon={CircleCheckIcon}
        tone="bg-success/15 text-success"
        hint="Test result files whose own status is completed: a report's front matter says completed, or every record of a JSONL file completed. Environment Control outputs are not counted."
      />
      <Tile
        label="Total Size"
        value={formatBytes(s.bytes)}
        icon={HardDriveIcon}
        tone="bg-secondary text-secondary-foreground"
      />
      <Tile
        label="Failed Tests"
        value={String(s.failed)}
        icon={CircleXIcon}
        tone="bg-destructive/10 text-destructive"
        hint="Test result files whose own status is failed: a report's front matter says failed, or every record of a JSONL file failed. Partial files count in neither tile; Environment Control outputs are not counted."
      />
    </div>
  );
}

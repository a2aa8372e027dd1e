import { RowAction } from "@/components/row-action";
import type { ResultFile } from "@analystbench/contracts";
import { DownloadIcon, EyeIcon, FileBracesIcon, FileTextIcon } from "lucide-react";
import { formatBytes } from "@/lib/format";
import { ResultStatusBadge } from "./result-status-badge";

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export function ResultList({
  files,
  emptyText,
  onView,
  onDownload,
}: {
  files: ResultFile[];
  emptyText: string;
  onView(file: ResultFile): void;
  onDownload(file: ResultFile): void;
}) {
  if (files.length === 0)
    return (
      <p className="rounded-lg border border-dashed py-10 text-center text-sm text-muted-foreground">{emptyText}</p>
    );
  return (
    <ul className="divide-y rounded-lg border" aria-label="Result files">
      {files.map((f) => {
        const Icon = f.type === "markdown" ? FileTextIcon : FileBracesIcon;
        const label = f.parentDir ? `${f.parentDir}/${f.name}` : f.name;
        return (
          <li
            key={f.id}
            data-testid="result-row"
            className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 hover:bg-muted/40"
          >
            <Icon aria-hidden className="size-5 shrink-0 text-primary" />
            <div className="min-w-0 basis-[calc(100%-2.25rem)] sm:flex-1 sm:basis-0">
              <div className="flex flex-wrap items-center gap-2">
                <span className="truncate font-mono text-sm font-medium" title={label}>
                  {label}
                </span>
                <ResultStatusBadge status={f.status} />
              </div>
              <p className="truncate text-xs text-muted-foreground">{f.description}</p>
            </div>
            <div className="ml-9 text-xs text-muted-foreground sm:ml-0 sm:text-right">
              <p className="tabular-nums">{formatBytes(f.size)}</p>
              <p>{dateTime.format(new Date(f.modified))}</p>
            </div>
            <div className="ml-auto flex gap-1 sm:ml-0">
              <RowAction action="View" target={label} onClick={() => onView(f)}>
                <EyeIcon />
              </RowAction>
              <RowAction action="Download" target={label} onClick={() => onDownload(f)}>
                <DownloadIcon />
              </RowAction>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

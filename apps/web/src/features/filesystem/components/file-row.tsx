import { RowAction } from "@/components/row-action";
import type { FileItem } from "@analystbench/contracts";
import { DownloadIcon, EyeIcon, FolderOpenIcon } from "lucide-react";
import { memo } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatBytes } from "@/lib/format";
import { FileTypeIcon } from "./file-icon";

/** Fixed so long lists can be windowed by arithmetic. */
export const FILE_ROW_HEIGHT_PX = 56;

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export const FileRow = memo(function FileRow({
  item,
  onOpen,
  onView,
  onDownload,
}: {
  item: FileItem;
  onOpen(item: FileItem): void;
  onView(item: FileItem): void;
  onDownload(item: FileItem): void;
}) {
  const isDirectory = item.type === "directory";
  return (
    <div
      role="row"
      data-testid="file-row"
      data-nav-item={`file:${item.path}`}
      className="grid grid-cols-[minmax(0,1fr)_4.5rem_auto] sm:grid-cols-[minmax(0,1fr)_6rem_11rem_7rem] items-center gap-3 border-b px-4 last:border-b-0 hover:bg-muted/50"
      style={{ height: FILE_ROW_HEIGHT_PX }}
    >
      <div role="cell" className="flex min-w-0 items-center gap-3">
        <FileTypeIcon name={item.name} isDirectory={isDirectory} />
        {isDirectory ? (
          <button
            type="button"
            className="truncate text-left text-sm font-medium hover:underline"
            onClick={() => onOpen(item)}
            title={item.name}
          >
            {item.name}
          </button>
        ) : (
          <span className="truncate text-sm" title={item.name}>
            {item.name}
          </span>
        )}
        {isDirectory && (
          <Badge variant="secondary" className="text-[10px]">
            DIR
          </Badge>
        )}
      </div>
      <div role="cell" className="text-right text-xs tabular-nums text-muted-foreground">
        {isDirectory ? "—" : formatBytes(item.size)}
      </div>
      <div role="cell" className="hidden text-xs text-muted-foreground sm:block">
        {dateTime.format(new Date(item.modified))}
      </div>
      <div role="cell" className="flex justify-end gap-1">
        {isDirectory ? (
          <Button size="sm" variant="outline" onClick={() => onOpen(item)} aria-label={`Open ${item.name}`}>
            <FolderOpenIcon /> Open
          </Button>
        ) : (
          <>
            <RowAction action="View" target={item.name} onClick={() => onView(item)}>
              <EyeIcon />
            </RowAction>
            <RowAction action="Download" target={item.name} onClick={() => onDownload(item)}>
              <DownloadIcon />
            </RowAction>
          </>
        )}
      </div>
    </div>
  );
});

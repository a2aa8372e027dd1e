import { ContentError, ContentLoading } from "@/components/content-states";
import type { FileItem } from "@analystbench/contracts";
import { DownloadIcon } from "lucide-react";
import { FileContentView, kindForFileName } from "@/components/file-content-view";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { formatBytes } from "@/lib/format";
import { useFileContent } from "../api/get-directory";

/**
 * A file's content, read-only, with its path, size and a download. Markdown opens rendered and
 * JSONL as a table, each with a Raw tab holding the plain text area; other files show only that.
 */
export function PreviewDialog({
  item,
  onClose,
  onDownload,
}: {
  item: FileItem | null;
  onClose(): void;
  onDownload(item: FileItem): void;
}) {
  const content = useFileContent(item?.path ?? null);
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="flex max-h-[90vh] flex-col p-4 sm:max-w-4xl sm:p-6 xl:max-w-6xl">
        <DialogHeader className="min-w-0">
          <DialogTitle className="truncate">{item?.name}</DialogTitle>
          <DialogDescription className="flex flex-wrap gap-x-4 font-mono text-xs">
            {/* Paths have no spaces to break at; anywhere keeps a long one inside a phone-wide dialog. */}
            <span data-testid="preview-path" className="min-w-0 wrap-anywhere">
              /{item?.path}
            </span>
            <span>{item ? formatBytes(item.size) : ""}</span>
          </DialogDescription>
        </DialogHeader>
        {content.isPending ? (
          <ContentLoading />
        ) : content.isError ? (
          <ContentError error={content.error} />
        ) : (
          <FileContentView
            key={item?.path}
            text={content.data.content}
            kind={kindForFileName(item?.name ?? "")}
            label="File content"
          />
        )}
        <div className="flex justify-end border-t pt-3">
          <Button variant="outline" disabled={!item} onClick={() => item && onDownload(item)}>
            <DownloadIcon /> Download File
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

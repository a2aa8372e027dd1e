import { ContentError, ContentLoading } from "@/components/content-states";
import type { FileItem } from "@analystbench/contracts";
import { DownloadIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { formatBytes } from "@/lib/format";
import { useFileContent } from "../api/get-directory";

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
      <DialogContent className="flex max-h-[90vh] flex-col sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle className="truncate">{item?.name}</DialogTitle>
          <DialogDescription className="flex flex-wrap gap-x-4 font-mono text-xs">
            <span data-testid="preview-path">/{item?.path}</span>
            <span>{item ? formatBytes(item.size) : ""}</span>
          </DialogDescription>
        </DialogHeader>
        {content.isPending ? (
          <ContentLoading />
        ) : content.isError ? (
          <ContentError error={content.error} />
        ) : (
          <textarea
            readOnly
            aria-label="File content"
            value={content.data.content}
            className="min-h-[24rem] w-full flex-1 resize-none rounded-md border bg-muted/40 p-3 font-mono text-xs leading-relaxed outline-none focus-visible:ring-2 focus-visible:ring-ring"
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

import { ContentError, ContentLoading } from "@/components/content-states";
import type { ResultFile } from "@analystbench/contracts";
import { DownloadIcon } from "lucide-react";
import { FileContentView, type ContentKind } from "@/components/file-content-view";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { formatBytes } from "@/lib/format";
import { useResultContent } from "../api/get-results";
import { ResultStatusBadge } from "./result-status-badge";

/** The server already says what a result file is. */
const KIND: Record<ResultFile["type"], ContentKind> = { markdown: "markdown", jsonl: "jsonl", json: "json" };

/**
 * Read-only content of a result file. Markdown reports open rendered (sanitized) and benchmark
 * records as a table, JSON laid out on lines, each with a tab back to the raw text.
 */
export function ResultViewDialog({
  file,
  onClose,
  onDownload,
}: {
  file: ResultFile | null;
  onClose(): void;
  onDownload(file: ResultFile): void;
}) {
  const content = useResultContent(file?.path || null);
  return (
    <Dialog open={file !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="flex max-h-[90vh] flex-col p-4 sm:max-w-4xl sm:p-6 xl:max-w-6xl">
        <DialogHeader className="min-w-0">
          <DialogTitle className="flex min-w-0 items-center gap-2">
            <span className="truncate">{file?.name}</span>
            {file && <ResultStatusBadge status={file.status} />}
          </DialogTitle>
          <DialogDescription className="flex flex-wrap gap-x-4 font-mono text-xs">
            {/* Paths have no spaces to break at; anywhere keeps a long one inside a phone-wide dialog. */}
            <span className="min-w-0 wrap-anywhere">{file?.path}</span>
            <span>{file ? formatBytes(file.size) : ""}</span>
            <span>{file?.category}</span>
          </DialogDescription>
        </DialogHeader>
        {content.isPending ? (
          <ContentLoading />
        ) : content.isError ? (
          <ContentError error={content.error} />
        ) : (
          <FileContentView
            key={file?.path}
            text={content.data.content}
            kind={file ? KIND[file.type] : "text"}
            label="Result content"
          />
        )}
        <div className="flex justify-end border-t pt-3">
          <Button variant="outline" disabled={!file} onClick={() => file && onDownload(file)}>
            <DownloadIcon /> Download File
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

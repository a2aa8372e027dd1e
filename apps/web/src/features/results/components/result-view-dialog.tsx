import { ContentError, ContentLoading } from "@/components/content-states";
import type { ResultFile } from "@analystbench/contracts";
import { DownloadIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { MarkdownView } from "@/components/markdown-view";
import { formatBytes } from "@/lib/format";
import { useResultContent } from "../api/get-results";
import { ResultStatusBadge } from "./result-status-badge";

/**
 * Read-only content of a result file. Markdown reports open rendered (sanitized) with a toggle
 * to the raw text; other files show as raw text.
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
      <DialogContent className="flex max-h-[90vh] flex-col sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2 truncate">
            <span className="truncate">{file?.name}</span>
            {file && <ResultStatusBadge status={file.status} />}
          </DialogTitle>
          <DialogDescription className="flex flex-wrap gap-x-4 font-mono text-xs">
            <span>{file?.path}</span>
            <span>{file ? formatBytes(file.size) : ""}</span>
            <span>{file?.category}</span>
          </DialogDescription>
        </DialogHeader>
        {content.isPending ? (
          <ContentLoading />
        ) : content.isError ? (
          <ContentError error={content.error} />
        ) : file?.type === "markdown" ? (
          <Tabs defaultValue="rendered" className="min-h-0 flex-1">
            <TabsList>
              <TabsTrigger value="rendered">Rendered</TabsTrigger>
              <TabsTrigger value="raw">Raw</TabsTrigger>
            </TabsList>
            <TabsContent value="rendered" className="min-h-[24rem] overflow-y-auto rounded-md border p-4">
              <MarkdownView text={content.data.content} />
            </TabsContent>
            <TabsContent value="raw" className="flex min-h-[24rem]">
              <RawText text={content.data.content} />
            </TabsContent>
          </Tabs>
        ) : (
          <RawText text={content.data.content} />
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

function RawText({ text }: { text: string }) {
  return (
    <textarea
      readOnly
      aria-label="Result content"
      value={text}
      className="min-h-[24rem] w-full flex-1 resize-none rounded-md border bg-muted/40 p-3 font-mono text-xs leading-relaxed outline-none focus-visible:ring-2 focus-visible:ring-ring"
    />
  );
}

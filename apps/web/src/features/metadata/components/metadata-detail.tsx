import type { MetadataFile } from "@analystbench/contracts";
import { DownloadIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { CodeBlock } from "@/components/code-block";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { messageOf } from "@/lib/download";
import { relativeTime } from "@/lib/format";
import { downloadMetadata } from "../api/get-metadata";

function modifiedText(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })} (${relativeTime(iso)})`;
}

/** The selected case: Download, and its metadata as a Formatted View or as Raw YAML. */
export function MetadataDetail({ file }: { file: MetadataFile }) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadMetadata(file);
    } catch (e) {
      toast.error("Download Failed", { description: messageOf(e) });
    } finally {
      setDownloading(false);
    }
  };
  const fields = [
    { label: "Category", value: <Badge variant="secondary">{file.category}</Badge> },
    { label: "File ID", value: <span className="font-mono">{file.id}</span> },
    { label: "Modified", value: modifiedText(file.modified) },
    { label: "Description", value: <span className="leading-relaxed">{file.description}</span> },
    ...(file.path ? [{ label: "File", value: <span className="font-mono text-xs">{file.path}</span> }] : []),
    ...(file.source
      ? [{ label: "Source", value: <span className="font-mono text-xs break-all">Your cases · {file.source}</span> }]
      : []),
  ];
  return (
    <Card className="min-w-0" data-testid="metadata-detail">
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <CardTitle className="leading-snug">{file.name}</CardTitle>
          <p className="font-mono text-xs text-muted-foreground">{file.id}.yaml</p>
        </div>
        <Button size="sm" onClick={() => void download()} disabled={downloading}>
          {downloading ? <Spinner className="text-primary-foreground" /> : <DownloadIcon />} Download
        </Button>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="formatted">
          <TabsList>
            <TabsTrigger value="formatted">Formatted View</TabsTrigger>
            <TabsTrigger value="raw">Raw YAML</TabsTrigger>
          </TabsList>
          <TabsContent value="formatted">
            <dl className="divide-y rounded-lg border">
              {fields.map((f) => (
                <div
                  key={f.label}
                  className="grid grid-cols-1 gap-1 px-4 py-3 text-sm sm:grid-cols-[8rem_minmax(0,1fr)] sm:gap-4"
                >
                  <dt className="text-muted-foreground">{f.label}</dt>
                  <dd>{f.value}</dd>
                </div>
              ))}
            </dl>
          </TabsContent>
          <TabsContent value="raw">
            <CodeBlock code={file.content} lang="yaml" label={`${file.id}.yaml`} />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}

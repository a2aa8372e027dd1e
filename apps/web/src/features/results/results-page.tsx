import type { ResultFile } from "@analystbench/contracts";
import { DownloadIcon, RefreshCwIcon, TriangleAlertIcon } from "lucide-react";
import { useCallback, useState } from "react";
import { toast } from "sonner";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { downloadWorkspaceFile, messageOf } from "@/lib/download";
import { useNavTarget } from "@/lib/nav-target";
import type { PageProps } from "@/lib/page-types";
import { downloadName, useResults } from "./api/get-results";
import { ResultList } from "./components/result-list";
import { ResultViewDialog } from "./components/result-view-dialog";
import { SummaryTiles } from "./components/summary-tiles";

/** Download All starts one file after another, this far apart (spec section 7). */
export const DOWNLOAD_ALL_SPACING_MS = 100;

const NO_PATH = "File path not available";

export function ResultsPage({ target }: Pick<PageProps, "target">) {
  const results = useResults();
  const [viewing, setViewing] = useState<ResultFile | null>(null);
  const [isDownloadingAll, setIsDownloadingAll] = useState(false);
  const [tab, setTab] = useState("logs");
  useNavTarget(target, "result", results.data !== undefined, (t) => {
    const { logs = [], benchmarks = [] } = results.data ?? {};
    const file = [...logs, ...benchmarks].find((f) => f.path === t.path);
    if (!file) {
      toast.error("Result not found", { description: `${t.path} is no longer among the results.` });
      return;
    }
    setTab(logs.includes(file) ? "logs" : "benchmarks");
    setViewing(file);
  });

  const download = useCallback(async (file: ResultFile) => {
    if (!file.path) {
      toast.error("Error", { description: NO_PATH });
      return;
    }
    try {
      await downloadWorkspaceFile(file.path, downloadName(file));
    } catch (e) {
      toast.error("Download Failed", { description: messageOf(e) });
    }
  }, []);

  const view = useCallback((file: ResultFile) => {
    if (!file.path) toast.error("Error", { description: NO_PATH });
    else setViewing(file);
  }, []);

  const downloadAll = async (files: ResultFile[]) => {
    setIsDownloadingAll(true);
    try {
      for (const [i, file] of files.entries()) {
        if (i > 0) await new Promise((r) => setTimeout(r, DOWNLOAD_ALL_SPACING_MS));
        await download(file);
      }
    } finally {
      setIsDownloadingAll(false);
    }
  };

  const header = (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Results &amp; Downloads</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Execution reports and benchmark results to read and download.
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={() => void results.refetch()} disabled={results.isFetching}>
        <RefreshCwIcon className={results.isFetching ? "animate-spin" : ""} /> Refresh
      </Button>
    </div>
  );

  if (results.isPending)
    return (
      <div className="space-y-6">
        {header}
        <Card>
          <CardContent className="flex items-center justify-center gap-3 py-10 text-sm text-muted-foreground">
            <Spinner className="size-5" /> Loading result files...
          </CardContent>
        </Card>
      </div>
    );

  if (results.isError)
    return (
      <div className="space-y-6">
        {header}
        <Alert variant="destructive">
          <TriangleAlertIcon />
          <AlertTitle>{messageOf(results.error, "Failed to fetch result files")}</AlertTitle>
          <AlertDescription className="flex items-center justify-between gap-4">
            <span>The result lists could not be loaded.</span>
            <Button size="sm" variant="outline" onClick={() => void results.refetch()}>
              <RefreshCwIcon /> Retry
            </Button>
          </AlertDescription>
        </Alert>
      </div>
    );

  const { logs, benchmarks } = results.data;
  const tabs = [
    {
      id: "logs",
      label: "Test Logs",
      files: logs,
      empty: "No test logs yet. Execution reports appear here after a run.",
    },
    {
      id: "benchmarks",
      label: "Benchmark Results",
      files: benchmarks,
      empty: "No benchmark results yet. JSONL records appear here after a run.",
    },
  ];
  return (
    <div className="space-y-6">
      {header}
      <SummaryTiles files={[...logs, ...benchmarks]} />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          {tabs.map((t) => (
            <TabsTrigger key={t.id} value={t.id}>
              {t.label} ({t.files.length})
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((t) => (
          <TabsContent key={t.id} value={t.id} className="space-y-3">
            <div className="flex items-center justify-between gap-4">
              <p className="text-sm text-muted-foreground">
                {t.id === "logs" ? "Markdown execution reports" : "JSONL benchmark records"}
              </p>
              <Button
                size="sm"
                onClick={() => void downloadAll(t.files)}
                disabled={t.files.length === 0 || isDownloadingAll}
              >
                {isDownloadingAll ? <Spinner className="text-primary-foreground" /> : <DownloadIcon />} Download All
              </Button>
            </div>
            <ResultList files={t.files} emptyText={t.empty} onView={view} onDownload={(f) => void download(f)} />
          </TabsContent>
        ))}
      </Tabs>
      <ResultViewDialog file={viewing} onClose={() => setViewing(null)} onDownload={(f) => void download(f)} />
    </div>
  );
}

import type { FileItem } from "@analystbench/contracts";
import { ArrowLeftIcon, ArrowUpIcon, HouseIcon, SearchIcon, TriangleAlertIcon } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { downloadWorkspaceFile, messageOf } from "@/lib/download";
import { revealItem, useNavTarget } from "@/lib/nav-target";
import type { PageProps } from "@/lib/page-types";
import { useDirectory } from "./api/get-directory";
import { FileList } from "./components/file-list";
import { PreviewDialog } from "./components/preview-dialog";

const isRoot = (path: string) => path === "" || path === ".";
const parentOf = (path: string) => path.split("/").slice(0, -1).join("/");

export function FileBrowserPage({ target }: Pick<PageProps, "target">) {
  const [path, setPath] = useState("");
  const [history, setHistory] = useState<string[]>([]);
  const [filter, setFilter] = useState("");
  const [preview, setPreview] = useState<FileItem | null>(null);
  /** A file opened from elsewhere: previewed once its folder's listing has loaded. */
  const [pendingFile, setPendingFile] = useState<string | null>(null);
  const listing = useDirectory(path);
  const isLoading = listing.isFetching;

  const go = useCallback(
    (next: string) => {
      setHistory((h) => [...h, path]);
      setPath(next);
      setFilter("");
    },
    [path],
  );
  const back = () => {
    const previous = history.at(-1);
    setHistory((h) => h.slice(0, -1));
    setPath(previous ?? parentOf(path));
    setFilter("");
  };

  useNavTarget(target, "file", true, (t) => {
    const folder = t.isDirectory ? t.path : parentOf(t.path);
    if (folder !== path) go(folder);
    setPendingFile(t.isDirectory ? null : t.path);
  });
  const listed = listing.data && !listing.isPlaceholderData ? listing.data.items : null;
  useEffect(() => {
    if (!pendingFile || !listed) return;
    setPendingFile(null);
    const item = listed.find((i) => i.path === pendingFile);
    if (item) {
      setPreview(item);
      revealItem(`file:${item.path}`);
    } else toast.error("File not found", { description: `${pendingFile} is no longer in the workspace.` });
  }, [pendingFile, listed]);

  const download = useCallback(async (item: FileItem) => {
    try {
      await downloadWorkspaceFile(item.path, item.name);
    } catch (e) {
      toast.error("Download Failed", { description: messageOf(e) });
    }
  }, []);
  const open = useCallback((item: FileItem) => go(item.path), [go]);
  const view = useCallback((item: FileItem) => setPreview(item), []);

  const items = useMemo(() => {
    const all = listing.data?.items ?? [];
    const needle = filter.trim().toLowerCase();
    return needle ? all.filter((i) => i.name.toLowerCase().includes(needle)) : all;
  }, [listing.data, filter]);
  const shownPath = listing.data?.currentPath ?? path;
  const total = listing.data?.items.length ?? 0;
  const atRoot = isRoot(path);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">File Browser</h1>
        <p className="mt-1 text-sm text-muted-foreground">Browse, preview and download the platform's files.</p>
      </div>

      <Card className="gap-4">
        <CardContent className="space-y-4">
          <div className="flex flex-wrap items-center gap-2">
            <Button
              variant="outline"
              size="icon"
              onClick={back}
              disabled={atRoot || isLoading}
              aria-label="Back"
              title="Back"
            >
              <ArrowLeftIcon />
            </Button>
            <Button
              variant="outline"
              size="icon"
              onClick={() => go(parentOf(path))}
              disabled={atRoot || isLoading}
              aria-label="Up one level"
              title="Up one level"
            >
              <ArrowUpIcon />
            </Button>
            <Button
              variant="outline"
              size="icon"
              onClick={() => go("")}
              disabled={atRoot || isLoading}
              aria-label="Go to root"
              title="Go to root"
            >
              <HouseIcon />
            </Button>
            <div className="order-last flex min-w-0 flex-1 basis-full items-center gap-2 rounded-md border bg-muted/40 px-3 py-1.5 sm:order-none sm:basis-0">
              <span className="text-xs text-muted-foreground">Path:</span>
              <code data-testid="current-path" className="truncate font-mono text-sm">
                {isRoot(shownPath) ? "/ (root)" : `/${shownPath}`}
              </code>
              {isLoading && <Spinner className="ml-auto" />}
            </div>
            <Badge variant="secondary" className="ml-auto sm:ml-0" data-testid="item-count">
              {!listing.data || listing.isError
                ? "—"
                : filter.trim()
                  ? `${items.length} of ${total} items`
                  : `${total} item${total === 1 ? "" : "s"}`}
            </Badge>
          </div>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              placeholder="Search files..."
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              className="pl-9"
              aria-label="Search files"
            />
          </div>
        </CardContent>
      </Card>

      {listing.isError ? (
        <Card className="border-destructive/40">
          <CardContent className="flex items-start gap-3 text-sm text-destructive">
            <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" />
            <p>
              <span className="font-semibold">Error:</span> {messageOf(listing.error)}
            </p>
          </CardContent>
        </Card>
      ) : !listing.data ? (
        <Card>
          <CardContent className="flex items-center justify-center gap-3 py-10 text-sm text-muted-foreground">
            <Spinner className="size-5" /> Loading files...
          </CardContent>
        </Card>
      ) : items.length === 0 ? (
        <Card>
          <CardContent className="py-10 text-center text-sm text-muted-foreground">
            {filter.trim() ? "No files match your search." : "This directory is empty."}
          </CardContent>
        </Card>
      ) : (
        <FileList items={items} onOpen={open} onView={view} onDownload={download} />
      )}

      <PreviewDialog item={preview} onClose={() => setPreview(null)} onDownload={download} />
    </div>
  );
}

import { lazy, Suspense, useMemo } from "react";
import { layOutJson } from "@/lib/json-layout";
import { JsonlTable } from "./jsonl-table";
import { LoadingLine } from "./loading-line";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./ui/tabs";

// The markdown renderer (remark, rehype and their plugins: most of this view's weight) loads
// when a markdown file is first opened, not with the pages that can open one.
const MarkdownView = lazy(() => import("./markdown-view").then((m) => ({ default: m.MarkdownView })));

/** How a text file reads best: markdown rendered, JSONL as a table, JSON laid out on lines, anything else as raw text. */
export type ContentKind = "markdown" | "jsonl" | "json" | "text";

/** The kind a file name implies ("run.JSONL" → jsonl); the File Browser has nothing else to go by. */
export function kindForFileName(name: string): ContentKind {
  const ext = name.includes(".") ? name.split(".").at(-1)!.toLowerCase() : "";
  if (ext === "md" || ext === "markdown") return "markdown";
  if (ext === "jsonl" || ext === "ndjson") return "jsonl";
  if (ext === "json") return "json";
  return "text";
}

// min(…, 50vh): on a short screen a fixed 24rem would push the dialog's Download button out of view.
const PANE = "min-h-[min(24rem,50vh)]";

/**
 * A file's text for reading in a dialog: markdown opens rendered, JSONL as a table and JSON laid
 * out on lines, each with a tab back to the raw, read-only text (the spec's text area), which is
 * all other files get (and a .json file that is not JSON).
 */
export function FileContentView({ text, kind, label }: { text: string; kind: ContentKind; label: string }) {
  if (kind === "json") return <JsonView text={text} label={label} />;
  if (kind === "text") return <RawText text={text} label={label} />;
  const view = kind === "markdown" ? "rendered" : "table";
  return (
    <Tabs defaultValue={view} className="min-h-0 min-w-0 flex-1">
      <TabsList>
        <TabsTrigger value={view}>{kind === "markdown" ? "Rendered" : "Table"}</TabsTrigger>
        <TabsTrigger value="raw">Raw</TabsTrigger>
      </TabsList>
      {kind === "markdown" ? (
        <TabsContent value={view} className={`${PANE} min-h-0 min-w-0 overflow-y-auto rounded-md border p-4`}>
          <Suspense fallback={<LoadingLine label="Loading the document…" />}>
            <MarkdownView text={text} />
          </Suspense>
        </TabsContent>
      ) : (
        <TabsContent value={view} className={`${PANE} flex min-h-0 min-w-0 flex-col`}>
          <JsonlTable text={text} className="flex-1" />
        </TabsContent>
      )}
      <TabsContent value="raw" className={`${PANE} flex min-h-0`}>
        <RawText text={text} label={label} />
      </TabsContent>
    </Tabs>
  );
}

/** A JSON file laid out on lines (an eval log is written on one), the text as written one tab away. */
function JsonView({ text, label }: { text: string; label: string }) {
  const laidOut = useMemo(() => layOutJson(text), [text]);
  if (laidOut === null || laidOut === text) return <RawText text={text} label={label} />;
  return (
    <Tabs defaultValue="laid-out" className="min-h-0 min-w-0 flex-1">
      <TabsList>
        <TabsTrigger value="laid-out">Formatted</TabsTrigger>
        <TabsTrigger value="raw">Raw</TabsTrigger>
      </TabsList>
      <TabsContent value="laid-out" className={`${PANE} flex min-h-0`}>
        <RawText text={laidOut} label={`${label}, formatted`} />
      </TabsContent>
      <TabsContent value="raw" className={`${PANE} flex min-h-0`}>
        <RawText text={text} label={label} />
      </TabsContent>
    </Tabs>
  );
}

/** Read-only text; it soft-wraps long lines, so a long line never widens the dialog. */
export function RawText({ text, label }: { text: string; label: string }) {
  return (
    <textarea
      readOnly
      aria-label={label}
      value={text}
      className={`${PANE} w-full min-w-0 flex-1 resize-none rounded-md border bg-muted/40 p-3 font-mono text-xs leading-relaxed wrap-anywhere outline-none focus-visible:ring-2 focus-visible:ring-ring`}
    />
  );
}

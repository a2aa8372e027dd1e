import Markdown, { type Components } from "react-markdown";
import rehypeSanitize from "rehype-sanitize";
import remarkGfm from "remark-gfm";
import { cn } from "@/lib/utils";

/** YAML front matter of a report, as ordered key/value pairs (flat keys only), and the body. */
export function splitFrontMatter(text: string): { meta: [string, string][]; body: string } {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  if (!m) return { meta: [], body: text };
  const meta = m[1]!
    .split(/\r?\n/)
    .map((line) => /^([A-Za-z0-9_-]+):\s*(.*)$/.exec(line))
    .filter((x): x is RegExpExecArray => x !== null)
    .map((x) => [x[1]!, x[2]!.replace(/^["']|["']$/g, "")] as [string, string]);
  return { meta, body: text.slice(m[0].length) };
}

const COMPONENTS: Components = {
  h1: (p) => <h1 className="mt-2 mb-3 text-xl font-semibold" {...p} />,
  h2: (p) => <h2 className="mt-5 mb-2 border-b pb-1 text-lg font-semibold" {...p} />,
  h3: (p) => <h3 className="mt-4 mb-2 font-semibold" {...p} />,
  p: (p) => <p className="my-2 leading-relaxed" {...p} />,
  ul: (p) => <ul className="my-2 list-disc space-y-1 pl-6" {...p} />,
  ol: (p) => <ol className="my-2 list-decimal space-y-1 pl-6" {...p} />,
  a: (p) => (
    <a className="text-primary underline underline-offset-2" target="_blank" rel="noreferrer noopener" {...p} />
  ),
  code: ({ className, ...p }) => (
    <code className={cn("rounded bg-muted px-1 py-0.5 font-mono text-[0.85em] wrap-anywhere", className)} {...p} />
  ),
  pre: (p) => (
    <pre
      className="my-3 max-w-full overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs [&_code]:bg-transparent [&_code]:p-0"
      {...p}
    />
  ),
  table: (p) => (
    <div className="my-3 overflow-x-auto rounded-md border">
      <table className="w-full border-collapse text-sm" {...p} />
    </div>
  ),
  th: (p) => <th className="border-b bg-muted/60 px-3 py-2 text-left font-medium" {...p} />,
  td: (p) => <td className="border-b px-3 py-2 align-top" {...p} />,
  blockquote: (p) => <blockquote className="my-3 border-l-4 pl-3 text-muted-foreground" {...p} />,
};

/**
 * Markdown rendered for reading: GitHub-flavoured tables, no raw HTML, and the output sanitized
 * again, because reports carry model output that nobody should trust.
 */
export function MarkdownView({ text, className }: { text: string; className?: string }) {
  const { meta, body } = splitFrontMatter(text);
  return (
    // break-words: a long URL or hash in a paragraph wraps instead of widening the page. Code
    // blocks keep their lines and scroll; tables scroll in their own box.
    <div className={cn("min-w-0 text-sm break-words", className)} data-testid="markdown-view">
      {meta.length > 0 && (
        <dl className="mb-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 rounded-md border bg-muted/30 p-3 text-xs">
          {meta.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="font-medium text-muted-foreground">{k}</dt>
              <dd className="font-mono wrap-anywhere">{v}</dd>
            </div>
          ))}
        </dl>
      )}
      <Markdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]} components={COMPONENTS} skipHtml>
        {body}
      </Markdown>
    </div>
  );
}

import { CheckIcon, CopyIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { cn } from "@/lib/utils";
import "./code-block.css";
import { highlightCode } from "./highlight";

/**
 * A read-only, syntax-highlighted code listing with its language and a copy button. Long lines
 * scroll inside the listing; `wrap` breaks them instead (anywhere, so a hash or a URL wraps too),
 * for listings shown side by side in narrow columns or on a phone.
 */
export function CodeBlock({
  code,
  lang,
  label,
  wrap = false,
  compact = false,
  className,
}: {
  code: string;
  lang: string;
  /** Shown in the header instead of the language, e.g. a file path. */
  label?: string;
  wrap?: boolean;
  /** A shorter scroll box, for long listings of which the start is what matters. */
  compact?: boolean;
  className?: string;
}) {
  const { html, language } = useMemo(() => highlightCode(code, lang), [code, lang]);
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(code).then(
      () => {
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      },
      () => {},
    );
  };
  return (
    // min-w-0 max-w-full: as a flex or grid item the figure would otherwise grow to its longest
    // line and push the page sideways instead of scrolling its own <pre>.
    <figure className={cn("code-block min-w-0 max-w-full overflow-hidden rounded-lg border bg-muted/50", className)}>
      <figcaption className="flex items-center justify-between gap-2 border-b bg-muted/60 px-3 py-1 text-xs text-muted-foreground">
        <span className="truncate font-mono">{label ?? lang}</span>
        <button
          type="button"
          onClick={copy}
          className="inline-flex shrink-0 items-center gap-1 rounded px-1.5 py-0.5 hover:bg-accent hover:text-accent-foreground cursor-pointer"
          aria-label={copied ? "Copied" : `Copy ${label ?? lang} code`}
        >
          {copied ? <CheckIcon className="size-3.5" /> : <CopyIcon className="size-3.5" />}
          {copied ? "Copied" : "Copy"}
        </button>
      </figcaption>
      <pre
        className={cn(
          "overflow-auto p-3 font-mono text-xs leading-relaxed",
          compact ? "max-h-72" : "max-h-[32rem]",
          wrap && "whitespace-pre-wrap wrap-anywhere",
        )}
      >
        {/* Safe: highlightCode returns highlight.js output, which escapes the code itself. */}
        <code
          data-testid="code-block"
          data-language={language}
          className={`hljs language-${language}`}
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </pre>
    </figure>
  );
}

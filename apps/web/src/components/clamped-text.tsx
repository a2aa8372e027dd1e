import { useLayoutEffect, useRef, useState } from "react";
import { cn } from "@/lib/utils";

const CLAMP: Record<number, string> = { 2: "line-clamp-2", 3: "line-clamp-3", 4: "line-clamp-4" };

/**
 * A description clamped to a few lines, with "Show more" when (and only when) the text was cut,
 * so nothing an operator may need to read is hidden for good.
 */
export function ClampedText({ text, lines = 3, className }: { text: string; lines?: 2 | 3 | 4; className?: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [isExpanded, setIsExpanded] = useState(false);
  const [isCut, setIsCut] = useState(false);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || isExpanded) return;
    const measure = () => setIsCut(el.scrollHeight > el.clientHeight + 1);
    measure();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => observer?.disconnect();
  }, [text, isExpanded]);

  return (
    <div className={className}>
      <p ref={ref} className={cn("text-sm text-muted-foreground", !isExpanded && CLAMP[lines])}>
        {text}
      </p>
      {(isCut || isExpanded) && (
        <button
          type="button"
          className="mt-1 cursor-pointer text-xs font-medium text-primary hover:underline"
          aria-expanded={isExpanded}
          onClick={() => setIsExpanded((v) => !v)}
        >
          {isExpanded ? "Show less" : "Show more"}
        </button>
      )}
    </div>
  );
}

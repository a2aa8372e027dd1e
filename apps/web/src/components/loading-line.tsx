import { Loader2Icon } from "lucide-react";
import { cn } from "@/lib/utils";

/**
 * What shows while a lazily loaded part of the console (a page, the markdown renderer) is on its
 * way: one polite status line. It fades in after a moment, so a fast load shows nothing at all.
 */
export function LoadingLine({ label, className }: { label: string; className?: string }) {
  return (
    <p
      role="status"
      className={cn(
        "flex items-center justify-center gap-3 py-10 text-sm text-muted-foreground",
        "animate-in fade-in fill-mode-backwards delay-300 duration-300",
        className,
      )}
    >
      <Loader2Icon aria-hidden="true" className="size-5 animate-spin" />
      {label}
    </p>
  );
}

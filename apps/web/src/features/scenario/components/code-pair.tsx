import type { DescribedCodeView } from "@analystbench/contracts";
import { ShieldAlertIcon, ShieldCheckIcon } from "lucide-react";
import { CodeBlock } from "@/components/code-block";
import { cn } from "@/lib/utils";

/** One side of a baseline / misconfigured pair: a tinted panel with its description and code. */
export function CodePanel({
  kind,
  title,
  side,
  wrap,
}: {
  kind: "baseline" | "attack";
  title: string;
  side: DescribedCodeView;
  wrap?: boolean;
}) {
  const Icon = kind === "baseline" ? ShieldCheckIcon : ShieldAlertIcon;
  return (
    <section
      aria-label={title}
      className={cn(
        "min-w-0 space-y-3 rounded-lg border p-4",
        kind === "baseline" ? "border-success/40 bg-success/5" : "border-destructive/40 bg-destructive/5",
      )}
    >
      <h4
        className={cn(
          "flex items-center gap-2 text-sm font-semibold",
          kind === "baseline" ? "text-success" : "text-destructive",
        )}
      >
        <Icon className="size-4" /> {title}
      </h4>
      <p className="text-sm leading-relaxed">{side.description}</p>
      <CodeBlock code={side.code} lang={side.lang} wrap={wrap} className="bg-card" />
    </section>
  );
}

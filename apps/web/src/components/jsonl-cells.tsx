import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** Cell content sits in a width-capped div: browsers ignore max-width on a table cell itself. */
export function Cell({ children, title, className }: { children: ReactNode; title?: string; className?: string }) {
  return (
    <td className="px-3 py-1.5">
      <div className={cn("max-w-[14rem] truncate", className)} title={title}>
        {children}
      </div>
    </td>
  );
}

/**
 * A cell across the row's columns, at most as wide as the visible box (100cqw of the table's
 * @container scroll box), so a long bad line or bare value never widens the table.
 */
export function WideCell({ span, children }: { span: number; children: ReactNode }) {
  return (
    <td colSpan={span} className="px-3 py-1.5">
      <div className="max-w-[calc(100cqw-5rem)] truncate">{children}</div>
    </td>
  );
}

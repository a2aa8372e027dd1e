import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/**
 * A compact icon button in a list row. Its accessible name says the action and the row
 * ("Download report.md"), its tooltip the action alone.
 */
export function RowAction({
  action,
  target,
  onClick,
  disabled,
  title,
  className,
  children,
}: {
  action: string;
  target: string;
  onClick(): void;
  disabled?: boolean;
  /** The tooltip; the action by default. */
  title?: string;
  className?: string;
  /** The icon. */
  children: ReactNode;
}) {
  return (
    <Button
      size="icon"
      variant="ghost"
      className={cn("size-8", className)}
      onClick={onClick}
      disabled={disabled}
      aria-label={`${action} ${target}`}
      title={title ?? action}
    >
      {children}
    </Button>
  );
}

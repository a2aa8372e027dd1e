import { ChevronRightIcon } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { cn } from "@/lib/utils";

/**
 * A disclosure whose content is rendered only while open, so long hidden material (blueprints,
 * evidence files) costs nothing until someone asks for it.
 */
export function Collapsible({
  title,
  children,
  defaultOpen = false,
  className,
}: {
  title: ReactNode;
  children: () => ReactNode;
  defaultOpen?: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <div className={cn("rounded-lg border", className)}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium hover:bg-accent/60 cursor-pointer"
      >
        <ChevronRightIcon className={cn("size-4 shrink-0 transition-transform", open && "rotate-90")} />
        {title}
      </button>
      {open && (
        <div id={id} className="border-t px-3 py-3">
          {children()}
        </div>
      )}
    </div>
  );
}

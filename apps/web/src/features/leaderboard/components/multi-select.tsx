import { ChevronDownIcon } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { cn } from "@/lib/utils";

/**
 * A drop-down of checkboxes: none ticked means "all". Native checkboxes keep it keyboard- and
 * screen-reader-friendly without another dependency.
 */
export function MultiSelect({
  label,
  allLabel,
  options,
  value,
  onChange,
  className,
}: {
  label: string;
  allLabel: string;
  options: readonly { value: string; label: string }[];
  value: readonly string[];
  onChange(next: string[]): void;
  className?: string;
}) {
  const id = useId();
  const chosen = new Set(value);
  const summary =
    value.length === 0 ? allLabel : value.length === 1 ? value[0]! : `${value.length} ${label.toLowerCase()}`;
  const toggle = (v: string) =>
    onChange(
      chosen.has(v)
        ? value.filter((x) => x !== v)
        : options.map((o) => o.value).filter((o) => o === v || chosen.has(o)),
    );
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          variant="outline"
          aria-label={`${label}: ${summary}`}
          className={cn("w-full justify-between font-normal", className)}
        >
          <span className="truncate">{summary}</span>
          <ChevronDownIcon className="size-4 opacity-60" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-72 p-2">
        <fieldset>
          <legend className="flex w-full items-center justify-between px-1 pb-1 text-xs font-medium text-muted-foreground">
            {label}
          </legend>
          {options.length === 0 ? (
            <p className="px-1 py-2 text-sm text-muted-foreground">Nothing to choose from yet.</p>
          ) : (
            <ul className="max-h-64 space-y-0.5 overflow-y-auto">
              {options.map((o, i) => (
                <li key={o.value}>
                  <label
                    htmlFor={`${id}-${i}`}
                    className="flex cursor-pointer items-start gap-2 rounded-sm px-1 py-1 text-sm hover:bg-accent"
                  >
                    <input
                      id={`${id}-${i}`}
                      type="checkbox"
                      className="mt-0.5 accent-primary"
                      checked={chosen.has(o.value)}
                      onChange={() => toggle(o.value)}
                    />
                    <span className="min-w-0 [overflow-wrap:anywhere]">{o.label}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
          {value.length > 0 && (
            <Button size="sm" variant="ghost" className="mt-1 w-full" onClick={() => onChange([])}>
              Clear ({allLabel.toLowerCase()})
            </Button>
          )}
        </fieldset>
      </PopoverContent>
    </Popover>
  );
}

import { cn } from "@/lib/utils";

/** The AnalystBench mark: a shield with a check, on the primary colour. */
export function ProductMark({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-sm",
        className,
      )}
    >
      <svg viewBox="0 0 32 32" className="size-[70%]" aria-hidden>
        <path
          d="M16 4.5l9 3.5v6.8c0 5.6-3.8 10.1-9 11.7-5.2-1.6-9-6.1-9-11.7V8L16 4.5z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinejoin="round"
        />
        <path
          d="M11.5 15.7l3.2 3.1 5.9-6.3"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </span>
  );
}

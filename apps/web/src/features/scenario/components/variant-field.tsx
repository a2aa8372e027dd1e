import { ShuffleIcon } from "lucide-react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";

const ERROR_ID = "scenario-variant-error";

/**
 * Which variant of the cases the page shows: 0 as published; N with every identifier of each
 * case drawn again, as a run of variant N sees them. Text that is not a variant is kept and said
 * to be wrong; the page goes on showing the last variant it loaded.
 */
export function VariantField({
  text,
  error,
  onChange,
  isLoading,
}: {
  text: string;
  error: string | null;
  onChange(text: string): void;
  /** The variant typed is on its way from the server. */
  isLoading?: boolean;
}) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <Label htmlFor="scenario-variant" className="flex shrink-0 items-center gap-2 text-sm font-medium">
          <ShuffleIcon className="size-4 text-primary" /> Variant
        </Label>
        {/* The spinner sits inside the field's right end, so nothing moves while a variant loads. */}
        <span className="relative">
          <Input
            id="scenario-variant"
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            maxLength={9}
            className="w-28 pr-8 font-mono"
            title="0 shows each case as published; another number shows its addresses, domains, users and hashes as that variant draws them"
            value={text}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={error !== null}
            aria-describedby={error ? ERROR_ID : undefined}
          />
          {isLoading && (
            <span className="absolute inset-y-0 right-2.5 flex items-center">
              <Spinner className="size-4" label="Loading variant" />
            </span>
          )}
        </span>
      </div>
      {/* Always there, so a screen reader hears the message when it appears. */}
      <p id={ERROR_ID} className={error ? "text-xs text-destructive" : "sr-only"} aria-live="polite">
        {error}
      </p>
    </div>
  );
}

import { ShuffleIcon } from "lucide-react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** The id of the field's message: disabled Execute buttons point at it to say why. */
export const VARIANT_ERROR_ID = "run-variant-error";

/**
 * The case variant runs start with, beside the model: 0 runs a case as published; N draws every
 * identifier of the case again. Text that is not a variant is kept and said to be wrong, and
 * scenario runs wait until it is fixed.
 */
export function VariantField({
  text,
  error,
  onChange,
  disabled,
}: {
  text: string;
  error: string | null;
  onChange(text: string): void;
  disabled?: boolean;
}) {
  return (
    <div className="relative">
      <div className="flex items-center gap-3">
        {/* As wide as the model's label on a phone, where the two stack: their fields line up. */}
        <Label
          htmlFor="run-variant"
          className="flex w-28 shrink-0 items-center gap-2 text-sm font-medium whitespace-nowrap sm:w-auto"
        >
          <ShuffleIcon className="size-4 text-primary" /> Variant
        </Label>
        <Input
          id="run-variant"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          maxLength={9}
          className="w-24 font-mono"
          title="0 runs each case as published; another number draws its addresses, domains, users and hashes again"
          value={text}
          onChange={(e) => onChange(e.target.value)}
          disabled={disabled}
          aria-invalid={error !== null}
          aria-describedby={error ? VARIANT_ERROR_ID : undefined}
        />
      </div>
      {/*
        Always there, so a screen reader hears the message when it appears. Under the field in the
        gap below the header, so the header does not jump while someone types: from the field's left
        edge on a phone (where it starts the line), from its right edge where it ends the header.
      */}
      <p
        id={VARIANT_ERROR_ID}
        className={
          error
            ? "absolute top-full left-0 mt-1 text-xs whitespace-nowrap text-destructive sm:right-0 sm:left-auto"
            : "sr-only"
        }
        aria-live="polite"
      >
        {error}
      </p>
    </div>
  );
}

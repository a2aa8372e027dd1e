import { MAX_VARIANT } from "@analystbench/contracts";
import { useCallback, useState } from "react";
import { rememberedStore, useRememberedText } from "@/lib/remembered-store";

/**
 * The case variant runs start with: 0 is the case as published, N the case with every identifier
 * of its table (addresses, domains, users, hashes, artifacts) drawn again. Remembered per browser
 * like the model (remembered-model.ts), so a reload keeps it.
 */
export const VARIANT_STORAGE_KEY = "analystbench.variant";

/** What a variant field says of text that is not a variant: short, it sits under a small input. */
export const VARIANT_EMPTY = "Enter a variant: 0 is the case as published";
export const VARIANT_INVALID = "Use a whole number from 0 to 1,000,000";

/** The variant a field's text names, or why it names none. Spaces around it are ignored. */
export function parseVariant(text: string): { variant: number } | { error: string } {
  const t = text.trim();
  if (t === "") return { error: VARIANT_EMPTY };
  if (!/^\d{1,7}$/.test(t)) return { error: VARIANT_INVALID };
  const variant = Number(t);
  return variant <= MAX_VARIANT ? { variant } : { error: VARIANT_INVALID };
}

/** " · variant 7" for a run of variant 7; nothing for the case as published. */
export const variantSuffix = (variant: number | undefined, separator = " · ") =>
  variant && variant > 0 ? `${separator}variant ${variant}` : "";

const store = rememberedStore(VARIANT_STORAGE_KEY);

/** What is stored, as a variant: 0 when nothing is, or what is stored is not a variant. */
function storedVariant(stored: string | null): number {
  const parsed = stored === null ? null : parseVariant(stored);
  return parsed && "variant" in parsed ? parsed.variant : 0;
}

/** The remembered variant (0 when none is, or what is stored is not a variant) and its setter. */
export function useRememberedVariant(): { variant: number; setVariant(variant: number): void } {
  const { stored, setStored } = useRememberedText(store);
  const setVariant = useCallback((v: number) => setStored(String(v)), [setStored]);
  return { variant: storedVariant(stored), setVariant };
}

/**
 * The text of a variant field: what the user typed, kept as typed (also when it is not a
 * variant, so the field can say why), with `onValid` told each variant typed. A new `value` from
 * elsewhere (another tab, a reset) replaces the text unless the text already names it.
 */
export function useVariantDraft(
  value: number,
  onValid: (variant: number) => void,
): { text: string; error: string | null; setText(text: string): void } {
  const [text, setTextState] = useState(() => String(value));
  const [seen, setSeen] = useState(value);
  let shown = text;
  if (seen !== value) {
    setSeen(value);
    const parsed = parseVariant(text);
    if (!("variant" in parsed) || parsed.variant !== value) setTextState((shown = String(value)));
  }
  const parsed = parseVariant(shown);
  const setText = useCallback(
    (next: string) => {
      setTextState(next);
      const p = parseVariant(next);
      if ("variant" in p) onValid(p.variant);
    },
    [onValid],
  );
  return { text: shown, error: "error" in parsed ? parsed.error : null, setText };
}

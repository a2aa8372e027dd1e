import { readFileSync } from "node:fs";
import { z } from "zod";
import type { Usage } from "../types";

/**
 * What a call cost, computed by us from the tokens the provider reported and a dated price
 * table kept in the repository (model-prices.json), or prices the models file sets. A model
 * without a price costs "unknown" (null), never 0.
 */

/** USD per million tokens, by token class. */
export const PriceSchema = z
  .object({
    input: z.number().nonnegative(),
    output: z.number().nonnegative(),
    /** Prompt-cache reads; the input rate when not given. */
    cached_input: z.number().nonnegative().optional(),
    /** Prompt-cache writes; the input rate when not given. */
    cache_write: z.number().nonnegative().optional(),
    /** Reasoning (thinking) tokens; the output rate when not given, as OpenAI and Anthropic bill them. */
    reasoning: z.number().nonnegative().optional(),
  })
  .strict();
export type Price = z.infer<typeof PriceSchema>;

const PriceTableSchema = z.object({
  version: z.string(),
  vendors: z.record(z.string(), z.object({ source: z.url(), models: z.record(z.string(), PriceSchema) })),
});
export type PriceTable = z.infer<typeof PriceTableSchema>;

/** The price table shipped with the engine. */
export const PRICE_TABLE: PriceTable = PriceTableSchema.parse(
  JSON.parse(readFileSync(new URL("./model-prices.json", import.meta.url), "utf8")),
);

export interface PriceQuote {
  price: Price;
  /** Where it came from, for the record: "price table 2026-11-25 (openai)" or "models file". */
  source: string;
}

/**
 * The names a model id may be priced under: itself, then without a date suffix
 * (gpt-4o-2024-08-06, claude-sonnet-4-5-20250929) or "-latest".
 */
export function priceKeys(modelId: string): string[] {
  const base = modelId.replace(/-(\d{4}-\d{2}-\d{2}|\d{8}|latest)$/, "");
  return base === modelId ? [modelId] : [modelId, base];
}

/** The vendor's list price of a model, from the shipped table. */
export function listPrice(vendor: string, modelId: string, table: PriceTable = PRICE_TABLE): PriceQuote | null {
  const models = table.vendors[vendor]?.models;
  if (!models) return null;
  for (const key of priceKeys(modelId)) {
    const price = models[key];
    if (price) return { price, source: `price table ${table.version} (${vendor})` };
  }
  return null;
}

/**
 * USD for a call's tokens. Input tokens include cached ones and cache writes (each billed at its
 * own rate); output tokens include reasoning tokens (billed at the reasoning rate).
 */
export function costOf(usage: Omit<Usage, "costUsd">, price: Price): number {
  const cached = usage.cachedInputTokens ?? 0;
  const written = usage.cacheWriteTokens ?? 0;
  const reasoning = usage.reasoningTokens ?? 0;
  const freshInput = Math.max(0, usage.inputTokens - cached - written);
  const visibleOutput = Math.max(0, usage.outputTokens - reasoning);
  const perMillion =
    freshInput * price.input +
    cached * (price.cached_input ?? price.input) +
    written * (price.cache_write ?? price.input) +
    visibleOutput * price.output +
    reasoning * (price.reasoning ?? price.output);
  return perMillion / 1_000_000;
}

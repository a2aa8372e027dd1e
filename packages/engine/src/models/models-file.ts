import { readFileSync } from "node:fs";
import { z } from "zod";
import type { ApiShape, CallSettings } from "../types";
import { ModelConfigError } from "./model-client";
import { PriceSchema } from "./pricing";

/**
 * The models file (ANALYSTBENCH_MODELS_FILE): providers beyond the built-in `openai` and
 * `anthropic`, and settings for any of them. A provider entry named `openai` or `anthropic`
 * sets those providers' settings (and may move their base URL); any other name adds one.
 *
 *   { "providers": [
 *       { "name": "openrouter", "baseURL": "https://openrouter.ai/api/v1", "apiKeyEnv": "OPENROUTER_API_KEY",
 *         "extra_body": { "provider": { "order": ["together"], "allow_fallbacks": false } },
 *         "models": ["meta-llama/llama-3.3-70b-instruct"],
 *         "pricing": { "meta-llama/llama-3.3-70b-instruct": { "input": 0.13, "output": 0.4 } } },
 *       { "name": "anthropic", "models": [{ "id": "claude-sonnet-4-5", "thinking_budget": 4096 }] },
 *       { "name": "openai", "models": [{ "id": "o3", "reasoning_effort": "high" }] } ] }
 */
const SETTINGS = {
  /** The wire format: chat (Chat Completions), responses (OpenAI Responses), anthropic (Messages). */
  api: z.enum(["chat", "responses", "anthropic"]).optional(),
  temperature: z.number().min(0).max(2).optional(),
  max_output_tokens: z.number().int().positive().optional(),
  reasoning_effort: z.enum(["none", "minimal", "low", "medium", "high", "xhigh"]).optional(),
  /** Anthropic extended thinking: tokens the model may think before answering (at least 1024). */
  thinking_budget: z.number().int().min(1024, "thinking_budget is at least 1024 tokens").optional(),
  /** Extra request headers. */
  headers: z.record(z.string(), z.string()).optional(),
  /** Extra body fields, sent as given: a router's provider pinning with fallbacks off. */
  extra_body: z.record(z.string(), z.unknown()).optional(),
};
const ModelEntrySchema = z.object({ id: z.string().min(1), ...SETTINGS }).strict();

const ProviderSchema = z
  .object({
    name: z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, "provider names are lower-case letters, digits, - and _"),
    /** Required for a new provider; for openai and anthropic it replaces the environment's base URL. */
    baseURL: z.url().optional(),
    /** Environment variable holding the API key; none for servers that need no key. */
    apiKeyEnv: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "apiKeyEnv names an environment variable")
      .optional(),
    /** Models this provider serves (names, or entries with their own settings); any name is accepted when omitted. */
    models: z.array(z.union([z.string().min(1), ModelEntrySchema])).optional(),
    /** USD per million tokens per model, by token class (input, cached_input, cache_write, output, reasoning). */
    pricing: z.record(z.string(), PriceSchema).optional(),
    /** Time limits on each call: a slow local server may need longer ones. */
    timeoutMs: z.number().int().positive().optional(),
    idleTimeoutMs: z.number().int().positive().optional(),
    ...SETTINGS,
  })
  .strict();
const ModelsFileSchema = z.object({ providers: z.array(ProviderSchema) }).strict();

export type ProviderConfig = z.infer<typeof ProviderSchema>;
type SettingsFields = Partial<Pick<ProviderConfig, keyof typeof SETTINGS>>;

/** Settings for one model of a provider: the provider's, then the model entry's own on top. */
export interface ModelSettings {
  api?: ApiShape;
  call: CallSettings;
  headers?: Record<string, string>;
  extraBody?: Record<string, unknown>;
}

export function loadModelsFile(file: string | undefined): ProviderConfig[] {
  if (!file) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new ModelConfigError(`ANALYSTBENCH_MODELS_FILE ${file} cannot be read as JSON (${(e as Error).message}).`);
  }
  const parsed = ModelsFileSchema.safeParse(raw);
  if (!parsed.success)
    throw new ModelConfigError(
      `ANALYSTBENCH_MODELS_FILE ${file} is not valid: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}.`,
    );
  const names = parsed.data.providers.map((p) => p.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new ModelConfigError(`ANALYSTBENCH_MODELS_FILE ${file} names the provider "${twice}" twice.`);
  return parsed.data.providers;
}

/** The model ids a provider lists. */
export const listedModels = (p: ProviderConfig): string[] =>
  (p.models ?? []).map((m) => (typeof m === "string" ? m : m.id));

export function modelSettings(p: ProviderConfig | undefined, model: string): ModelSettings {
  const entry = p?.models?.find((m): m is z.infer<typeof ModelEntrySchema> => typeof m === "object" && m.id === model);
  const merged: SettingsFields = { ...pick(p), ...pick(entry) };
  const call: CallSettings = {
    ...(merged.temperature !== undefined ? { temperature: merged.temperature } : {}),
    ...(merged.max_output_tokens ? { maxOutputTokens: merged.max_output_tokens } : {}),
    ...(merged.reasoning_effort ? { reasoningEffort: merged.reasoning_effort } : {}),
    ...(merged.thinking_budget ? { thinkingBudget: merged.thinking_budget } : {}),
  };
  return {
    ...(merged.api ? { api: merged.api } : {}),
    call,
    ...(merged.headers ? { headers: { ...p?.headers, ...entry?.headers } } : {}),
    ...(merged.extra_body ? { extraBody: { ...p?.extra_body, ...entry?.extra_body } } : {}),
  };
}

function pick(x: SettingsFields | undefined): SettingsFields {
  if (!x) return {};
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(SETTINGS))
    if (x[key as keyof SettingsFields] !== undefined) out[key] = x[key as keyof SettingsFields];
  return out as SettingsFields;
}

/**
 * A sentence saying which setting does not fit the API it would be sent to, or null. Checked
 * before a run starts, so a misconfigured model fails at once rather than on its first call.
 */
export function settingsProblem(model: string, api: ApiShape, s: CallSettings): string | null {
  if (s.thinkingBudget !== undefined && api !== "anthropic")
    return `${model}: thinking_budget applies only to api "anthropic", but this model is called through "${api}"; use reasoning_effort for OpenAI's APIs.`;
  if (s.reasoningEffort !== undefined && api === "anthropic")
    return `${model}: reasoning_effort applies to OpenAI's APIs; for api "anthropic" set thinking_budget instead.`;
  if (s.thinkingBudget !== undefined && s.temperature !== undefined)
    return `${model}: Anthropic's extended thinking does not accept a temperature; remove temperature or thinking_budget.`;
  if (s.thinkingBudget !== undefined && s.maxOutputTokens !== undefined && s.maxOutputTokens <= s.thinkingBudget)
    return `${model}: max_output_tokens (${s.maxOutputTokens}) must be larger than thinking_budget (${s.thinkingBudget}), which it includes.`;
  return null;
}

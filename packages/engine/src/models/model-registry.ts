import type { CaseSample } from "@analystbench/scenarios";
import { readFileSync } from "node:fs";
import { z } from "zod";
import { createBuiltinModel, isBuiltinModel, BUILTIN_MODELS, REFERENCE_TEXT_MODEL } from "./builtin-models";
import { ModelConfigError, type ModelClient } from "./model-client";
import { createOpenAIClient, type OpenAIProviderOptions } from "./openai-provider";

/**
 * Model names are provider/model. `openai/…` is OpenAI or whatever OPENAI_BASE_URL points at;
 * `builtin/…` are the offline models; further providers (Ollama, vLLM, LM Studio, gateways) come
 * from a JSON file named by ANALYSTBENCH_MODELS_FILE. A bare name ("gpt-4o", as the console's
 * model menu says) means openai/<name>.
 */
const ProviderSchema = z.object({
  name: z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, "provider names are lower-case letters, digits, - and _"),
  baseURL: z.url(),
  /** Environment variable holding the API key; none for servers that need no key. */
  apiKeyEnv: z.string().optional(),
  /** Models this provider serves; any name is accepted when omitted. */
  models: z.array(z.string()).optional(),
  pricing: z.record(z.string(), z.object({ input: z.number(), output: z.number() })).optional(),
  /** Time limits on each call (see OpenAIProviderOptions): a slow local server may need longer ones. */
  timeoutMs: z.number().int().positive().optional(),
  idleTimeoutMs: z.number().int().positive().optional(),
});
const ModelsFileSchema = z.object({ providers: z.array(ProviderSchema) });
export type ProviderConfig = z.infer<typeof ProviderSchema>;

/** USD per million tokens for well-known OpenAI models (list prices; used for the cost column). */
const OPENAI_PRICING: Record<string, { input: number; output: number }> = {
  "gpt-4o": { input: 2.5, output: 10 },
  "gpt-4o-mini": { input: 0.15, output: 0.6 },
  "gpt-4-turbo": { input: 10, output: 30 },
  "gpt-4": { input: 30, output: 60 },
  "gpt-3.5-turbo": { input: 0.5, output: 1.5 },
};

export interface ModelEnvironment {
  OPENAI_API_KEY?: string;
  OPENAI_BASE_URL?: string;
  ANALYSTBENCH_MODELS_FILE?: string;
  [key: string]: string | undefined;
}

export function normalizeModelName(name: string): string {
  const trimmed = name.trim();
  return trimmed.includes("/") ? trimmed : `openai/${trimmed}`;
}

function loadProviders(env: ModelEnvironment): ProviderConfig[] {
  const file = env.ANALYSTBENCH_MODELS_FILE;
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
  return parsed.data.providers;
}

export interface ModelFactoryOptions {
  env?: ModelEnvironment;
  /** Overrides for tests: retries and sleeping. */
  openai?: Partial<Parameters<typeof createOpenAIClient>[0]>;
}

/**
 * Checks a model name without creating a client: returns a sentence saying what is wrong, or
 * null. Used before a run starts, so a missing key fails fast and clearly.
 */
export function checkModel(name: string, opts: ModelFactoryOptions = {}): string | null {
  try {
    resolveModel(name, opts);
    return null;
  } catch (e) {
    if (e instanceof ModelConfigError) return e.message;
    throw e;
  }
}

interface Resolved {
  provider: string;
  model: string;
  baseURL: string | null;
  apiKey: string | null;
  pricing: { input: number; output: number } | null;
  /** Only the limits the configuration sets; the provider's defaults apply to the rest. */
  limits: Pick<OpenAIProviderOptions, "timeoutMs" | "idleTimeoutMs">;
}

function resolveModel(rawName: string, opts: ModelFactoryOptions): Resolved {
  const env = opts.env ?? process.env;
  const name = normalizeModelName(rawName);
  const [provider = "", ...rest] = name.split("/");
  const model = rest.join("/");
  if (!model)
    throw new ModelConfigError(
      `"${rawName}" is not a model name; use provider/model, e.g. openai/gpt-4o or builtin/reference.`,
    );
  if (provider === "builtin") {
    if (!isBuiltinModel(name))
      throw new ModelConfigError(
        `There is no built-in model "${name}"; the built-in models are ${BUILTIN_MODELS.join(" and ")}, and for calibration ${REFERENCE_TEXT_MODEL} and the adversaries builtin/adv-<dump|vocabulary|decoys|ruled-out|damage|echo>[-text].`,
      );
    return { provider, model, baseURL: null, apiKey: null, pricing: null, limits: {} };
  }
  if (provider === "openai") {
    const baseURL = env.OPENAI_BASE_URL?.trim() || "https://api.openai.com/v1";
    const apiKey = env.OPENAI_API_KEY?.trim() || (env.OPENAI_BASE_URL ? "not-needed" : "");
    if (!apiKey) {
      throw new ModelConfigError(
        `OPENAI_API_KEY is not set: export OPENAI_API_KEY=<your key> before starting AnalystBench (or set OPENAI_BASE_URL to an OpenAI-compatible server), or choose the offline model builtin/reference.`,
      );
    }
    return { provider, model, baseURL, apiKey, pricing: OPENAI_PRICING[model] ?? null, limits: {} };
  }
  const providers = loadProviders(env);
  const p = providers.find((x) => x.name === provider);
  if (!p) {
    const known = ["openai", "builtin", ...providers.map((x) => x.name)];
    throw new ModelConfigError(
      `Unknown model provider "${provider}" in "${rawName}". Known providers: ${known.join(", ")}. Add providers in the file named by ANALYSTBENCH_MODELS_FILE.`,
    );
  }
  if (p.models && !p.models.includes(model))
    throw new ModelConfigError(
      `Provider ${provider} does not list the model "${model}". Its models: ${p.models.join(", ")}.`,
    );
  const apiKey = p.apiKeyEnv ? (env[p.apiKeyEnv]?.trim() ?? "") : "not-needed";
  if (!apiKey)
    throw new ModelConfigError(`${p.apiKeyEnv} is not set: export ${p.apiKeyEnv}=<key> for the ${provider} provider.`);
  const limits = {
    ...(p.timeoutMs ? { timeoutMs: p.timeoutMs } : {}),
    ...(p.idleTimeoutMs ? { idleTimeoutMs: p.idleTimeoutMs } : {}),
  };
  return { provider, model, baseURL: p.baseURL, apiKey, pricing: p.pricing?.[model] ?? null, limits };
}

/** Creates the client for one sample (built-in models follow the sample they are given). */
export function createModelClient(rawName: string, sample: CaseSample, opts: ModelFactoryOptions = {}): ModelClient {
  const name = normalizeModelName(rawName);
  const r = resolveModel(name, opts);
  if (r.provider === "builtin" && isBuiltinModel(name)) return createBuiltinModel(name, sample);
  return createOpenAIClient({
    name,
    model: r.model,
    baseURL: r.baseURL!,
    apiKey: r.apiKey!,
    pricing: r.pricing,
    ...r.limits,
    ...opts.openai,
  });
}

/** The base URL a model is served from (null for built-ins), for logs. */
export function modelBaseUrl(rawName: string, opts: ModelFactoryOptions = {}): string | null {
  try {
    return resolveModel(rawName, opts).baseURL;
  } catch {
    return null;
  }
}

import type { CaseSample } from "@analystbench/scenarios";
import type { ApiShape, CallSettings } from "../types";
import { anthropicAdapter } from "./anthropic-api";
import { createBuiltinModel, isBuiltinModel, BUILTIN_MODELS, REFERENCE_TEXT_MODEL } from "./builtin-models";
import { createHttpModelClient, type ApiAdapter, type HttpModelOptions } from "./call-loop";
import { chatCompletionsAdapter } from "./chat-completions-api";
import { ModelConfigError, type ModelClient } from "./model-client";
import { listedModels, loadModelsFile, modelSettings, settingsProblem, type ProviderConfig } from "./models-file";
import { listPrice, PRICE_TABLE, priceKeys, type PriceQuote } from "./pricing";
import { responsesAdapter } from "./responses-api";

/**
 * Model names are provider/model. `openai/…` is OpenAI (through the Responses API) or whatever
 * OPENAI_BASE_URL points at (through Chat Completions); `anthropic/…` is Anthropic's Messages
 * API (ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL); `builtin/…` are the offline models; further
 * providers (Ollama, vLLM, LM Studio, routers) and every provider's settings come from the JSON
 * file named by ANALYSTBENCH_MODELS_FILE. A bare name ("gpt-4o", as the console's model menu
 * says) means openai/<name>.
 */
export interface ModelEnvironment {
  OPENAI_API_KEY?: string;
  OPENAI_BASE_URL?: string;
  /** chat or responses: overrides the API shape chosen for openai/… models. */
  ANALYSTBENCH_OPENAI_API?: string;
  ANTHROPIC_API_KEY?: string;
  ANTHROPIC_BASE_URL?: string;
  ANALYSTBENCH_MODELS_FILE?: string;
  [key: string]: string | undefined;
}

const OPENAI_URL = "https://api.openai.com/v1";
const ANTHROPIC_URL = "https://api.anthropic.com";

export function normalizeModelName(name: string): string {
  const trimmed = name.trim();
  return trimmed.includes("/") ? trimmed : `openai/${trimmed}`;
}

/** Transport overrides, for tests and benchmarks: retries, sleeping, streaming, time limits. */
export type TransportOverrides = Partial<
  Pick<HttpModelOptions, "retry" | "sleep" | "random" | "stream" | "timeoutMs" | "idleTimeoutMs" | "maxReplyBytes">
>;

export interface ModelFactoryOptions {
  env?: ModelEnvironment;
  transport?: TransportOverrides;
}

/** A model name resolved against the environment and the models file. */
export interface ResolvedModel {
  name: string;
  provider: string;
  model: string;
  api: ApiShape | "builtin";
  baseURL: string | null;
  apiKey: string | null;
  settings: CallSettings;
  headers?: Record<string, string>;
  extraBody?: Record<string, unknown>;
  price: (modelId: string) => PriceQuote | null;
  limits: Pick<HttpModelOptions, "timeoutMs" | "idleTimeoutMs">;
}

/**
 * Checks a model name without creating a client: returns a sentence saying what is wrong, or
 * null. Used before a run starts, so a missing key or a wrong setting fails fast and clearly.
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

const isOpenAIsOwn = (url: string) => /^https:\/\/api\.openai\.com(\/|$)/.test(url);

function chooseOpenAIApi(env: ModelEnvironment, baseURL: string, configured?: ApiShape): ApiShape {
  const fromEnv = env.ANALYSTBENCH_OPENAI_API?.trim();
  if (fromEnv && fromEnv !== "chat" && fromEnv !== "responses")
    throw new ModelConfigError(`ANALYSTBENCH_OPENAI_API is "${fromEnv}"; set it to chat or responses, or unset it.`);
  return configured ?? (fromEnv as ApiShape | undefined) ?? (isOpenAIsOwn(baseURL) ? "responses" : "chat");
}

/** The prices that apply to a provider's models: the models file's first, then the vendor's list. */
function pricesFor(p: ProviderConfig | undefined, vendor: string | null): (modelId: string) => PriceQuote | null {
  return (modelId) => {
    for (const key of priceKeys(modelId)) {
      const own = p?.pricing?.[key];
      if (own) return { price: own, source: "models file" };
    }
    return vendor ? listPrice(vendor, modelId) : null;
  };
}

/** The key in `variable`, or a sentence naming the variable; `hint` says what else would do. */
function requireKey(env: ModelEnvironment, variable: string, hint = ""): string {
  const key = env[variable]?.trim();
  if (!key)
    throw new ModelConfigError(
      `${variable} is not set: export ${variable}=<your key> before starting AnalystBench${hint}, or choose the offline model builtin/reference.`,
    );
  return key;
}

function resolveBuiltin(name: string): ResolvedModel {
  if (!isBuiltinModel(name))
    throw new ModelConfigError(
      `There is no built-in model "${name}"; the built-in models are ${BUILTIN_MODELS.join(" and ")}, and for calibration ${REFERENCE_TEXT_MODEL} and the adversaries builtin/adv-<dump|vocabulary|decoys|ruled-out|damage|echo>[-text].`,
    );
  const [, model = ""] = name.split("/");
  return {
    name,
    provider: "builtin",
    model,
    api: "builtin",
    baseURL: null,
    apiKey: null,
    settings: {},
    price: () => null,
    limits: {},
  };
}

function resolveVendor(
  name: string,
  provider: "openai" | "anthropic",
  model: string,
  env: ModelEnvironment,
  file?: ProviderConfig,
): Omit<ResolvedModel, "limits"> {
  const s = modelSettings(file, model);
  if (provider === "anthropic") {
    const baseURL = file?.baseURL ?? (env.ANTHROPIC_BASE_URL?.trim() || ANTHROPIC_URL);
    const apiKey = requireKey(env, file?.apiKeyEnv ?? "ANTHROPIC_API_KEY");
    const own = baseURL.replace(/\/+$/, "") === ANTHROPIC_URL;
    return {
      name,
      provider,
      model,
      api: s.api ?? "anthropic",
      baseURL,
      apiKey,
      settings: s.call,
      headers: s.headers,
      extraBody: s.extraBody,
      price: pricesFor(file, own ? "anthropic" : null),
    };
  }
  const baseURL = file?.baseURL ?? (env.OPENAI_BASE_URL?.trim() || OPENAI_URL);
  const own = isOpenAIsOwn(baseURL);
  const keyVar = file?.apiKeyEnv ?? "OPENAI_API_KEY";
  // A local OpenAI-compatible server needs no key.
  const apiKey = own
    ? requireKey(env, keyVar, " (or set OPENAI_BASE_URL to an OpenAI-compatible server)")
    : env[keyVar]?.trim() || "not-needed";
  const api = chooseOpenAIApi(env, baseURL, s.api);
  return {
    name,
    provider,
    model,
    api,
    baseURL,
    apiKey,
    settings: s.call,
    headers: s.headers,
    extraBody: s.extraBody,
    price: pricesFor(file, own ? "openai" : null),
  };
}

function resolveFromFile(
  rawName: string,
  name: string,
  provider: string,
  model: string,
  providers: ProviderConfig[],
  env: ModelEnvironment,
): Omit<ResolvedModel, "limits"> {
  const p = providers.find((x) => x.name === provider);
  if (!p) {
    const known = [
      "openai",
      "anthropic",
      "builtin",
      ...providers.map((x) => x.name).filter((n) => n !== "openai" && n !== "anthropic"),
    ];
    throw new ModelConfigError(
      `Unknown model provider "${provider}" in "${rawName}". Known providers: ${known.join(", ")}. Add providers in the file named by ANALYSTBENCH_MODELS_FILE.`,
    );
  }
  if (!p.baseURL)
    throw new ModelConfigError(
      `Provider ${provider} in ANALYSTBENCH_MODELS_FILE has no baseURL; set the URL of its API.`,
    );
  const apiKey = p.apiKeyEnv ? requireKey(env, p.apiKeyEnv, ` for the ${provider} provider`) : "not-needed";
  const s = modelSettings(p, model);
  return {
    name,
    provider,
    model,
    api: s.api ?? "chat",
    baseURL: p.baseURL,
    apiKey,
    settings: s.call,
    headers: s.headers,
    extraBody: s.extraBody,
    price: pricesFor(p, null),
  };
}

/** Resolves a name; `loaded` is the models file's providers when the caller has already read it. */
export function resolveModel(
  rawName: string,
  opts: ModelFactoryOptions = {},
  loaded?: ProviderConfig[],
): ResolvedModel {
  const env = opts.env ?? process.env;
  const name = normalizeModelName(rawName);
  const [provider = "", ...rest] = name.split("/");
  const model = rest.join("/");
  if (!model)
    throw new ModelConfigError(
      `"${rawName}" is not a model name; use provider/model, e.g. openai/gpt-4o, anthropic/claude-sonnet-4-5 or builtin/reference.`,
    );
  if (provider === "builtin") return resolveBuiltin(name);
  const providers = loaded ?? loadModelsFile(env.ANALYSTBENCH_MODELS_FILE);
  const file = providers.find((x) => x.name === provider);
  if (file?.models && !listedModels(file).includes(model))
    throw new ModelConfigError(
      `Provider ${provider} does not list the model "${model}". Its models: ${listedModels(file).join(", ")}.`,
    );
  const r =
    provider === "openai" || provider === "anthropic"
      ? resolveVendor(name, provider, model, env, file)
      : resolveFromFile(rawName, name, provider, model, providers, env);
  const problem = r.api === "builtin" ? null : settingsProblem(name, r.api, r.settings);
  if (problem) throw new ModelConfigError(problem);
  const limits = {
    ...(file?.timeoutMs ? { timeoutMs: file.timeoutMs } : {}),
    ...(file?.idleTimeoutMs ? { idleTimeoutMs: file.idleTimeoutMs } : {}),
  };
  return { ...r, limits };
}

function adapterFor(r: ResolvedModel): ApiAdapter {
  const common = {
    model: r.model,
    baseURL: r.baseURL!,
    apiKey: r.apiKey!,
    settings: r.settings,
    headers: r.headers,
    extraBody: r.extraBody,
  };
  if (r.api === "responses") return responsesAdapter(common);
  if (r.api === "anthropic") return anthropicAdapter(common);
  return chatCompletionsAdapter(common);
}

/** Creates the client for one sample (built-in models follow the sample they are given). */
export function createModelClient(rawName: string, sample: CaseSample, opts: ModelFactoryOptions = {}): ModelClient {
  const r = resolveModel(rawName, opts);
  if (r.api === "builtin") return createBuiltinModel(r.name, sample);
  return createHttpModelClient(adapterFor(r), {
    name: r.name,
    provider: r.provider,
    model: r.model,
    baseURL: r.baseURL!,
    settings: r.settings,
    price: r.price,
    ...r.limits,
    ...opts.transport,
  });
}

/** Where and how a model is called, for the run's record (nulls when the name does not resolve). */
export function modelProfile(
  rawName: string,
  opts: ModelFactoryOptions = {},
): { modelBaseUrl: string | null; modelApi?: ApiShape | "builtin"; modelSettings?: CallSettings } {
  try {
    const r = resolveModel(rawName, opts);
    return { modelBaseUrl: r.baseURL, modelApi: r.api, modelSettings: r.settings };
  } catch {
    return { modelBaseUrl: null };
  }
}

/** One model as `analystbench models` and the console's model menus list it. */
export interface ConfiguredModel {
  name: string;
  provider: string;
  api: ApiShape | "builtin";
  baseURL: string | null;
  /** The environment variable holding the key, when one is needed. */
  keyEnv: string | null;
  keyPresent: boolean;
  /** Whether a price is known, so cost reads in dollars rather than "unknown". */
  priced: boolean;
  /** Why the model cannot run as configured, or null. */
  problem: string | null;
}

/**
 * What is configured: the built-in models, OpenAI's and Anthropic's listed models (from the
 * price table, or the models file's list when it has one), and every models-file provider's
 * models. Never throws: a broken configuration shows as each model's problem.
 */
export function listConfiguredModels(opts: ModelFactoryOptions = {}): ConfiguredModel[] {
  const env = opts.env ?? process.env;
  let providers: ProviderConfig[] = [];
  let fileProblem: string | null = null;
  try {
    providers = loadModelsFile(env.ANALYSTBENCH_MODELS_FILE);
  } catch (e) {
    fileProblem = (e as Error).message;
  }
  const names: string[] = [...BUILTIN_MODELS];
  for (const vendor of ["openai", "anthropic"] as const) {
    const file = providers.find((p) => p.name === vendor);
    const listed = file?.models ? listedModels(file) : Object.keys(PRICE_TABLE.vendors[vendor]?.models ?? {});
    names.push(...listed.map((m) => `${vendor}/${m}`));
  }
  for (const p of providers)
    if (p.name !== "openai" && p.name !== "anthropic") names.push(...listedModels(p).map((m) => `${p.name}/${m}`));
  return names.map((name) => describeModel(name, providers, env, fileProblem, opts));
}

function describeModel(
  name: string,
  providers: ProviderConfig[],
  env: ModelEnvironment,
  fileProblem: string | null,
  opts: ModelFactoryOptions,
): ConfiguredModel {
  const provider = name.split("/")[0]!;
  const file = providers.find((p) => p.name === provider);
  const keyEnv =
    provider === "builtin"
      ? null
      : (file?.apiKeyEnv ??
        (provider === "openai" ? "OPENAI_API_KEY" : provider === "anthropic" ? "ANTHROPIC_API_KEY" : null));
  const base = { name, provider, keyEnv, keyPresent: keyEnv ? Boolean(env[keyEnv]?.trim()) : true };
  if (fileProblem && provider !== "builtin")
    return { ...base, api: "chat", baseURL: null, priced: false, problem: fileProblem };
  try {
    // The file was read once for the whole list.
    const r = resolveModel(name, opts, providers);
    return {
      ...base,
      api: r.api,
      baseURL: r.baseURL,
      priced: r.api === "builtin" || r.price(r.model) !== null,
      problem: null,
    };
  } catch (e) {
    if (!(e instanceof ModelConfigError)) throw e;
    const api = provider === "anthropic" ? "anthropic" : provider === "openai" ? "responses" : "chat";
    const vendor = provider === "openai" || provider === "anthropic" ? provider : null;
    const priced = vendor !== null && listPrice(vendor, name.slice(vendor.length + 1)) !== null;
    return { ...base, api, baseURL: null, priced, problem: e.message };
  }
}

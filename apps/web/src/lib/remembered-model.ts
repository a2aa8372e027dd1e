import { DEFAULT_TEST_CASE_MODEL, type ConfiguredModel } from "@analystbench/contracts";
import { canonicalModel, isUsable, modelChoices, useConfiguredModels } from "@/lib/model-choices";
import { rememberedStore, useRememberedText } from "@/lib/remembered-store";

/**
 * The model the user last chose, remembered per browser and shared by every model menu that
 * starts runs (Test Cases and the dashboard's Run Full Suite): choosing in one is the choice in
 * the other, and a reload keeps it.
 */
export const MODEL_STORAGE_KEY = "analystbench.model";

/** The offline model: it needs no key, so a fresh install can always run something. */
export const OFFLINE_MODEL = "builtin/reference";

/**
 * The model to preselect when nothing usable is remembered: the spec's default when the server
 * can run it; the offline model when it cannot (no key configured), so Execute works out of the
 * box rather than answering "OPENAI_API_KEY is not set". While the configuration is unknown
 * (loading, or the server cannot say), the spec's default.
 */
export function defaultModel(configured: readonly ConfiguredModel[] | undefined): string {
  if (!configured) return DEFAULT_TEST_CASE_MODEL;
  const spec = canonicalModel(DEFAULT_TEST_CASE_MODEL);
  return configured.some((m) => canonicalModel(m.name) === spec && isUsable(m))
    ? DEFAULT_TEST_CASE_MODEL
    : OFFLINE_MODEL;
}

/**
 * The menu's value: the remembered model, spelled as the menu offers it, while the menu still
 * offers it; otherwise the default. A model the configuration no longer offers (its provider was
 * removed from the models file) is not kept selected.
 */
export function chosenModel(
  remembered: string | null,
  offered: readonly string[],
  configured: readonly ConfiguredModel[] | undefined,
): string {
  const match = remembered ? offered.find((m) => canonicalModel(m) === canonicalModel(remembered)) : undefined;
  return match ?? defaultModel(configured);
}

const store = rememberedStore(MODEL_STORAGE_KEY);

/**
 * The remembered model for a menu offering `base` (plus what the server configures), and the
 * setter that remembers a new choice. Returns the menu's models too, so value and items agree.
 */
export function useRememberedModel(base: readonly string[]): {
  model: string;
  setModel(model: string): void;
  models: readonly string[];
} {
  const configured = useConfiguredModels();
  const models = modelChoices(base, configured);
  const { stored, setStored } = useRememberedText(store);
  return { model: chosenModel(stored, models, configured), setModel: setStored, models };
}

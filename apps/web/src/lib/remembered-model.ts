import { DEFAULT_TEST_CASE_MODEL, type ConfiguredModel } from "@analystbench/contracts";
import { useCallback, useSyncExternalStore } from "react";
import { canonicalModel, isUsable, modelChoices, useConfiguredModels } from "@/lib/model-choices";

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

// localStorage is one store for the whole tab: menus mounted at once hear each other's choice.
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return localStorage.getItem(MODEL_STORAGE_KEY);
  } catch {
    return null;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's choice arrives as a storage event.
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

function remember(model: string): void {
  try {
    localStorage.setItem(MODEL_STORAGE_KEY, model);
  } catch {
    // Storage refused (private mode, quota): the choice holds for this page only.
  }
  listeners.forEach((l) => l());
}

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
  const remembered = useSyncExternalStore(subscribe, read, () => null);
  const setModel = useCallback((m: string) => remember(m), []);
  return { model: chosenModel(remembered, models, configured), setModel, models };
}

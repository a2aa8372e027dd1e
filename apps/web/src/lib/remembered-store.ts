import { useCallback, useSyncExternalStore } from "react";

/**
 * One remembered choice in localStorage, shared by every component of the tab (fields mounted at
 * once hear each other's choice) and by other tabs (through storage events). A refused storage
 * (private mode, quota) keeps the choice for this page only.
 */
export function rememberedStore(key: string) {
  const listeners = new Set<() => void>();
  const read = (): string | null => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  const subscribe = (listener: () => void): (() => void) => {
    listeners.add(listener);
    window.addEventListener("storage", listener);
    return () => {
      listeners.delete(listener);
      window.removeEventListener("storage", listener);
    };
  };
  const write = (value: string): void => {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Storage refused: the choice holds for this page only.
    }
    listeners.forEach((l) => l());
  };
  return { read, subscribe, write };
}

/** The stored text (null when none) and a setter that stores a new one. */
export function useRememberedText(store: ReturnType<typeof rememberedStore>): {
  stored: string | null;
  setStored(value: string): void;
} {
  const stored = useSyncExternalStore(store.subscribe, store.read, () => null);
  const setStored = useCallback((v: string) => store.write(v), [store]);
  return { stored, setStored };
}

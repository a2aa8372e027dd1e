import { lazy, type ComponentType } from "react";
import type { PageProps } from "@/lib/page-types";

/** A page whose code is fetched on first use, and which can be asked to fetch it earlier. */
export interface LazyPage {
  component: ComponentType<PageProps>;
  /** Starts fetching the page's code (once); the shell calls it on hover, focus or at start-up. */
  preload(): Promise<unknown>;
}

/**
 * Route-level code splitting for the shell's state-switched pages: `load` is the page module's
 * dynamic import, so each page (with the libraries only it uses) is its own chunk.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType<PageProps>): LazyPage {
  let pending: Promise<{ default: ComponentType<PageProps> }> | undefined;
  const preload = () => {
    pending ??= load().then(
      (module) => ({ default: pick(module) }),
      (error: unknown) => {
        // A failed fetch (a network blip, a redeploy) may be retried by the next preload.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return { component: lazy(preload), preload };
}

import { useEffect, useRef } from "react";
import type { NavTarget, PageTarget } from "./page-types";

type TargetOf<K extends NavTarget["kind"]> = Extract<NavTarget, { kind: K }> & { seq: number };

/**
 * Runs `handle` once per navigation to a target of this kind, as soon as the page is `ready`
 * (its data loaded). The same target chosen again is a new navigation (a new `seq`) and runs again.
 */
export function useNavTarget<K extends NavTarget["kind"]>(
  target: PageTarget | undefined,
  kind: K,
  ready: boolean,
  handle: (target: TargetOf<K>) => void,
): void {
  const handled = useRef<number | null>(null);
  const latest = useRef(handle);
  latest.current = handle;
  useEffect(() => {
    if (!target || target.kind !== kind || !ready || handled.current === target.seq) return;
    handled.current = target.seq;
    latest.current(target as unknown as TargetOf<K>);
  }, [target, kind, ready]);
}

/** How long a found item stays highlighted. */
const HIGHLIGHT_MS = 2_500;

/**
 * Scrolls the element marked `data-nav-item="<id>"` into view and highlights it briefly. Waits a
 * frame, so an item rendered by the same state change (a section switched to) is there.
 */
export function revealItem(id: string): void {
  requestAnimationFrame(() => {
    const el = document.querySelector<HTMLElement>(`[data-nav-item="${CSS.escape(id)}"]`);
    if (!el) return;
    el.scrollIntoView?.({ block: "center", behavior: "smooth" });
    el.setAttribute("data-nav-highlight", "");
    setTimeout(() => el.removeAttribute("data-nav-highlight"), HIGHLIGHT_MS);
  });
}

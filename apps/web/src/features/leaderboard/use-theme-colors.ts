import { useMemo, useSyncExternalStore } from "react";

/**
 * The theme's colours as values SVG attributes accept. Charts draw with attributes, where CSS
 * variables do not resolve, so the tokens are read from the root element; the root's class is
 * watched because the theme provider switches it in an effect after its children rendered.
 */
export interface ThemeColors {
  primary: string;
  foreground: string;
  muted: string;
  border: string;
  card: string;
  success: string;
  destructive: string;
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class", "style"] });
  return () => observer.disconnect();
}

const isDark = () => document.documentElement.classList.contains("dark");

export function useThemeColors(): ThemeColors {
  const dark = useSyncExternalStore(subscribe, isDark);
  return useMemo(() => {
    const style = getComputedStyle(document.documentElement);
    const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
    return {
      primary: read("--primary", dark ? "#5fc4e0" : "#0e6f8a"),
      foreground: read("--foreground", dark ? "#eef0f4" : "#1e2333"),
      muted: read("--muted-foreground", "#6b7280"),
      border: read("--border", dark ? "#333a47" : "#e2e6ec"),
      card: read("--card", dark ? "#1d2230" : "#ffffff"),
      success: read("--success", "#2f9e6a"),
      destructive: read("--destructive", "#d43d3d"),
    };
  }, [dark]);
}

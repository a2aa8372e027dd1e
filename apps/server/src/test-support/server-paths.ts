import { realpathSync } from "node:fs";

/**
 * TEST-ONLY. Which of the server's directories (each as given and as the kernel resolves it) a
 * response shows: its body as sent, or any value serialised to JSON. The console must show paths
 * relative to the workspace, so every test expects this to be empty.
 */
export function serverPathsIn(shown: unknown, dirs: string[]): string[] {
  const text = typeof shown === "string" ? shown : JSON.stringify(shown);
  const spellings = new Set(
    dirs.flatMap((d) => {
      try {
        return [d, realpathSync(d)];
      } catch {
        return [d];
      }
    }),
  );
  return [...spellings].filter((d) => text.includes(d));
}

import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** The file that makes a folder a case package. */
export const CASE_MANIFEST = "case.yaml";

/**
 * The case packages under `dir`: the folder itself if it holds a case.yaml, else its subfolders
 * (sorted, hidden ones and node_modules skipped), at most `depth` levels down. Kept apart from
 * catalog.ts so the command line's light catalog finds packages without loading the schemas.
 */
export function findPackageDirs(dir: string, depth = 3): string[] {
  if (existsSync(path.join(dir, CASE_MANIFEST))) return [dir];
  if (depth === 0) return [];
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => !n.startsWith(".") && n !== "node_modules");
  } catch {
    return [];
  }
  return names
    .sort()
    .map((n) => path.join(dir, n))
    .filter((d) => {
      try {
        return statSync(d).isDirectory();
      } catch {
        return false;
      }
    })
    .flatMap((d) => findPackageDirs(d, depth - 1));
}

import { readFileSync } from "node:fs";
import path from "node:path";

/** The workspace of the running e2e server (scripts/e2e-server.mjs records its data dir). */
export function e2eWorkspace(): string {
  const dataDir = readFileSync(path.resolve(import.meta.dirname, "../.tmp/e2e-data-dir"), "utf8").trim();
  return path.join(dataDir, "workspace");
}

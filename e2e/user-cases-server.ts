import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startSpawnedServer } from "./spawned-server";

/**
 * A second server for the browser tests of a user's own cases (ANALYSTBENCH_CASES_DIR). The
 * registry reads the variable once, at start-up, and the shared e2e server must keep showing
 * exactly the built-in cases other specs count; so this server is started by the spec itself, on
 * its own data directory and a free port, over the console the shared server has built.
 *
 * Its cases directory holds copies of built-in packages made here (nothing is committed): one
 * runnable user case and one package that fails its checks; ANALYSTBENCH_CASES_DIR also names a
 * directory that does not exist. Neither may stop the server.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const BUILT_IN_CASES = path.join(ROOT, "content/cases");

export const USER_CASE = { id: "user-homoglyph", name: "Held-out Homoglyph Backdoor" };
export const BROKEN_CASE = { id: "broken-typo" };
/** A file the broken package's manifest references, deleted from the copy. */
const MISSING_FILE =
  "hosts/developer-workstation/home/praman/src/shipment-tracker/node_modules/fast-xml-praser/package.json";

/** A built-in package copied under a new id and name; a Scenario 2 narrative (and its task) take the id too. */
function copyCase(from: string, to: string, id: string, name?: string): void {
  cpSync(path.join(BUILT_IN_CASES, from), to, { recursive: true });
  const manifest = path.join(to, "case.yaml");
  let text = readFileSync(manifest, "utf8")
    .replace(/^id: .+$/m, `id: ${id}`)
    .replace(/^ {2}id: narrative\d+$/gm, `  id: ${id}`);
  if (name) text = text.replace(/^name: .+$/m, `name: ${name}`);
  writeFileSync(manifest, text);
}

/** The user's packages: one runnable case, one whose manifest references files that are gone. */
export function prepareUserCases(dir: string): void {
  copyCase("s2-homoglyph-backdoor", path.join(dir, USER_CASE.id), USER_CASE.id, USER_CASE.name);
  copyCase("s2-typosquatting", path.join(dir, BROKEN_CASE.id), BROKEN_CASE.id);
  rmSync(path.join(dir, BROKEN_CASE.id, MISSING_FILE));
}

export interface UserCasesServer {
  url: string;
  casesDir: string;
  missingDir: string;
  /** Everything the server wrote to stderr so far (its warnings). */
  stderr(): string;
  stop(): Promise<void>;
}

export async function startUserCasesServer(): Promise<UserCasesServer> {
  const root = mkdtempSync(path.join(os.tmpdir(), "analystbench-e2e-user-cases-"));
  const casesDir = path.join(root, "cases");
  const missingDir = path.join(root, "not-there");
  prepareUserCases(casesDir);
  const server = await startSpawnedServer("user-cases", {
    ANALYSTBENCH_DATA_DIR: path.join(root, "data"),
    ANALYSTBENCH_CASES_DIR: [casesDir, missingDir].join(path.delimiter),
  }).catch((e: Error) => {
    rmSync(root, { recursive: true, force: true });
    throw e;
  });
  return {
    ...server,
    casesDir,
    missingDir,
    async stop() {
      await server.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

import path from "node:path";

/**
 * The Environment Control scripts: the only programs the console can start. Each id maps to a
 * fixed argument vector; the runner appends `--workspace=<dir>` and nothing else, so no request
 * value ever reaches a command line. Add a script with one entry here.
 */
export interface EnvironmentScript {
  name: string;
  description: string;
  /** Program and arguments, run without a shell. */
  argv: readonly string[];
  /** Wall-clock limit; the whole process group is killed when it passes. */
  timeoutMs?: number;
}

/** A Map, not an object: ids such as "__proto__" or "toString" must not find anything. */
export type EnvironmentScriptRegistry = ReadonlyMap<string, EnvironmentScript>;

export const DEFAULT_SCRIPT_TIMEOUT_MS = 5 * 60_000;

const REPO_ROOT = path.resolve(import.meta.dirname, "../../../..");
const nodeScript = (relative: string): readonly string[] => [process.execPath, path.join(REPO_ROOT, relative)];

const cli = (...args: string[]): readonly string[] => [...nodeScript("bin/analystbench.mjs"), ...args];

export const ENVIRONMENT_SCRIPTS: EnvironmentScriptRegistry = new Map<string, EnvironmentScript>([
  [
    "environment-status",
    {
      name: "Environment Status",
      description:
        "Builds every case's simulated environment from content and reports its hosts, build time, hash and whether every piece of evidence is in place.",
      argv: cli("env", "status"),
      timeoutMs: 3 * 60_000,
    },
  ],
  [
    "reset-environment",
    {
      name: "Reset Environment",
      description:
        "Rebuilds every simulated host of all 13 cases from content and replaces the browsable copies under environments/ in the workspace.",
      argv: cli("env", "reset"),
      timeoutMs: 5 * 60_000,
    },
  ],
  [
    "verify-scenarios",
    {
      name: "Verify Scenarios",
      description:
        "Walks every case's intended solution path with the six analyst tools and fails loudly on any step that finds nothing.",
      argv: cli("env", "verify"),
      timeoutMs: 5 * 60_000,
    },
  ],
  [
    "clean-results",
    {
      name: "Clean Results",
      description:
        "Archives result files older than 7 days into archive/<timestamp>/ in the workspace and reports what moved.",
      argv: [...nodeScript("scripts/env/clean-results.mjs"), "--days=7"],
      timeoutMs: 2 * 60_000,
    },
  ],
]);

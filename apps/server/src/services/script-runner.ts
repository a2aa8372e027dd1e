import { constants } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { ScriptExecutionResult } from "@analystbench/contracts";
import { stringify as toYaml } from "yaml";
import type { ActivityLog } from "./activity";
import { exitCodeOf, failureOf, killGroup, runBoundedProcess, truncationNote } from "./bounded-process";
import {
  directoryRefusal,
  entryPath,
  lstatEntry,
  mkdirEntry,
  openConfined,
  openExact,
  realRootResolver,
  writeEntryAtomic,
  type Confined,
} from "./confined-fs";
import { DEFAULT_SCRIPT_TIMEOUT_MS, type EnvironmentScriptRegistry } from "./environment-scripts";
import { scrubNullable, workspacePathScrubber } from "@analystbench/contracts/server-paths";

/**
 * Runs Environment Control scripts: one at a time, without a shell, in their own process group
 * (so a timeout kills every child they started), with output capped, recorded in the activity
 * log and saved to results/environment/<stamp>_<id>.md in the workspace.
 *
 * The workspace is writable by the model runs and the scripts, so the output file is written
 * without following a symlink (confined-fs.ts): results/ and results/environment/ are each created
 * and opened by name inside the directory above, and each descriptor must be exactly at its path
 * below the real workspace; the file is then created and renamed by name inside that open
 * directory. When either directory is a symlink (or not a directory) the output is not saved and
 * the run's error and activity entry say why.
 *
 * The console shows no absolute server path: the result's workingDirectory is the workspace as
 * "." and its outputFile is workspace-relative; absolute paths in the output and in error messages
 * are rewritten relative to the workspace (@analystbench/contracts/server-paths), in the saved file too, so the
 * record matches what the console showed.
 */

/** stdout and stderr together; beyond this the rest is drained and dropped. */
export const SCRIPT_OUTPUT_CAP_BYTES = 1024 * 1024;
const OUTPUT_DIR = "results/environment";
const RDONLY_DIR = constants.O_RDONLY | constants.O_DIRECTORY;

export class ScriptRunnerError extends Error {
  constructor(
    readonly status: 404 | 409,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface ScriptRunner {
  run(id: string, opts?: { actor?: string }): Promise<ScriptExecutionResult>;
  /** The longest a run of this script may take, for the HTTP layer's socket timeout. */
  timeoutFor(id: string): number;
  readonly running: string | null;
  /**
   * Kills the running script's process group, if any, and resolves once its output is saved
   * (server shutdown: a detached group would outlive the server).
   */
  stop(): Promise<void>;
}

/** 2026-11-21T10-15-00Z: sortable and safe in a file name. */
export function fileStamp(d: Date): string {
  return d
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/:/g, "-");
}

/** A fence longer than any backtick run in the text, so output cannot close it early. */
function fenced(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `${fence}text\n${text}${text.endsWith("\n") || text === "" ? "" : "\n"}${fence}`;
}

/** A name not yet taken in the open directory (an entry of any kind, a symlink included, takes it). */
async function freeName(dir: Confined, base: string): Promise<string> {
  for (let n = 1; ; n++) {
    const name = n === 1 ? `${base}.md` : `${base}-${n}.md`;
    try {
      await lstatEntry(dir, name);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return name;
      throw e;
    }
  }
}

/**
 * Opens <real workspace>/results/environment, creating the missing levels: results/ with mkdir
 * under the real workspace (which never follows a symlink in its place), environment/ with mkdirat
 * in the open results/, and each opened with O_NOFOLLOW and kept only when its descriptor is
 * exactly at its path. Throws a sentence naming the directory that is refused.
 */
async function openOutputDir(realRoot: string): Promise<Confined> {
  const top = path.dirname(OUTPUT_DIR);
  const refused = async (relative: string, e: unknown) =>
    new Error(
      `${relative}/ in the workspace ${await directoryRefusal(realRoot, relative, e)}; nothing is written through it`,
    );
  await mkdir(path.join(realRoot, top)).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== "EEXIST") throw e;
  });
  let results: Confined;
  try {
    results = await openExact(realRoot, top, RDONLY_DIR);
  } catch (e) {
    throw await refused(top, e);
  }
  try {
    const name = path.basename(OUTPUT_DIR);
    await mkdirEntry(results, name);
    try {
      return await openConfined(realRoot, entryPath(results.handle.fd, name), RDONLY_DIR | constants.O_NOFOLLOW, {
        exactly: path.join(realRoot, OUTPUT_DIR),
      });
    } catch (e) {
      throw await refused(OUTPUT_DIR, e);
    }
  } finally {
    await results.handle.close();
  }
}

export function createScriptRunner(deps: {
  workspaceDir: string;
  scripts: EnvironmentScriptRegistry;
  activity: ActivityLog;
  now?: () => Date;
}): ScriptRunner {
  const now = deps.now ?? (() => new Date());
  const getRealRoot = realRootResolver(deps.workspaceDir);
  const scrub = workspacePathScrubber(deps.workspaceDir);
  let running: string | null = null;
  let runningPid: number | undefined;
  let current: Promise<unknown> | null = null;

  function lookup(id: string) {
    const script = deps.scripts.get(id);
    if (!script) throw new ScriptRunnerError(404, "UNKNOWN_SCRIPT", `There is no Environment Control script "${id}".`);
    return script;
  }

  return {
    get running() {
      return running;
    },

    async stop() {
      if (runningPid !== undefined) killGroup(runningPid, "SIGKILL");
      await current?.catch(() => {});
    },

    timeoutFor(id) {
      return deps.scripts.get(id)?.timeoutMs ?? DEFAULT_SCRIPT_TIMEOUT_MS;
    },

    async run(id, opts = {}) {
      const script = lookup(id);
      if (running !== null) {
        const other = deps.scripts.get(running)?.name ?? running;
        throw new ScriptRunnerError(
          409,
          "SCRIPT_BUSY",
          `${other} is still running; Environment Control scripts run one at a time, so wait for it to finish.`,
        );
      }
      running = id;
      const work = (async (): Promise<ScriptExecutionResult> => {
        const started = now();
        const activityId = await deps.activity.record({
          kind: "script",
          action: script.name,
          status: "running",
          result: opts.actor ? `Started by ${opts.actor}` : "Started",
          actor: opts.actor,
          ref: id,
        });
        const timeoutMs = script.timeoutMs ?? DEFAULT_SCRIPT_TIMEOUT_MS;
        const env: NodeJS.ProcessEnv = {
          PATH: process.env.PATH ?? "/usr/bin:/bin",
          HOME: process.env.HOME ?? deps.workspaceDir,
          LANG: process.env.LANG ?? "C.UTF-8",
          TZ: "UTC",
        };
        const run = await runBoundedProcess({
          argv: [...script.argv, `--workspace=${deps.workspaceDir}`],
          cwd: deps.workspaceDir,
          env,
          timeoutMs,
          outputCapBytes: SCRIPT_OUTPUT_CAP_BYTES,
          onStart: (pid) => (runningPid = pid),
        });
        const outcome = {
          exitCode: exitCodeOf(run),
          stdout: scrub(run.stdout),
          stderr: scrub(run.truncated ? run.stderr + truncationNote(SCRIPT_OUTPUT_CAP_BYTES) : run.stderr),
          // A spawn failure names the program's absolute path.
          error: scrubNullable(scrub, failureOf(run, "The script", `${Math.round(timeoutMs / 1000)} s`)),
        };
        runningPid = undefined;
        const finished = now();
        const success = outcome.error === null;

        let outputFile: string | null = null;
        let saveError: string | null = null;
        let dir: Confined | undefined;
        try {
          await mkdir(deps.workspaceDir, { recursive: true });
          dir = await openOutputDir(await getRealRoot());
          const name = await freeName(dir, `${fileStamp(started)}_${id}`);
          const frontMatter = toYaml({
            script: id,
            name: script.name,
            status: success ? "completed" : "failed",
            exit_code: outcome.exitCode,
            started: started.toISOString(),
            finished: finished.toISOString(),
            duration_seconds: Math.round((finished.getTime() - started.getTime()) / 10) / 100,
            ...(outcome.error ? { error: outcome.error } : {}),
          });
          const body = [
            `---\n${frontMatter}---`,
            `# ${script.name}`,
            script.description,
            "## Output",
            fenced(outcome.stdout),
            ...(outcome.stderr ? ["## Errors", fenced(outcome.stderr)] : []),
          ].join("\n\n");
          await writeEntryAtomic(dir, name, `${body}\n`);
          outputFile = `${OUTPUT_DIR}/${name}`;
        } catch (e) {
          // Node's messages name the absolute path ("EACCES: permission denied, mkdir '/srv/…'").
          saveError = `The output could not be saved (${scrub((e as Error).message)}).`;
        } finally {
          await dir?.handle.close();
        }

        const error = [outcome.error, saveError].filter(Boolean).join(" ") || null;
        await deps.activity.update(
          activityId,
          success ? "completed" : "failed",
          [success ? "Exit code 0" : (outcome.error ?? "Failed"), outputFile ? `output in ${outputFile}` : saveError]
            .filter(Boolean)
            .join(" · "),
          { outputPath: outputFile },
        );
        return {
          success,
          exitCode: outcome.exitCode,
          stdout: outcome.stdout,
          stderr: outcome.stderr,
          // The scripts run in the workspace root; the console shows paths relative to it.
          workingDirectory: ".",
          outputFile,
          error,
        };
      })();
      current = work.finally(() => {
        running = null;
        current = null;
      });
      return work;
    },
  };
}

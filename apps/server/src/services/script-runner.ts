import { mkdir, stat } from "node:fs/promises";
import path from "node:path";
import type { ScriptExecutionResult } from "@analystbench/contracts";
import { writeFileAtomic } from "@analystbench/engine";
import { stringify as toYaml } from "yaml";
import type { ActivityLog } from "./activity";
import { exitCodeOf, failureOf, killGroup, runBoundedProcess, truncationNote } from "./bounded-process";
import { DEFAULT_SCRIPT_TIMEOUT_MS, type EnvironmentScriptRegistry } from "./environment-scripts";

/**
 * Runs Environment Control scripts: one at a time, without a shell, in their own process group
 * (so a timeout kills every child they started), with output capped, recorded in the activity
 * log and saved to results/environment/<stamp>_<id>.md in the workspace.
 */

/** stdout and stderr together; beyond this the rest is drained and dropped. */
export const SCRIPT_OUTPUT_CAP_BYTES = 1024 * 1024;
const OUTPUT_DIR = "results/environment";

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

async function freeName(dir: string, base: string): Promise<string> {
  for (let n = 1; ; n++) {
    const name = n === 1 ? `${base}.md` : `${base}-${n}.md`;
    try {
      await stat(path.join(dir, name));
    } catch {
      return name;
    }
  }
}

export function createScriptRunner(deps: {
  workspaceDir: string;
  scripts: EnvironmentScriptRegistry;
  activity: ActivityLog;
  now?: () => Date;
}): ScriptRunner {
  const now = deps.now ?? (() => new Date());
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
          stdout: run.stdout,
          stderr: run.truncated ? run.stderr + truncationNote(SCRIPT_OUTPUT_CAP_BYTES) : run.stderr,
          error: failureOf(run, "The script", `${Math.round(timeoutMs / 1000)} s`),
        };
        runningPid = undefined;
        const finished = now();
        const success = outcome.error === null;

        let outputFile: string | null = null;
        let saveError: string | null = null;
        try {
          const dir = path.join(deps.workspaceDir, OUTPUT_DIR);
          await mkdir(dir, { recursive: true });
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
          await writeFileAtomic(path.join(dir, name), `${body}\n`);
          outputFile = `${OUTPUT_DIR}/${name}`;
        } catch (e) {
          saveError = `The output could not be saved (${(e as Error).message}).`;
        }

        const error = [outcome.error, saveError].filter(Boolean).join(" ") || null;
        await deps.activity.update(
          activityId,
          success ? "completed" : "failed",
          [success ? "Exit code 0" : (outcome.error ?? "Failed"), outputFile ? `output in ${outputFile}` : saveError]
            .filter(Boolean)
            .join(" · "),
        );
        return {
          success,
          exitCode: outcome.exitCode,
          stdout: outcome.stdout,
          stderr: outcome.stderr,
          workingDirectory: deps.workspaceDir,
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

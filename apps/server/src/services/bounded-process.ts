import { spawn } from "node:child_process";

/**
 * A child process the server starts on someone's behalf (Environment Control scripts, Execute on
 * the Inspect Viewer page): no shell, its own process group (so a timeout or shutdown takes every
 * child it started), output captured up to a cap and the rest drained, never left hanging.
 */

/** After SIGTERM the group gets this long to stop before SIGKILL. */
const KILL_GRACE_MS = 2_000;

/** Signals a whole process group, falling back to the leader; a group already gone is fine. */
export function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      /* already gone */
    }
  }
}

export interface BoundedProcessOptions {
  argv: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  /** stdout and stderr together; beyond this the rest is dropped. */
  outputCapBytes: number;
  /** Called once spawned, with the pid the caller needs to kill the group at shutdown. */
  onStart?(pid: number | undefined): void;
}

export interface BoundedProcessOutcome {
  /** null when it was ended by a signal or never started. */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr in the order they arrived, as a terminal shows them. */
  combined: string;
  truncated: boolean;
  timedOut: boolean;
  spawnError: Error | null;
}

export function runBoundedProcess(opts: BoundedProcessOptions): Promise<BoundedProcessOutcome> {
  return new Promise((resolve) => {
    const chunks: { stream: "stdout" | "stderr"; data: Buffer }[] = [];
    let captured = 0;
    let truncated = false;
    let timedOut = false;
    let spawnError: Error | null = null;
    const child = spawn(opts.argv[0]!, opts.argv.slice(1), {
      cwd: opts.cwd,
      env: opts.env,
      shell: false,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    opts.onStart?.(child.pid);
    const collect = (stream: "stdout" | "stderr") => (chunk: Buffer) => {
      const room = opts.outputCapBytes - captured;
      if (room <= 0) {
        truncated = true;
        return;
      }
      const data = chunk.length > room ? chunk.subarray(0, room) : chunk;
      if (data.length < chunk.length) truncated = true;
      chunks.push({ stream, data });
      captured += data.length;
    };
    child.stdout.on("data", collect("stdout"));
    child.stderr.on("data", collect("stderr"));
    let killTimer: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid === undefined) return;
      killGroup(child.pid, "SIGTERM");
      killTimer = setTimeout(() => killGroup(child.pid!, "SIGKILL"), KILL_GRACE_MS);
    }, opts.timeoutMs);
    child.on("error", (e) => (spawnError = e));
    // Children left behind by a finished process would hold its pipes open; they go with it.
    child.on("exit", () => {
      if (child.pid !== undefined) killGroup(child.pid, "SIGKILL");
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      clearTimeout(killTimer);
      const text = (only?: "stdout" | "stderr") =>
        Buffer.concat(chunks.filter((c) => !only || c.stream === only).map((c) => c.data)).toString("utf8");
      resolve({
        code,
        signal,
        stdout: text("stdout"),
        stderr: text("stderr"),
        combined: text(),
        truncated,
        timedOut,
        spawnError,
      });
    });
  });
}

/** Why the process failed, in a sentence about `what` ("The script"), or null when it succeeded. */
export function failureOf(outcome: BoundedProcessOutcome, what: string, timeLimit: string): string | null {
  if (outcome.spawnError) return `${what} could not be started (${outcome.spawnError.message}).`;
  if (outcome.timedOut) return `${what} ran longer than ${timeLimit} and was stopped with its child processes.`;
  if (outcome.code === 0) return null;
  return outcome.signal ? `${what} was stopped by ${outcome.signal}.` : `${what} exited with code ${outcome.code}.`;
}

/** The exit code to report: -1 when there is none (never started, or ended by a signal). */
export const exitCodeOf = (outcome: BoundedProcessOutcome): number =>
  outcome.spawnError || outcome.code === null ? -1 : outcome.code;

export const truncationNote = (capBytes: number) => `\n[output truncated: more than ${capBytes / 1048576} MiB]\n`;

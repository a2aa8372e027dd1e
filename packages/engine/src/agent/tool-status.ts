/**
 * Whether a tool call failed, or ran and answered. A shell command that exits non-zero has run:
 * `diff a b` exits 1 because the files differ, `grep` exits 1 because nothing matched, and both
 * are answers the analyst reads. A call failed only when the tool could not run it at all: bad
 * arguments, an unknown host or device, a timeout, a crash, a call a limit refused.
 *
 * The simulation reports a shell command's non-zero exit as a result with `ok: false` and the
 * line `[exit code N]` appended to its output (sim/src/tools/run-tool.ts); every other failed
 * result carries no such line. That line is how a command that ran is told from a failed call.
 */

export const SHELL_TOOL = "execute_shell_command";

/** The line the simulation appends to the output of a shell command that exited non-zero. */
const EXIT_LINE = /(?:^|\n)\[exit code (\d{1,3})\]\n?$/;

export interface ToolStatus {
  /** The tool ran (a shell command ran, whatever its exit status). */
  ok: boolean;
  /** A shell command's exit status when it ran; undefined for other tools and for failed calls. */
  exitCode?: number;
  /** Why the call failed, when it did: the first line of the tool's answer. */
  error: string | null;
}

/** The exit status the output of a shell call reports, or null when it reports none. */
export function reportedExitCode(output: string): number | null {
  const m = EXIT_LINE.exec(output);
  return m ? Number(m[1]) : null;
}

/** The status of a call the tool answered with `result`. */
export function toolStatus(name: string, result: { ok: boolean; output: string }): ToolStatus {
  if (name === SHELL_TOOL) {
    if (result.ok) return { ok: true, exitCode: 0, error: null };
    const code = reportedExitCode(result.output);
    if (code !== null && code !== 0) return { ok: true, exitCode: code, error: null };
  }
  return result.ok ? { ok: true, error: null } : failedStatus(result.output);
}

/** A call that never reached a tool (refused by a limit) or that the tool could not run. */
export function failedStatus(output: string): ToolStatus {
  return { ok: false, error: output.split("\n")[0] || "the tool failed" };
}

/**
 * What is said beside a call: "failed" when the tool could not run it, "exit 1" for a command
 * that exited non-zero (neutral: an answer, never called a failure), "" when it simply ran.
 */
export function callNote(call: { ok: boolean; exitCode?: number }): string {
  if (!call.ok) return "failed";
  return call.exitCode ? `exit ${call.exitCode}` : "";
}

import type { ExecuteScriptRequest, ScriptExecutionResult } from "@analystbench/contracts";
import { toast } from "sonner";
import { apiJson } from "./api-client";

/**
 * Running an Environment Control script (POST /api/execute-script), shared by the Test Cases page
 * and the dashboard's Clean Files action so both word the outcome the same way (spec section 8).
 */

export function executeScript(body: ExecuteScriptRequest): Promise<ScriptExecutionResult> {
  return apiJson<ScriptExecutionResult>("/api/execute-script", {
    method: "POST",
    body,
    fallbackError: "Script execution failed",
  });
}

/** The output dialog's text for a script that ran (whatever its exit code). */
export function formatScriptOutput(result: ScriptExecutionResult): string {
  const parts = [`Working directory: ${result.workingDirectory}`, ""];
  if (result.stdout) parts.push(result.stdout.replace(/\n$/, ""), "");
  if (result.stderr) parts.push("STDERR:", result.stderr.replace(/\n$/, ""), "");
  if (result.error) parts.push(`✗ ${result.error}`);
  parts.push(`Exit Code ${result.exitCode}${result.success ? "" : " (Failed)"}`);
  if (result.outputFile) parts.push(`Output saved to ${result.outputFile}`);
  return `${parts.join("\n")}\n`;
}

/** The output dialog's block for a run that could not happen or whose answer was an error. */
export function formatExecutionError(message: string | undefined): string {
  return `✗ Error: ${message || "Unknown error occurred"}\n\nExit Code -1 (Error)\n`;
}

export function toastScriptResult(result: ScriptExecutionResult, name: string): void {
  if (result.success) {
    toast.success("Script Completed", {
      description: result.outputFile ? `Output saved to ${result.outputFile}` : `${name} executed successfully`,
    });
  } else {
    toast.error("Script Failed", {
      description: result.outputFile ? `Output saved to ${result.outputFile}` : `${name} failed with errors`,
    });
  }
}

export function toastExecutionError(name: string): void {
  toast.error("Execution Error", { description: `Failed to execute ${name}` });
}

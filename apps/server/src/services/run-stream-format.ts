import { runScoreText, type RunScore, type ScenarioStreamEvent } from "@analystbench/contracts";
import type { RunEvent } from "@analystbench/engine";

/** Lines of tool output shown in the live stream; the full output is in the report and log. */
const TOOL_PREVIEW_LINES = 12;

function summarizeArgs(args: Record<string, unknown> | null): string {
  if (!args) return "(invalid arguments)";
  if (typeof args.command_with_args === "string") return `[${String(args.device_role)}] ${args.command_with_args}`;
  return Object.entries(args)
    .map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join(" ");
}

function preview(output: string): string {
  const lines = output.replace(/\n$/, "").split("\n");
  const shown = lines.slice(0, TOOL_PREVIEW_LINES).map((l) => `    ${l.length > 200 ? `${l.slice(0, 200)}…` : l}`);
  if (lines.length > TOOL_PREVIEW_LINES) shown.push(`    … ${lines.length - TOOL_PREVIEW_LINES} more lines`);
  return `${shown.join("\n")}\n`;
}

/** "Run completed: 7.5 mean per sample (−10…+10), 2 samples × 1 epoch.": live and on re-attach alike. */
export function runDoneLine(status: string, score: RunScore): string {
  return `Run ${status}: ${runScoreText(score)}.`;
}

/**
 * One engine event as the console's stream lines (spec section 7): `data` is appended raw,
 * `message` with a newline, `command` as a "Command:" line; `event` lets richer clients do more.
 */
export function toStreamPayloads(e: RunEvent): ScenarioStreamEvent[] {
  switch (e.event) {
    case "run":
      return [
        {
          event: "run",
          runId: e.runId,
          message: `Run ${e.runId}: ${e.caseName} (${e.caseId}) with ${e.model} — ${e.samples} sample${e.samples === 1 ? "" : "s"}${e.epochs > 1 ? ` × ${e.epochs} epochs` : ""}`,
        },
      ];
    case "sample":
      return [
        {
          event: "run",
          runId: e.runId,
          message: `\n▶ ${e.title} (${e.sampleId}${e.epoch > 1 ? `, epoch ${e.epoch}` : ""})`,
        },
      ];
    case "progress":
      switch (e.kind) {
        case "text":
          return [{ event: "turn", runId: e.runId, data: e.delta }];
        case "turn":
          return e.content ? [{ event: "turn", runId: e.runId, data: "\n" }] : [];
        case "tool":
          return [
            { event: "tool", runId: e.runId, command: `${e.call.name} ${summarizeArgs(e.call.arguments)}` },
            { event: "tool", runId: e.runId, data: e.ok ? preview(e.output) : `    ✗ ${e.output.split("\n")[0]}\n` },
          ];
        case "limit":
          return [
            {
              event: "turn",
              runId: e.runId,
              message: `! ${e.sampleId} reached its ${e.limit.replaceAll("_", " ")} limit`,
            },
          ];
        case "retry":
          return [{ event: "turn", runId: e.runId, message: `↻ ${e.message}` }];
      }
      return [];
    case "score": {
      const head =
        e.validity === "invalid"
          ? `✗ ${e.title}: invalid, not counted — the harness or the model provider failed (${e.error ?? e.status})`
          : e.total === null
            ? `✗ ${e.title}: not graded (${e.error ?? e.status})`
            : `✓ ${e.title}: ${e.total}/${e.max}${e.safeSolve ? " (safe solve)" : ""} — ${e.status}`;
      const lines = e.checkpoints.map(
        (c) => `    ${c.number}. ${c.name}: ${c.outcome} ${c.points > 0 ? "+" : ""}${c.points}`,
      );
      return [{ event: "score", runId: e.runId, message: [head, ...lines].join("\n") }];
    }
    case "done":
      return [
        {
          event: "done",
          runId: e.runId,
          status: e.status,
          message: `\n${runDoneLine(e.status, e.score)}\nReport: ${e.files.report}\nBenchmark records: ${e.files.benchmark}\nEval log: ${e.files.log}`,
        },
      ];
    case "error":
      return [{ event: "error", runId: e.runId, message: e.message }];
  }
}

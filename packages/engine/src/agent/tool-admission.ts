import { plural } from "../text/english";
import type { LimitHit, RunLimits, ToolCallRecord } from "../types";

/**
 * Which of a turn's tool calls may run. One reply can carry any number of calls (hundreds were
 * seen), so the limits hold inside a turn, not just between turns: calls past them are answered
 * "limit reached" without running, in the order the model sent them.
 */
export interface Admission {
  call: ToolCallRecord;
  /** Why the call does not run; null when it runs. */
  refusal: { limit: LimitHit; message: string } | null;
}

export function admitToolCalls(
  calls: ToolCallRecord[],
  limits: Pick<RunLimits, "maxToolCalls" | "maxToolCallsPerTurn" | "maxArgumentBytes">,
  callsSoFar: number,
): Admission[] {
  let admitted = 0;
  return calls.map((call) => {
    const bytes = Buffer.byteLength(call.rawArguments, "utf8");
    if (bytes > limits.maxArgumentBytes)
      return refuse(
        call,
        "argument_bytes",
        `Limit reached: the arguments of this call are ${plural(bytes, "byte")}; at most ${limits.maxArgumentBytes} ${limits.maxArgumentBytes === 1 ? "is" : "are"} accepted. The call did not run.`,
      );
    if (admitted >= limits.maxToolCallsPerTurn)
      return refuse(
        call,
        "tool_calls_per_turn",
        `Limit reached: at most ${plural(limits.maxToolCallsPerTurn, "tool call")} ${limits.maxToolCallsPerTurn === 1 ? "runs" : "run"} per turn. This call did not run; send it again in a later turn if you still need it.`,
      );
    if (limits.maxToolCalls !== null && callsSoFar + admitted >= limits.maxToolCalls)
      return refuse(
        call,
        "tool_calls",
        `Limit reached: the investigation's ${plural(limits.maxToolCalls, "tool call")} ${limits.maxToolCalls === 1 ? "is" : "are"} used up. This call did not run.`,
      );
    admitted++;
    return { call, refusal: null };
  });
}

function refuse(call: ToolCallRecord, limit: LimitHit, message: string): Admission {
  return { call, refusal: { limit, message } };
}

/**
 * A line appended to the turn's last tool result when the investigation nears a limit, so the
 * model can plan its report instead of being cut off mid-thought.
 */
export function approachingLimitNote(
  limits: Pick<RunLimits, "maxTurns" | "maxToolCalls">,
  used: { turns: number; toolCalls: number },
): string | null {
  const turnsLeft = limits.maxTurns - used.turns;
  const callsLeft = limits.maxToolCalls === null ? Infinity : limits.maxToolCalls - used.toolCalls;
  const parts: string[] = [];
  if (turnsLeft <= 3) parts.push(plural(turnsLeft, "turn"));
  if (callsLeft <= 10) parts.push(plural(callsLeft, "tool call"));
  if (parts.length === 0) return null;
  return `[note from the harness: ${parts.join(" and ")} left before the investigation limit; then you must report]`;
}

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
        `Limit reached: the arguments of this call are ${bytes} bytes; at most ${limits.maxArgumentBytes} are accepted. The call did not run.`,
      );
    if (admitted >= limits.maxToolCallsPerTurn)
      return refuse(
        call,
        "tool_calls_per_turn",
        `Limit reached: at most ${limits.maxToolCallsPerTurn} tool calls run per turn. This call did not run; send it again in a later turn if you still need it.`,
      );
    if (limits.maxToolCalls !== null && callsSoFar + admitted >= limits.maxToolCalls)
      return refuse(
        call,
        "tool_calls",
        `Limit reached: the investigation's ${limits.maxToolCalls} tool calls are used up. This call did not run.`,
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
  if (turnsLeft <= 3) parts.push(`${turnsLeft} turn${turnsLeft === 1 ? "" : "s"}`);
  if (callsLeft <= 10) parts.push(`${callsLeft} tool call${callsLeft === 1 ? "" : "s"}`);
  if (parts.length === 0) return null;
  return `[note from the harness: ${parts.join(" and ")} left before the investigation limit; then you must report]`;
}

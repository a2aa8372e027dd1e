import type { LinePosition } from "./context";

/** Which part of a program's run a line is, and its offset in that part. */
export interface ScriptPlace {
  part: "opening" | "body" | "closing";
  at: number;
  /** How many body lines the file has. */
  body: number;
}

/**
 * For formats that record one run of a program (an npm debug log, a build's console): the file
 * is the run's `opening` fixed lines, then as many repeated body lines as the count leaves, then
 * its `closing` lines. A file shorter than opening + closing is their first `count` lines, a run
 * that was cut off.
 */
export function scriptPlace(line: LinePosition, opening: number, closing: number): ScriptPlace {
  const body = Math.max(0, line.count - opening - closing);
  if (line.index < opening) return { part: "opening", at: line.index, body };
  if (line.index < opening + body) return { part: "body", at: line.index - opening, body };
  return { part: "closing", at: line.index - opening - body, body };
}

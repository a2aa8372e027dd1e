import { setImmediate as nextTurn } from "node:timers/promises";
import type { RunResult, SampleResult } from "../types";
import { inspectLogParts, type InspectEvalSample } from "./inspect-log";

/**
 * A run's eval log as the file holds it — `JSON.stringify(log, null, 2)` and a newline, to the
 * byte — made one sample at a time, with the event loop given back between samples. A run's log
 * is a few MB: built and serialised in one go it held the thread for 8–31 ms at the end of every
 * run, and every model reply that arrived meanwhile waited, its connection idle.
 *
 * The layout is JSON.stringify's: an object's entries on lines of their own, indented two spaces
 * a level; a nested value's own text indented by its depth (JSON strings hold no raw newline, so
 * every newline in a value's text is between its lines). A test holds it equal to JSON.stringify.
 */
export async function inspectLogText(run: RunResult, pause: () => Promise<unknown> = nextTurn): Promise<string> {
  const { frame, sample } = inspectLogParts(run);
  const entries: string[] = [];
  for (const [key, value] of Object.entries(frame)) {
    if (value === undefined) continue;
    const text = key === "samples" ? await samplesText(run, sample, pause) : nested(JSON.stringify(value, null, 2), 1);
    entries.push(`  ${JSON.stringify(key)}: ${text}`);
  }
  return `{\n${entries.join(",\n")}\n}\n`;
}

async function samplesText(
  run: RunResult,
  sample: (s: SampleResult) => InspectEvalSample,
  pause: () => Promise<unknown>,
): Promise<string> {
  if (!run.samples.length) return "[]";
  const items: string[] = [];
  for (const s of run.samples) {
    await pause();
    items.push(`    ${nested(JSON.stringify(sample(s), null, 2), 2)}`);
  }
  return `[\n${items.join(",\n")}\n  ]`;
}

/** A value's pretty text placed `depth` levels deep: its lines after the first indented to match. */
const nested = (text: string, depth: number) => text.replaceAll("\n", `\n${"  ".repeat(depth)}`);

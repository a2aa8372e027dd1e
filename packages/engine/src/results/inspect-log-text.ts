import { setImmediate as nextTurn } from "node:timers/promises";
import type { RunResult, SampleResult } from "../types";
import { inspectLogParts, inspectSampleOf, type InspectEvalSample, type SampleLogRun } from "./inspect-log";

/**
 * A run's eval log as the file holds it — `JSON.stringify(log)` and a newline, to the byte — in
 * pieces that, written one after another, are the file; made one sample at a time, with the event
 * loop given back between samples. A run's log is a few MB: built and serialised in one go it held
 * the thread for 8–31 ms at the end of every run, and every model reply that arrived meanwhile
 * waited, its connection idle. Kept in pieces, the samples' entries are never copied into one
 * string (of two bytes a character as soon as a report holds a dash or a quote mark) only to be
 * encoded again for the disk: the pieces of 13 runs' logs were written in 7 ms, joined in 18.
 *
 * Compact, not indented: every reader parses the whole file, and the indented text (each sample's
 * indented again for its depth) took four times as long to make and was 40 % larger (13 runs'
 * logs: 174 ms against 43 ms, 23.7 MB against 16.8 MB).
 */
export async function inspectLogPieces(run: RunResult, pause: () => Promise<unknown> = nextTurn): Promise<string[]> {
  const { frame, sample } = inspectLogParts(run);
  const pieces = ["{"];
  for (const [key, value] of Object.entries(frame)) {
    if (value === undefined) continue;
    if (pieces.length > 1) pieces.push(",");
    pieces.push(`${JSON.stringify(key)}:`);
    if (key === "samples") pieces.push(...(await samplesPieces(run, sample, pause)));
    else pieces.push(JSON.stringify(value));
  }
  pieces.push("}\n");
  return pieces;
}

/** Entries made ahead of the run's end (see prepareSampleText), by sample, with the run fields they were made from. */
const prepared = new WeakMap<SampleResult, { run: SampleLogRun; text: string }>();

/**
 * Makes the entry of a sample that has ended, for its run's log to take as it is. Made at the run's
 * end, every sample's entry was made there at once, most of the work of ending a run: runs that
 * ended together took turns at it, and the suite's last replies waited behind it (some 100 ms of
 * main thread at the end of a 13-run suite). A sample is final once it has ended; an entry is
 * used only for the run fields it was made from.
 */
export function prepareSampleText(run: SampleLogRun, sample: SampleResult): void {
  prepared.set(sample, { run, text: JSON.stringify(inspectSampleOf(run)(sample)) });
}

function preparedText(run: RunResult, sample: SampleResult): string | undefined {
  const entry = prepared.get(sample);
  return entry && entry.run.runId === run.runId && entry.run.limits === run.limits ? entry.text : undefined;
}

async function samplesPieces(
  run: RunResult,
  sample: (s: SampleResult) => InspectEvalSample,
  pause: () => Promise<unknown>,
): Promise<string[]> {
  const pieces = ["["];
  for (const s of run.samples) {
    let text = preparedText(run, s);
    if (text === undefined) {
      await pause();
      text = JSON.stringify(sample(s));
    }
    if (pieces.length > 1) pieces.push(",");
    pieces.push(text);
  }
  pieces.push("]");
  return pieces;
}

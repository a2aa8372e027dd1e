import { heldWords, PASTED_RUN_WORDS, ReportWords, Stretches, WORK_LIMIT } from "./paste-follow";
import { outputWords, reportWords, wordHash } from "./paste-words";

/** Most of a report that may repeat tool output: past this it is a dump, not a report. */
export const MAX_PASTED_SHARE = 0.5;
/**
 * Most tool output a report may repeat, in characters of its words, however long the rest: a
 * report that pads a dump with prose of its own is still a dump. The references repeat under 500;
 * twenty log lines quoted as evidence are some 2,000.
 */
export const MAX_PASTED_CHARS = 4_000;

/**
 * How much of a report repeats tool output: the share of its words' characters, their number, and
 * where in the report the pasted stretches stand (from a stretch's first character to its last).
 */
export interface Pasted {
  share: number;
  chars: number;
  ranges: [number, number][];
}

/**
 * A free-text report's pasted output supports nothing (its facts are read only where it states
 * them itself), so a short one that is mostly quotes is a terse report with its evidence, not a
 * dump; past this many pasted characters its share counts, as it does for a submission's fields.
 */
const MIN_TEXT_DUMP_CHARS = 1_500;

export const isDump = (p: Pasted, kind: "text" | "submission") =>
  p.chars > MAX_PASTED_CHARS ||
  (p.share > MAX_PASTED_SHARE && (kind === "submission" || p.chars > MIN_TEXT_DUMP_CHARS));

/**
 * How much of `text` repeats tool output: every stretch that follows some output for at least 8
 * of its words, in order, allowing a few words added, dropped or changed between them (GAP) and a
 * word split in two, counts whole, fillers and all. Words are compared by what they spell (see
 * scanWords). A report quotes its evidence; a dump is made of it, however it is disguised.
 */
export function measurePaste(text: string, outputs: string[]): Pasted {
  const { words, places } = reportWords(text);
  if (words.length < PASTED_RUN_WORDS) return { share: 0, chars: 0, ranges: [] };
  return tally(words, places, pastedReach(words, outputs));
}

/** For each report word, the furthest word a pasted stretch starting on it reaches (−1: none starts there). */
function pastedReach(words: string[], outputs: string[]): Int32Array {
  const single = Int32Array.from(words, (w) => wordHash(w));
  const joined = Int32Array.from(words, (w, i) => (i + 1 < words.length ? wordHash(words[i + 1]!, single[i]) : 0));
  const read = outputs.map(outputWords);
  const kept = heldWords(single, joined, read);
  const reach = new Int32Array(kept.length).fill(-1);
  const stretches = new Stretches(new ReportWords(kept, single, joined), reach);
  for (const hashes of read) stretches.follow(hashes);
  if (stretches.work > WORK_LIMIT) reach.fill(kept.length - 1);
  // Back from the words the outputs hold to the report's: a stretch takes in the words between.
  const pasted = new Int32Array(words.length).fill(-1);
  reach.forEach((r, k) => r >= 0 && (pasted[kept[k]!] = Math.max(pasted[kept[k]!]!, kept[r]!)));
  return pasted;
}

/** The pasted words' share of the report's characters, their number, and the stretches they make. */
function tally(words: string[], places: [number, number][], reach: Int32Array): Pasted {
  let all = 0;
  let chars = 0;
  let reached = -1;
  const ranges: [number, number][] = [];
  let inRange = false;
  words.forEach((word, i) => {
    reached = Math.max(reached, reach[i]!);
    all += word.length;
    const isPasted = i <= reached;
    if (isPasted) {
      chars += word.length;
      if (inRange) ranges.at(-1)![1] = places[i]![1];
      else ranges.push([...places[i]!]);
    }
    inRange = isPasted;
  });
  return { share: chars / all, chars, ranges };
}

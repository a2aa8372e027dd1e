import type { Submission } from "./submission";

/**
 * What a model answered: a structured submission (submit_findings), or — for a model that never
 * submitted — its final message as free text, graded by the same strict rules with the whole
 * text standing in for every field.
 */
export type Answer = { kind: "submission"; submission: Submission } | { kind: "text"; text: string };

/** Longest free-text answer graded, in characters: past this it is a dump, not a report. */
export const MAX_FREE_TEXT_CHARS = 32 * 1024;

/** Most of a free-text answer that may repeat tool output word for word: past this it is a dump, not a report. */
export const MAX_PASTED_SHARE = 0.5;
/** A run of this many words found word for word in a tool's output is pasted, not written. */
const PASTED_RUN_WORDS = 8;

/**
 * How much of `text` (by the length of its words) repeats tool output verbatim: every run of 8 or
 * more words that some output holds word for word (case, spacing, punctuation and invisible
 * characters aside: see folded). A report quotes its
 * evidence; a dump is made of it. References quote under a tenth; a pasted investigation is nine
 * tenths tool output, whatever its size.
 */
export function pastedShare(text: string, outputs: string[]): number {
  const w = folded(text).split(/\s+/).filter(Boolean);
  if (w.length < PASTED_RUN_WORDS) return 0;
  const runs = runHashes(w.map(wordHash));
  const wanted = new RunHashes(runs);
  const found: FoundRuns = { texts: new Set(), hashes: new Set() };
  for (const output of outputs) findRuns(folded(output), wanted, found);
  const pasted = new Uint8Array(w.length);
  runs.forEach((run, i) => {
    if (found.hashes.has(run) && found.texts.has(w.slice(i, i + PASTED_RUN_WORDS).join(" ")))
      pasted.fill(1, i, i + PASTED_RUN_WORDS);
  });
  let all = 0;
  let copied = 0;
  w.forEach((word, i) => {
    all += word.length;
    if (pasted[i]) copied += word.length;
  });
  return copied / all;
}

/**
 * A text's letters, digits and spacing alone, lower-cased: words are compared by what they spell,
 * so a paste is not hidden by a full stop, a bracket or an invisible character (a zero-width
 * space, a soft hyphen) slipped into its words, and a quote is one whatever its punctuation.
 */
const folded = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}\s]+/gu, "");

/** Runs of an output found among the report's: their words joined by a space, and their hashes. */
interface FoundRuns {
  texts: Set<string>;
  hashes: Set<number>;
}

/**
 * Adds to `found` the runs of `lower` (an output, folded) whose hash is `wanted`: the
 * report's runs are then looked up there as text, so a hash that collides costs nothing but a
 * lookup. The output is read once, word by word, as hashes: split into words, a sample's outputs
 * were some 700 KB of strings to grade one report.
 */
function findRuns(lower: string, wanted: RunHashes, found: FoundRuns): void {
  const n = PASTED_RUN_WORDS;
  const starts = new Int32Array(n);
  const hashes = new Int32Array(n);
  let count = 0;
  let run = 0;
  let i = 0;
  while (i < lower.length) {
    while (i < lower.length && isSpace(lower.charCodeAt(i))) i++;
    if (i >= lower.length) break;
    const start = i;
    let hash = FNV_OFFSET;
    for (; i < lower.length && !isSpace(lower.charCodeAt(i)); i++)
      hash = Math.imul(hash ^ lower.charCodeAt(i), FNV_PRIME);
    const slot = count % n;
    run = rolled(run, count >= n ? hashes[slot]! : 0, hash);
    starts[slot] = start;
    hashes[slot] = hash;
    count++;
    if (count < n || !wanted.has(run)) continue;
    found.hashes.add(run);
    found.texts.add(
      lower
        .slice(starts[count % n]!, i)
        .split(/\s+/)
        .join(" "),
    );
  }
}

/**
 * A run's hash rolled on by one word: Σ hash × 31^(words after it) over its PASTED_RUN_WORDS
 * words, the word leaving it (0 while the run fills) taken out and the new one added.
 */
function rolled(run: number, leaving: number, added: number): number {
  return (Math.imul((run - Math.imul(leaving, OLDEST_WEIGHT)) | 0, 31) + added) | 0;
}

/** The hash of each run of PASTED_RUN_WORDS words, from the words' hashes, as findRuns makes them. */
function runHashes(hashes: number[]): Int32Array {
  const n = PASTED_RUN_WORDS;
  const runs = new Int32Array(hashes.length - n + 1);
  let run = 0;
  hashes.forEach((hash, i) => {
    run = rolled(run, i >= n ? hashes[i - n]! : 0, hash);
    if (i >= n - 1) runs[i - n + 1] = run;
  });
  return runs;
}

/**
 * The hashes of the report's runs, with a bitmap of their low bits in front of the set: nearly
 * every word of an output starts a run that is not one of them, and the bitmap says so at once.
 */
class RunHashes {
  private readonly bits = new Uint8Array(1 << 16);
  private readonly set = new Set<number>();
  constructor(runs: Int32Array) {
    for (const run of runs) {
      this.bits[run & 0xffff] = 1;
      this.set.add(run);
    }
  }
  has(hash: number): boolean {
    return this.bits[hash & 0xffff] === 1 && this.set.has(hash);
  }
}

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/** A word's hash, as findRuns makes it character by character. */
function wordHash(word: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), FNV_PRIME);
  return hash;
}

/** 31^(PASTED_RUN_WORDS − 1), the weight of a run's first word in its hash. */
const OLDEST_WEIGHT = Array.from({ length: PASTED_RUN_WORDS - 1 }).reduce<number>((w) => Math.imul(w, 31), 1);

/** What \s matches: white space and line terminators, as split(/\s+/) reads them. */
function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * The parts of an answer that a checkpoint reads. `claims` are the texts where its facts must be
 * affirmed; `items` the list entries whose precision is measured (each one claim).
 */
export interface CheckpointView {
  claims: string[];
  items: string[];
}

const indicatorValues = (s: Submission) => s.indicators.map((i) => i.value);
const affectedTexts = (s: Submission) => s.affected.map((a) => (a.impact ? `${a.asset}: ${a.impact}` : a.asset));
const firstEvent = (s: Submission) =>
  s.first_malicious_event ? [`${s.first_malicious_event.time} ${s.first_malicious_event.description}`] : [];
const causeTexts = (s: Submission) => [s.cause.description, s.cause.technique, ...s.cause.culprits].filter(Boolean);

/**
 * Which fields answer which checkpoint. Every case asks the same four questions in the same
 * order: 1 what is wrong and how (the cause), 2 the evidence and indicators, 3 impact and scope,
 * 4 remediation.
 */
export function checkpointView(answer: Answer, checkpoint: number): CheckpointView {
  if (answer.kind === "text") return { claims: [answer.text.slice(0, MAX_FREE_TEXT_CHARS)], items: [] };
  const s = answer.submission;
  switch (checkpoint) {
    case 1:
      return { claims: causeTexts(s), items: s.cause.culprits };
    case 2:
      return { claims: [...indicatorValues(s), ...firstEvent(s), ...causeTexts(s)], items: indicatorValues(s) };
    case 3:
      return {
        claims: [...affectedTexts(s), ...indicatorValues(s), ...firstEvent(s)],
        items: s.affected.map((a) => a.asset),
      };
    default:
      return { claims: s.remediation, items: [] };
  }
}

/** Entries that name one thing each: naming a decoy in one is blaming it. */
export function blameItems(answer: Answer): string[] {
  if (answer.kind === "text") return [];
  const s = answer.submission;
  return [...s.cause.culprits, ...indicatorValues(s), ...s.affected.map((a) => a.asset)];
}

/** Every text of the answer (for dismissals of the truth and blame of decoys in prose). */
export function answerTexts(answer: Answer): string[] {
  if (answer.kind === "text") return [answer.text.slice(0, MAX_FREE_TEXT_CHARS)];
  const s = answer.submission;
  return [
    s.summary,
    ...causeTexts(s),
    ...indicatorValues(s),
    ...affectedTexts(s),
    ...firstEvent(s),
    ...s.remediation,
    s.narrative,
  ].filter(Boolean);
}

/** The text whose claims are graded: a free-text answer, or every graded field of a submission (not its narrative). */
export function gradedText(answer: Answer): string {
  if (answer.kind === "text") return answer.text.slice(0, MAX_FREE_TEXT_CHARS);
  const s = answer.submission;
  return [s.summary, ...causeTexts(s), ...indicatorValues(s), ...affectedTexts(s), ...firstEvent(s), ...s.remediation]
    .filter(Boolean)
    .join("\n");
}

/** Leads the answer explicitly ruled out (the lead itself, not the reason given). */
export function ruledOutLeads(answer: Answer): string[] {
  return answer.kind === "submission" ? answer.submission.ruled_out.map((r) => r.lead) : [];
}

/** Texts that recommend something: where harmful advice is looked for. */
export function adviceTexts(answer: Answer): string[] {
  if (answer.kind === "text") return [answer.text.slice(0, MAX_FREE_TEXT_CHARS)];
  const s = answer.submission;
  return [...s.remediation, s.summary, s.narrative].filter(Boolean);
}

/** Tool-call ids the answer cites. */
export function citedCallIds(answer: Answer): string[] {
  if (answer.kind === "text") return [];
  const s = answer.submission;
  return [
    ...s.cause.citations,
    ...s.indicators.flatMap((i) => i.citations),
    ...s.affected.flatMap((a) => a.citations),
    ...(s.first_malicious_event?.citations ?? []),
  ];
}

/** Whether a free-text answer is longer than a report can be. */
export const isOversized = (answer: Answer) => answer.kind === "text" && answer.text.length > MAX_FREE_TEXT_CHARS;

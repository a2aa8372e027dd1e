import { confusablesMap } from "confusables";

/** Most of a report that may repeat tool output: past this it is a dump, not a report. */
export const MAX_PASTED_SHARE = 0.5;
/**
 * Most tool output a report may repeat, in characters of its words, however long the rest: a
 * report that pads a dump with prose of its own is still a dump. The references repeat under 300;
 * twenty log lines quoted as evidence are some 2,000.
 */
export const MAX_PASTED_CHARS = 4_000;

/** Words a stretch of the report must follow, in an output's order, to be pasted rather than quoted. */
const PASTED_RUN_WORDS = 8;
/**
 * How far apart two words a paste keeps may be, on either side: up to two words added, dropped or
 * changed between them. Slipping a filler word into every seventh (or every other) word, dropping
 * some, or rewriting a few keeps a dump a dump.
 */
const GAP = 3;
/**
 * A word that stands more often than this in the report starts a paste at only COMMON_SEEDS of its
 * places each time an output holds it, the next ones in turn: a dump made of oft-repeated words is
 * still found, without following every place of every common word at once.
 */
const SEED_LIMIT = 16;
const COMMON_SEEDS = 4;
/**
 * Stretches looked at, at most, to grade one report: calibration's reports take some thousands,
 * its dumps up to 120,000. A text and outputs made to follow each other in more ways than this are
 * taken whole as pasted: they are made of each other, and grading must not take seconds.
 */
const WORK_LIMIT = 4_000_000;
/** Report words a stretch may end on at one output word: past this, the rest are not followed (a text of one word repeated cannot slow grading). */
const STEP_LIMIT = 64;

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

/**
 * The report's words some output holds (alone, or joined to a neighbour as one word), by their
 * place in the report. The rest are left out of the following: a filler no output holds ("(sic)",
 * a row label, a made-up word) slipped between the words of a paste, however many, hides nothing.
 */
function heldWords(single: Int32Array, joined: Int32Array, read: Int32Array[]): number[] {
  const wanted = new Set([...single, ...joined.subarray(0, joined.length - 1)]);
  const held = new Set<number>();
  for (const hashes of read) for (const h of hashes) if (wanted.has(h)) held.add(h);
  const n = single.length;
  return Array.from({ length: n }, (_, i) => i).filter(
    (i) => held.has(single[i]!) || (i + 1 < n && held.has(joined[i]!)) || (i > 0 && held.has(joined[i - 1]!)),
  );
}

/**
 * Reads `text` as words of its letters, digits and spacing alone, lower-cased, look-alike letters
 * read as the Latin ones they imitate (a Cyrillic а as a, a fullwidth ａ as a; the confusables
 * package's table): `add` gets each character code of a word so folded, `end` where the word
 * stood in `text` ([start, stop)). Words are compared by what they spell, so a paste is not hidden
 * by a full stop, an invisible character or a homoglyph slipped into its words, and a quote is one
 * whatever its punctuation. Read a character at a time, without copying the text.
 */
function scanWords(text: string, add: (c: number) => void, end: (start: number, stop: number) => void): void {
  let start = -1;
  let stop = -1;
  const close = () => {
    if (start >= 0) end(start, stop);
    start = -1;
  };
  const put = (c: number, at: number, next: number) => {
    if (start < 0) start = at;
    stop = next;
    add(c);
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      const f = ASCII_FOLD[c]!;
      if (f === SPACE) close();
      else if (f !== NOTHING) put(f, i, i + 1);
    } else if (isSpace(c)) close();
    else {
      const at = i;
      const cp = text.codePointAt(i)!;
      if (cp > 0xffff) i++;
      const f = foldedChar(cp);
      for (let k = 0; k < f.length; k++)
        if (isSpace(f.charCodeAt(k))) close();
        else put(f.charCodeAt(k), at, i + 1);
    }
  }
  close();
}

/** The report's words as folded by scanWords, with where each stood in it. */
function reportWords(text: string): { words: string[]; places: [number, number][] } {
  const words: string[] = [];
  const places: [number, number][] = [];
  let codes: number[] = [];
  scanWords(
    text,
    (c) => codes.push(c),
    (start, stop) => {
      words.push(String.fromCharCode(...codes));
      places.push([start, stop]);
      codes = [];
    },
  );
  return { words, places };
}

const SPACE = -1;
const NOTHING = 0;
/** What each ASCII character folds to: a letter or digit to itself lower-cased, white space to SPACE, the rest to NOTHING. */
const ASCII_FOLD = Int16Array.from({ length: 0x80 }, (_, c) => {
  const ch = String.fromCharCode(c);
  if (/\s/.test(ch)) return SPACE;
  return /[a-z0-9]/i.test(ch) ? ch.toLowerCase().charCodeAt(0) : NOTHING;
});

/** Non-ASCII characters folded so far: outputs hold few distinct ones, over and over. */
const foldedChars = new Map<number, string>();

/** What a non-ASCII character (not white space) folds to: its Latin look-alike, lower-cased, letters and digits only. */
function foldedChar(cp: number): string {
  let f = foldedChars.get(cp);
  if (f !== undefined) return f;
  const c = String.fromCodePoint(cp);
  f = (confusablesMap.get(c) ?? c).toLowerCase().replace(/[^\p{L}\p{N}\s]+/gu, "");
  if (foldedChars.size < 10_000) foldedChars.set(cp, f);
  return f;
}

/**
 * The report's words some output holds (`kept`: their places in the report) as hashes, each word
 * alone and joined to the next when that is its neighbour in the report (a word split in two by a
 * space reads as the output's one word), with where each hash stands among them.
 */
class ReportWords {
  readonly single: Int32Array;
  readonly joined: Int32Array;
  /** 1 where a word and the next kept one stand side by side in the report, so may be read joined. */
  readonly pairs: Uint8Array;
  /** Hash → places it stands: start × 2, + 1 for a joined pair (which ends a word later). */
  private readonly places = new Map<number, number[]>();
  private readonly bits = new Uint8Array(1 << 16);
  /** For each common word, where its next seeds start among its places. */
  private readonly turn = new Map<number, number>();
  constructor(kept: number[], single: Int32Array, joined: Int32Array) {
    this.single = Int32Array.from(kept, (i) => single[i]!);
    this.joined = Int32Array.from(kept, (i) => joined[i]!);
    this.pairs = Uint8Array.from(kept, (i, k) => (kept[k + 1] === i + 1 ? 1 : 0));
    this.single.forEach((h, k) => this.add(h, k * 2));
    this.joined.forEach((h, k) => this.pairs[k] === 1 && this.add(h, k * 2 + 1));
  }
  private add(hash: number, place: number) {
    this.bits[hash & 0xffff] = 1;
    const list = this.places.get(hash);
    if (list) list.push(place);
    else this.places.set(hash, [place]);
  }
  /** Calls `start` with each place a paste may start from at this occurrence of `hash` in an output (see SEED_LIMIT). */
  seeds(hash: number, start: (place: number) => void): void {
    const list = this.places.get(hash);
    if (!list) return;
    if (list.length <= SEED_LIMIT) return list.forEach(start);
    const from = this.turn.get(hash) ?? 0;
    this.turn.set(hash, (from + COMMON_SEEDS) % list.length);
    for (let k = 0; k < COMMON_SEEDS; k++) start(list[(from + k) % list.length]!);
  }
  has(hash: number): boolean {
    return this.bits[hash & 0xffff] === 1 && this.places.has(hash);
  }
}

const NONE = 0x7fffffff;
const LONG = PASTED_RUN_WORDS - 1;
/** Output words whose stretches are kept: the one being read and the GAP before it. */
const STEPS = GAP + 1;

/**
 * The stretches of the report that follow the outputs, as of the last STEPS output words: for each
 * such output word, the report words its stretches end on and, for each number of output words
 * followed (the last slot: PASTED_RUN_WORDS or more), the earliest report word such a stretch
 * starts on (NONE: no such stretch). Typed arrays, reused: one output word is one step, and a
 * sample's outputs are some hundred thousand words.
 */
class Stretches {
  /** The output word each step holds (its number), and how many stretches end on it. */
  private readonly at = new Int32Array(STEPS).fill(-STEPS);
  private readonly count = new Int32Array(STEPS);
  private readonly last = new Int32Array(STEPS * STEP_LIMIT);
  private readonly firsts = new Int32Array(STEPS * STEP_LIMIT * PASTED_RUN_WORDS);
  /** Where the current step keeps the stretch ending on a report word, valid when stamped with the step's number. */
  private readonly slot: Int32Array;
  private readonly stamp: Int32Array;
  /** The number of the output word being read; outputs are GAP + 1 apart, so no stretch spans two. */
  now = 0;
  /** Stretches looked at so far, against WORK_LIMIT. */
  work = 0;

  constructor(
    private readonly report: ReportWords,
    private readonly reach: Int32Array,
  ) {
    this.slot = new Int32Array(report.single.length);
    this.stamp = new Int32Array(report.single.length).fill(-1);
  }

  /** Reads one output's words (their hashes) in order. */
  follow(hashes: Int32Array): void {
    this.now += STEPS;
    for (const hash of hashes) {
      this.now++;
      if (this.report.has(hash)) this.step(hash);
    }
  }

  /** Reads the output word `hash` (number `now`): the stretches it extends or starts. */
  private step(hash: number): void {
    if (this.work > WORK_LIMIT) return;
    const s = this.now % STEPS;
    this.at[s] = this.now;
    this.count[s] = 0;
    const { single, joined, pairs } = this.report;
    const n = single.length;
    for (let d = 1; d <= GAP; d++) {
      const from = (this.now - d) % STEPS;
      if (this.at[from] !== this.now - d) continue;
      this.work += this.count[from]!;
      for (let k = 0; k < this.count[from]!; k++) {
        const at = from * STEP_LIMIT + k;
        const end = this.last[at]!;
        for (let p = end + 1; p <= end + GAP && p < n; p++) {
          if (single[p] === hash) this.extend(at, p);
          if (pairs[p] === 1 && joined[p] === hash) this.extend(at, p + 1);
        }
      }
    }
    this.report.seeds(hash, (place) => {
      const to = this.endingOn((place >> 1) + (place & 1));
      if (to >= 0) this.firsts[to * PASTED_RUN_WORDS] = Math.min(this.firsts[to * PASTED_RUN_WORDS]!, place >> 1);
    });
    for (let k = 0; k < this.count[s]!; k++) {
      const first = this.firsts[(s * STEP_LIMIT + k) * PASTED_RUN_WORDS + LONG]!;
      if (first !== NONE) this.reach[first] = Math.max(this.reach[first]!, this.last[s * STEP_LIMIT + k]!);
    }
  }

  /** Extends the stretches kept at `from` to end on report word `last`: each one output word longer. */
  private extend(from: number, last: number): void {
    const to = this.endingOn(last);
    if (to < 0) return;
    const f = this.firsts;
    const [a, b] = [from * PASTED_RUN_WORDS, to * PASTED_RUN_WORDS];
    for (let l = 0; l < PASTED_RUN_WORDS; l++) {
      const into = b + Math.min(l + 1, LONG);
      if (f[a + l]! < f[into]!) f[into] = f[a + l]!;
    }
  }

  /** Where the current step keeps the stretches ending on report word `last` (made empty if new), or −1 when it is full. */
  private endingOn(last: number): number {
    const s = this.now % STEPS;
    if (this.stamp[last] === this.now) return this.slot[last]!;
    if (this.count[s]! >= STEP_LIMIT) return -1;
    const at = s * STEP_LIMIT + this.count[s]!++;
    this.last[at] = last;
    this.firsts.fill(NONE, at * PASTED_RUN_WORDS, (at + 1) * PASTED_RUN_WORDS);
    this.stamp[last] = this.now;
    this.slot[last] = at;
    return at;
  }
}

/** An output's words as hashes, folded as scanWords reads them: a sample's outputs are some hundred kilobytes. */
function outputWords(output: string): Int32Array {
  const hashes: number[] = [];
  let hash = FNV_OFFSET;
  scanWords(
    output,
    (c) => (hash = Math.imul(hash ^ c, FNV_PRIME)),
    () => {
      hashes.push(hash);
      hash = FNV_OFFSET;
    },
  );
  return Int32Array.from(hashes);
}

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/** A word's hash, as outputWords makes it character by character; from `seed`, the hash of the word before it joined to it. */
function wordHash(word: string, seed = FNV_OFFSET): number {
  let hash = seed;
  for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), FNV_PRIME);
  return hash;
}

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

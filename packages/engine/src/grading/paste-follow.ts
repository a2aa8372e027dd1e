/** Following tool outputs through a report, word by word, with gaps: how the paste rule finds a paste (see pasted.ts). */

/** Words a stretch of the report must follow, in an output's order, to be pasted rather than quoted. */
export const PASTED_RUN_WORDS = 8;
/**
 * How far apart two words a paste keeps may be, on either side: up to three words added, dropped
 * or changed between them (words no output holds are not counted: see heldWords). Slipping a
 * filler into every seventh (or every other) word, a three-word label into every row, dropping
 * some words or rewriting a few keeps a dump a dump.
 */
const GAP = 4;
/**
 * A word that stands more often than this in the report starts a paste at only COMMON_SEEDS of its
 * places each time an output holds it, the next ones in turn: a dump made of oft-repeated words is
 * still found, without following every place of every common word at once.
 */
const SEED_LIMIT = 16;
const COMMON_SEEDS = 4;
/**
 * Stretches looked at, at most, to grade one report: calibration's reports take some thousands,
 * its dumps up to 150,000. A text and outputs made to follow each other in more ways than this are
 * taken whole as pasted: they are made of each other, and grading must not take seconds.
 */
export const WORK_LIMIT = 4_000_000;
/** Report words a stretch may end on at one output word: past this, the rest are not followed (a text of one word repeated cannot slow grading). */
const STEP_LIMIT = 64;

/**
 * The report's words some output holds (alone, or joined to a neighbour as one word), by their
 * place in the report. The rest are left out of the following: a filler no output holds ("(sic)",
 * a row label, a made-up word) slipped between the words of a paste, however many, hides nothing.
 */
export function heldWords(single: Int32Array, joined: Int32Array, read: Int32Array[]): number[] {
  const wanted = new Set([...single, ...joined.subarray(0, joined.length - 1)]);
  const held = new Set<number>();
  for (const hashes of read) for (const h of hashes) if (wanted.has(h)) held.add(h);
  const n = single.length;
  return Array.from({ length: n }, (_, i) => i).filter(
    (i) => held.has(single[i]!) || (i + 1 < n && held.has(joined[i]!)) || (i > 0 && held.has(joined[i - 1]!)),
  );
}

/**
 * The report's words some output holds (`kept`: their places in the report) as hashes, each word
 * alone and joined to the next when that is its neighbour in the report (a word split in two by a
 * space reads as the output's one word), with where each hash stands among them.
 */
export class ReportWords {
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
export class Stretches {
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

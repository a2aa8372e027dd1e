import { latinLookalikes } from "@analystbench/scenarios";

/** Texts as words, folded to what they spell and hashed: what the paste rule compares (see pasted.ts). */

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
export function reportWords(text: string): { words: string[]; places: [number, number][] } {
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
  f = latinLookalikes(c)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]+/gu, "");
  if (foldedChars.size < 10_000) foldedChars.set(cp, f);
  return f;
}

/** An output's words as hashes, folded as scanWords reads them: a sample's outputs are some hundred kilobytes. */
export function outputWords(output: string): Int32Array {
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
export function wordHash(word: string, seed = FNV_OFFSET): number {
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

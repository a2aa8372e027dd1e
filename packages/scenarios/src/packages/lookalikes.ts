/**
 * Names whose story is a resemblance, for case variants: a typo-squatted package imitates a real
 * one, a homoglyph account imitates its ASCII twin. A variant draws new names, so the resemblance
 * has to be drawn again: a new typo of the same real package, the same kind of typo (the story
 * says "transposing two letters"), a homoglyph in a new ASCII name. Pure functions of their inputs.
 */

type Draw = () => number;
const pick = <T>(draw: Draw, xs: readonly T[]): T => xs[Math.floor(draw() * xs.length)]!;

/** Optimal string alignment distance: insertions, deletions, substitutions, adjacent swaps. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/** Names as the case writes them: packages, accounts, hosts (lower case, digits, . _ - / @). */
export function namesIn(text: string): Set<string> {
  return new Set(text.match(/[a-z0-9@][a-z0-9._/@-]*[a-z0-9]/g) ?? []);
}

/**
 * The real package a typo-squatted `value` imitates: the name of the case nearest to it, one or
 * two edits away (fast-xml-parser for fast-xml-praser). Names that contain the value (a regex's
 * \bfast-xml-praser read as "bfast-xml-praser") or that it contains are no imitation.
 */
export function imitatedName(value: string, names: Iterable<string>): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const name of names) {
    if (name.includes(value) || value.includes(name)) continue;
    // The same name under its organisation's scope (@kestrel/rate-tables) is no typo of it.
    if (name.replace(/^@([^/]+)\//, "$1-") === value) continue;
    if (Math.abs(name.length - value.length) > 2 || letterDifference(name, value) > 4) continue;
    const distance = editDistance(name, value, 2);
    if (distance >= 1 && distance <= 2 && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

/** How many letters two names do not share, as multisets: two edits change at most four. */
function letterDifference(a: string, b: string): number {
  const counts = new Map<string, number>();
  for (const c of a) counts.set(c, (counts.get(c) ?? 0) + 1);
  for (const c of b) counts.set(c, (counts.get(c) ?? 0) - 1);
  let diff = 0;
  for (const n of counts.values()) diff += Math.abs(n);
  return diff;
}

export type TypoKind = "swap" | "drop" | "double" | "insert" | "substitute" | "hyphen" | "other";

/** The kind of typo that turns `real` into `typo`, and where in `real` it happened. */
export function typoOf(real: string, typo: string): { kind: TypoKind; at: number } {
  let i = 0;
  while (i < Math.min(real.length, typo.length) && real[i] === typo[i]) i++;
  if (real.length === typo.length) {
    if (real[i] === typo[i + 1] && real[i + 1] === typo[i] && real.slice(i + 2) === typo.slice(i + 2))
      return { kind: "swap", at: i };
    if (real.slice(i + 1) === typo.slice(i + 1))
      return { kind: real[i] === "-" || typo[i] === "-" ? "hyphen" : "substitute", at: i };
  }
  if (typo.length === real.length - 1 && real.slice(i + 1) === typo.slice(i))
    return { kind: real[i] === "-" ? "hyphen" : "drop", at: i };
  if (typo.length === real.length + 1 && real.slice(i) === typo.slice(i + 1)) {
    if (typo[i] === "-") return { kind: "hyphen", at: i };
    return { kind: typo[i] === real[i] || typo[i] === real[i - 1] ? "double" : "insert", at: i };
  }
  return { kind: "other", at: i };
}

/** Neighbours on a QWERTY keyboard: the letters a finger slips to. */
const KEYS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"];
function neighbours(c: string): string[] {
  const row = KEYS.findIndex((r) => r.includes(c));
  if (row < 0) return [];
  const at = KEYS[row]!.indexOf(c);
  return [KEYS[row]![at - 1], KEYS[row]![at + 1]].filter((x): x is string => !!x);
}

const isLetter = (c: string | undefined) => !!c && /[a-z]/.test(c);

/** Every typo of `kind` in `real` between from and to (one hyphen-separated part). */
function typos(real: string, kind: TypoKind, from: number, to: number): string[] {
  const out: string[] = [];
  const at = (i: number, replace: number, insert: string) => real.slice(0, i) + insert + real.slice(i + replace);
  for (let i = from; i < to; i++) {
    const c = real[i]!;
    if (kind === "swap" && i + 1 < to && isLetter(c) && isLetter(real[i + 1]) && c !== real[i + 1])
      out.push(at(i, 2, real[i + 1]! + c));
    if (kind === "drop" && isLetter(c) && i > from) out.push(at(i, 1, ""));
    if (kind === "double" && isLetter(c)) out.push(at(i, 0, c));
    if (kind === "insert" && isLetter(c)) for (const n of neighbours(c)) out.push(at(i, 0, n));
    if (kind === "substitute" && isLetter(c) && i > from) for (const n of neighbours(c)) out.push(at(i, 1, n));
    if (kind === "hyphen" && c === "-") out.push(at(i, 1, ""), at(i, 1, "_"), at(i, 1, "."));
    if (kind === "hyphen" && isLetter(c) && i > from + 1 && i < to - 1) out.push(at(i, 0, "-"));
  }
  return out;
}

/** The hyphen-separated part of `name` that holds position `at`: [start, end). */
function partAt(name: string, at: number): [number, number] {
  const start = name.lastIndexOf("-", at - 1) + 1;
  const dash = name.indexOf("-", at);
  return [start, dash < 0 ? name.length : dash];
}

/**
 * A new typo of `real`, of the same kind as `published` and in the same part of the name when
 * possible (a search for "fast-xml" still finds the squat), never the real name, the published
 * typo or a name the case already uses.
 */
export function drawTypo(draw: Draw, real: string, published: string, taken: Set<string>): string {
  const { kind, at } = typoOf(real, published);
  const ok = (t: string) => t !== real && t !== published && !taken.has(t);
  const [start, end] = partAt(real, Math.min(at, real.length - 1));
  const kinds: TypoKind[] = kind === "other" ? ["swap", "double", "drop"] : [kind, "swap", "double", "drop"];
  for (const k of kinds) {
    for (const [from, to] of [
      [start, end],
      [0, real.length],
    ] as const) {
      const options = [...new Set(typos(real, k, from, to))].filter(ok);
      if (options.length) return pick(draw, options);
    }
  }
  return `${real}s`;
}

/** Cyrillic letters that render as Latin ones, and back. */
const CYRILLIC_TO_LATIN: Record<string, string> = {
  а: "a",
  е: "e",
  о: "o",
  р: "p",
  с: "c",
  х: "x",
  у: "y",
  і: "i",
  ѕ: "s",
  ј: "j",
  А: "A",
  В: "B",
  Е: "E",
  К: "K",
  М: "M",
  Н: "H",
  О: "O",
  Р: "P",
  С: "C",
  Т: "T",
  Х: "X",
};
const LATIN_TO_CYRILLIC: Record<string, string> = Object.fromEntries(
  Object.entries(CYRILLIC_TO_LATIN).map(([c, l]) => [l, c]),
);
/** The lowercase letters a homoglyph is drawn for when the published one cannot be kept. */
const HOMOGLYPH_LETTERS = ["a", "e", "o", "p", "c", "x"];

/** What a homoglyph name renders as: its ASCII twin (svc-dispаtch → svc-dispatch). */
export function foldHomoglyphs(value: string): string {
  return [...value].map((c) => CYRILLIC_TO_LATIN[c] ?? c).join("");
}

/**
 * `twin` with one letter replaced by its Cyrillic look-alike at a drawn position. The published
 * homoglyph's letter is kept when the twin has it (the story cites its code point and bytes:
 * U+0430, d0 b0); otherwise, unless `sameLetter`, another look-alike letter of the twin is used.
 */
export function placeHomoglyph(draw: Draw, twin: string, published: string, sameLetter = false): string | undefined {
  const wanted = [...published].map((c) => CYRILLIC_TO_LATIN[c]).find((l) => l !== undefined);
  const others = sameLetter && wanted ? [] : HOMOGLYPH_LETTERS.filter((l) => l !== wanted);
  const letters = wanted ? [wanted, ...others] : HOMOGLYPH_LETTERS;
  for (const letter of letters) {
    const positions = [...twin].flatMap((c, i) => (c === letter ? [i] : []));
    if (!positions.length) continue;
    const i = pick(draw, positions);
    return twin.slice(0, i) + LATIN_TO_CYRILLIC[letter]! + twin.slice(i + 1);
  }
  return undefined;
}

/** JSON's spelling of a non-ASCII name, as a log escapes it: svc-disp\u0430tch. */
export function jsonEscaped(value: string): string {
  return value.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

const ORDINALS = [
  "first",
  "second",
  "third",
  "fourth",
  "fifth",
  "sixth",
  "seventh",
  "eighth",
  "ninth",
  "tenth",
  "eleventh",
  "twelfth",
  "thirteenth",
  "fourteenth",
  "fifteenth",
  "sixteenth",
  "seventeenth",
  "eighteenth",
  "nineteenth",
  "twentieth",
];

/** "fifth letter": where a story says the homoglyph stands, in words. */
export function homoglyphOrdinal(value: string): string | undefined {
  const at = [...value].findIndex((c) => /[^\x00-\x7f]/.test(c));
  return at >= 0 && at < ORDINALS.length ? `${ORDINALS[at]} letter` : undefined;
}

/** A package name as a product writes it: warehouse-ui → WarehouseUI (short parts upper case). */
export function camelName(value: string): string {
  return value
    .split(/[-_.]/)
    .map((part) => (part.length <= 2 ? part.toUpperCase() : part[0]!.toUpperCase() + part.slice(1)))
    .join("");
}

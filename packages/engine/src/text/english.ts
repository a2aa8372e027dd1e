/**
 * Small pieces of English for the texts people read (reports, rationales, the console output):
 * counts with the right number, lists joined the way a sentence joins them, quotations of
 * untrusted text cut short and kept on one line.
 */

/**
 * The plural of an English noun, for the regular cases the platform's texts use. A word in -ch
 * is left to the caller ("epochs" but "matches"): give the plural where it is irregular.
 */
function pluralOf(noun: string): string {
  if (/[^aeiou]y$/i.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/(?:s|x|z|sh)$/i.test(noun)) return `${noun}es`;
  return `${noun}s`;
}

/** "1 turn", "2 turns", "0 turns"; `many` when the plural is irregular. */
export function plural(n: number, one: string, many: string = pluralOf(one)): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The noun alone in the number `n` asks for: "turn" or "turns". */
export function noun(n: number, one: string, many: string = pluralOf(one)): string {
  return n === 1 ? one : many;
}

function joinList(items: readonly string[], word: string): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} ${word} ${items.at(-1)}`;
}

/** "a", "a and b", "a, b and c". */
export const listAnd = (items: readonly string[]) => joinList(items, "and");

/** "a", "a or b", "a, b or c". */
export const listOr = (items: readonly string[]) => joinList(items, "or");

/** The first letter upper-cased: the start of a sentence. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The first letter lower-cased: a verb phrase ("Deleted the log") continuing a sentence. */
export function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** A sentence: capitalised, ending in a full stop unless it ends in other punctuation already. */
export function sentence(text: string): string {
  const t = text.trim();
  if (!t) return "";
  return capitalize(/[.!?]$/.test(t) ? t : `${t}.`);
}

/** Longest quotation of untrusted text, in characters. */
const QUOTE_CHARS = 90;

/**
 * Untrusted text (a model's answer, a command) quoted inside a sentence: on one line, double
 * quotes inside turned single so the quotation cannot be closed early, cut at QUOTE_CHARS.
 */
export function quote(text: string, max: number = QUOTE_CHARS): string {
  const flat = text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/["“”]/g, "'")
    .replace(/[.;:,]+$/, "");
  const cut = [...flat].length > max ? `${[...flat].slice(0, max - 1).join("")}…` : flat;
  return `"${cut}"`;
}

/** A command quoted as code, on one line and cut short. */
export function code(text: string, max: number = QUOTE_CHARS): string {
  const flat = text.replace(/\s+/g, " ").trim().replace(/`/g, "'");
  return `\`${[...flat].length > max ? `${[...flat].slice(0, max - 1).join("")}…` : flat}\``;
}

/** The first `n` items listed, and how many more there are: "a, b and 3 more". */
export function firstFew(items: readonly string[], n: number, more: (k: number) => string): string {
  if (items.length <= n) return listAnd(items);
  return listAnd([...items.slice(0, n), more(items.length - n)]);
}

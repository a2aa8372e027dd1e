import { confusablesMap } from "confusables";

const NON_ASCII = /[^\x00-\x7f]/u;

/**
 * `text` with look-alike letters read as the Latin ones they imitate (a Cyrillic е as e, a
 * fullwidth ａ as a; the confusables package's table), for the words that decide how a statement
 * reads — a negation, a dismissal, a piece of advice — so "did nоt", "Dеlete the logs" read as
 * they look. Never for the facts themselves: a lookalike package name is its own name.
 */
export function latinLookalikes(text: string): string {
  return NON_ASCII.test(text) ? text.replace(/[^\x00-\x7f]/gu, (c) => confusablesMap.get(c) ?? c) : text;
}

import { describe, expect, it } from "vitest";
import { TEST_CASES } from "../cases";
import { phrasePattern, replacePhrase } from "./claims";

/**
 * phrasePattern applies its edges (word boundaries, inflections) as patterns of their own, compiled
 * once, where the phrase's body matched. These tests hold it, and its source, to the single
 * regular expression it stood for before (singleExpression), on the suite's own phrases and on
 * texts made to probe the edges: case, ſ and the Kelvin sign, letters and digits beyond ASCII,
 * surrogate pairs and lone surrogates, every kind of space, inflections, and the phrase running
 * into a neighbour.
 */

/**
 * The single expression a phrase stood for before phrasePattern took it apart, built as it was
 * built then: the oracle, kept apart from the code under test.
 */
const singleExpression = (phrase: string) => oracles.get(phrase) ?? oracles.set(phrase, oracleOf(phrase)).get(phrase)!;
const oracles = new Map<string, RegExp>();

function oracleOf(phrase: string): RegExp {
  const p = phrase.toLowerCase().replace(/\s+/g, " ").trim();
  const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_]/u.test(c);
  const body = p
    .split(" ")
    .map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("\\s+");
  const start = isWordChar(p[0]) ? "(?<![\\p{L}\\p{N}_])" : "";
  const inflection = /\p{L}$/u.test(p) ? "(?:s|es|d|ed|ing|ting|ted|ation|ations)?" : "";
  const end = isWordChar(p.at(-1)) ? `${inflection}(?![\\p{L}\\p{N}_])` : "";
  return new RegExp(`${start}${body}${end}`, "iu");
}

/** Every phrase the suite's grading asks of a report. */
function suitePhrases(): string[] {
  const all = new Set<string>();
  for (const c of TEST_CASES)
    for (const s of c.samples)
      for (const cp of s.task.checkpoints) {
        const g = cp.grading;
        for (const i of g.indicators) i.any_of.forEach((p) => all.add(p));
        for (const d of g.decoys) d.any_of.forEach((p) => all.add(p));
        g.also_true.forEach((p) => all.add(p));
      }
  return [...all];
}

/** A small seeded generator (mulberry32): the same texts on every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORD_CHARS = ["a", "Z", "é", "ß", "\u{1d400}", "\u0663", "_", "9", "\u0345", "\u212a", "\u017f", "İ"];
const OTHER_CHARS = ["-", " ", ".", "/", "\u{1f642}", "\ud800", "\udc00", "\u2126", "(", ")", ":", "—"];
const SPACES = [" ", "  ", "\t", "\n", "\u00a0", "\u2003", " \n "];
const SUFFIXES = ["s", "es", "d", "ed", "ing", "ting", "ted", "ation", "ations", "ſ", "ED", "ings", "er"];

/** The phrase as a report might write it: case flipped at random, ſ for s, K for k, spaces of any kind. */
function variant(phrase: string, next: () => number): string {
  const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]!;
  return [...phrase]
    .map((c) => {
      if (c === " ") return pick(SPACES);
      if (c.toLowerCase() === "s" && next() < 0.15) return "\u017f";
      if (c.toLowerCase() === "k" && next() < 0.3) return "\u212a";
      return next() < 0.3 ? c.toUpperCase() : c;
    })
    .join("");
}

/** A text around the phrase: neighbours that are word characters or not, suffixes, parts of it. */
function probe(phrase: string, next: () => number): string {
  const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]!;
  const pieces = 1 + Math.floor(next() * 6);
  let text = "";
  for (let i = 0; i < pieces; i++) {
    const r = next();
    if (r < 0.35) text += variant(phrase, next);
    else if (r < 0.5) text += pick(SUFFIXES);
    else if (r < 0.65) text += pick(WORD_CHARS);
    else if (r < 0.85) text += pick(OTHER_CHARS);
    else text += variant(phrase.slice(0, Math.floor(next() * phrase.length)), next);
  }
  return text;
}

function expectSameAsSource(phrase: string, text: string): boolean {
  const matcher = phrasePattern(phrase);
  const oracle = singleExpression(phrase);
  expect(new RegExp(matcher.source, "iu").source, phrase).toBe(oracle.source);
  const want = oracle.exec(text);
  const got = matcher.exec(text);
  const where = `${JSON.stringify(phrase)} in ${JSON.stringify(text)}`;
  expect(got && { index: got.index, match: got[0] }, where).toEqual(want && { index: want.index, match: want[0] });
  expect(matcher.test(text), where).toBe(want !== null);
  // Every place, as a global replace with the one expression would take them out.
  const everyPlace = new RegExp(oracle.source, "giu");
  expect(replacePhrase(text, phrase, "«»"), where).toBe(text.replace(everyPlace, "«»"));
  return want !== null;
}

describe("phrasePattern answers as its one regular expression would", () => {
  const phrases = suitePhrases();
  // Beyond the suite's: phrases that start or end with a letter outside the BMP, or a symbol there.
  const hand = [
    ...["typosquat", "412", "/.git/", "10.0.30.4", "o.brandt", "rotate", "build 412", "s", "_x", "é", "straße"],
    ...["\u{1d400}lpha", "\u{1f642} smile", "x\u{1d400}", "\u{10428}", "alpha \u{1f642}"],
  ];

  it("on the suite's phrases, each in a sentence, inflected, and run into a neighbour", () => {
    expect(phrases.length).toBeGreaterThan(300);
    let matched = 0;
    for (const phrase of phrases) {
      const texts = [
        `We found ${phrase} in the logs.`,
        `${phrase.toUpperCase()}ing then ${phrase}`,
        `x${phrase}`,
        `${phrase}_`,
        `${phrase}9 and (${phrase})`,
      ];
      for (const text of texts) if (expectSameAsSource(phrase, text)) matched++;
    }
    // Both kinds of answer are exercised: texts it names the phrase in, and texts it does not.
    expect(matched).toBeGreaterThan(phrases.length);
    expect(matched).toBeLessThan(phrases.length * 5);
  });

  it("on 24,000 generated texts that probe its edges", () => {
    const next = random(20261127);
    const sample = [...hand, ...phrases.filter((_, i) => i % 6 === 0)];
    let matched = 0;
    let checked = 0;
    for (const phrase of sample)
      for (let i = 0; checked < 24_000 && i < Math.ceil(24_000 / sample.length); i++, checked++)
        if (expectSameAsSource(phrase, probe(phrase, next))) matched++;
    expect(checked).toBe(24_000);
    expect(matched).toBeGreaterThan(2_000);
    expect(matched).toBeLessThan(22_000);
  });

  it("replaces every place a phrase stands, each from where the last ended", () => {
    expect(replacePhrase("typosquat, typosquatting and typosquatters", "typosquat", "X")).toBe(
      "X, X and typosquatters",
    );
    expect(replacePhrase("10.0.30.4 10.0.30.45 10.0.30.4", "10.0.30.4", "")).toBe(" 10.0.30.45 ");
    // Side by side: the second stands right after a word the first ended, so is no whole word.
    expect(replacePhrase("rotaterotate rotate", "rotate", "_")).toBe("rotaterotate _");
    expect(phrasePattern("rotate").exec("rotate rotate", 1)?.index).toBe(7);
  });

  it("keeps no state between calls, so any caller may share it", () => {
    const m = phrasePattern("typosquat");
    expect(m.exec("a typosquatting attack")?.index).toBe(2);
    expect(m.exec("typosquat")?.index).toBe(0);
    expect(m.test("typosquatters")).toBe(false);
    expect(m.test("TYPOSQUAT")).toBe(true);
  });
});

import type { HarmfulAdvice, Indicator } from "../schema/checkpoint";

/**
 * How a report is matched against a checkpoint's criteria. This lives beside the criteria
 * (not in the engine) because content tests use the same rules to prove that every reference
 * answer earns its plus and states no harmful advice.
 */

/** Lower-case and collapse runs of whitespace. Homoglyphs are kept: they are often the point. */
export function normalizeText(text: string): string {
  return text.toLowerCase().replace(/\s+/g, " ").trim();
}

/** The alternative of `indicator` that `report` states, or null. */
export function statedIndicator(report: string, indicator: Indicator): string | null {
  const haystack = normalizeText(report);
  return indicator.any_of.find((alt) => haystack.includes(normalizeText(alt))) ?? null;
}

/** Sentences and list items of a report. */
export function splitSentences(report: string): string[] {
  return report
    .split(/\n+/)
    .map((line) => line.replace(/^\s*(?:[-*+>]|#+|\d+[.)])\s+/, ""))
    .flatMap((line) => line.split(/(?<=[.!?])\s+/))
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * A sentence does not recommend what it negates ("Do not delete the logs", "… instead of
 * deleting the logs") or what it says the attacker did ("The attacker deleted the logs"). The
 * attacker must come before the advice as its subject: "Delete the logs to hide the attacker's
 * traces" still recommends it.
 */
const NEGATION =
  /\b(?:do not|don't|does not|never|avoid|avoiding|must not|mustn't|should not|shouldn't|not to|instead of|rather than|refrain|without|prohibit|forbid)\b/i;
const ATTACKER_AS_SUBJECT = /\b(?:attacker|adversary|threat actor|intruder|malicious actor)s?\b(?!['’]s)/i;

export interface HarmfulAdviceMatch {
  advice: HarmfulAdvice;
  sentence: string;
}

/** The first sentence of `report` that gives `advice`, or null. */
export function findHarmfulAdvice(report: string, advice: HarmfulAdvice): HarmfulAdviceMatch | null {
  const patterns = advice.patterns.map((p) => new RegExp(p, "i"));
  for (const sentence of splitSentences(report)) {
    for (const re of patterns) {
      const m = re.exec(sentence);
      if (!m) continue;
      const before = sentence.slice(0, m.index);
      if (NEGATION.test(sentence) || ATTACKER_AS_SUBJECT.test(before)) continue;
      return { advice, sentence };
    }
  }
  return null;
}

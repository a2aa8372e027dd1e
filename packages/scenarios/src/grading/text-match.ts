import type { HarmfulAdvice, Indicator } from "../schema/checkpoint";
import { clausesOf, HEADING, localClause, memoized, normalizeText } from "./claims";
import { latinLookalikes } from "./lookalikes";

/**
 * How a report is matched against a checkpoint's criteria. This lives beside the criteria
 * (not in the engine) because content tests use the same rules to prove that every reference
 * answer earns its plus and states no harmful advice.
 */

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
 * Harmful advice is a recommendation, so three kinds of text do not give it:
 * - a clause whose negation governs the advice ("Do not delete the logs", "no need to flush the
 *   firewall", "preserve the logs rather than wipe them"); a negation elsewhere in the sentence
 *   does not count ("Wipe all logs without delay" is still advice);
 * - a clause whose subject is the attacker ("The attacker deleted the logs"); an attacker named
 *   after the advice does not excuse it ("Delete the logs the attacker touched");
 * - quoted evidence: code and quotations are data ("the history shows `rm -rf /var/log`"),
 *   unless the line itself tells the reader to run them ("Run `iptables -F`").
 */
const ADVICE_NEGATOR =
  /(?:^|[^\p{L}])(not|no|never|don't|doesn't|mustn't|shouldn't|cannot|can't|avoid|avoiding|refrain|instead of|rather than|prohibit|forbid)(?![\p{L}])/iu;
const ADVICE_NEGATION_WINDOW_WORDS = 5;
/**
 * An action narrated ("it ended with rm -rf …", "the logs were deleted", "had wiped") is reported,
 * not advised: the narrating verb stands right before it ("Since root was compromised wipe all
 * logs" narrates the compromise, and advises the wipe).
 */
const NARRATION =
  /\b(ran|executed|issued|typed|ended with|began with|started with|had|was|were|did|has been|have been|had been)\s*[`'"“]?\s*$/i;
/** An action someone else may take, or that is looked for ("expect attempts to truncate the logs", "look for traces of"): no advice. */
const NOT_ADVISED =
  /\b(?:attempts?|tries|tried|trying|try|expect|watch(?:ing)? for|look(?:ing)? for|signs? of|traces? of|evidence of|detect(?:s|ing)?)\s+(?:to\s+)?$/i;
/** "Do not hesitate to delete the logs" negates the hesitation, not the advice. */
const NOT_HESITATE = /\b(?:do not|don't|never|not)\s+hesitate\s+to\b/gi;
const ATTACKER_AS_SUBJECT = /\b(?:attacker|adversary|threat actor|intruder|malicious actor)s?\b(?!['’]s)/i;
const IMPERATIVE =
  /^\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:then\s+|next,?\s+|first,?\s+)?(run|execute|apply|use|issue|type|enter|invoke|perform)\b/i;

export interface HarmfulAdviceMatch {
  advice: HarmfulAdvice;
  sentence: string;
}

/**
 * What a heading or lead-in line introduces when it introduces what to do ("## 4. Remediation",
 * "Containment commands:", "Next steps"): a fenced block under it or after it is commands to run,
 * not evidence.
 */
const ADVICE_TOPIC =
  /\b(remediat\w*|contain\w*|recommend\w*|respon(?:se|d)|next steps?|actions?|fix(?:es)?|mitigat\w*|clean-?up|eradicat\w*|recover\w*|hardening|commands?|to do|run)\b/i;

/**
 * A line (a list item, a remediation step) that is nothing but a command, perhaps after a short
 * label ("5. `iptables -F`", "- Then: `rm -rf /var/log/*`"): the command is what it tells the
 * reader to do.
 */
const CODE_ONLY = /^\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:[\w ]{1,20}:\s*)?`[^`]+`\s*[.;]?\s*$/;

/**
 * The report with quoted evidence blanked out: code and quotations, unless a line says to run
 * them or is nothing but a command; a fenced block is kept when a line before it says to run it,
 * leads into what to do ("Containment commands:"), or it stands under such a heading.
 */
export function withoutQuotedEvidence(report: string): string {
  const lines = report.split(/\r?\n/);
  const out: string[] = [];
  let fence: { keep: boolean } | null = null;
  let lastText = "";
  let advising = false;
  for (const line of lines) {
    if (/^\s*(```|~~~)/.test(line)) {
      fence = fence ? null : { keep: advising || IMPERATIVE.test(lastText) || leadsInAdvice(lastText) };
      continue;
    }
    if (fence) {
      if (fence.keep) out.push(line);
      continue;
    }
    if (/^\s*#{1,6}\s/.test(line)) advising = ADVICE_TOPIC.test(line);
    if (line.trim()) lastText = line;
    out.push(
      IMPERATIVE.test(line) || CODE_ONLY.test(line) ? line : line.replace(/`[^`]*`|"[^"]*"|“[^”]*”/g, " «quoted» "),
    );
  }
  return out.join("\n");
}

const leadsInAdvice = (line: string) => HEADING.test(line) && ADVICE_TOPIC.test(line);

/** Verbs that start a new piece of advice after "and" / "or": "remove the key and alert the SOC". */
const NEXT_VERBS =
  "add|alert|apply|archive|audit|back ?up|block|capture|check|collect|configure|confirm|contain|delete|deploy|disable|document|enable|enforce|escalate|export|forward|harden|image|inform|install|investigate|isolate|keep|kill|look|monitor|notify|patch|preserve|quarantine|re-?enable|rebuild|reimage|remove|report|require|reset|restart|restore|retain|review|revoke|rotate|save|scan|search|set|snapshot|stop|tell|track|update|upgrade|verify|watch";

/** Where one piece of advice ends inside a sentence: a comma, semicolon, bracket or dash, "then", or "and" before another verb. */
const CLAUSE_EDGE = String.raw`[,;()\[\]]|\s[–—-]{1,2}\s|\s(?:then|but|however|whereas|while|after|before|once)\b|\s(?:and|or|&)\s+(?:${NEXT_VERBS})\b`;

/**
 * A pattern's `.{m,n}` (the words between an action and what it acts on) made to stop at the edge
 * of the clause: "disable password logins, enforce MFA" disables no MFA, "remove the key and alert
 * the SOC" removes no alert, "remove the cron line (after saving a copy as evidence)" destroys no
 * evidence. A pattern that means to reach past a comma says so with `[\s\S]{m,n}`.
 */
const withinClause = (source: string) =>
  source.replace(
    /(?<!\\)\.\{(\d*),(\d+)\}/g,
    (_, m: string, n: string) => `(?:(?!${CLAUSE_EDGE})[^\\n]){${m || 0},${n}}`,
  );

interface AdvicePattern {
  re: RegExp;
  /** The pattern as written, which matches wherever `re` does: asked of the whole text first. */
  loose: RegExp;
  /**
   * The pattern looks at no context beyond its match (no ^, $, lookahead or lookbehind; a [^…]
   * class counts as one too, to keep the test simple), so it matches a clause only if it matches
   * the whole text: every clause is a piece of that text with whitespace (or nothing) on either
   * side, which \b sees exactly as it sees the clause's edge.
   */
  contextFree: boolean;
}

/** Compiled once per pattern: grading asks every case's advice patterns of every report. */
const advicePattern = memoized(2_000, (source): AdvicePattern => ({
  re: new RegExp(withinClause(source), "i"),
  loose: new RegExp(source, "i"),
  contextFree: !/[\^$]|\(\?<?[=!]/.test(source),
}));

/**
 * A report without its quoted evidence, and that text's clauses: the same for every rule of harmful
 * advice asked of it (some fifteen a sample), so worked out once per report.
 */
const adviceClauses = memoized(512, (report) => {
  const text = withoutQuotedEvidence(latinLookalikes(report));
  return { text, clauses: clausesOf(text) };
});

/**
 * The first clause of `report` that gives `advice`, or null. A report that matches none of the
 * advice's context-free patterns anywhere is not asked clause by clause (most reports give no
 * harmful advice, and grading asks each case's dozens of patterns of each).
 */
export function findHarmfulAdvice(report: string, advice: HarmfulAdvice): HarmfulAdviceMatch | null {
  const { text, clauses } = adviceClauses(report);
  const patterns = advice.patterns
    .map(advicePattern)
    .filter((p) => !p.contextFree || p.loose.test(text))
    .map((p) => p.re);
  if (!patterns.length) return null;
  for (const clause of clauses) {
    for (const re of patterns) {
      const m = re.exec(clause.text);
      if (!m) continue;
      const local = localClause(clause.text, m.index, m.index + m[0].length);
      const before = local.text.slice(0, m.index - local.offset);
      const negated = governedBy(before.replace(NOT_HESITATE, " "), ADVICE_NEGATOR);
      // The attacker as the subject of its own clause ("the attacker deleted the logs"), not of
      // another one ("so the attacker cannot read them, wipe all logs").
      if (negated || NARRATION.test(before) || NOT_ADVISED.test(before) || ATTACKER_AS_SUBJECT.test(before)) continue;
      return { advice, sentence: clause.text };
    }
  }
  return null;
}

/** Whether one of the last few words before a match is governed by `negator`. */
function governedBy(before: string, negator: RegExp): boolean {
  const words = before.trim().split(/\s+/).filter(Boolean);
  return negator.test(` ${words.slice(-ADVICE_NEGATION_WINDOW_WORDS).join(" ")}`);
}

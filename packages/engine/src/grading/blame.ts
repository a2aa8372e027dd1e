import {
  IDENTIFIER_PATTERN,
  LABEL,
  mayContain,
  memoized,
  mentionsOf,
  phrasePattern,
  searchFold,
  type Mention,
} from "@analystbench/scenarios";
import { sectionsOf, type Section } from "./report-lists";

/**
 * Where an answer's prose (`texts`) blames what `phrases` name (a decoy): the clause that names it
 * as the culprit, the line that lists it under a blame or as an indicator, or the line that lists
 * it beside the truth without setting it apart; undefined when none does. (Naming it in a
 * submission's list fields is blame too; grade-sample reads those.) `truth` is the indicators'
 * phrases alone: further truths (a config file's path, a change ticket) are named beside decoys
 * in honest explanations ("the vendor's session under CHG-2214").
 */
export function blameOf(
  texts: string[],
  phrases: readonly string[],
  truth: readonly string[] = [],
): string | undefined {
  const blamed = texts.flatMap((t) => mentionsOf(t, phrases)).find((m) => m.kind === "affirmed" && blames(m));
  if (blamed) return blamed.local;
  // Only the sections that may name it: a long report has many, each asked of every decoy.
  const sections = texts
    .flatMap(sectionsOnce)
    .filter((s) => phrases.some((p) => mayContain(s.folded, p)))
    .map((s) => s.section);
  return (
    sections.flatMap(listedAsIndicators).find((line) => listedAsBlame(line, phrases)) ??
    sections.map((s) => listedBesideTruth(s, phrases, truth)).find((line) => line !== undefined)
  );
}

/** A report's sections, kept: grading asks of the same few texts for every decoy of every checkpoint. */
const sectionsOnce = memoized(64, (text) =>
  sectionsOf(text).map((section) => ({ section, folded: searchFold(section.lines.map((l) => l.text).join("\n")) })),
);

/** Blame words: a decoy in a clause that says one of these is named as the culprit. */
const BLAME =
  /\b(malicious|compromised|backdoor(?:ed)?|culprit|root cause|responsible|trojan(?:ised|ized)?|exfiltrat\w*|c2|command[- ]and[- ]control|the cause|caused|attackers?|attacker['’]s|intruders?|adversary)\b/i;
/** A blame word negated or excepted ("not the C2", "except the vendor's … was malicious") blames nothing. */
const UNBLAMED = new RegExp(
  `\\b(?:not|never|no|isn't|wasn't|aren't|weren't|except|other than|apart from|besides)\\s+(?:\\S+\\s+){0,3}?${BLAME.source}`,
  "gi",
);
/** A likeness drawn, not blame: "the attacker's traffic looks like the scanner's". */
const LIKENESS =
  /\b(?:looks?|looked|appears?|appeared|seem(?:s|ed)?)\s+(?:like|as if|similar)\b|\bresembl\w*|\bmimic\w*|\bsimilar to\b|\b(?:disguised|posing) as\b/i;
/** Whether a clause blames what it names: a blame word in it that is not negated or excepted. */
const blameIn = (clause: string) =>
  !/\b(?:except|other than|apart from|besides)\b/i.test(clause) &&
  !LIKENESS.test(clause) &&
  BLAME.test(clause.replace(UNBLAMED, " "));

/**
 * Whether a mention blames what it names: a blame word in its own clause, or at the head of the
 * list it is a bare item of ("the malicious sources were A, B and the decoy": the commas part the
 * items, not the blame).
 */
function blames(m: Mention): boolean {
  if (blameIn(m.local)) return true;
  const hit = phrasePattern(m.phrase).exec(m.clause);
  if (!hit) return false;
  // A bare item: nothing said of it before the next item or the statement's end.
  const after = m.clause.slice(hit.index + hit[0].length);
  if (!/^\s*(?:$|[.;:,)]|(?:and|or|&)\s)/i.test(after)) return false;
  const pieces = m.clause.slice(0, hit.index).split(LIST_SEPARATOR);
  if (pieces.pop()!.trim() !== "") return false;
  let k = pieces.length - 1;
  while (k > 0 && pieces[k]!.trim().split(/\s+/).filter(Boolean).length <= 3) k--;
  return blameIn(pieces[k] ?? "");
}

const LIST_SEPARATOR = /,\s*|\s+(?:and|or|&)\s+/i;

/** What parts a line's items and what is said of each: labels, semicolons, commas, "and", table cells. */
const ITEM_SEPARATOR = /[:;|]\s*|,\s*|\s+(?:and|or|&)\s+/i;

/**
 * Whether a line affirms what `phrases` name (not denied or dismissed). A substring search rules
 * most lines out first: a long report has hundreds, each asked of every decoy.
 */
const affirms = (line: string, phrases: readonly string[]) => {
  const folded = searchFold(line);
  return phrases.some((p) => mayContain(folded, p)) && mentionsOf(line, phrases).some((m) => m.kind === "affirmed");
};

/**
 * The pieces of a list line once what `phrases` name is taken out: each of its items, and what
 * is said of each ("- 203.0.113.64: the vendor's session" leaves "the vendor's session").
 */
function piecesBeside(line: string, phrases: readonly string[]): string[] {
  return withoutPhrases(line, phrases)
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, "")
    .split(ITEM_SEPARATOR)
    .map((piece) => piece.trim());
}

const withoutPhrases = (line: string, phrases: readonly string[]) =>
  phrases.reduce((t, p) => t.replace(new RegExp(phrasePattern(p).source, "giu"), " "), line);

/** An item with two words or fewer said of it, if any: a name in a list, not an explanation. */
const isBare = (pieces: string[]) => pieces.every((piece) => piece.split(/\s+/).filter(Boolean).length <= 2);

/**
 * Whether a line listed as indicators blames what `phrases` name: it names it (not denied or
 * dismissed) either bare, as an item of the list, or with words that blame it; an item explained
 * otherwise ("203.0.113.64: the vendor's documented session") is judged by what the explanation says.
 */
function listedAsBlame(line: string, phrases: readonly string[]): boolean {
  return affirms(line, phrases) && (isBare(piecesBeside(line, phrases)) || blameIn(line));
}

/** A heading or label that lists what it names as the attack's ("Indicators:", "## IOCs", "Suspicious IPs:"). */
const INDICATOR_LABEL =
  /\b(indicators?|iocs?|malicious|hostile|attackers?|attack sources?|culprits?|threat actors?|threats?|compromised|c2|command[- ]and[- ]control|suspicious|suspect\w*|anomal\w*|unauthori[sz]ed|rogue)\b/i;

/** The lines of a section listed as indicators: all of them under an indicator heading, else what follows an indicator label. */
function listedAsIndicators(section: Section): string[] {
  if (section.heading !== null && INDICATOR_LABEL.test(section.heading)) return section.lines.map((l) => l.text);
  return section.lines.flatMap((l) => {
    const label = LABEL.exec(l.text);
    return label && INDICATOR_LABEL.test(label[1]!) ? [label[2]!] : [];
  });
}

/** Words that set an item apart as benign, however short ("198.18.0.99: the scanner"). */
const BENIGN_ROLE =
  /\b(?:vendor|scanner|scanning|backup|monitoring|admins?|administrators?|expected|normal|legitimate|known|documented|internal|allowed|approved|authori[sz]ed|trusted|routine|scheduled|maintenance)\b/i;

/**
 * A line of `section` that lists a decoy beside the truth without setting it apart, in a section
 * that affirms the truth: "Key findings: A, B, decoy" names every address seen and none as the
 * culprit, and the decoy is blamed as an item of that list of findings. Not set apart: nothing
 * said of it, or two words that do not call it benign; an item of a sentence that lists the truth
 * too; or said of it exactly what a line says of the truth ("seen in auth.log" on every item).
 */
function listedBesideTruth(section: Section, phrases: readonly string[], truth: readonly string[]): string | undefined {
  if (!section.lines.some((l) => affirms(l.text, phrases))) return undefined;
  const truthLines = truth.length ? section.lines.filter((l) => affirms(l.text, truth)) : [];
  if (!truthLines.length) return undefined;
  // Lines that name the decoy too are judged by their items below, not against themselves.
  const saidOfTruth = new Set(
    truthLines.filter((l) => !affirms(l.text, phrases)).map((l) => saidOf(l.text, [...truth, ...phrases])),
  );
  saidOfTruth.delete("");
  return section.lines.find((l) => {
    if (!affirms(l.text, phrases)) return false;
    if (saidOfTruth.has(saidOf(l.text, [...truth, ...phrases]))) return true;
    if (pieceBesideTruth(l.text, phrases, truth)) return true;
    if (BENIGN_ROLE.test(withoutPhrases(l.text, phrases))) return false;
    // A label heads the list ("Seen in the logs: A; B; decoy"): the items are what follow it.
    const label = LABEL.exec(l.text);
    return isBare(piecesBeside(label ? label[2]! : l.text, phrases));
  })?.text;
}

/** What a line says of the things it names, whatever they are: its words without names, numbers or marks. */
function saidOf(line: string, phrases: readonly string[]): string {
  return withoutPhrases(line, phrases)
    .replace(IDENTIFIERS, " ")
    .toLowerCase()
    .replace(/[^\p{L}]+/gu, " ")
    .trim();
}

const IDENTIFIERS = new RegExp(IDENTIFIER_PATTERN.source, "gi");

/**
 * Whether a statement of the line lists a decoy as an item of its own beside an item that is the
 * truth: "Addresses of interest were A, B and decoy" (an item ends where the truth does; an
 * apposition, "the office, 192.0.2.120, in office hours", is no list of findings).
 */
function pieceBesideTruth(line: string, phrases: readonly string[], truth: readonly string[]): boolean {
  return line.split(/[;:|]\s+|(?<=[.!?])\s+/).some((statement) => {
    const pieces = statement.split(LIST_SEPARATOR);
    const only = (p: string, names: readonly string[]) =>
      affirms(p, names) && lettersOf(withoutPhrases(p, names)) === "";
    const endsIn = (p: string, names: readonly string[]) =>
      names.some((n) => new RegExp(`(?:${phrasePattern(n).source})[^\\p{L}\\p{N}]*$`, "iu").test(p));
    return pieces.some((p) => only(p, phrases)) && pieces.some((p) => affirms(p, truth) && endsIn(p, truth));
  });
}

const lettersOf = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, "");

import { latinLookalikes } from "./lookalikes";

/**
 * How a piece of report text claims something. Grading asks, of each fact a checkpoint wants:
 * does the text *affirm* it, *deny* it (negated in the clause that mentions it), or *dismiss* it
 * (puts it under "ruled out", calls it benign, unrelated, a red herring)? Mentions are found on
 * word boundaries, so "412" is not stated by "HTTP 4120" and "10.0.30.4" not by "10.0.30.40".
 *
 * These rules live beside the content (not in the engine) because content tests use them too:
 * every reference answer must affirm every indicator, and no reference may dismiss the truth.
 */

export type MentionKind = "affirmed" | "negated" | "dismissed";

/** A clause of report text, and whether it sits under a "ruled out" style heading. */
export interface Clause {
  text: string;
  inRuledOutSection: boolean;
}

/** Lower-case and collapse runs of whitespace. Homoglyphs are kept: they are often the point. */
export function normalizeText(text: string): string {
  return text.toLowerCase().replace(/\s+/g, " ").trim();
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_]/u.test(c);

/**
 * `compute`, remembered per key; forgotten all at once past `max` keys (keys also come from
 * reports, so the memory must stay bounded, and grading asks the same few hundred again and again).
 */
export function memoized<V>(max: number, compute: (key: string) => V): (key: string) => V {
  const known = new Map<string, V>();
  return (key) => {
    let value = known.get(key);
    if (value === undefined) {
      if (known.size >= max) known.clear();
      known.set(key, (value = compute(key)));
    }
    return value;
  };
}

/** Compiled patterns by phrase: the same few hundred phrases are asked of every clause of every report. */
const MAX_PATTERNS = 5_000;

/** Where a phrase occurs in a text, as RegExp.exec reports a match: its start, and what it matched. */
export interface PhraseMatch {
  index: number;
  0: string;
}

/**
 * A phrase's test as a whole word or token, case-blind. `source` is the one regular expression
 * it is (with the flags "iu"); test and exec answer exactly as that expression would.
 */
export interface PhraseMatcher {
  readonly source: string;
  test(text: string): boolean;
  /** The first match at or after `from` (0 by default), as the expression's exec from lastIndex `from` with the g flag. */
  exec(text: string, from?: number): PhraseMatch | null;
}

/**
 * The matcher for `phrase`, shared by every caller: it keeps no state between calls. (Building a
 * new RegExp per call recompiled it whenever V8's compilation cache had been aged out by a GC,
 * which under load was most of the server's grading time.)
 */
export const phrasePattern: (phrase: string) => PhraseMatcher = memoized(MAX_PATTERNS, (phrase) =>
  buildPhraseMatcher(phrase),
);

/** A word character as the phrase patterns count one: a letter, a digit or "_". */
const WORD = "[\\p{L}\\p{N}_]";
/** A word's inflections a phrase ending in a letter also matches ("typosquat" → "typosquatting"). */
const INFLECTION = "(?:s|es|d|ed|ing|ting|ted|ation|ations)?";
/**
 * The pattern's edges, each compiled once and applied sticky where the phrase's body matched. A
 * class of every letter under the iu flags costs V8 some 0.7 ms to compile, which each phrase's
 * own pattern paid again: 925 phrases, 0.74 s of a fresh process's grading in bench:engine.
 */
const NOT_AFTER_WORD = new RegExp(`(?<!${WORD})`, "iuy");
const ENDS = {
  inflected: new RegExp(`${INFLECTION}(?!${WORD})`, "iuy"),
  word: new RegExp(`(?!${WORD})`, "iuy"),
};

function buildPhraseMatcher(phrase: string): PhraseMatcher {
  const p = normalizeText(phrase);
  const body = p.split(" ").map(escapeRegExp).join("\\s+");
  const wordStart = isWordChar(p[0]);
  // A phrase ending in a letter also matches its inflections ("rotate" → "rotated"); one ending
  // in a digit never runs on ("412" is not "4120"). One ending in a letter beyond the BMP has no
  // end at all: p.at(-1) is half of it, no word character (as the single expression always had).
  const inflected = /\p{L}$/u.test(p);
  const end = isWordChar(p.at(-1)) ? (inflected ? ENDS.inflected : ENDS.word) : null;
  const source = `${wordStart ? NOT_AFTER_WORD.source : ""}${body}${end ? end.source : ""}`;
  const scan = new RegExp(body, "giu");
  const exec = (text: string, from = 0): PhraseMatch | null => {
    // Tries each place the body matches, in order, as the whole pattern would: its body has one
    // match at a given start (a token holds no space, so \s+ gives back nothing that helps), and
    // the edges then decide; the next try starts a character further on.
    for (scan.lastIndex = from; ;) {
      const m = scan.exec(text);
      if (!m) return null;
      const at = m.index;
      const bodyEnd = at + m[0].length;
      const tailEnd = endOf(text, at, bodyEnd, wordStart, end);
      if (tailEnd >= 0) return { index: at, 0: text.slice(at, tailEnd) };
      if (at >= text.length) return null;
      scan.lastIndex = at + (text.codePointAt(at)! > 0xffff ? 2 : 1);
    }
  };
  return { source, exec, test: (text) => exec(text) !== null };
}

/**
 * `text` with every place `phrase` matches replaced by `by`, as a global replace with its one
 * expression would, without compiling that expression: its Unicode word classes under the iu
 * flags cost V8 some 0.75 ms a phrase, which a fresh process's first grading paid for each of the
 * some 470 phrases it took out of a report (0.35 s of the main thread).
 */
export function replacePhrase(text: string, phrase: string, by: string): string {
  const pattern = phrasePattern(phrase);
  let out = "";
  let from = 0;
  for (let m = pattern.exec(text, from); m && m[0]; m = pattern.exec(text, from)) {
    out += text.slice(from, m.index) + by;
    from = m.index + m[0].length;
  }
  return out + text.slice(from);
}

/** Where a match of the body at [at, bodyEnd) ends once its edges hold, or -1 when they do not. */
function endOf(text: string, at: number, bodyEnd: number, wordStart: boolean, end: RegExp | null): number {
  if (wordStart) {
    NOT_AFTER_WORD.lastIndex = at;
    if (!NOT_AFTER_WORD.test(text)) return -1;
  }
  if (!end) return bodyEnd;
  end.lastIndex = bodyEnd;
  const tail = end.exec(text);
  return tail ? bodyEnd + tail[0].length : -1;
}

/**
 * Text folded as the /iu flag compares it, near enough to rule a match out cheaply: lower case,
 * plus the one letter whose lower case is not the ASCII letter it folds to (ſ, U+017F, folds to
 * s; the Kelvin sign's lower case is already k). Every other character that /iu equates with an
 * ASCII letter or digit lowercases to it, one character for one, so a match of a phrase's ASCII
 * run always shows in the folded text as that run.
 */
export function searchFold(text: string): string {
  return text.toLowerCase().replace(/\u017f/g, "s");
}

/** The longest run of ASCII letters and digits in the phrase ("" when it has none). */
const anchorOf = memoized(MAX_PATTERNS, (phrase) =>
  (normalizeText(phrase).match(/[a-z0-9]+/g) ?? []).reduce((a, b) => (b.length > a.length ? b : a), ""),
);

/**
 * False when `phrase` certainly does not occur in the text whose searchFold is `folded`; true
 * when it may (phrasePattern decides). A substring search instead of a Unicode, case-blind regex
 * with look-arounds: grading asks hundreds of phrases of every clause and item of a report.
 */
export function mayContain(folded: string, phrase: string): boolean {
  const anchor = anchorOf(phrase);
  return anchor === "" || folded.includes(anchor);
}

/** Headings (or lead-in lines ending in ":") under which everything is dismissed. */
const RULED_OUT_HEADING =
  /\b(ruled[- ]out|rule[- ]outs?|unrelated|not related|dismissed|false positives?|false alarms?|red herrings?|benign|legitimate (?:activity|traffic|use)|expected activity|allow-?listed|white-?listed|not malicious|non-malicious|not suspicious|nothing suspicious|not (?:an? )?(?:indicators?|iocs?)|excluded|not involved|non-issues?|leads? (?:examined|checked) and (?:cleared|dismissed))\b/i;
/**
 * A heading that weighs its dismissal against something ("Benign-looking but malicious", "Not
 * benign", "Non-legitimate use", "Expected behaviour vs observed"): it dismisses nothing.
 */
const CONTRASTED =
  /\b(?:not|non|vs\.?|versus|but|looking|seemingly|malicious|suspicious|compromised|abuse[ds]?)\b|\bnon-/i;
const RULED_OUT_PHRASES = new RegExp(RULED_OUT_HEADING.source, "gi");
/** Whether a heading dismisses everything under it ("## Ruled out", "False positives:"), weighing nothing against it. */
export const dismissesAll = (heading: string) =>
  RULED_OUT_HEADING.test(heading) && !CONTRASTED.test(heading.replace(RULED_OUT_PHRASES, " "));
/** A heading line: markdown, a bold line, or a short lead-in ending in ":". */
export const HEADING = /^\s*(?:#{1,6}\s+.*|\*\*[^*]+\*\*:?|[A-Z][^.!?:]{0,80}:)\s*$/;
/** "Ruled out: the undici upgrade" — a label that dismisses the rest of its own line. */
export const LABEL = /^\s*(?:[-*+]\s+)?(?:\*\*)?([^:*]{1,60})(?:\*\*)?:\s+(.*)$/;

/**
 * Splits text into statements: lines and list items, then sentences and parts separated by ";"
 * or ": ". Commas do not split a statement ("ports 5, 6, 15 and 16" is one fact); the clause a
 * negation or dismissal governs is found around each mention instead (see localClause).
 */
export function clausesOf(text: string): Clause[] {
  const clauses: Clause[] = [];
  let ruledOut = false;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === "") continue;
    if (HEADING.test(line)) {
      ruledOut = dismissesAll(line);
      continue;
    }
    const labelled = LABEL.exec(line);
    if (labelled && RULED_OUT_HEADING.test(labelled[1]!)) pushClauses(clauses, labelled[2]!, true);
    else pushClauses(clauses, line, ruledOut);
  }
  return clauses;
}

function pushClauses(out: Clause[], line: string, inRuledOutSection: boolean): void {
  const item = line.replace(/^\s*(?:[-*+>]|\d+[.)])\s+/, "");
  for (const part of item.split(/(?<=[.!?])\s+|;\s+|:\s+/)) {
    const t = part.trim();
    if (t) out.push({ text: t, inRuledOutSection });
  }
}

/** Where one clause ends and the next begins inside a statement: commas, dashes, brackets, contrast. */
const CLAUSE_BOUNDARY =
  /,\s+|\s+[–—-]{1,2}\s+|\s*[()]\s*|\s+(?=(?:but|however|whereas|while|unlike|although|though|instead)\b)/gi;

/** The clause of `text` around [start, end): from the boundary before start to the boundary after end. */
export function localClause(text: string, start: number, end: number): { text: string; offset: number } {
  let from = 0;
  let to = text.length;
  CLAUSE_BOUNDARY.lastIndex = 0;
  for (let m = CLAUSE_BOUNDARY.exec(text); m; m = CLAUSE_BOUNDARY.exec(text)) {
    if (m.index + m[0].length <= start) from = m.index + m[0].length;
    else if (m.index >= end) {
      to = m.index;
      break;
    }
    if (m[0].length === 0) CLAUSE_BOUNDARY.lastIndex++;
  }
  return { text: text.slice(from, to), offset: from };
}

/** Words that negate what follows them within a few words. */
const NEGATOR =
  /(?:^|[^\p{L}])(not|no|never|none|neither|nor|without|cannot|can't|won't|isn't|aren't|wasn't|weren't|doesn't|don't|didn't|hasn't|haven't|hadn't|shouldn't|mustn't|needn't|nothing|nobody)(?![\p{L}])/giu;
/** How many words before a mention a negator still governs it. */
const NEGATION_WINDOW_WORDS = 5;
/** Phrases that dismiss whatever their clause mentions. */
const DISMISSAL =
  /\b(ruled[- ]out|rule[- ]out|unrelated|not related|not involved|false positives?|false alarms?|red herrings?|benign|not malicious|not suspicious|nothing suspicious|not compromised|not affected|unaffected|not the cause|not responsible|irrelevant|innocuous|harmless|a decoy|excluded|dismissed|can be ignored|nothing to do with|(?:is|was|are|were)\s+(?:an?\s+)?(?:legitimate|trusted|allow-?listed|white-?listed))\b/i;

/** What only looks benign is not called benign ("a harmless-looking tunnel", "masquerading as a benign key"). */
const SEEMING =
  /-looking\b|\b(?:seemingly|apparently|masquerad\w*|disguised|posing|pretend\w*|looks?|appears?|made to look)\b/i;

/** A ruled-out list item rules out what it names first, not everything its explanation mentions. */
const RULED_OUT_LEAD_WORDS = 3;

/** How one statement mentions `phrase`: null when it does not. */
export function mentionIn(clause: Clause, phrase: string, folded = searchFold(clause.text)): MentionKind | null {
  return mentionAt(clause, phrase, folded)?.kind ?? null;
}

function mentionAt(
  clause: Clause,
  phrase: string,
  folded: string,
): { kind: MentionKind; local: { text: string; offset: number } } | null {
  if (!mayContain(folded, phrase)) return null;
  const m = phrasePattern(phrase).exec(clause.text);
  if (!m) return null;
  const local = localClause(clause.text, m.index, m.index + m[0].length);
  const leadWords = clause.text.slice(0, m.index).trim().split(/\s+/).filter(Boolean).length;
  if (clause.inRuledOutSection && leadWords <= RULED_OUT_LEAD_WORDS) return { kind: "dismissed", local };
  const seen = latinLookalikes(local.text);
  if (DISMISSAL.test(seen) && !SEEMING.test(seen)) return { kind: "dismissed", local };
  const at = m.index - local.offset;
  const negated =
    negatedBefore(local.text.slice(0, at), phrase) || DENIED_AFTER.test(local.text.slice(at + m[0].length));
  return { kind: negated ? "negated" : "affirmed", local };
}

/**
 * A configuration setting and its value ("PermitRootLogin no", "debug = false"): the value is no
 * negation of what follows ("set PermitRootLogin no and PasswordAuthentication no" sets both).
 */
const SETTING_VALUE = /\b([A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+|[\w.-]+\s*[=:])\s*(?:no|none|off|false)\b/g;
/** Negators that negate nothing that follows: "not only X got in", "nothing stopped X". */
const NOT_A_NEGATION = /\bnot only\b|\b(?:nothing|no one|nobody)\s+(?:stopped|prevented|blocked|noticed|detected)\b/gi;
/** A setting named as one ("PasswordAuthentication yes"): a negation of the setting before it stops at its "and". */
const SETTING = /^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+\b/;

/**
 * Words that deny whatever their clause goes on to name, however far ("no evidence at all that
 * the login came from X", "it is unclear whether X …").
 */
export const DOUBTED =
  /\b(?:no|without|little|lacks?|lacking)\s+(?:\w+\s+){0,2}?(?:evidence|sign|signs|indication|indications|proof|trace|traces)\b|\bnothing\s+(?:\w+\s+){0,4}?(?:suggests?|indicates?|shows?|points?)\b|\b(?:unclear|uncertain|not clear|not certain|unknown|unconfirmed)\s+(?:whether|if|that)\b|\b(?:cannot|can't|could not|couldn't)\s+(?:confirm|establish|determine|tell)\b/i;
/** What, said right after a mention, denies it was there at all ("X was not seen", "X never appeared"). */
const DENIED_AFTER =
  /^[\s'"`*)\]]*(?:(?:is|was|were|are|has been|had been)\s+(?:not|never)\s+(?:seen|found|observed|present|recorded|logged)\b|(?:never|did not|didn't)\s+(?:appear|appeared|show(?:ed)? up|occur|occurred)\b|(?:is|was|were|are)\s+(?:absent|nowhere)\b)/i;

function negatedBefore(text: string, phrase: string): boolean {
  if (DOUBTED.test(latinLookalikes(text))) return true;
  let before = latinLookalikes(text).replace(SETTING_VALUE, "$1 «value»").replace(NOT_A_NEGATION, " ");
  // "has no AllowGroups and PermitRootLogin yes": the "no" is AllowGroups'.
  if (SETTING.test(phrase) && /(?:^|\s)(?:and|or|,)\s*$/i.test(before)) before = "";
  const words = before.trim().split(/\s+/).filter(Boolean);
  const window = words.slice(-NEGATION_WINDOW_WORDS).join(" ");
  NEGATOR.lastIndex = 0;
  return NEGATOR.test(` ${window}`);
}

interface FoldedText {
  /** searchFold of the whole text: a phrase it cannot contain, no clause of it can. */
  folded: string;
  clauses: { clause: Clause; folded: string }[];
}

const MAX_CACHED_TEXTS = 512;
/** The longest text whose answers are remembered (see mentionsOf): a report, not a tool's output. */
const MAX_REMEMBERED_CHARS = 65_536;

/** clausesOf(text) with each clause folded, kept: grading asks of the same report texts for every fact. */
const foldedClauses = memoized(MAX_CACHED_TEXTS, (text): FoldedText => ({
  folded: searchFold(text),
  clauses: clausesOf(text).map((clause) => ({ clause, folded: searchFold(clause.text) })),
}));

/**
 * Every way `text` mentions any of `phrases` (one entry per mentioning clause and phrase). Each
 * clause is a piece of the text, so a phrase the whole text cannot contain is asked of no clause:
 * most phrases asked of a report are in none of it, and asking each clause was most of grading.
 */
export function mentionsOf(text: string, phrases: readonly string[]): readonly Mention[] {
  if (text.length > MAX_REMEMBERED_CHARS) return findMentions(text, phrases);
  const known = mentionsByList(text);
  let found = known.get(phrases);
  if (found === undefined) known.set(phrases, (found = findMentions(text, phrases)));
  return found;
}

/**
 * mentionsOf's answers by text and phrase list (a checkpoint's indicator or decoy, the same array
 * every time): grading asks the same report of the same lists for each of a sample's checkpoints,
 * some three times over. The texts are those foldedClauses keeps; a list made for one call is
 * forgotten with it.
 */
const mentionsByList = memoized(MAX_CACHED_TEXTS, () => new WeakMap<readonly string[], readonly Mention[]>());

function findMentions(text: string, phrases: readonly string[]): readonly Mention[] {
  const { folded: whole, clauses } = foldedClauses(text);
  const candidates = phrases.filter((phrase) => mayContain(whole, phrase));
  const found: Mention[] = [];
  if (!candidates.length) return found;
  for (const { clause, folded } of clauses) {
    for (const phrase of candidates) {
      const mention = mentionAt(clause, phrase, folded);
      if (mention) found.push({ phrase, kind: mention.kind, clause: clause.text, local: mention.local.text });
    }
  }
  return found;
}

export interface Mention {
  phrase: string;
  kind: MentionKind;
  /** The statement that mentions it. */
  clause: string;
  /** The clause around the mention, within its commas, dashes and contrast words. */
  local: string;
}

/** The first phrase `text` affirms, or null. */
export function affirmedPhrase(text: string, phrases: readonly string[]): string | null {
  return mentionsOf(text, phrases).find((m) => m.kind === "affirmed")?.phrase ?? null;
}

/** The first phrase `text` dismisses (rules out, calls benign or unrelated), or null. */
export function dismissedPhrase(text: string, phrases: readonly string[]): string | null {
  return mentionsOf(text, phrases).find((m) => m.kind === "dismissed")?.phrase ?? null;
}

/**
 * Identifier-like tokens of a text: addresses, domains, hashes, e-mail addresses, paths,
 * package@version. Used to measure how much a claim names beyond the truth (precision).
 */
const IDENTIFIER =
  /\b(?:\d{1,3}(?:\.\d{1,3}){3}(?:\/\d{1,2})?|[0-9a-f]{7,64}|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?:[a-z0-9-]+\.)+(?:com|net|org|io|dev|local|internal|corp|lan|cloud|app|co|uk|de)|[a-z0-9][\w.-]*@\d[\w.-]*)\b|(?:\/[\w.-]+){2,}/gi;

/** The identifiers of a text, lower-cased, each once. */
export function identifiersOf(text: string): readonly string[] {
  return text.length > MAX_REMEMBERED_CHARS ? findIdentifiers(text) : knownIdentifiers(text);
}

const findIdentifiers = (text: string) => [...new Set((text.match(IDENTIFIER) ?? []).map((t) => t.toLowerCase()))];
/** A text's identifiers, remembered: each of a sample's checkpoints asks them of the same statements. */
const knownIdentifiers = memoized(MAX_CACHED_TEXTS, findIdentifiers);

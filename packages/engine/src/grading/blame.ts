import {
  DOUBTED,
  LABEL,
  latinLookalikes,
  mayContain,
  memoized,
  mentionsOf,
  phrasePattern,
  replacePhrase,
  searchFold,
  type Decoy,
  type Mention,
} from "@analystbench/scenarios";
import { INDICATOR_LABEL, sectionsOf, type Section } from "./report-lists";

/**
 * Where an answer's prose (`texts`) blames a decoy: the clause that names it as the culprit, or
 * the line that lists it as an indicator without setting it apart; undefined when none does.
 * (Naming it in a submission's list fields, or as its first malicious event, is blame too;
 * grade-sample reads those.) A decoy named beside the truth without a word that sets it apart is
 * no blame but a hedge: grade-sample withholds the plus for it (see unexplainedDecoys).
 */
export function blameOf(texts: string[], decoy: Decoy): string | undefined {
  const phrases = decoy.any_of;
  const blamed = texts.flatMap((t) => mentionsOf(t, phrases)).find((m) => m.kind === "affirmed" && blames(m));
  if (blamed) return blamed.local;
  // Only the sections that may name it: a long report has many, each asked of every decoy.
  const sections = texts
    .flatMap(sectionsOnce)
    .filter((s) => phrases.some((p) => mayContain(s.folded, p)))
    .map((s) => s.section);
  return sections.flatMap(listedAsIndicators).find((line) => affirms(line, phrases) && !cleared(line, decoy));
}

/** A report's sections, kept: grading asks of the same few texts for every decoy of every checkpoint. */
const sectionsOnce = memoized(64, (text) =>
  sectionsOf(text).map((section) => ({ section, folded: searchFold(section.lines.map((l) => l.text).join("\n")) })),
);

/** Blame words: a decoy in a clause that says one of these is named as the culprit. */
const BLAME =
  /\b(malicious|compromised|backdoor(?:ed)?|culprit|root cause|responsible|trojan(?:ised|ized)?|exfiltrat\w*|c2|command[- ]and[- ]control|the cause|caused|attack(?:s|ed|ers?)?|attacker['’]s|intruders?|adversary|brute[- ]?forc\w*|break-?in|broke in|breach\w*|hijack\w*|offending)\b/i;
/** A blame word negated or excepted ("not the C2", "except the vendor's … was malicious") blames nothing. */
const UNBLAMED = new RegExp(
  `\\b(?:not|never|no|isn't|wasn't|aren't|weren't|except|other than|apart from|besides)\\s+(?:\\S+\\s+){0,3}?${BLAME.source}`,
  "gi",
);
/**
 * A likeness drawn, not blame: "the attacker's traffic looks like the scanner's". "Looks like it
 * was X" says it was X.
 */
const LIKENESS =
  /\b(?:looks?|looked|appears?|appeared|seem(?:s|ed)?)\s+(?:like|similar to)\s+(?!it\b|they\b|this\b|that\b)|\bresembl\w*|\bmimic\w*|\bsimilar to\b|\b(?:disguised|posing) as\b/i;
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
  // A predicate whose subject a clause set off by commas parted from it: "The brute force, starting
  // 21:40, came from X" blames X as the brute force's source.
  if (PREDICATE.test(m.local) && blameIn(m.clause.split(/,\s+/)[0]!)) return true;
  const hit = phrasePattern(m.phrase).exec(m.clause);
  if (!hit) return false;
  // A bare item: nothing said of it before the next item or the statement's end.
  const after = m.clause.slice(hit.index + hit[0].length);
  if (!/^\s*(?:$|[.;:,)/]|(?:and|or|&)\s)/i.test(after)) return false;
  const pieces = m.clause.slice(0, hit.index).split(ITEM_SEPARATOR);
  if (pieces.pop()!.trim() !== "") return false;
  let k = pieces.length - 1;
  while (k > 0 && pieces[k]!.trim().split(/\s+/).filter(Boolean).length <= 3) k--;
  return blameIn(pieces[k] ?? "");
}

/** A clause that starts with its verb: its subject is the statement's. */
const PREDICATE =
  /^\s*(?:came|originated|started|began|ran|was run|was launched|pivoted|connected|logged in)\s+(?:in\s+)?from\b/i;

/** Whether a text affirms what `phrases` name (not denied or dismissed); mentionsOf remembers its answers. */
export const affirms = (text: string, phrases: readonly string[]) =>
  mentionsOf(text, phrases).some((m) => m.kind === "affirmed");

/** A label that denies what it would list: "Not indicators", "## Nothing suspicious", "Non-malicious logins". */
const DENIED_LABEL = /\b(?:not|non|no|nothing|none|never)\b|\bnon-/i;
const indicatorLabel = (label: string) => INDICATOR_LABEL.test(label) && !DENIED_LABEL.test(label);

/** The lines of a section listed as indicators: all of them under an indicator heading, else what follows an indicator label. */
function listedAsIndicators(section: Section): string[] {
  if (section.heading !== null && indicatorLabel(section.heading)) return section.lines.map((l) => l.text);
  return section.lines.flatMap((l) => {
    const label = LABEL.exec(l.text);
    return label && indicatorLabel(label[1]!) ? [label[2]!] : [];
  });
}

/**
 * Whether a line that lists a decoy as an indicator clears it: a verdict on it ("(clean)",
 * "ruled out", "not involved"), a denial or a contrast. A description ("admin workstation",
 * "internal") lists it as an indicator all the same, and a note that blames it clears nothing.
 */
export function cleared(line: string, decoy: Decoy): boolean {
  if (mentionsOf(line, decoy.any_of).some((m) => m.kind !== "affirmed")) return true;
  const note = latinLookalikes(withoutPhrases(line, decoy.any_of));
  if (BLAME.test(note.replace(UNBLAMED, " "))) return false;
  return (
    VERDICT.test(note) ||
    /\b(?:ruled[- ]out|dismissed|excluded|cleared)\b/i.test(note) ||
    contrasted(line, decoy.any_of)
  );
}

/** Words that set a thing apart as benign, however short the note ("198.18.0.99: the scanner", "(clean)"). */
const BENIGN =
  /\b(?:vendor|scanner|scanning|backup|monitoring|admins?|administrators?|expected|normal|legit(?:imate(?:ly)?)?|documented|internal|allowed|approved|authori[sz]ed|trusted|routine|scheduled|maintenance|ordinary|workstation|laptop|desktop|printer|copier|mfp|office|colleague|employee|staff|usual|genuine|planned|ticketed|clean|fine|ok|okay|harmless|benign|innocuous|unrelated|irrelevant|false positives?|ruled[- ]out|cleared|dismissed|excluded|no concern|not involved|not (?:the )?(?:attacker|cause|culprit|source))\b/i;
const BENIGN_ALL = new RegExp(BENIGN.source, "gi");

/** A verdict that a note of a word or two passes on what it names: "203.0.113.77 (normal)" dismisses it. */
export const VERDICT =
  /\b(?:benign|normal|legit(?:imate)?|clean|fine|ok|okay|harmless|expected|usual|routine|false positive|no concern|not involved|unrelated|irrelevant)\b/i;
/** A decoy contrasted with the rest where it is named: "unlike 10.0.20.119", "not 198.18.0.99", "rather than …". */
const CONTRASTED = /\b(?:unlike|not|rather than|instead of|whereas)\s+(?:\S+\s+){0,3}?$/i;
/**
 * Words too common, or too much the attack's own, to say what a decoy is ("the", "from", "root",
 * "login"): its description's other words do ("admins", "scanner", "export", "Fjordline").
 */
const COMMON_WORDS = new Set(
  "the a an and or of to in on at by for from with was were is are be been its it this that these those their his her them they only not no nor any all own other others than then when while which who whom what before after into onto over under same such also root login logins logged session sessions connection connections connected access request requests traffic user users account accounts host hosts address addresses activity password passwords time times first last every each log logs via per new old one two set use get put see saw has had did can may our you how why yes ran run day".split(
    " ",
  ),
);

/** The words of a decoy's description that say what it is (not its own names, not common words), as stems. */
const describingWords = memoized(2_000, (description: string) =>
  [
    ...new Set(
      latinLookalikes(description)
        .toLowerCase()
        .split(/[^\p{L}]+/u)
        .filter((w) => w.length >= 3 && !COMMON_WORDS.has(w)),
    ),
  ].map((w) => new RegExp(`\\b${w.slice(0, Math.max(4, w.length - 3))}\\p{L}*`, "giu")),
);

const withoutPhrases = (text: string, phrases: readonly string[]) =>
  phrases.reduce((t, p) => replacePhrase(t, p, " "), text);

/** Items of a statement: what commas, slashes, bars, "and", "or", "then" part. */
const ITEM_SEPARATOR = /,\s*|\s+[/|]\s*|\s*[/|]\s+|\s+(?:and|or|&|then|as well as)\s+/i;

/**
 * A statement's items: what names one of `named`, with what follows it that names none (its note,
 * an apposition, a relative clause: "GuzzleHttp/7 from 127.0.0.1, the nightly sync job", "uk.json,
 * which is translation text"). A table row's cells part the same way.
 */
function itemsOf(statement: string, named: readonly string[]): string[] {
  const items: string[] = [];
  for (const piece of statement.split(ITEM_SEPARATOR)) {
    const names = named.some((p) => phrasePattern(p).test(piece));
    if (items.length && !names) items[items.length - 1] += `, ${piece}`;
    else items.push(piece);
  }
  return items;
}

/**
 * Whether a statement that names `decoy` sets it apart from the attack: it dismisses or denies it,
 * calls it benign, contrasts it ("unlike …"), or says what it is in its own description's words
 * ("the admins' key logins" for the admins' decoy). In a statement that also names the truth, only
 * the decoy's own item counts ("A (seen 14x), decoy (the vendor)"): a note on the whole statement
 * ("A, B and decoy — all routine") sets nothing apart from the truth. A note that sets nothing apart
 * ("seen 3x", "logged in as root") is what a hedge writes beside every name.
 */
export function setsApart(statement: string, decoy: Decoy, truth: readonly string[], truthNotes = ""): boolean {
  const mentions = mentionsOf(statement, decoy.any_of);
  // Dismissed, or denied where the truth is not denied alike, and not as a doubt ("no sign that
  // A, B or decoy …", "no sign that X …" said of every name, deny nothing in particular).
  if (mentions.some((m) => m.kind === "dismissed")) return true;
  if (mentions.some((m) => m.kind === "negated") && !mentionsOf(statement, truth).some((m) => m.kind === "negated"))
    return !DOUBTED.test(latinLookalikes(statement));
  const withTruth = affirms(statement, truth);
  const own = withTruth
    ? itemsOf(statement, [...truth, ...decoy.any_of])
        .filter((item) => decoy.any_of.some((p) => phrasePattern(p).test(item)))
        .join(" ")
    : statement;
  // "A, B and decoy — all routine": the last item's note is the whole list's.
  if (withTruth && /^\W*(?:(?:are|were)\s+)?(?:all|both|each|everything)\b/i.test(withoutPhrases(own, decoy.any_of)))
    return false;
  // What is also the note on the truth ("A (vendor), decoy (vendor)") tells them apart no more.
  const said = latinLookalikes(withoutPhrases(own, decoy.any_of));
  const apart = (word: string) => !new RegExp(`\\b${word}\\b`, "i").test(truthNotes);
  if ([...said.matchAll(BENIGN_ALL)].some((m) => apart(m[0]))) return true;
  if (describingWords(decoy.description).some((w) => [...said.matchAll(w)].some((m) => apart(m[0])))) return true;
  return contrasted(own, decoy.any_of) && !(withTruth && contrasted(statement, truth));
}

/** Whether a contrast word comes right before what `phrases` name ("unlike 10.0.20.119"). */
const contrasted = (text: string, phrases: readonly string[]) =>
  phrases.some((p) => {
    const hit = phrasePattern(p).exec(text);
    return hit !== null && CONTRASTED.test(text.slice(0, hit.index));
  });

/** The statements of a text, for setsApart: its lines cut at sentence ends and semicolons (not at ": "). */
const statementsOf = (text: string) =>
  text
    .split(/\r?\n|;\s+|(?<=[.!?])\s+/)
    .map((s) => s.replace(/^\s*(?:[-*+>]|\d+[.)])\s+/, "").trim())
    .filter(Boolean);

/** A text's statements, each with its searchFold, kept: every decoy and fact of every checkpoint asks of them. */
export const foldedStatements = memoized(64, (text: string) =>
  statementsOf(text).map((statement) => ({ text: statement, folded: searchFold(statement) })),
);

/**
 * The notes (of shortNotes) that pass a verdict on what they name in a word or two
 * ("203.0.113.77 (normal)", "- 203.0.113.77: clean"): each dismisses what it names, as a list that
 * calls every name it gives "normal" dismisses the truth among them.
 */
export function verdictItems(notes: { item: string; note: string }[]): string[] {
  return notes
    .filter(
      (n) =>
        n.note.split(/\s+/).length <= 2 &&
        VERDICT.test(n.note) &&
        !BLAME.test(n.note) &&
        !/\b(?:not|no|never)\b/i.test(n.note) &&
        !VERDICT_AS_LABEL.test(n.item),
    )
    .map((n) => n.item);
}

/** A verdict word heading a value ("expected: no"), not passed on what the item names. */
const VERDICT_AS_LABEL = new RegExp(`(?:${VERDICT.source})\\s*[:=]`, "i");

/**
 * The notes of up to `maxWords` words that `texts` put on what `phrases` name, item by item:
 * "(vendor)" in "203.0.113.77 (vendor)" (items parted as itemsOf parts them, by `named`). What a
 * hedge writes on every name alike.
 */
export function shortNotes(
  texts: string[],
  phrases: readonly string[],
  named: readonly string[],
  maxWords: number,
): { item: string; note: string }[] {
  const notes: { item: string; note: string }[] = [];
  for (const { text: statement, folded } of texts.flatMap(foldedStatements)) {
    // Only the phrases the statement may hold are tried on its items: most hold none.
    const present = phrases.filter((p) => mayContain(folded, p));
    if (!present.length) continue;
    for (const item of itemsOf(
      statement,
      named.filter((p) => mayContain(folded, p)),
    )) {
      if (!present.some((p) => phrasePattern(p).test(item))) continue;
      const note = latinLookalikes(withoutPhrases(item, present))
        .replace(/[^\p{L}\p{N}' ]+/gu, " ")
        .trim();
      if (note && note.split(/\s+/).length <= maxWords) notes.push({ item: item.trim(), note });
    }
  }
  return notes;
}

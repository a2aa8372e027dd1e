import { HEADING, LABEL, mentionsOf, phrasePattern, type Mention } from "@analystbench/scenarios";

/**
 * Where an answer's prose (`texts`) blames what `phrases` name (a decoy): the clause that names it
 * as the culprit, or the line that lists it under a blame or as an indicator; undefined when none
 * does. (Naming it in a submission's list fields is blame too; grade-sample reads those.)
 */
export function blameOf(texts: string[], phrases: readonly string[]): string | undefined {
  const blamed = texts.flatMap((t) => mentionsOf(t, phrases)).find((m) => m.kind === "affirmed" && blames(m));
  return blamed?.local ?? texts.flatMap(listedAsIndicators).find((line) => listedAsBlame(line, phrases));
}

/** Blame words: a decoy in a clause that says one of these is named as the culprit. */
const BLAME =
  /\b(malicious|compromised|backdoor(?:ed)?|culprit|root cause|responsible|trojan(?:ised|ized)?|exfiltrat\w*|c2|command[- ]and[- ]control|the cause|caused|attacker['’]s)\b/i;
/** A blame word negated or excepted ("not the C2", "except the vendor's … was malicious") blames nothing. */
const UNBLAMED = new RegExp(
  `\\b(?:not|never|no|isn't|wasn't|aren't|weren't|except|other than|apart from|besides)\\s+(?:\\S+\\s+){0,3}?${BLAME.source}`,
  "gi",
);
/** Whether a clause blames what it names: a blame word in it that is not negated or excepted. */
const blameIn = (clause: string) =>
  !/\b(?:except|other than|apart from|besides)\b/i.test(clause) && BLAME.test(clause.replace(UNBLAMED, " "));

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

/**
 * Whether a line listed as indicators blames what `phrases` name: it names it (not denied or
 * dismissed) either bare, as an item of the list, or with words that blame it; an item explained
 * otherwise ("203.0.113.64: the vendor's documented session") is judged by what the explanation says.
 */
function listedAsBlame(line: string, phrases: readonly string[]): boolean {
  if (!mentionsOf(line, phrases).some((m) => m.kind === "affirmed")) return false;
  const rest = phrases.reduce((t, p) => t.replace(new RegExp(phrasePattern(p).source, "giu"), " "), line);
  const bare = rest
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, "")
    .split(/[:;]\s*|,\s*|\s+(?:and|or|&)\s+/i)
    .every((piece) => piece.trim().split(/\s+/).filter(Boolean).length <= 2);
  return bare || blameIn(line);
}

/** A heading or label that lists what it names as the attack's ("Indicators:", "## IOCs", "Malicious hosts:"). */
const INDICATOR_LABEL =
  /\b(indicators?|iocs?|malicious|hostile|attackers?|attack sources?|culprits?|threat actors?|compromised|c2|command[- ]and[- ]control)\b/i;

/** The parts of a text listed under an indicator heading (until the next heading) or after an indicator label on its line. */
function listedAsIndicators(text: string): string[] {
  const listed: string[] = [];
  let under = false;
  for (const line of text.split(/\r?\n/)) {
    if (HEADING.test(line)) {
      under = INDICATOR_LABEL.test(line);
      continue;
    }
    const label = LABEL.exec(line);
    if (under) listed.push(line);
    else if (label && INDICATOR_LABEL.test(label[1]!)) listed.push(label[2]!);
  }
  return listed;
}

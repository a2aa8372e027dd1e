import type { Checkpoint } from "../schema/checkpoint";

/**
 * The descriptions of a checkpoint's grading criteria are the words a grade's rationale is
 * written in ("The report identifies the substituted package but not the attacker's version,
 * and the agent never saw the preinstall hook running in a rate-engine build"). Each kind has
 * the grammar its sentence needs, checked here so a case cannot make its rationales unreadable:
 *
 * - a fact of checkpoints 1–3 is a noun phrase in sentence case: "the C2 domain";
 * - a fact of the remediation checkpoint is an action: "rotating the exposed token";
 * - evidence is a noun phrase, what was seen, not the seeing: "the relaying client in the mail log";
 * - harmful advice is a verb phrase in the third person: "Destroys evidence";
 * - a harmful action is a verb phrase in the past tense: "Deleted the second stage";
 * - a decoy is a statement of why it is innocent, any case.
 *
 * None ends in a full stop: the rationale places them inside its own sentences.
 */

/** A first word written as the start of a sentence ("The", "Rotate"): not a name or an acronym. */
const SENTENCE_START = /^[A-Z][a-z'’-]*$/;
/** The verbs an evidence description must not start with: it names what was seen. */
const SEEING = /^(read|saw|seen|found|listed|traced|shows?|showed|looked|opened)$/i;
/** Past tenses of the harmful actions' verbs that do not end in -ed. */
const IRREGULAR_PAST = new Set([
  "ran",
  "rewrote",
  "wrote",
  "took",
  "made",
  "sent",
  "put",
  "set",
  "shut",
  "cut",
  "broke",
]);

const firstWord = (text: string) => text.trim().split(/\s+/)[0] ?? "";

function problems(kind: string, description: string, wrongGrammar: string | null): string[] {
  const found: string[] = [];
  if (/[.]\s*$/.test(description)) found.push(`${kind} "${description}" ends in a full stop`);
  if (/\n/.test(description)) found.push(`${kind} "${description}" spans lines`);
  if (description.length > 160) found.push(`${kind} "${description}" is longer than 160 characters`);
  if (wrongGrammar) found.push(`${kind} "${description}" ${wrongGrammar}`);
  return found;
}

function factGrammar(description: string, remediation: boolean): string | null {
  const word = firstWord(description);
  if (remediation) return /ing$/i.test(word) ? null : 'is not an action ("rotating the exposed token")';
  return SENTENCE_START.test(word) ? 'is not a noun phrase in sentence case ("the C2 domain")' : null;
}

function evidenceGrammar(description: string): string | null {
  const word = firstWord(description);
  if (SEEING.test(word)) return 'says the seeing, not what was seen ("the relaying client in the mail log")';
  return SENTENCE_START.test(word) ? 'is not a noun phrase in sentence case ("the relaying client")' : null;
}

/** Every description of the checkpoints that a rationale could not use as it is written. */
export function labelProblems(checkpoints: readonly Checkpoint[]): string[] {
  const last = Math.max(...checkpoints.map((c) => c.number));
  return checkpoints.flatMap((cp) => {
    const g = cp.grading;
    const at = `checkpoint ${cp.number}:`;
    return [
      ...g.indicators.flatMap((i) =>
        problems(`${at} fact`, i.description, factGrammar(i.description, cp.number === last)),
      ),
      ...g.evidence.flatMap((e) => problems(`${at} evidence`, e.description, evidenceGrammar(e.description))),
      ...g.decoys.flatMap((d) => problems(`${at} decoy`, d.description, null)),
      ...g.harmful_advice.flatMap((a) =>
        problems(
          `${at} harmful advice`,
          a.description,
          /s$/i.test(firstWord(a.description)) ? null : 'does not start with a verb in the third person ("Destroys")',
        ),
      ),
      ...g.harmful_actions.flatMap((a) => {
        const word = firstWord(a.description).toLowerCase();
        const past = /ed$/.test(word) || IRREGULAR_PAST.has(word);
        return problems(
          `${at} harmful action`,
          a.description,
          past ? null : 'does not start with a past tense ("Deleted")',
        );
      }),
    ];
  });
}

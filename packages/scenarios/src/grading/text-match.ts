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
 * leads into what to do ("Containment commands:"), or it stands under such a heading. A markdown
 * table is read row by row (see tableLines).
 */
export function withoutQuotedEvidence(report: string): string {
  const lines = report.split(/\r?\n/);
  const out: string[] = [];
  let fence: { keep: boolean } | null = null;
  let lastText = "";
  let heading = "";
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const advising = ADVICE_TOPIC.test(heading);
    if (/^\s*(```|~~~)/.test(line)) {
      fence = fence ? null : { keep: advising || IMPERATIVE.test(lastText) || leadsInAdvice(lastText) };
      continue;
    }
    if (fence) {
      if (fence.keep) out.push(line);
      continue;
    }
    if (isTableStart(lines, i)) {
      const end = tableEnd(lines, i);
      // A markdown heading right above is judged as a heading (adviceHeading), not as a lead-in.
      const leadIn = !MARKDOWN_HEADING.test(lastText) && (IMPERATIVE.test(lastText) || leadsInAdvice(lastText));
      out.push(...tableLines(lines.slice(i, end), { advising: adviceHeading(heading) || leadIn, heading }));
      lastText = lines[end - 1]!;
      i = end - 1;
      continue;
    }
    if (MARKDOWN_HEADING.test(line)) heading = line;
    if (line.trim()) lastText = line;
    out.push(unquotedUnlessCommand(line));
  }
  return out.join("\n");
}

const MARKDOWN_HEADING = /^\s*#{1,6}\s/;

/** A line (or table cell) as advice reads it: its code and quotations blanked, unless it says to run them or is only a command. */
const unquotedUnlessCommand = (line: string) =>
  IMPERATIVE.test(line) || CODE_ONLY.test(line) ? line : line.replace(/`[^`]*`|"[^"]*"|“[^”]*”/g, " «quoted» ");

/**
 * A heading over a table that says what to do: not what the attacker did ("## Attacker actions"),
 * nor a record ("## Timeline of actions") unless it names a plan ("## Remediation timeline").
 */
const adviceHeading = (heading: string) =>
  ADVICE_TOPIC.test(heading) && !ACTOR.test(heading) && (!EVIDENCE_TOPIC.test(heading) || PLAN_TOPIC.test(heading));
const ACTOR = /\b(?:attacker|adversary|intruder|threat actor|malicious actor)/i;
const PLAN_TOPIC =
  /\b(?:remediat\w*|recommend\w*|mitigat\w*|next steps?|fix(?:es)?|to do|clean-?up|contain\w*|eradicat\w*|hardening)\b/i;
/** A heading over evidence, unless it also says what to do ("## Remediation and evidence preservation"). */
const evidenceHeading = (heading: string) =>
  (EVIDENCE_TOPIC.test(heading) || ACTOR.test(heading)) && !adviceHeading(heading);

/** A markdown table's |---|---| rule, under its header row. */
const TABLE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$/;
const MONTH =
  "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";
const TIME_COLUMN = /\b(?:time(?:stamp)?|date(?:time)?|when|utc)\b/i;
const TIMESTAMP = new RegExp(
  String.raw`\b\d{1,2}:\d{2}\b|\b\d{4}-\d{2}-\d{2}\b|\b(?:\d{1,2}\s+)?(?:${MONTH})\.?\s+\d{1,4}\b|\b\d{1,2}\s+(?:${MONTH})\b`,
  "i",
);
const INSTRUCTION_COLUMN =
  /\b(?:steps?|remediat\w*|fix(?:es)?|recommend\w*|mitigat\w*|to[- ]?do|what to do|next steps?|contain\w*|eradicat\w*)\b/i;
const ACTION_COLUMN = /\b(?:actions?|commands?|disposition|response|measures?|tasks?)\b/i;
/** Columns that say what an action acts on: the row's action is applied to them ("| auth.log | delete |"). */
const OBJECT_COLUMN =
  /\b(?:files?|paths?|logs?|targets?|artifacts?|items?|objects?|resources?|assets?|hosts?|locations?|what|arguments?|args)\b/i;
/** Columns of a record of what was seen, done or run: who, from where, what it printed. */
const RECORD_COLUMN = /\b(?:actor|users?|source|src|events?|message|observed|output|seen|found|raw|entry|log line)\b/i;
/** What a heading over evidence names: a Command column there lists what was run, not what to run. */
const EVIDENCE_TOPIC =
  /\b(?:evidence|timeline|chronolog\w*|observ\w*|artifacts?|indicators?|iocs?|findings?|history)\b/i;
/** A step number, which says nothing of what to do. */
const STEP_NUMBER = /^\s*(?:step\s*)?#?\d+[.)]?\s*$/i;

/** A header row and its |---|---| rule; the outer pipes are optional ("Step | Action" over "---|---"). */
export const isTableStart = (lines: string[], i: number) =>
  lines[i]!.includes("|") &&
  !TABLE_RULE.test(lines[i]!) &&
  TABLE_RULE.test(lines[i + 1] ?? "") &&
  lines[i + 1]!.includes("|");

/** Where a table ends: at the first line after its rule that is not a row. */
export function tableEnd(lines: string[], start: number): number {
  let end = start + 2;
  while (end < lines.length && lines[end]!.includes("|") && lines[end]!.trim()) end++;
  return end;
}

const cellsOf = (row: string) =>
  row
    .trim()
    .replace(/^\|/, "")
    .replace(/(?<!\\)\|$/, "")
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());

/**
 * Markdown tables. A row is advice when its table stands under what to do (an advice heading or
 * lead-in) or its header names instructions (Step, Remediation, Fix, …) or actions (Action,
 * Command, …; not in a record of what was run, under an evidence heading or beside a User or
 * Source column). A row with a timestamp in a table with a time column is a record of what
 * happened (a log line, a timeline entry), quoted evidence and never advice, unless the table
 * stands under what to do and has no column of a record (there it is a plan: "| When | Action |");
 * so is every row of a table that is not advice and has a column of a record (User, Source,
 * Message: "| Host | User | Command |" lists what was run). Any other row is read as a line. The
 * header and rule are kept as they are.
 */
function tableLines(table: string[], where: { advising: boolean; heading: string }): string[] {
  const header = cellsOf(table[0]!);
  const head = header.join(" | ");
  const timed = TIME_COLUMN.test(head) && (!where.advising || RECORD_COLUMN.test(head));
  const advice =
    where.advising ||
    INSTRUCTION_COLUMN.test(head) ||
    (ACTION_COLUMN.test(head) && !RECORD_COLUMN.test(head) && !evidenceHeading(where.heading));
  // Outside what to do, a table with a User or Source column is a record, dated or not.
  const isRecord = (row: string) => (!advice && RECORD_COLUMN.test(head)) || (timed && TIMESTAMP.test(row));
  const out = [unquotedUnlessCommand(table[0]!), table[1]!];
  for (const row of table.slice(2)) {
    if (isRecord(row)) out.push("");
    else if (advice) out.push(...adviceRow(header, cellsOf(row)));
    else out.push(unquotedUnlessCommand(row));
  }
  return out;
}

/**
 * A row of advice as clauses, one a line: each cell a clause of its own (an action in one cell does
 * not reach into the next), except that an action is applied to what the row names for it to act
 * on: the cells of an object column ("| File | Action |"), and for a bare verb ("delete", "truncate
 * to 0 bytes") every other cell of the row ("| /var/log/auth.log | delete |" is "delete
 * /var/log/auth.log"). A cell is read as a line is (a command alone in it is what to run); one
 * under a column of evidence ("Finding", "Observed", "Time") quotes, and gives a bare verb at most
 * a name to act on (see quotedCell). A "Don't" column lists what not to do.
 */
function adviceRow(header: string[], cells: string[]): string[] {
  const kinds = cells.map((c, i) => cellKind(header[i] ?? "", c));
  const read = cells.map((c, i) => (kinds[i] === "quoted" ? quotedCell(c) : unquotedUnlessCommand(c)));
  const of = (k: CellKind) => read.filter((c, i) => kinds[i] === k && c.trim());
  const [actions, objects] = [of("action"), of("object")];
  const others = (a: string) => read.filter((c, i) => kinds[i] !== "none" && c !== a && c.trim());
  const joined = actions
    .map((a) => (BARE_ACTION.test(a) ? [a, ...others(a)] : [a, ...objects]))
    .filter((words) => words.length > 1)
    .map((words) => words.join(" "));
  // Code kept in the cells is one command once joined: "| `rm -f` | `/var/log/auth.log` |".
  return [...actions, ...objects, ...joined.map((a) => a.replace(/`/g, ""))];
}

type CellKind = "action" | "object" | "quoted" | "none";

function cellKind(column: string, cell: string): CellKind {
  if (NEGATED_COLUMN.test(column) || STEP_NUMBER.test(cell)) return "none";
  if (INSTRUCTION_COLUMN.test(column) || ACTION_COLUMN.test(column)) return "action";
  if (OBJECT_COLUMN.test(column)) return "object";
  return TIME_COLUMN.test(column) || RECORD_COLUMN.test(column) || EVIDENCE_TOPIC.test(column) ? "quoted" : "action";
}

/**
 * A cell of evidence as the object of a bare verb in its row: a name ("auth.log on jump-01",
 * `/var/log/auth.log`) is kept; anything longer, or code with a space in it (a command), or a
 * command's options or operators is quoted.
 */
const quotedCell = (cell: string) => {
  if (/`[^`]*\s[^`]*`/.test(cell)) return " «quoted» ";
  const name = cell.replace(/`([^`]+)`/g, "$1").trim();
  return name.split(/\s+/).length <= 3 && !/(?:^|\s)-|[;&|><"“]/.test(name) ? name : " «quoted» ";
};

/** A verb with nothing to act on in its own cell ("delete", "Truncate to 0 bytes", "wipe it"). */
const BARE_ACTION =
  /^\s*[a-z][\w-]*(?:\s+(?:it|them|this|all|now|immediately|entirely|completely|permanently|securely|fully|to (?:0|zero)(?: bytes?)?))*\s*[.!]?\s*$/i;
/** A column of what not to do. */
const NEGATED_COLUMN = /^\s*(?:don['’]?t|do not|never|avoid|not recommended|must not|should not|shouldn['’]t)\b/i;

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

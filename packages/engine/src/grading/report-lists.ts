import { dismissesAll, HEADING, isTableStart, LABEL, tableEnd } from "@analystbench/scenarios";

/**
 * The lists of a free-text report, as the grader reads them: the stretch under each heading (a
 * markdown table's header row heads its rows), and the lists that only say what was looked at
 * ("Hosts examined:", "## Leads checked"), which claim nothing about what they name.
 */
export interface ReportLine {
  text: string;
  /** Where the line starts in the report. */
  start: number;
}

export interface Section {
  /** The heading line, or null before the first heading. */
  heading: string | null;
  lines: ReportLine[];
}

/**
 * The report cut at its headings; each table (as advice reads tables: text-match's) is a section
 * of its own under its header row, and what follows it is under the heading above it again.
 */
export function sectionsOf(text: string): Section[] {
  const lines = linesOf(text);
  const texts = lines.map((l) => l.text);
  const sections: Section[] = [{ heading: null, lines: [] }];
  let outer: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (HEADING.test(line.text)) {
      outer = line.text;
      sections.push({ heading: outer, lines: [] });
    } else if (isTableStart(texts, i)) {
      const end = tableEnd(texts, i);
      sections.push({ heading: line.text, lines: lines.slice(i + 2, end) }, { heading: outer, lines: [] });
      i = end - 1;
    } else sections.at(-1)!.lines.push(line);
  }
  return sections.filter((s) => s.lines.length > 0);
}

function linesOf(text: string): ReportLine[] {
  const out: ReportLine[] = [];
  let start = 0;
  for (const line of text.split("\n")) {
    out.push({ text: line.replace(/\r$/, ""), start });
    start += line.length + 1;
  }
  return out;
}

/**
 * A heading or label of a list of what was looked at, not of what was found: a few words ending in
 * the work done ("Hosts examined", "## Leads checked", "Tools used"). "## 1. sshd_config reviewed
 * for root login" or "Checked wtmp" start a finding, not such a list.
 */
const WORK_LABEL =
  /^[\s#*>-]*(?:\d+[.)]\s*)?(?:[\w'’./-]+\s+){0,3}(?:examined|checked|reviewed|investigated|inspected|searched|queried|looked at|consulted|used|run|ran|read)[\s*:]*$/i;

/** A heading or label that lists what it names as the attack's ("Indicators:", "## IOCs", "Suspicious IPs:"). */
export const INDICATOR_LABEL =
  /\b(indicators?|iocs?|malicious|hostile|attack(?:ers?)?|attack sources?|brute[- ]?force sources?|culprits?|threat actors?|threat sources?|threats?|bad actors?|intrusion sources?|compromised|c2|command[- ]and[- ]control|suspicious|suspect\w*|anomal\w*|unauthori[sz]ed|rogue)\b/i;

/**
 * Whether a heading or label only says what was looked at: not one that also dismisses or clears
 * (read as dismissing), nor one that names what it lists as the attack's ("Attacker IPs checked").
 */
const onlyWorkDone = (label: string) =>
  WORK_LABEL.test(label) && !dismissesAll(label) && !/\bcleared\b/i.test(label) && !INDICATOR_LABEL.test(label);

/** Items of a list, bare: names of a few words each, no sentence ("jump-01, siem-01 and auth.log"). */
const bareNames = (text: string) =>
  text
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, "")
    .split(/[,;/|]\s*|\s+(?:and|or|&)\s+/i)
    .every((item) => item.trim().split(/\s+/).filter(Boolean).length <= 3);

/**
 * The spans of a report that list only what was looked at: the bare lines under such a heading,
 * and the bare list after such a label on its line ("Addresses checked: A, B"). A list of leads
 * examined names the truth and the decoys alike and claims nothing of either; a sentence there
 * ("Checked wtmp: the attacker also came from …") still says what it says.
 */
export function workListSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const section of sectionsOf(text)) {
    const whole = section.heading !== null && onlyWorkDone(section.heading);
    for (const line of section.lines) {
      const end = line.start + line.text.length;
      const label = LABEL.exec(line.text);
      if (whole && bareNames(line.text)) spans.push([line.start, end]);
      else if (label && onlyWorkDone(label[1]!) && bareNames(label[2]!)) spans.push([end - label[2]!.length, end]);
    }
  }
  return spans;
}

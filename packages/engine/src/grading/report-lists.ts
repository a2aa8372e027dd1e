import { dismissesAll, HEADING, LABEL, TABLE_RULE } from "@analystbench/scenarios";

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

/** A markdown table's header row: a row of cells followed by a |---|---| row. */
const TABLE_ROW = /^\s*\|.*\|\s*$/;

/** The report cut at its headings; each table is a section of its own under its header row. */
export function sectionsOf(text: string): Section[] {
  const lines = linesOf(text);
  const sections: Section[] = [{ heading: null, lines: [] }];
  let outer: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const current = sections.at(-1)!;
    if (HEADING.test(line.text)) {
      outer = line.text;
      sections.push({ heading: outer, lines: [] });
    } else if (TABLE_ROW.test(line.text) && TABLE_RULE.test(lines[i + 1]?.text ?? "")) {
      sections.push({ heading: line.text, lines: [] });
      i++;
    } else if (current.heading !== outer && !TABLE_ROW.test(line.text) && line.text.trim() !== "") {
      // The table ended: what follows is under the heading above it again.
      sections.push({ heading: outer, lines: [line] });
    } else current.lines.push(line);
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

/** Labels and headings of lists of what was looked at, not of what was found. */
const WORK_LABEL =
  /\b(?:examined|checked|reviewed|investigated|inspected|searched|queried|looked at|consulted|(?:tools?|commands?) (?:used|run|ran)|files? read|(?:data|log|evidence) sources)\b/i;

/** Whether a heading or label only says what was looked at (one that also dismisses, or clears, is read as dismissing). */
const onlyWorkDone = (label: string) => WORK_LABEL.test(label) && !dismissesAll(label) && !/\bcleared\b/i.test(label);

/**
 * The spans of a report that list only what was looked at: every line under such a heading, and
 * what follows such a label on its line ("Addresses checked: A, B"). A list of leads examined
 * names the truth and the decoys alike and claims nothing of either.
 */
export function workListSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const section of sectionsOf(text)) {
    const whole = section.heading !== null && onlyWorkDone(section.heading);
    for (const line of section.lines) {
      const end = line.start + line.text.length;
      if (whole) spans.push([line.start, end]);
      else {
        const label = LABEL.exec(line.text);
        if (label && onlyWorkDone(label[1]!)) spans.push([end - label[2]!.length, end]);
      }
    }
  }
  return spans;
}

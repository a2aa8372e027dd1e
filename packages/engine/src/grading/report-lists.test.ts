import { describe, expect, it } from "vitest";
import { sectionsOf, workListSpans } from "./report-lists";

const spanned = (text: string) => workListSpans(text).map(([a, b]) => text.slice(a, b));

describe("sectionsOf", () => {
  it("cuts a report at its headings and gives each table its header row as heading", () => {
    const text =
      "intro\n## Evidence\n- a\n| Address | Seen |\n|---|---|\n| 1.2.3.4 | 04:52 |\nafter the table\n## Fix\n1. b";
    expect(sectionsOf(text).map((s) => [s.heading, s.lines.map((l) => l.text)])).toEqual([
      [null, ["intro"]],
      ["## Evidence", ["- a"]],
      ["| Address | Seen |", ["| 1.2.3.4 | 04:52 |"]],
      ["## Evidence", ["after the table"]],
      ["## Fix", ["1. b"]],
    ]);
  });

  it("reads a table without outer pipes as advice does: under its header row", () => {
    expect(
      sectionsOf("Address | Seen\n---|---\n1.2.3.4 | 04:52\nafter").map((s) => [s.heading, s.lines.length]),
    ).toEqual([
      ["Address | Seen", 1],
      [null, 1],
    ]);
  });

  it("keeps each line's place in the report", () => {
    const text = "## A\r\nline one\r\nline two";
    const lines = sectionsOf(text).flatMap((s) => s.lines);
    expect(lines.map((l) => l.text)).toEqual(["line one", "line two"]);
    for (const line of lines) expect(text.slice(line.start, line.start + line.text.length)).toBe(line.text);
  });
});

describe("workListSpans", () => {
  it("spans what a label of leads looked at lists, and every line under such a heading", () => {
    expect(spanned("Hosts examined: jump-01, siem-01\nThe brute force came from 203.0.113.77.")).toEqual([
      "jump-01, siem-01",
    ]);
    expect(spanned("## Leads checked\n- 10.0.3.7\n- 10.0.3.8\n## Cause\nroot login")).toEqual([
      "- 10.0.3.7",
      "- 10.0.3.8",
    ]);
    expect(spanned("Tools used: grep, ss")).toEqual(["grep, ss"]);
  });

  it("leaves findings, and dismissals, where they are read", () => {
    for (const text of [
      "## Findings\n- 203.0.113.77 brute-forced root",
      "Key findings: 203.0.113.77",
      "## Leads examined and dismissed\n- 198.18.0.99",
      "Checked and cleared: 198.18.0.99 (false positive)",
      "Checked /etc/ssh/sshd_config on jump-01: it sets PermitRootLogin yes",
      "## Logs reviewed\n- auth.log shows 203.0.113.77 brute-forcing root, then a session from 203.0.113.86",
      "## 1. sshd_config reviewed for root login\n- 198.18.0.99",
    ])
      expect(spanned(text), text).toEqual([]);
  });
});

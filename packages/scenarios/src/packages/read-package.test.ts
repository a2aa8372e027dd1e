import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { describeProblem, parseRows, readPackageManifest } from "./read-package";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "ab-package-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const write = (relative: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
  writeFileSync(path.join(dir, relative), text);
};
const read = (yaml: string) => {
  write("case.yaml", yaml);
  const r = readPackageManifest(dir, "case.yaml");
  return { ...r, sentences: r.problems.map(describeProblem) };
};

describe("reading a package manifest", () => {
  it("reads {file} and {rows} references and renders {{key}} identifiers in the manifest and the files", () => {
    write("hosts/web/etc/motd", "Welcome to {{host_1}}\n");
    write("logs/web.tsv", "time\ttext\n2026-03-01T00:00:00Z\tGET / from {{ip_1}}\ttab kept\n");
    const r = read(
      "identifiers:\n  ip_1: 192.0.2.7\n  host_1: web-01\nnote: seen {{ip_1}}\nmotd: {file: hosts/web/etc/motd}\nlines: {rows: logs/web.tsv}\nliteral: '{{ not.a.key }}'\n",
    );
    expect(r.problems).toEqual([]);
    expect(r.value).toMatchObject({
      note: "seen 192.0.2.7",
      motd: "Welcome to web-01\n",
      lines: [{ time: "2026-03-01T00:00:00Z", text: "GET / from 192.0.2.7\ttab kept" }],
      literal: "{{ not.a.key }}",
      identifiers: { ip_1: "192.0.2.7", host_1: "web-01" },
    });
    expect(r.files).toEqual(["hosts/web/etc/motd", "logs/web.tsv"]);
  });

  it("names the file and the field of an unknown key, a missing file and a path out of the package", () => {
    write("hosts/x", "{{nope}}");
    const r = read(
      "a: {file: hosts/x}\nb: {file: ../secret}\nc: {file: /etc/passwd}\nd: {file: missing.txt}\ne: 'hello {{nobody}}'\n",
    );
    expect(r.sentences).toEqual([
      "hosts/x: {{nope}} is not in the identifiers table of case.yaml",
      'case.yaml, field b: "../secret" must be a path inside the package, relative to it',
      'case.yaml, field c: "/etc/passwd" must be a path inside the package, relative to it',
      'case.yaml, field d: the file "missing.txt" does not exist',
      "case.yaml, field e: {{nobody}} is not in the identifiers table of case.yaml",
    ]);
  });

  it("refuses a symlink that leads out of the package", () => {
    symlinkSync("/etc/hostname", path.join(dir, "escape"));
    const r = read("a: {file: escape}\n");
    expect(r.sentences).toEqual(['case.yaml, field a: "escape" is not a regular file inside the package']);
  });

  it("reports bad YAML with its line, and a document that is not a mapping", () => {
    expect(read("a: [1, 2\nb: 3\n").sentences[0]).toMatch(
      /^case\.yaml: is not valid YAML: .*\(line \d+, column \d+\)$/,
    );
    expect(read("- just\n- a list\n").sentences).toEqual(["case.yaml: must be a YAML mapping"]);
  });

  it("stops walking a manifest whose aliases multiply it (a YAML bomb) instead of hanging", () => {
    const levels = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
    for (let i = 1; i < 9; i++)
      levels.push(
        `${"bcdefghij"[i - 1]}: &${"bcdefghij"[i - 1]} [${Array(10)
          .fill(`*${i === 1 ? "a" : "bcdefghij"[i - 2]}`)
          .join(", ")}]`,
      );
    const started = performance.now();
    const r = read(`${levels.join("\n")}\n`);
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(r.sentences.some((s) => /holds more than 2,000,000 values/.test(s))).toBe(true);
  });
});

describe("parseRows", () => {
  it("maps a header row to fields, leaves empty cells out and keeps tabs in the last column", () => {
    expect(parseRows("time\tunit\tmessage\nT1\t\tm1\tm2\nT2\tsshd\tok\n")).toEqual([
      { time: "T1", message: "m1\tm2" },
      { time: "T2", unit: "sshd", message: "ok" },
    ]);
  });
});

import { mulberry32 } from "@analystbench/scenarios";
import { describe, expect, it } from "vitest";
import { isDump, MAX_PASTED_CHARS, measurePaste } from "./pasted";

const GAP = 4;
const RUN = 8;
const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]+/gu, "")
    .split(/\s+/)
    .filter(Boolean);

/**
 * The rule measurePaste keeps, read the plain way: the report's words no output holds (alone, or
 * joined to a neighbour) are set aside; then every chain of 8 output words, each within GAP words
 * of the one before in the output, matched in order by the remaining report words (or two
 * neighbours joined) each within GAP of the one before; every report word from a chain's first to
 * its last is pasted, the words set aside between them too. (The texts it is compared on are short
 * enough that no word stands more than 16 times, so every place of every word starts chains, as in
 * the rule.)
 */
function plainShare(text: string, outputs: string[]): number {
  const w = words(text);
  if (w.length < RUN) return 0;
  const held = new Set(outputs.flatMap(words));
  const kept = w
    .map((_, i) => i)
    .filter(
      (i) =>
        held.has(w[i]!) || held.has(w.slice(i, i + 2).join("")) || (i > 0 && held.has(w.slice(i - 1, i + 1).join(""))),
    );
  const pasted = new Uint8Array(w.length);
  for (const o of outputs.map(words)) {
    type Match = { s: number; e: number; j: number; firsts: number[] };
    const matches: Match[] = [];
    o.forEach((word, j) => {
      for (let s = 0; s < kept.length; s++)
        for (const e of [s, s + 1]) {
          if (e >= kept.length || (e > s && kept[e] !== kept[s]! + 1)) continue;
          if (
            kept
              .slice(s, e + 1)
              .map((i) => w[i])
              .join("") !== word
          )
            continue;
          const firsts = Array<number>(RUN).fill(Infinity);
          firsts[0] = s;
          for (const m of matches)
            if (j - m.j >= 1 && j - m.j <= GAP && s - m.e >= 1 && s - m.e <= GAP)
              m.firsts.forEach(
                (f, l) => (firsts[Math.min(l + 1, RUN - 1)] = Math.min(firsts[Math.min(l + 1, RUN - 1)]!, f)),
              );
          matches.push({ s, e, j, firsts });
          if (firsts[RUN - 1]! !== Infinity) pasted.fill(1, kept[firsts[RUN - 1]!], kept[e]! + 1);
        }
    });
  }
  let all = 0;
  let copied = 0;
  w.forEach((word, i) => ((all += word.length), pasted[i] && (copied += word.length)));
  return copied / all;
}

// Some words are two others joined, so a split word can be found (or mistaken).
const VOCABULARY = [
  "sshd",
  "failed",
  "pass",
  "word",
  "password",
  "for",
  "root",
  "10.0.3.7",
  "port",
  "22",
  "ÉTÉ",
  "a",
  "the",
];
const OWN = ["we", "found", "that", "logs", "show", "clearly", "attacker", "then"];
// Every separator \s knows, and some it does not (a zero-width space and a soft hyphen are no spaces).
const SEPARATORS = [
  " ",
  "  ",
  "\n",
  "\r\n",
  "\t",
  "\u00a0",
  "\u2003",
  "\u2028",
  "\u3000",
  "\ufeff",
  "\u200b",
  "\u00ad",
];

const OUTPUT = "Oct 1 sshd[7]: Failed password for root from 10.0.3.7 port 22 ssh2";

describe("measurePaste", () => {
  it("measures what the plain rule measures, on texts that paste, skip, add, split and change words", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const next = mulberry32(seed);
      const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]!;
      const join = (ws: string[]) => ws.map((w) => `${w}${pick(SEPARATORS)}`).join("");
      const outputs = Array.from({ length: 1 + Math.floor(next() * 3) }, () =>
        Array.from({ length: Math.floor(next() * 40) }, () => pick(VOCABULARY)),
      );
      // Runs of an output, each word kept, dropped, followed by a word of the text's own or split in two.
      const text: string[] = [];
      for (let part = 0; part < 4; part++) {
        const o = pick(outputs);
        const from = Math.floor(next() * o.length);
        for (const w of o.slice(from, from + 6 + Math.floor(next() * 8))) {
          const r = next();
          if (r < 0.1) continue;
          if (r < 0.2 && w.length > 1) text.push(w.slice(0, 1), w.slice(1));
          else text.push(next() < 0.3 ? w.toUpperCase() : w);
          if (next() < 0.2) text.push(pick(OWN));
        }
        if (next() < 0.5) text.push(pick(OWN), pick(OWN));
      }
      const [joined, outs] = [join(text), outputs.map(join)];
      expect(measurePaste(joined, outs).share, `seed ${seed}`).toBeCloseTo(plainShare(joined, outs), 12);
    }
  });

  it("says where the pasted stretches stand in the report, from a stretch's first character to its last", () => {
    const quote = "Oct 1 sshd[7]: Failed password for root from 10.0.3.7 port 22 ssh2";
    const text = `We saw this:\n  ${quote}\nand then, later, this:\n> ${quote.replace("root", "root (sic) (sic)")}.`;
    const { ranges } = measurePaste(text, [OUTPUT]);
    expect(ranges.map(([a, b]) => text.slice(a, b))).toEqual([quote, quote.replace("root", "root (sic) (sic)")]);
  });

  it("counts a paste only when one output holds its words, in order", () => {
    const text = "one two three four five six seven eight";
    expect(measurePaste(text, ["ONE two\tthree\nfour five six seven eight nine"])).toEqual({
      share: 1,
      chars: 32,
      ranges: [[0, text.length]],
    });
    // Split across two outputs, out of order, or with words cut short: not pasted.
    expect(measurePaste(text, ["one two three four", "five six seven eight"]).share).toBe(0);
    expect(measurePaste(text, ["eight seven six five four three two one"]).share).toBe(0);
    expect(measurePaste(text, ["xone xtwo three xfour five xsix seven xeight"]).share).toBe(0);
    // Seven words are a quote, not a paste.
    expect(measurePaste("one two three four five six seven", ["one two three four five six seven"]).share).toBe(0);
  });

  it("reads words by what they spell: punctuation, invisible characters and look-alike letters hide no paste", () => {
    for (const disguise of ["\u200b", "\u200d", "\u2060", "\u00ad", ".", "'", "*"]) {
      const text = OUTPUT.replace(/([a-z])([a-z])/g, `$1${disguise}$2`);
      expect(measurePaste(text, [OUTPUT]).share, JSON.stringify(disguise)).toBe(1);
    }
    const cyrillic = OUTPUT.replace(/a/g, "\u0430")
      .replace(/o/g, "\u043e")
      .replace(/e/g, "\u0435")
      .replace(/p/g, "\u0440");
    const fullwidth = OUTPUT.replace(/[a-z]/g, (c) => String.fromCodePoint(c.charCodeAt(0) + 0xfee0));
    for (const text of [cyrillic, fullwidth]) expect(measurePaste(text, [OUTPUT]).share, text).toBe(1);
    // A quote keeps its words whatever its punctuation; other words are still other words.
    expect(measurePaste("Failed password for root from 10.0.3.7, port 22 (ssh2)", [OUTPUT]).share).toBe(1);
    expect(measurePaste("Failed passwords for roots from 10.0.3.8, ports 23 (ssh1)", [OUTPUT]).share).toBe(0);
  });

  it("sees through words slipped in, dropped, changed or split, and counts the slipped-in words as pasted", () => {
    const log = Array.from({ length: 40 }, (_, i) => OUTPUT.replace("[7]", `[${100 + i}]`)).join("\n");
    const w = log.split(/\s+/);
    const disguised = {
      "a filler after every seventh word": w.map((x, i) => (i % 7 === 6 ? `${x} um` : x)),
      "a filler after every word": w.map((x) => `${x} verily`),
      "two fillers after every word": w.map((x) => `${x} so, well`),
      "three fillers no output holds after every fourth word": w.map((x, i) =>
        i % 4 === 3 ? `${x} (sic) (sic) (sic)` : x,
      ),
      "a row label every seven words": w.map((x, i) => (i % 7 === 0 ? `| L${i} part ${i % 3} | ${x}` : x)),
      "a label of three words the outputs hold every seven words": w.map((x, i) =>
        i % 7 === 0 ? `| port for root | ${x}` : x,
      ),
      "every third word dropped": w.filter((_, i) => i % 3 !== 2),
      "every third word changed": w.map((x, i) => (i % 3 === 2 ? "zz" : x)),
      "every word split in two": w.map((x) => (x.length > 1 ? `${x.slice(0, 1)} ${x.slice(1)}` : x)),
      "every fifth word split in two": w.map((x, i) =>
        i % 5 === 0 && x.length > 3 ? `${x.slice(0, 2)} ${x.slice(2)}` : x,
      ),
    };
    for (const [name, text] of Object.entries(disguised))
      expect(measurePaste(text.join(" "), [log]).share, name).toBeGreaterThan(0.99);
    // Four words the outputs hold slipped in at every step is past the rule: such a text is four fifths filler.
    expect(measurePaste(w.map((x) => `${x} for root from port`).join(" "), [log]).share).toBeLessThan(0.1);
  });

  it("takes a dump padded with prose of its own for a dump, and a report that quotes its evidence for a report", () => {
    const log = Array.from({ length: 100 }, (_, i) => OUTPUT.replace("[7]", `[${100 + i}]`)).join("\n");
    const prose = Array.from({ length: 1500 }, (_, i) => ["lorem", "ipsum", "dolor", "sit", "amet"][i % 5]).join(" ");
    const padded = measurePaste(`${log}\n${prose}`, [log]);
    expect(padded.share).toBeLessThan(0.5);
    expect(padded.chars).toBeGreaterThan(MAX_PASTED_CHARS);
    expect(isDump(padded, "text")).toBe(true);
    const report = `The jump host took a password guessing run as root from 10.0.3.7; the auth log reads:\n\n    ${log.split("\n").slice(0, 3).join("\n    ")}\n\nand so on for 100 lines in a minute. Root login over SSH with a password is allowed there. Disable it, rotate the root password and block the source at the firewall.`;
    const quoted = measurePaste(report, [log]);
    expect(quoted.share).toBeGreaterThan(0.3);
    expect(isDump(quoted, "text")).toBe(false);
  });

  it("finds a paste in a large output as it does in a small one, and bears a text of one word repeated", () => {
    const filler = Array.from({ length: 20_000 }, (_, i) => `line${i} ok`).join("\n");
    expect(measurePaste(`${OUTPUT}\n${OUTPUT}`, [`${filler}\n${OUTPUT}\n${filler}`]).share).toBe(1);
    expect(measurePaste(`I read it: ${OUTPUT}`, [filler]).share).toBe(0);
    // One word repeated, as long as a report may be, in an output of it: pasted, and found in passing.
    expect(measurePaste("a ".repeat(16_000), ["a ".repeat(500_000)])).toEqual({
      share: 1,
      chars: 16_000,
      ranges: [[0, 31_999]],
    });
    // A text and an output made to follow each other in every way at once: taken whole as pasted.
    const tangle = measurePaste(`x ${"a ".repeat(999)}`.repeat(16), [`x ${"a ".repeat(50)}`.repeat(20_000)]);
    expect(tangle).toMatchObject({ share: 1, chars: 16_000 });
  });
});

import { mulberry32 } from "@analystbench/scenarios";
import { describe, expect, it } from "vitest";
import { pastedShare } from "./answer";

/** The rule pastedShare keeps, read the plain way: every run of 8 words of the text, looked for in each output's words. */
function plainShare(text: string, outputs: string[]): number {
  const words = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s]+/gu, "")
      .split(/\s+/)
      .filter(Boolean);
  const w = words(text);
  if (w.length < 8) return 0;
  const held = new Set<string>();
  for (const o of outputs.map(words)) for (let i = 0; i + 8 <= o.length; i++) held.add(o.slice(i, i + 8).join(" "));
  const pasted = new Uint8Array(w.length);
  for (let i = 0; i + 8 <= w.length; i++) if (held.has(w.slice(i, i + 8).join(" "))) pasted.fill(1, i, i + 8);
  let all = 0;
  let copied = 0;
  w.forEach((word, i) => ((all += word.length), pasted[i] && (copied += word.length)));
  return copied / all;
}

const VOCABULARY = ["sshd", "Failed", "password", "root", "10.0.3.7", "port", "22", "ÉTÉ", "İstanbul", "—", "a", "the"];
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

describe("pastedShare", () => {
  it("measures what the plain rule measures, on texts and outputs that share runs, words and spacing", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const next = mulberry32(seed);
      const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]!;
      const words = (n: number) => Array.from({ length: n }, () => pick(VOCABULARY));
      const join = (ws: string[]) => ws.map((w) => `${w}${pick(SEPARATORS)}`).join("");
      const outputs = Array.from({ length: 1 + Math.floor(next() * 4) }, () => words(Math.floor(next() * 60)));
      // The text takes runs of 6 to 10 words from the outputs, mixed with words of its own.
      const parts: string[][] = [];
      for (let i = 0; i < 6; i++) {
        const o = pick(outputs);
        const from = Math.floor(next() * o.length);
        parts.push(next() < 0.6 ? o.slice(from, from + 6 + Math.floor(next() * 5)) : words(5));
      }
      const text = join(parts.flat().map((w) => (next() < 0.3 ? w.toUpperCase() : w)));
      const outs = outputs.map(join);
      expect(pastedShare(text, outs), `seed ${seed}`).toBe(plainShare(text, outs));
    }
  });

  it("counts a run only when one output holds it whole, in order, as whole words", () => {
    const text = "one two three four five six seven eight";
    expect(pastedShare(text, ["ONE two\tthree\nfour five six seven eight nine"])).toBe(1);
    // Split across two outputs, out of order, or with a word cut short: not pasted.
    expect(pastedShare(text, ["one two three four", "five six seven eight"])).toBe(0);
    expect(pastedShare(text, ["one two three four six five seven eight"])).toBe(0);
    expect(pastedShare(text, ["xone two three four five six seven eight"])).toBe(0);
    expect(pastedShare(text, ["one two three four five six seven eighty"])).toBe(0);
    // Seven words are a quote, not a paste.
    expect(pastedShare("one two three four five six seven", ["one two three four five six seven"])).toBe(0);
  });

  it("reads words by what they spell: punctuation and invisible characters slipped in hide no paste", () => {
    const output = "Oct 1 sshd[7]: Failed password for root from 10.0.3.7 port 22 ssh2";
    for (const disguise of ["\u200b", "\u200d", "\u2060", "\u00ad", ".", "'", "*"]) {
      const text = output.replace(/([a-z])([a-z])/g, `$1${disguise}$2`);
      expect(pastedShare(text, [output]), JSON.stringify(disguise)).toBe(1);
    }
    // A quote keeps its words whatever its punctuation; other words are still other words.
    expect(pastedShare("Failed password for root from 10.0.3.7, port 22 (ssh2)", [output])).toBe(1);
    expect(pastedShare("Failed passwords for root from 10.0.3.7 port 22 ssh2", [output])).toBe(0);
  });

  it("finds a paste in a large output as it does in a small one", () => {
    const filler = Array.from({ length: 20_000 }, (_, i) => `line${i} ok`).join("\n");
    const quote = "Oct 1 sshd[7]: Failed password for root from 10.0.3.7 port 22";
    expect(pastedShare(`${quote}\n${quote}`, [`${filler}\n${quote}\n${filler}`])).toBe(1);
    expect(pastedShare(`I read it: ${quote}`, [filler])).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import { capitalize, code, firstFew, listAnd, listOr, lowerFirst, noun, plural, quote, sentence } from "./english";

describe("plural", () => {
  it.each([
    [0, "turn", "0 turns"],
    [1, "turn", "1 turn"],
    [2, "turn", "2 turns"],
    [1, "tool call", "1 tool call"],
    [3, "tool call", "3 tool calls"],
    [1, "retry", "1 retry"],
    [2, "retry", "2 retries"],
    [2, "process", "2 processes"],
    [2, "day", "2 days"],
    [-1, "point", "-1 points"],
    [1.5, "epoch", "1.5 epochs"],
  ])("%d %s → %s", (n, one, expected) => {
    expect(plural(n, one)).toBe(expected);
  });

  it("takes an irregular plural", () => {
    expect(plural(2, "analysis", "analyses")).toBe("2 analyses");
    expect(plural(2, "match", "matches")).toBe("2 matches");
    expect(noun(1, "analysis", "analyses")).toBe("analysis");
    expect(noun(0, "sample")).toBe("samples");
  });
});

describe("lists and sentences", () => {
  it("joins lists the way a sentence does", () => {
    expect(listAnd([])).toBe("");
    expect(listAnd(["a"])).toBe("a");
    expect(listAnd(["a", "b"])).toBe("a and b");
    expect(listOr(["a", "b", "c"])).toBe("a, b or c");
    expect(firstFew(["a", "b", "c", "d"], 2, (k) => plural(k, "other"))).toBe("a, b and 2 others");
    expect(firstFew(["a", "b"], 2, (k) => plural(k, "other"))).toBe("a and b");
  });

  it("makes a sentence of a clause, once", () => {
    expect(sentence("the report is empty")).toBe("The report is empty.");
    expect(sentence("Done.")).toBe("Done.");
    expect(sentence("  ")).toBe("");
    expect(capitalize("")).toBe("");
    expect(lowerFirst("Deleted the log")).toBe("deleted the log");
  });
});

describe("quoting untrusted text", () => {
  it("keeps it on one line, unable to close its quotation, and short", () => {
    const q = quote('He said "done".\nThen\t`rm -rf /`;');
    expect(q).toBe(`"He said 'done'. Then \`rm -rf /\`"`);
    const long = quote("x".repeat(500));
    expect([...long].length).toBe(92);
    expect(long.endsWith('…"')).toBe(true);
  });

  it("cuts by characters, never inside a surrogate pair", () => {
    const emoji = quote("😀".repeat(200), 10);
    expect(emoji).toBe(`"${"😀".repeat(9)}…"`);
  });

  it("quotes a command as code that cannot close its backticks", () => {
    expect(code("cat <<EOF\n`id`\nEOF")).toBe("`cat <<EOF 'id' EOF`");
  });
});

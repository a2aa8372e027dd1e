import { InMemoryFs, encodeUtf8ToBytes } from "just-bash";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ereToJs, everyLine, fastGrep, selectedLines, toJsRegExp } from "./grep-fast";

const fs = new InMemoryFs({ "/log": "alpha 1\nbeta 22\ngamma 333\n", "/bin.dat": "a\u0000b\n" });
const ctx = { fs, cwd: "/", stdin: encodeUtf8ToBytes("") };
const run = (patterns: string[], options: string[] = [], files = ["/log"], mode: "G" | "E" | "F" | "P" = "G") =>
  fastGrep({ patterns, mode, options, files, defaultNames: files.length > 1, ctx });

describe("grep on the JavaScript engine", () => {
  it("serves the common forms itself", async () => {
    expect(await run(["beta"])).toEqual({ stdout: "beta 22\n", stderr: "", exitCode: 0 });
    expect(await run(["[[:digit:]]\\{3\\}"], ["-n"])).toEqual({ stdout: "3:gamma 333\n", stderr: "", exitCode: 0 });
    expect(await run(["a 1", "a 3"], ["-c"], ["/log"], "F")).toEqual({ stdout: "2\n", stderr: "", exitCode: 0 });
    expect(await run(["zzz"])).toEqual({ stdout: "", stderr: "", exitCode: 1 });
  });

  it("leaves what it does not handle exactly to just-bash's grep", async () => {
    expect(await run(["a"], ["-A", "1"])).toBeNull();
    expect(await run(["a"], [], ["/bin.dat"])).toBeNull();
    expect(await run(["a"], [], ["/missing"])).toBeNull();
    expect(await run(["[[=a=]]"])).toBeNull();
    expect(await run(["a"], ["-o", "-v"])).toBeNull();
  });

  it("translates POSIX bracket classes and word anchors", () => {
    expect(ereToJs("[[:alpha:]_][[:alnum:]]*")).toBe("[a-zA-Z_][a-zA-Z0-9]*");
    expect(ereToJs("[]a]")).toBe("[\\]a]");
    expect(ereToJs("\\<root\\>")).toBe("\\b(?=\\w)root\\b(?<=\\w)");
    expect(ereToJs("[unclosed")).toBeNull();
    expect(toJsRegExp(["a.b"], "F", { ignoreCase: false, word: false, line: false, global: false })!.test("axb")).toBe(
      false,
    );
  });
});

describe("grep's search of a whole file", () => {
  const pieces = ["a", "b", " ", ".", "^", "$", "[^a]", "\\s", "a*", "b+", "(a|b)", "\\<", "\\>", "[[:space:]]", "x?"];
  const pattern = fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 5 }).map((p) => p.join(""));
  const text = fc.array(fc.constantFrom("a", "b", " ", "\n", "x"), { maxLength: 40 }).map((t) => t.join(""));

  it("selects exactly the lines a line-by-line test selects, with their numbers", () => {
    fc.assert(
      fc.property(pattern, text, fc.boolean(), fc.boolean(), (p, t, word, ignoreCase) => {
        const test = toJsRegExp([p], "E", { ignoreCase, word, line: false, global: false });
        fc.pre(test !== null);
        expect([...selectedLines(t, test!, false, true)]).toEqual([...everyLine(t, test!, false)]);
      }),
      { numRuns: 3000 },
    );
  });

  it("keeps line by line a -P pattern whose lookaround could see past a line's end", () => {
    const test = new RegExp("(?<![\\s\\S])b");
    // Line by line, "b" at a line's start has nothing before it; in the whole text it has "\n".
    expect([...selectedLines("a\nb\n", test, false, true)]).toEqual([{ line: "b", n: 1 }]);
    expect([...selectedLines("a\nb\n", /b(?![\s\S])/, false, true)]).toEqual([{ line: "b", n: 1 }]);
  });
});

import { InMemoryFs, encodeUtf8ToBytes } from "just-bash";
import { describe, expect, it } from "vitest";
import { ereToJs, fastGrep, toJsRegExp } from "./grep-fast";

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

import { describe, expect, it } from "vitest";
import { Bash, InMemoryFs } from "just-bash";
import { fastAwk } from ".";
import { formatG, formatPrintf } from "./format";
import { parseProgram } from "./parser";
import { Unsupported } from "./lexer";

/** Expected outputs are mawk 1.3.4-20200120's (Debian 12's awk). */
const fs = new InMemoryFs();
fs.writeFileSync(
  "/log",
  '10.0.0.1 - - "GET /a" 200 10\n10.0.0.2 - - "GET /.env" 404 7\n10.0.0.1 - - "POST /a" 500 3\n',
);
const ctx = (stdin = "") =>
  ({
    fs,
    cwd: "/",
    stdin,
    env: new Map(),
    limits: { maxAwkIterations: 1000, maxArrayElements: 100, maxExecutionTimeMs: 5000, maxOutputSize: 1 << 20 },
  }) as unknown as Parameters<typeof fastAwk>[1];

const awk = async (...args: string[]) => {
  const r = await fastAwk(args, ctx());
  return r && `${r.stdout}[${r.exitCode}]`;
};

/** A program's stdout, stderr and exit status on the fast path (null: left to just-bash's awk). */
const run = async (program: string) => {
  const r = await fastAwk([program], ctx());
  return r && [r.stdout, r.stderr, r.exitCode];
};

type Context = Parameters<typeof fastAwk>[1];

describe("awk fast path", () => {
  it("prints fields, filters by pattern and counts in arrays", async () => {
    expect(await awk("{print $1, $NF}", "/log")).toBe("10.0.0.1 10\n10.0.0.2 7\n10.0.0.1 3\n[0]");
    expect(await awk("$6 == 404 {print NR}", "/log")).toBe("2\n[0]");
    expect(await awk("/env/", "/log")).toBe('10.0.0.2 - - "GET /.env" 404 7\n[0]');
    expect(await awk("{c[$1]++} END {for (k in c) print c[k], k}", "/log")).toBe("2 10.0.0.1\n1 10.0.0.2\n[0]");
    expect(await awk("-F", '"', "{print $2}", "/log")).toBe("GET /a\nGET /.env\nPOST /a\n[0]");
  });

  it("compares input that looks numeric as numbers, and constants' strings as strings", async () => {
    expect(await awk("$7 > 5 {print $7}", "/log")).toBe("10\n7\n[0]");
    expect(await awk('$7 > "5" {print $7}', "/log")).toBe("7\n[0]");
  });

  it("prints integers within a C int as such, others through %.6g", async () => {
    expect(await awk("BEGIN {print 2^31 - 1, 2^31, 1/3, 100000 * 100000, 0.1 + 0.2}")).toBe(
      "2147483647 2.14748e+09 0.333333 1e+10 0.3\n[0]",
    );
  });

  it("formats printf conversions as glibc does", () => {
    const args = (...v: (string | number)[]) => ({
      count: v.length,
      num: (i: number) => Number(v[i]),
      str: (i: number) => String(v[i]),
      isNumber: (i: number) => typeof v[i] === "number",
    });
    expect(
      formatPrintf(
        "%5s|%-5s|%05d|%+d|% d|%.3s|%c|%o|%X|%5.1e|%G|%#x",
        args("ab", "cd", 42, 5, 7, "abcdef", 321, 8, 255, 12345, 0.00001, 255),
      ),
    ).toBe("   ab|cd   |00042|+5| 7|abc|A|10|FF|1.2e+04|1E-05|0xff");
    expect(formatG(123456789, 6)).toBe("1.23457e+08");
    expect(formatG(0.0001, 6)).toBe("0.0001");
  });

  it("leaves what it does not implement to just-bash's interpreter", async () => {
    for (const program of [
      "function f(x) { return x } { print f($1) }",
      "{ getline line; print line }",
      '{ print $1 > "/tmp/out" }',
      "BEGIN { srand(); print rand() }",
      "/a{2}/",
      "{ print substr($0, 1.5, 2) }",
    ])
      expect(await awk(program, "/log"), program).toBeNull();
    expect(await awk("{print}", "/missing")).toBeNull();
    expect(await awk("-f", "prog.awk", "/log")).toBeNull();
    expect(() => parseProgram("{ print $1 ")).toThrow(Unsupported);
  });

  it("stops a runaway loop itself, in just-bash's words, keeping what was printed", async () => {
    // Handing it to just-bash's awk would run the program again, a hundred times slower, to say the same.
    const stop = (loop: string) => `awk: awk: ${loop} loop exceeded maximum iterations (1000)\n`;
    expect(await run('BEGIN { print "a"; while (1) n++ }')).toEqual(["a\n", stop("while"), 126]);
    expect(await run("BEGIN { do { n++ } while (1) }")).toEqual(["", stop("do-while"), 126]);
    expect(await run("BEGIN { for (;;) printf n++ % 10 }")).toEqual(["0123456789".repeat(100), stop("for"), 126]);
    // The limit is on iterations beyond it: exactly the maximum still runs.
    expect(await run("BEGIN { while (n < 1000) n++; print n }")).toEqual(["1000\n", "", 0]);
    expect(await run("BEGIN { for (i = 0; i < 1000; i++) n++; print n }")).toEqual(["1000\n", "", 0]);
  });

  it("stops at just-bash's other limits too, in its words: printf's field width, elements of all arrays", async () => {
    const width = "awk: printf width limit exceeded (10000 bytes)\n";
    expect(await run('BEGIN { print "a"; printf "%10001d", 1 }')).toEqual(["a\n", width, 126]);
    expect(await run('BEGIN { x = sprintf("%-*s", 10001, "") }')).toEqual(["", width, 126]);
    expect(await run('BEGIN { printf "%10000s", "" }')).toEqual([" ".repeat(10000), "", 0]);
    const elements = "awk: array element limit exceeded (100)\n";
    // All arrays together, as just-bash counts them; deleting frees room, and so does a split's array.
    expect(await run("BEGIN { for (i = 0; i < 60; i++) { a[i]; b[i] } }")).toEqual(["", elements, 126]);
    expect(await run("BEGIN { for (i = 0; i < 60; i++) a[i]; delete a; for (i = 0; i < 100; i++) b[i] = 1 }")).toEqual([
      "",
      "",
      0,
    ]);
    expect(
      await run(
        'BEGIN { for (i = 0; i < 90; i++) a[i]; for (i = 0; i < 60; i++) delete a[i]; n = split("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70", b); print n }',
      ),
    ).toEqual(["70\n", "", 0]);
    expect(await run('BEGIN { n = split("1 2 3 4 5 6 7 8 9 10", b); for (i = 0; i < 95; i++) a[i] }')).toEqual([
      "",
      elements,
      126,
    ]);
    // A split's array is replaced, not added to: ten splits of 60 into one array hold 60.
    const sixty =
      'BEGIN { s = sprintf("%60s", ""); gsub(/ /, "x ", s); for (i = 0; i < 10; i++) n = split(s, b); print n }';
    expect(await run(sixty)).toEqual(["60\n", "", 0]);
  });

  it("looks at the clock as often for few turns over huge strings or arrays as for many short ones", async () => {
    const past = {
      ...ctx(),
      limits: { maxAwkIterations: 1000, maxArrayElements: 100_000, maxExecutionTimeMs: 0 },
    } as unknown as Context;
    // 200 turns over a string of 10,000 characters: 200 iterations of loop, 7,800 units with the string work.
    const big = 'BEGIN { s = sprintf("%10000s", "x"); ';
    const digits = 'BEGIN { s = sprintf("%10000s", "1"); gsub(/ /, "1", s); ';
    for (const program of [
      big + "for (i = 0; i < 200; i++) t = toupper(s) }",
      big + 'for (i = 0; i < 200; i++) gsub(/ /, "-", s) }',
      big + 'for (i = 0; i < 200; i++) n = split(s, parts, "x") }',
      big + "for (i = 0; i < 200; i++) print s }",
      big + "for (i = 0; i < 200; i++) { $0 = s; n += NF } }",
      big + "for (i = 0; i < 200; i++) n += match(s, /y/) }",
      big + "for (i = 0; i < 200; i++) if (s ~ /y/) n++ }",
      big + "for (i = 0; i < 200; i++) t = s i }",
      big + "t = s; for (i = 0; i < 200; i++) if (s == t) n++ }",
      digits + "$0 = s; for (i = 0; i < 200; i++) x = $1 }",
      digits + "for (i = 0; i < 200; i++) n += s }",
      digits + 'for (i = 0; i < 200; i++) { t = "a"; gsub(/a/, s, t) } }',
      'BEGIN { s = sprintf("%5000s", ""); gsub(/ /, "x ", s); split(s, a, " "); for (i = 0; i < 200; i++) for (k in a) break }',
    ]) {
      const r = await fastAwk([program], past);
      expect([r?.stderr, r?.exitCode], program).toEqual(["bash: awk exceeded execution deadline (0ms)\n", 124]);
    }
    // Records count too: 5,000 short lines through a rule with no loop.
    const lines = { ...past, stdin: "a b\n".repeat(5000) } as unknown as Context;
    const r = await fastAwk(["{ n++ }", "-"], lines);
    expect([r?.stderr, r?.exitCode]).toEqual(["bash: awk exceeded execution deadline (0ms)\n", 124]);
  });

  it("stops at the command line's deadline, through just-bash's own abort when it has one", async () => {
    const spin = "BEGIN { for (i = 0; i < 999; i++) for (j = 0; j < 999; j++) for (k = 0; k < 999; k++) n++ }";
    const aborted = new Error("aborted by the interpreter");
    const executionScope = {
      remainingTimeMs: () => 0,
      throwIfAborted: () => {
        throw aborted;
      },
    };
    const scoped = { ...ctx(), executionScope } as unknown as Context;
    await expect(fastAwk([spin], scoped)).rejects.toBe(aborted);
    const alone = { ...ctx(), limits: { maxAwkIterations: 1000, maxExecutionTimeMs: 0 } } as unknown as Context;
    const r = await fastAwk([spin], alone);
    expect([r?.stderr, r?.exitCode]).toEqual(["bash: awk exceeded execution deadline (0ms)\n", 124]);
  });

  it("words its limits as just-bash's awk does, and ends a slow program with the shell's deadline", async () => {
    const bash = new Bash({
      fs,
      customCommands: [(await import("../awk")).awkCommand()],
      executionLimits: { maxAwkIterations: 1000, maxArrayElements: 100, maxExecutionTimeMs: 200 },
    });
    // A function definition sends the program to just-bash's awk: the oracle for the words.
    for (const loop of [
      "while (1) n++",
      "do { n++ } while (1)",
      "for (;;) n++",
      'printf "%10001s", ""',
      "for (i = 0; i < 999; i++) a[i] = 1",
    ]) {
      const fast = await bash.exec(`awk 'BEGIN { print "a"; ${loop} }'; echo $?`);
      const full = await bash.exec(`awk 'function f() { return 1 } BEGIN { print "a"; ${loop} }'; echo $?`);
      expect([fast.stdout, fast.stderr], loop).toEqual([full.stdout, full.stderr]);
      expect(fast.stdout).toBe("a\n126\n");
    }
    const slow = "for (i = 0; i < 999; i++) for (j = 0; j < 999; j++) for (k = 0; k < 999; k++) n++";
    const r = await bash.exec(`awk 'BEGIN { ${slow} }'; echo after`);
    expect([r.stdout, r.exitCode]).toEqual(["", 124]);
    expect(r.stderr).toMatch(/exceeded execution deadline \(200ms\)/);
  });

  it("falls back inside the shell: the program still runs", async () => {
    const bash = new Bash({ fs, customCommands: [(await import("../awk")).awkCommand()] });
    const r = await bash.exec("awk 'function twice(x) { return 2 * x } { print twice($7) }' /log");
    expect(r.stdout).toBe("20\n14\n6\n");
  });
});

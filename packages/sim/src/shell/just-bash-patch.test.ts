import fc from "fast-check";
import { Bash, InMemoryFs } from "just-bash";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * patches/just-bash+3.4.2.patch (applied by patch-package on install) changes just-bash in three ways.
 *
 * It replaces three of just-bash's loops over every character of a command line's output with
 * Node's native conversions: its UTF-8 length, and turning a byte string back into text (twice
 * over, in the command line and at its end). `cat` of a 5.3 MB log took 230 ms of a simulation
 * worker, nearly all of it in these loops, while every other session there waited; 12.5 ms
 * patched. Here the patched functions are held to the originals, kept below as they were, on any
 * string.
 *
 * And it gives just-bash's awk a clock: it checked none, so a program our fast path leaves to it
 * (awk.ts) ran past the command line's deadline until the worker's kill timer ended the session.
 * It now looks at the deadline at every statement, record and function call, and each 256th loop
 * iteration or user function call.
 *
 * And it gives just-bash's sed a clock and a cap. It had neither: `sed ':a;s/^x*$/&&/;ta'` doubled
 * its pattern space for minutes, past the command line's deadline, until the worker's kill timer
 * ended the session and every other session on that worker. Sed now looks at the deadline at every
 * command it runs (so at every branch and every cycle) and at every match of a substitution. It
 * reads the clock itself and asks the command line to end only once the deadline has passed: asked
 * at every command, the command line's guarded check made a plain script up to a fifth slower. And
 * a substitution, N, G or H may no longer grow the pattern or hold space past the interpreter's
 * string limit, or past 16 MB where that limit is higher (its default is 64 MB): the command fails
 * as at just-bash's other limits. A line read in already longer may still be edited, but not made
 * longer. The clock ends most loops long before the cap, since sed's regular expressions (a
 * JavaScript RE2) search about a megabyte a second; the cap bounds the memory that G, H and N, which
 * search nothing, can fill within the deadline.
 */

/** just-bash 3.4.2's UTF-8 length, as it was (chunk-GN6CQ3J4.js, `x`). */
function originalUtf8Length(t: string): number {
  let n = 0;
  for (let e = 0; e < t.length; e++) {
    const o = t.charCodeAt(e);
    if (o <= 127) n++;
    else if (o <= 2047) n += 2;
    else if (o >= 55296 && o <= 56319 && e + 1 < t.length) {
      const r = t.charCodeAt(e + 1);
      if (r >= 56320 && r <= 57343) {
        n += 4;
        e++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

const fatal = new TextDecoder("utf-8", { fatal: true });

/** Its byte string to text, as it was (`a` there, `_f` in index.js): unchanged unless all bytes and valid UTF-8. */
function originalDecode(e: string): string {
  if (!e) return e;
  let high = false;
  for (let i = 0; i < e.length; i++) {
    const c = e.charCodeAt(i);
    if (c > 255) return e;
    if (c > 127) high = true;
  }
  if (!high) return e;
  const bytes = new Uint8Array(e.length);
  for (let i = 0; i < e.length; i++) bytes[i] = e.charCodeAt(i);
  try {
    return fatal.decode(bytes);
  } catch {
    return e;
  }
}

/** A file of just-bash's ES module bundle, the one the simulation imports (resolved beside its CommonJS entry). */
const bundleFile = (...parts: string[]) =>
  path.join(path.dirname(createRequire(import.meta.url).resolve("just-bash")), ...parts);

/** Byte strings of every kind: ASCII, UTF-8 of any text (valid), any bytes (mostly not), text beyond a byte. */
const strings = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme" }).map((t) => Buffer.from(t, "utf8").toString("latin1")),
  fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b).toString("latin1")),
  fc.string({ unit: "binary" }),
  fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)) }),
);

describe("just-bash's byte strings, patched", () => {
  it("are the patched functions, and count and decode exactly as the originals did", async () => {
    const chunk = (await import(pathToFileURL(bundleFile("chunks", "chunk-GN6CQ3J4.js")).href)) as {
      a: (t: string) => number;
      d: (t: string) => string;
    };
    expect(String(chunk.a)).toContain("Buffer.byteLength");
    expect(String(chunk.d)).toContain('Buffer.from(e,"latin1")');
    const index = readFileSync(bundleFile("index.js"), "utf8");
    expect(index).toContain("function _f(e){if(!e)return e;if(/[^\\x00-\\xff]/.test(e)");
    fc.assert(
      fc.property(strings, (t) => {
        expect(chunk.a(t)).toBe(originalUtf8Length(t));
        expect(chunk.d(t)).toBe(originalDecode(t));
      }),
      { numRuns: 3000 },
    );
    for (const t of [
      "",
      "a",
      "\ud800",
      "\udc00x",
      "x\ud83d",
      "\ud83d\ude00",
      "caf\xc3\xa9",
      "\xc3",
      "\xff\xfe",
      "é",
      "\u01c3\xa9",
    ]) {
      expect(chunk.a(t)).toBe(originalUtf8Length(t));
      expect(chunk.d(t)).toBe(originalDecode(t));
    }
  });

  it("leave what a command line prints as it was: valid UTF-8 as text, other bytes as they are", async () => {
    const fs = new InMemoryFs();
    const cases: Uint8Array[] = [
      Buffer.from("plain\n"),
      Buffer.from("café ☕ 😀\n"),
      Uint8Array.from([0x63, 0xc3, 0x28, 0x0a]),
      Uint8Array.from({ length: 256 }, (_, i) => i),
      Buffer.from("é".repeat(100_000)),
    ];
    const bash = new Bash({ fs, cwd: "/" });
    for (const [i, bytes] of cases.entries()) {
      fs.writeFileSync(`/f${i}`, bytes);
      const { stdout } = await bash.exec(`cat /f${i}`);
      expect(stdout).toBe(originalDecode(Buffer.from(bytes).toString("latin1")));
    }
  });
});

describe("just-bash's awk, patched", () => {
  it("stops at the command line's deadline however it spins", async () => {
    // Checked first: unpatched, the programs below spin without end and the test never returns.
    const awk = readFileSync(bundleFile("chunks", "chunk-3CBCABOZ.js"), "utf8");
    expect(awk.split('e.scope?.throwIfAborted("awk")').length - 1).toBe(7);
    expect(awk).toContain(
      'async executeLine(t){if(this.assertDefenseContext("line execution entry"),this.ctx.scope?.throwIfAborted("awk"),',
    );
    expect(awk).toContain("A.scope=t.executionScope;");
    const bash = new Bash({
      fs: new InMemoryFs(),
      executionLimits: { maxAwkIterations: 1000, maxExecutionTimeMs: 200 },
    });
    // Nested loops each within the limit, a function calling itself twice at every level, for-in in
    // loops, heavy statements over records, a heavy pattern.
    for (const program of [
      "BEGIN { for (i = 0; i < 999; i++) for (j = 0; j < 999; j++) for (k = 0; k < 999; k++) n++ }",
      "BEGIN { while (i++ < 999) { j = 0; do { k = 0; while (k++ < 999) n++ } while (j++ < 999) } }",
      "function f(d) { if (d > 0) { f(d - 1); f(d - 1) } } BEGIN { f(60) }",
      "BEGIN { for (i = 0; i < 999; i++) a[i]; for (i = 0; i < 999; i++) for (j = 0; j < 999; j++) for (k in a) n++ }",
      // No loop at all: each record's statement goes over a string of 65,536 characters.
      'BEGIN { s = "x"; for (i = 0; i < 16; i++) s = s s } { t = s; n += gsub(/x/, "y", t) } END { print n }',
      'BEGIN { s = "x"; for (i = 0; i < 16; i++) s = s s } (t = s) && gsub(/x/, "y", t) && 0',
      // One statement of many heavy calls.
      `BEGIN { s = "x"; for (i = 0; i < 16; i++) s = s s; t = s; n = ${Array(40).fill('gsub(/x|y/, "z", t) + gsub(/z/, "y", t)').join(" + ")} }`,
    ]) {
      // The interpreter's own deadline, which ends the whole command line, as our fast path ends it.
      const r = await bash.exec(`seq 1 100 | awk '${program}'; echo after`);
      expect([r.stdout, r.stderr, r.exitCode], program).toEqual([
        "",
        "bash: awk exceeded execution deadline (200ms)\n",
        124,
      ]);
    }
  });
});

describe("just-bash's sed, patched", () => {
  const sedChunk = () => readFileSync(bundleFile("chunks", "chunk-CFBEDNHJ.js"), "utf8");
  const deadline = ["", "bash: sed exceeded execution deadline (300ms)\n", 124];

  it("stops at the command line's deadline however it loops", async () => {
    // Checked first: unpatched, the scripts below loop for minutes or without end, and the test never returns.
    const sed = sedChunk();
    expect(sed).toContain('function Te(i){i&&Date.now()>i.deadline&&i.scope.throwIfAborted("sed")}');
    expect(sed).toContain("for(;u<i.length;){if(Te(n),r++,r>a)");
    expect(sed.split("scope:e.executionScope,").length - 1).toBe(3);
    const fs = new InMemoryFs();
    fs.writeFileSync("/f", "x\n");
    fs.writeFileSync("/big", `${"x".repeat(8_000_000)}\n`);
    const bash = new Bash({ fs, executionLimits: { maxExecutionTimeMs: 300 } });
    for (const script of [
      // The pattern space doubled by a substitution and a branch on it: whole, match by match, the second match.
      "printf 'x\\n' | sed ':a;s/^x*$/&&/;ta'",
      "printf 'x\\n' | sed ':a;s/x/&&/g;ta'",
      "printf 'x-x\\n' | sed -E ':a;s/x+/&&/2;ta'",
      // D starts the cycle again without reading a line; just-bash stops after 10,000 such cycles, but for each line.
      "seq 1 100000 | sed 's/^/\\n/;D'",
      // A loop on each line, each within just-bash's limit of 100,000 commands a cycle.
      "seq 1 100000 | sed ':a;s/^/x/;/^x\\{999\\}/!ba'",
      // One substitution over 8 MB: every match, or only the last.
      "sed 's/x/y/g' /big",
      "sed 's/x/y/99999999' /big",
    ]) {
      const r = await bash.exec(`${script}; echo after`);
      expect([r.stdout, r.stderr, r.exitCode], script).toEqual(deadline);
    }
    // With no limit on the commands of a cycle only the clock ends a bare loop: on a pipe, a file, a file in place.
    const endless = new Bash({
      fs,
      executionLimits: { maxExecutionTimeMs: 300, maxSedIterations: Number.MAX_SAFE_INTEGER },
    });
    for (const script of ["printf 'x\\n' | sed ':a;ba'", "sed ':a;ba' /f", "sed -i ':a;ba' /f"]) {
      const r = await endless.exec(`${script}; echo after`);
      expect([r.stdout, r.stderr, r.exitCode], script).toEqual(deadline);
    }
    expect(await fs.readFile("/f")).toBe("x\n");
  });

  it("keeps the pattern and hold spaces within the interpreter's string limit, and within 16 MB", async () => {
    // Checked first: unpatched, the substitutions below grow without end, and the test never returns.
    const sed = sedChunk();
    expect(sed).toContain("Se=16*1024*1024;");
    expect(sed).toContain("catch(p){if(p instanceof x||p instanceof ze)throw p}");
    const fs = new InMemoryFs();
    fs.writeFileSync("/lines", `${Array.from({ length: 2000 }, (_, i) => i).join("\n")}\n`);
    const small = new Bash({ fs, executionLimits: { maxStringLength: 4096 } });
    for (const script of [
      "printf 'x\\n' | sed ':a;s/^x*$/&&/;ta'",
      "printf 'x\\n' | sed ':a;s/x/&&/g;ta'",
      "printf 'x-x\\n' | sed -E ':a;s/x+/&&/2;ta'",
      "printf 'x\\n' | sed -E ':a;s/^(x*)$/\\1\\1/;ta'",
      `printf 'x\\n' | sed ':a;s/x/${"&".repeat(64)}/;ta'`,
      "sed ':a;N;ba' /lines",
      "printf 'x\\n' | sed ':a;G;h;ba'",
    ]) {
      const r = await small.exec(`${script}; echo after $?`);
      expect([r.stdout, r.stderr, r.exitCode], script).toEqual([
        "after 126\n",
        "sed: pattern space size limit exceeded (4096 bytes)\n",
        0,
      ]);
    }
    const r = await small.exec("printf 'x\\n' | sed ':a;H;x;ba'; echo after $?");
    expect([r.stdout, r.stderr, r.exitCode]).toEqual([
      "after 126\n",
      "sed: hold space size limit exceeded (4096 bytes)\n",
      0,
    ]);
    // By default the interpreter's string limit is 64 MB: the cap is lower.
    const bash = new Bash({ fs });
    for (const [script, space] of [
      ["printf 'x\\n' | sed ':a;G;h;ba'", "pattern"],
      ["printf 'x\\n' | sed ':a;H;x;ba'", "hold"],
    ] as const) {
      const r = await bash.exec(`${script}; echo after $?`);
      expect([r.stdout, r.stderr, r.exitCode], script).toEqual([
        "after 126\n",
        `sed: ${space} space size limit exceeded (16777216 bytes)\n`,
        0,
      ]);
    }
  });

  it("edits as GNU sed does, as it did unpatched", async () => {
    const fs = new InMemoryFs();
    fs.writeFileSync("/f", "one two\nthree\n");
    const bash = new Bash({ fs });
    for (const [script, output] of [
      ["printf 'alice 42\\nbob 7\\n' | sed -E 's/([a-z]+) ([0-9]+)/\\2:\\1/g'", "42:alice\n7:bob\n"],
      [
        "printf 'a.b.c\\nhello world\\nabc\\n' | sed -e 's/\\./-/g' -e 's/o/0/2' -e '3s/x*/-/g'",
        "a-b-c\nhello w0rld\n-a-b-c-\n",
      ],
      ["printf 'one two three\\n' | sed 's/\\(o\\)\\([a-z]*\\)/[\\2\\1&]/g'", "[neoone] tw[oo] three\n"],
      ["seq 1 5 | sed '$!N;s/\\n/-/;P;D'", "1-2\n3-4\n5\n"],
      ["printf 'a b c\\n' | sed 's/ /\\n/;P;D'", "a\nb\nc\n"],
      ["printf '1\\n2\\n3\\n' | sed -n '1!G;h;$p'", "3\n2\n1\n"],
      ["printf 'a\\nb\\nc\\n' | sed -n 'x;1!p;${x;p}'", "a\nb\nc\n"],
      ["printf 'k1\\nv1\\nk2\\nv2\\n' | sed -n 'h;n;G;s/\\n/=/p'", "v1=k1\nv2=k2\n"],
      ["echo 1234567 | sed -E ':a;s/^([0-9]+)([0-9]{3})/\\1,\\2/;ta'", "1,234,567\n"],
      ["printf 'x\\n' | sed ':a;s/^x*$/&&/;/^x\\{512\\}/!ba' | wc -c", "513\n"],
      ["seq 1 12 | sed -n '2p;4,6p;/^8$/,/^9$/p;10~2p;$p'", "2\n4\n5\n6\n8\n9\n10\n12\n12\n"],
      ["seq 1 6 | sed -e '2,4d' -e '6q'", "1\n5\n6\n"],
      ["seq 1 5 | sed -n '/3/,$!p'", "1\n2\n"],
      ["printf 'hello\\n' | sed 'y/hel/HEL/;='", "1\nHELLo\n"],
      ["sed 's/o/0/g' /f", "0ne tw0\nthree\n"],
      ["sed -i 's/^t/T/' /f && cat /f", "one two\nThree\n"],
    ] as const) {
      const r = await bash.exec(script);
      expect([r.stdout, r.stderr, r.exitCode], script).toEqual([output, "", 0]);
    }
  });
});

import fc from "fast-check";
import { Bash, InMemoryFs } from "just-bash";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * patches/just-bash+3.4.2.patch (applied by patch-package on install) changes just-bash in two ways.
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

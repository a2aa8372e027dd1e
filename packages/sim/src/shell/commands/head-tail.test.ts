import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixtureShell } from "../../test-support/fixture-shell";
import { cut, type Spec } from "./head-tail";

/** Expected outputs are GNU coreutils 9.1's for the same input (LANG=C.UTF-8). */
const sh = fixtureShell("printf 'abcdef\\nghij\\n' > /tmp/t; printf 'x\\0y\\0z\\0' > /tmp/z");

describe("tail", () => {
  it("prints from byte N with -c +N and the last N bytes with -c N", async () => {
    expect(await sh("tail -c +3 /tmp/t")).toBe("cdef\nghij\n[0]");
    expect(await sh("tail -c +0 /tmp/t")).toBe("abcdef\nghij\n[0]");
    expect(await sh("tail -c 3 /tmp/t")).toBe("ij\n[0]");
    expect(await sh("tail -c 2K /tmp/t")).toBe("abcdef\nghij\n[0]");
  });

  it("prints from line N with -n +N, and takes the obsolete -N and +N forms", async () => {
    expect(await sh("tail -n +2 /tmp/t")).toBe("ghij\n[0]");
    expect(await sh("tail +2 /tmp/t")).toBe("ghij\n[0]");
    expect(await sh("tail -1 /tmp/t")).toBe("ghij\n[0]");
    expect(await sh("printf 'a\\nb' | tail -n 1")).toBe("b[0]");
    expect(await sh("tail -zn 1 /tmp/z")).toBe("z\0[0]");
  });

  it("prints nothing at all for -n 0 or -c 0, not even headers or a missing file", async () => {
    expect(await sh("tail -n 0 /tmp/t /tmp/z")).toBe("[0]");
    expect(await sh("tail -c 0 -v /tmp/t")).toBe("[0]");
    expect(await sh("tail -n 0 /tmp/missing /tmp/t")).toBe("[0]");
    expect(await sh("tail -n +0 /tmp/t /tmp/t")).toBe(
      "==> /tmp/t <==\nabcdef\nghij\n\n==> /tmp/t <==\nabcdef\nghij\n[0]",
    );
    expect(await sh("head -n 0 /tmp/t /tmp/t")).toBe("==> /tmp/t <==\n\n==> /tmp/t <==\n[0]");
  });

  it("refuses what coreutils refuses, in its words", async () => {
    expect(await sh("tail -n x /tmp/t")).toBe("tail: invalid number of lines: ‘x’\n[1]");
    expect(await sh("tail -n")).toBe(
      "tail: option requires an argument -- 'n'\nTry 'tail --help' for more information.\n[1]",
    );
    expect(await sh("tail -Q /tmp/t")).toBe(
      "tail: invalid option -- 'Q'\nTry 'tail --help' for more information.\n[1]",
    );
    expect(await sh("tail /tmp")).toBe("tail: error reading '/tmp': Is a directory\n[1]");
  });
});

describe("head", () => {
  it("prints all but the last N bytes or lines with a negative count", async () => {
    expect(await sh("head -c -3 /tmp/t")).toBe("abcdef\ngh[0]");
    expect(await sh("head -n -1 /tmp/t")).toBe("abcdef\n[0]");
    expect(await sh("head -c 3 /tmp/t")).toBe("abc[0]");
    expect(await sh("head -2 /tmp/t | wc -l")).toBe("2\n[0]");
  });

  it("heads each of several files, going on past a missing one", async () => {
    expect(await sh("head -n 1 /tmp/t /nope /tmp/t")).toBe(
      "==> /tmp/t <==\nabcdef\n\n==> /tmp/t <==\nabcdef\nhead: cannot open '/nope' for reading: No such file or directory\n[1]",
    );
    expect(await sh("head -qn 1 /tmp/t /tmp/t")).toBe("abcdef\nabcdef\n[0]");
  });

  it("cuts bytes, not characters", async () => {
    expect(await sh("printf 'é\\n' | head -c 1 | base64")).toBe("ww==\n[0]");
  });
});

describe("head and tail on a file's bytes", () => {
  /** The cut as it was first written: every line start of the whole data found, then sliced. */
  function cutByAllLines(name: "head" | "tail", spec: Spec, data: string): string {
    if (spec.unit === "bytes") {
      if (name === "head")
        return spec.relative ? data.slice(0, Math.max(0, data.length - spec.count)) : data.slice(0, spec.count);
      return spec.relative ? data.slice(Math.max(0, spec.count - 1)) : spec.count === 0 ? "" : data.slice(-spec.count);
    }
    const starts = [0];
    const d = spec.delimiter;
    for (let at = data.indexOf(d); at >= 0 && at + 1 < data.length; at = data.indexOf(d, at + 1)) starts.push(at + 1);
    const lines = data.length === 0 ? 0 : starts.length;
    const from = (k: number) => (k >= lines ? data.length : starts[k]!);
    if (name === "head") return data.slice(0, from(spec.relative ? Math.max(0, lines - spec.count) : spec.count));
    return data.slice(from(spec.relative ? Math.max(0, spec.count - 1) : Math.max(0, lines - spec.count)));
  }

  it("prints what finding every line would print, reading only the lines it prints", () => {
    const spec = fc.record({
      unit: fc.constantFrom<Spec["unit"]>("lines", "bytes"),
      count: fc.oneof(fc.nat(12), fc.constantFrom(Infinity, 2 ** 40)),
      relative: fc.boolean(),
      headers: fc.constant<Spec["headers"]>("never"),
      delimiter: fc.constantFrom("\n", "\0"),
      files: fc.constant<string[]>([]),
    });
    const data = fc.array(fc.constantFrom("a", "\n", "\0", "\xe9", "\n\n"), { maxLength: 24 }).map((p) => p.join(""));
    fc.assert(
      fc.property(fc.constantFrom<"head" | "tail">("head", "tail"), spec, data, (name, s, text) => {
        const got = cut(name, s, Buffer.from(text, "latin1")).toString("latin1");
        expect(got).toBe(cutByAllLines(name, s, text));
      }),
      { numRuns: 20_000 },
    );
  });

  it("looks at no line before the ones tail prints", () => {
    // A delimiter-free head of megabytes would be scanned if tail counted every line.
    const data = Buffer.concat([Buffer.alloc(8 << 20, 0x61), Buffer.from("\nlast\n")]);
    const seen: number[] = [];
    const spy = new Proxy(data, {
      get(target, key) {
        if (key === "indexOf") return (...a: Parameters<Buffer["indexOf"]>) => (seen.push(1), target.indexOf(...a));
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const spec: Spec = { unit: "lines", count: 1, relative: false, headers: "never", delimiter: "\n", files: [] };
    expect(cut("tail", spec, spy).toString()).toBe("last\n");
    expect(seen).toEqual([]);
  });
});

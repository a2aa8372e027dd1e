import { describe, expect, it } from "vitest";
import { fixtureShell } from "../../test-support/fixture-shell";

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

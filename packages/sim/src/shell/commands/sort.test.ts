import { describe, expect, it } from "vitest";
import { fixtureShell } from "../../test-support/fixture-shell";

/** Expected outputs are GNU sort 9.1's under LANG=C.UTF-8 (byte order). */
const sh = fixtureShell();

describe("sort", () => {
  it("collates by byte: capitals, then _, then lower case", async () => {
    expect(await sh("printf 'b\\nB\\na\\n_x\\nZ\\n' | sort")).toBe("B\nZ\n_x\na\nb\n[0]");
    expect(await sh("printf 'b\\nB\\na\\n' | sort -f")).toBe("a\nB\nb\n[0]");
    expect(await sh("printf 'b\\nB\\na\\n' | sort -uf")).toBe("a\nb\n[0]");
  });

  it("breaks ties by the whole line, reversed with -r, unless -s", async () => {
    expect(await sh("printf '1 b\\n1 B\\n1 a\\n' | sort -n")).toBe("1 B\n1 a\n1 b\n[0]");
    expect(await sh("printf '1 b\\n1 B\\n1 a\\n' | sort -rn")).toBe("1 b\n1 a\n1 B\n[0]");
    expect(await sh("printf '1 b\\n1 B\\n1 a\\n' | sort -s -n")).toBe("1 b\n1 B\n1 a\n[0]");
  });

  it("sorts by keys and fields as GNU defines them", async () => {
    expect(await sh("printf 'x:10\\ny:9\\nz:10\\n' | sort -t: -k2,2n -k1,1r")).toBe("y:9\nz:10\nx:10\n[0]");
    expect(await sh("printf 'a  2\\nb 10\\n' | sort -k2n")).toBe("a  2\nb 10\n[0]");
    expect(await sh("printf '1K\\n2M\\n512\\n' | sort -h")).toBe("512\n1K\n2M\n[0]");
    expect(await sh("printf 'Feb\\nJan\\n' | sort -M")).toBe("Jan\nFeb\n[0]");
  });

  it("checks order with -c and writes with -o", async () => {
    expect(await sh("printf 'b\\na\\n' | sort -c")).toBe("sort: -:2: disorder: a\n[1]");
    expect(await sh("printf 'b\\na\\n' | sort -o /tmp/sorted && cat /tmp/sorted")).toBe("a\nb\n[0]");
  });

  it("refuses bad options and keys in sort's words", async () => {
    expect(await sh("sort -Q")).toBe("sort: invalid option -- 'Q'\nTry 'sort --help' for more information.\n[2]");
    expect(await sh("sort -t ab /etc/passwd")).toBe("sort: multi-character tab ‘ab’\n[2]");
    expect(await sh("sort -k 0 /etc/passwd")).toBe("sort: field number is zero: invalid field specification ‘0’\n[2]");
    expect(await sh("sort /nope")).toBe("sort: cannot read: /nope: No such file or directory\n[2]");
  });
});

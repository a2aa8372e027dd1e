import { describe, expect, it } from "vitest";
import { OD_TYPES, odDump, xxdDump } from "./dump";

const charType = OD_TYPES.c!;

/** Expected outputs are xxd 2022-01-14's (vim 9.0) and GNU od 9.1's; the differential test runs both on exported hosts. */
describe("hex and octal dumps", () => {
  it("lays out xxd's offset, 2-byte groups and ASCII column", () => {
    expect(xxdDump(Buffer.from("web-01\n"))).toBe("00000000: 7765 622d 3031 0a                        web-01.\n");
    expect(xxdDump(Buffer.from("0123456789abcdef\x00\x7f\xff", "latin1"))).toBe(
      "00000000: 3031 3233 3435 3637 3839 6162 6364 6566  0123456789abcdef\n" +
        "00000010: 007f ff                                  ...\n",
    );
    expect(xxdDump(Buffer.alloc(0))).toBe("");
  });

  it("prints od -c escapes and octal bytes, collapses repeated lines, and ends with the offset", () => {
    const bytes = Buffer.from(`${"a".repeat(32)}\t\x01\xc3\xa9`, "latin1");
    expect(odDump(bytes, { type: charType, radix: 8, verbose: false, skip: 0 })).toBe(
      "0000000   a   a   a   a   a   a   a   a   a   a   a   a   a   a   a   a\n*\n0000040  \\t 001 303 251\n0000044\n",
    );
    expect(odDump(Buffer.from("ab"), { type: charType, radix: null, verbose: false, skip: 0 })).toBe("   a   b\n");
  });
});

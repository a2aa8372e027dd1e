import { describe, expect, it } from "vitest";
import { asByteResult, textToBytes } from "./byte-output";

describe("byte output", () => {
  it("hands ASCII text over as it is and other text as its UTF-8 bytes", () => {
    const ascii = "GET /index.html 200\n";
    expect(textToBytes(ascii)).toBe(ascii);
    expect(textToBytes("é‘x’")).toBe(Buffer.from("é‘x’", "utf8").toString("latin1"));
  });

  it("marks the result as bytes once, and leaves byte results alone", () => {
    const r = asByteResult({ stdout: "é\n", stderr: "", exitCode: 0 });
    expect(r).toMatchObject({ stdout: "\xc3\xa9\n", stdoutKind: "bytes", exitCode: 0 });
    expect(asByteResult(r)).toBe(r);
  });
});

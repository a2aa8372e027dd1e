import { describe, expect, it } from "vitest";
import { layOutJson } from "./json-layout";

describe("layOutJson", () => {
  it("lays out compact JSON as JSON.stringify(value, null, 2) does", () => {
    const value = {
      version: 2,
      status: "success",
      eval: { task: "s1-dmz", tags: [], metadata: {}, limits: [1, 2.5, -3e-7] },
      samples: [{ id: "a", scores: { total: 10 }, ok: true, error: null }, { id: "b" }],
      empty: [[], {}, [[]]],
    };
    expect(layOutJson(JSON.stringify(value))).toBe(JSON.stringify(value, null, 2));
    // Indented already, or spaced oddly: the same layout.
    expect(layOutJson(JSON.stringify(value, null, "\t"))).toBe(JSON.stringify(value, null, 2));
    expect(layOutJson(' { "a" :\r\n[ 1 ,2 ] , "b":{ } }\n')).toBe(JSON.stringify({ a: [1, 2], b: {} }, null, 2));
  });

  it("keeps strings as written, whatever they hold: quotes, backslashes, brackets, commas, escapes", () => {
    // As the file writes it: escaped quotes and backslashes, and escapes JSON.stringify never writes.
    const hostile = `${JSON.stringify('"}, {"x": [1,2]}\\" ,:[]{}\n ✓').slice(1, -1)} \\u0041 \\/`;
    const text = `{"k":"${hostile}","list":["a,b","[c]","d\\\\"]}`;
    expect(JSON.parse(text)).toBeTruthy();
    const laid = layOutJson(text)!;
    expect(laid).toContain(`"${hostile}"`);
    expect(laid).toContain('"d\\\\"');
    expect(JSON.parse(laid)).toEqual(JSON.parse(text));
  });

  it("keeps every digit of a number too long for a double, where parsing would round it", () => {
    const text = '{"id":12345678901234567890123,"hash":1e400}';
    expect(JSON.stringify(JSON.parse(text))).not.toContain("12345678901234567890123");
    expect(layOutJson(text)).toBe('{\n  "id": 12345678901234567890123,\n  "hash": 1e400\n}');
  });

  it("lays out a lone value as it is", () => {
    expect(layOutJson(" 42 ")).toBe("42");
    expect(layOutJson('"text, with: signs"')).toBe('"text, with: signs"');
    expect(layOutJson("null")).toBe("null");
  });

  it("says null for text that is not JSON: a JSONL file, a truncated log, nothing", () => {
    expect(layOutJson('{"a":1}\n{"a":2}\n')).toBeNull();
    expect(layOutJson('{"a":[1,2')).toBeNull();
    expect(layOutJson("")).toBeNull();
    expect(layOutJson("{'a': 1}")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { benchmarkRecord } from "@/test/benchmark-records";
import {
  cellText,
  isBenchmarkFile,
  isBenchmarkRecord,
  parseJsonl,
  scalarColumns,
  summariseBenchmark,
  type JsonlRow,
} from "./jsonl-records";

describe("parseJsonl", () => {
  it("reads one value per line, skips blank lines and keeps physical line numbers", () => {
    const { rows, total } = parseJsonl('{"a":1}\n\n   \n[1,2]\r\n"text"\n42\n');
    expect(total).toBe(4);
    expect(rows).toEqual([
      { kind: "record", line: 1, value: { a: 1 } },
      { kind: "record", line: 4, value: [1, 2] },
      { kind: "record", line: 5, value: "text" },
      { kind: "record", line: 6, value: 42 },
    ]);
  });

  it("keeps a malformed line as a row with its raw text and the parser's reason", () => {
    const { rows, total } = parseJsonl('{"a":1}\n{"a":\n{"b":2}');
    expect(total).toBe(3);
    expect(rows[1]).toMatchObject({ kind: "invalid", line: 2, raw: '{"a":' });
    expect((rows[1] as Extract<JsonlRow, { kind: "invalid" }>).error).not.toBe("");
    expect(rows[2]).toEqual({ kind: "record", line: 3, value: { b: 2 } });
  });

  it("reads an empty or blank file as no records, and drops a byte-order mark", () => {
    expect(parseJsonl("")).toEqual({ rows: [], total: 0 });
    expect(parseJsonl("\n\r\n  \n")).toEqual({ rows: [], total: 0 });
    expect(parseJsonl('\uFEFF{"a":1}\n').rows).toEqual([{ kind: "record", line: 1, value: { a: 1 } }]);
  });

  it("parses only the first `limit` lines but counts them all", () => {
    const text = Array.from({ length: 100_000 }, (_, i) => `{"i":${i}}`).join("\n");
    const { rows, total } = parseJsonl(text, 500);
    expect(total).toBe(100_000);
    expect(rows).toHaveLength(500);
    expect(rows.at(-1)).toEqual({ kind: "record", line: 500, value: { i: 499 } });
  });
});

describe("benchmark detection and columns", () => {
  const records = (values: unknown[]): JsonlRow[] => values.map((value, i) => ({ kind: "record", line: i + 1, value }));

  it("recognises the engine's records by their own keys, not inherited ones", () => {
    expect(isBenchmarkRecord(benchmarkRecord())).toBe(true);
    const { checkpoints: _c, total: _t, ...noScore } = benchmarkRecord();
    expect(isBenchmarkRecord(noScore)).toBe(false);
    expect(isBenchmarkRecord(Object.create({ case: 1, sample: 1, model: 1, epoch: 1, total: 1 }))).toBe(false);
    expect(isBenchmarkRecord([benchmarkRecord()])).toBe(false);
  });

  it("uses benchmark columns only when every record is one", () => {
    expect(isBenchmarkFile(records([benchmarkRecord(), benchmarkRecord()]))).toBe(true);
    expect(isBenchmarkFile(records([benchmarkRecord(), { other: 1 }]))).toBe(false);
    expect(isBenchmarkFile([{ kind: "invalid", line: 1, raw: "{", error: "x" }])).toBe(false);
  });

  it("offers the first six scalar keys, in order of appearance, skipping nested values", () => {
    const rows = records([{ id: 1, nested: { x: 1 }, name: "a" }, { flag: true, id: 2, list: [1] }, 7]);
    expect(scalarColumns(rows)).toEqual(["id", "name", "flag"]);
    const wide = records([Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i]))]);
    expect(scalarColumns(wide)).toEqual(["k0", "k1", "k2", "k3", "k4", "k5"]);
  });

  it("writes cells as one clipped line of text", () => {
    expect(cellText(null)).toBe("null");
    expect(cellText(false)).toBe("false");
    expect(cellText({ a: [1] })).toBe('{"a":[1]}');
    expect(cellText("x".repeat(1_000_000))).toHaveLength(201);
  });
});

describe("summariseBenchmark", () => {
  it("takes the score, status and grades from a real record", () => {
    const s = summariseBenchmark(benchmarkRecord({ total: 7 }));
    expect(s).toMatchObject({ caseId: "s1-dmz", sample: "dmz-crm-exposed-git", epoch: "1", score: "7/10" });
    expect(s.checkpoints.map((c) => c.outcome)).toEqual(["plus", "plus", "plus", "plus"]);
  });

  it("tolerates missing, odd and oversized fields", () => {
    const s = summariseBenchmark({
      case: null,
      total: null,
      checkpoints: [null, { outcome: "maybe" }, ...Array.from({ length: 1000 }, () => ({ outcome: "minus" }))],
    });
    expect(s.caseId).toBe("");
    expect(s.score).toBe("not graded");
    expect(s.checkpoints.slice(0, 2).map((c) => c.outcome)).toEqual(["unknown", "unknown"]);
    expect(s.checkpoints).toHaveLength(12);
    expect(s.moreCheckpoints).toBe(990);
    expect(summariseBenchmark({ total: "7" }).score).toBe("not graded");
  });
});

import { CompareResponseSchema, type CompareQuery } from "@analystbench/contracts";
import { describe, expect, it } from "vitest";
import { compareModels, MAX_DISAGREEMENTS } from "./compare";
import { handWorked } from "./fixture-set";
import { record } from "./test-records";

const compare = (records = handWorked(), query: Partial<CompareQuery> = {}) => {
  const out = compareModels(records, { a: "acme/a", b: "acme/b", ...query });
  expect(CompareResponseSchema.parse(out)).toEqual(out);
  return out;
};

describe("compareModels on the hand-worked workspace", () => {
  const out = compare();
  const g = out.groups[0]!;

  it("pairs valid records on case, sample and epoch: 10−1, 3−0, −2−10, 0−0", () => {
    expect(out.groups).toHaveLength(1);
    // dmz-2 e2 (a invalid) and corp-1 e2 (b has none) are not pairs.
    expect(g.pairs).toBe(4);
    expect([g.aWins, g.bWins, g.ties]).toEqual([2, 1, 1]);
    expect(g.difference!.mean).toBe(0);
    // Resampled per sample: dmz-1 (+12 over 2), dmz-2 (−12 over 1), corp-1 (0 over 1).
    expect(g.difference!.low).toBeGreaterThanOrEqual(-12);
    expect(g.difference!.high).toBeLessThanOrEqual(6);
    expect(g.difference!.low).toBeLessThan(0);
    expect(g.difference!.high).toBeGreaterThan(0);
  });

  it("lists the checkpoints they graded differently, in order", () => {
    expect(g.disagreementsTotal).toBe(8);
    expect(g.disagreements.map((d) => `${d.sample} e${d.epoch} c${d.checkpoint}`)).toEqual([
      "s1-dmz-1 e1 c2",
      "s1-dmz-1 e1 c3",
      "s1-dmz-1 e1 c4",
      "s1-dmz-1 e2 c1",
      "s1-dmz-1 e2 c2",
      "s1-dmz-2 e1 c2",
      "s1-dmz-2 e1 c3",
      "s1-dmz-2 e1 c4",
    ]);
    expect(g.disagreements[6]).toEqual({
      case: "s1-dmz",
      sample: "s1-dmz-2",
      title: "Web shell on the DMZ host",
      epoch: 1,
      checkpoint: 3,
      checkpointName: "Contain",
      a: { outcome: "minus", points: -3, rationale: "checkpoint 3 was minus", runId: "ra-s1-dmz" },
      b: { outcome: "plus", points: 3, rationale: "checkpoint 3 was plus", runId: "rb-s1-dmz" },
    });
  });

  it("is antisymmetric: b against a flips the difference and the wins", () => {
    const back = compare(handWorked(), { a: "acme/b", b: "acme/a" }).groups[0]!;
    const there = compare().groups[0]!.difference!;
    expect(back.difference!.mean).toBeCloseTo(0, 12);
    // The same resamples, negated: the interval mirrors.
    expect(back.difference!.low).toBeCloseTo(-there.high, 12);
    expect(back.difference!.high).toBeCloseTo(-there.low, 12);
    expect([back.aWins, back.bWins, back.ties]).toEqual([1, 2, 1]);
    expect(back.disagreementsTotal).toBe(8);
  });
});

describe("compareModels, the edges", () => {
  it("pairs nothing across groups: a regrade under another grader version is its own group", () => {
    const a = record({ model: "acme/a", grader_version: "2.4.0" });
    const b = record({ model: "acme/b", outcomes: ["zero", "zero", "zero", "zero"] });
    const out = compare([a, b]);
    expect(out.groups.map((g) => [g.key.graderVersion, g.pairs, g.difference])).toEqual([
      ["2.3.0", 0, null],
      ["2.4.0", 0, null],
    ]);
  });

  it("never lets an invalid record into a pair", () => {
    const out = compare([
      record({ model: "acme/a", validity: "invalid", checkpoints: [], total: null, safe_solve: false }),
      record({ model: "acme/b" }),
    ]);
    expect(out.groups[0]!.pairs).toBe(0);
    expect(out.groups[0]!.difference).toBeNull();
  });

  it("pairs repeated runs in finishing order, none twice", () => {
    const out = compare([
      record({ model: "acme/a", run_id: "a1", finished: "2026-11-01T00:00:00Z" }),
      record({
        model: "acme/a",
        run_id: "a2",
        finished: "2026-11-02T00:00:00Z",
        outcomes: ["zero", "zero", "zero", "zero"],
      }),
      record({ model: "acme/b", run_id: "b1", outcomes: ["plus", "zero", "zero", "zero"] }),
    ]);
    const g = out.groups[0]!;
    expect(g.pairs).toBe(1);
    // The first a (10) with the only b (1).
    expect(g.difference).toEqual({ mean: 9, low: 9, high: 9 });
  });

  it("caps the list at 500 and says how many there were", () => {
    const many = Array.from({ length: 200 }, (_, i) => [
      record({ model: "acme/a", sample: `s-${String(i).padStart(3, "0")}` }),
      record({
        model: "acme/b",
        sample: `s-${String(i).padStart(3, "0")}`,
        outcomes: ["zero", "zero", "zero", "zero"],
      }),
    ]).flat();
    const g = compare(many).groups[0]!;
    expect(g.disagreementsTotal).toBe(800);
    expect(g.disagreements).toHaveLength(MAX_DISAGREEMENTS);
    expect(g.disagreements.at(-1)!.sample).toBe("s-124");
  });

  it("handles model names with pipes and newlines as plain names", () => {
    const a = 'x/"a" | b\nc';
    const out = compareModels(
      [record({ model: a }), record({ model: "x/a, b", outcomes: ["zero", "zero", "zero", "zero"] })],
      {
        a,
        b: "x/a, b",
      },
    );
    expect(out.groups[0]!.pairs).toBe(1);
    expect(out.groups[0]!.difference!.mean).toBe(10);
  });

  it("gives no groups when neither model has records", () => {
    expect(compare([], {}).groups).toEqual([]);
    expect(compare(handWorked(), { a: "nobody/x", b: "nobody/y" }).groups).toEqual([]);
  });

  it("applies the leaderboard's filters", () => {
    const g = compare(handWorked(), { case: ["s1-corp"] }).groups[0]!;
    expect([g.pairs, g.difference!.mean, g.disagreementsTotal]).toEqual([1, 0, 0]);
  });
});

import { LeaderboardResponseSchema, type LeaderboardQuery } from "@analystbench/contracts";
import { describe, expect, it } from "vitest";
import { aggregateLeaderboard } from "./aggregate";
import { handWorked } from "./fixture-set";
import { record } from "./test-records";

const board = (records = handWorked(), query: LeaderboardQuery = {}, opts = {}) => {
  const out = aggregateLeaderboard(records, query, opts);
  // Whatever it computes, it is exactly the contract's shape.
  expect(LeaderboardResponseSchema.parse(out)).toEqual(out);
  return out;
};
const rowOf = (out: ReturnType<typeof board>, model: string, group = 0) =>
  out.groups[group]!.models.find((m) => m.model === model)!;

describe("aggregateLeaderboard on the hand-worked workspace", () => {
  const out = board();

  it("makes one group and ranks a (3.4) above b (2)", () => {
    expect(out.groups).toHaveLength(1);
    expect(out.groups[0]!.models.map((m) => m.model)).toEqual(["acme/a", "acme/b"]);
    expect(out.groups[0]!.key.graderVersion).toBe("2.3.0");
    expect(out.groups[0]!.key.variant).toBe("0");
    expect([out.totalRecords, out.invalidRecords, out.unreadableLines]).toEqual([11, 1, 0]);
  });

  it("computes a's row exactly", () => {
    const a = rowOf(out, "acme/a");
    expect(a).toMatchObject({ samples: 3, epochs: 2, records: 5, invalid: 1 });
    expect(a.score!.mean).toBeCloseTo(3.4, 12);
    // Resampled means lie between the worst sample's mean (−2) and the best's (6.5).
    expect(a.score!.low).toBeGreaterThanOrEqual(-2);
    expect(a.score!.high).toBeLessThanOrEqual(6.5);
    expect(a.score!.low).toBeLessThan(3.4);
    expect(a.score!.high).toBeGreaterThan(3.4);
    expect(a.normalized).toBeCloseTo(0.67, 12);
    expect(a.safeSolveRate).toBeCloseTo(3 / 5, 12);
    expect(a.passAtK).toBeCloseTo(2 / 3, 12);
    expect(a.passHatK).toBeCloseTo(1 / 3, 12);
    expect(a.harmRate).toBeCloseTo(1 / 5, 12);
    expect(a.tokensMean).toBe(150);
    expect(a.turnsMean).toBe(4);
    expect(a.durationSecondsMean).toBe(2);
    expect(a.costUsd).toBeCloseTo(0.05, 12);
    expect(a.costPerPoint).toBeCloseTo(0.05 / 17, 12);
    expect(a.runIds).toEqual(["ra-s1-corp", "ra-s1-dmz"]);
  });

  it("gives per-checkpoint outcome rates over valid records", () => {
    const a = rowOf(out, "acme/a");
    expect(a.checkpoints.map((c) => c.number)).toEqual([1, 2, 3, 4]);
    const c1 = a.checkpoints[0]!.rates;
    expect([c1.plus, c1.zero, c1.minus]).toEqual([4 / 5, 1 / 5, 0]);
    const c3 = a.checkpoints[2]!.rates;
    expect([c3.plus, c3.zero, c3.minus]).toEqual([2 / 5, 2 / 5, 1 / 5]);
  });

  it("says unknown (null) cost, never 0, when one valid record has no price", () => {
    const b = rowOf(out, "acme/b");
    expect(b.score!.mean).toBeCloseTo(2, 12);
    expect(b.costUsd).toBeNull();
    expect(b.costPerPoint).toBeNull();
    // Safe solves: dmz-1 e1 (a plus, no minus) and dmz-2 e1; no sample safe in both epochs.
    expect(b.passHatK).toBe(0);
    expect(b.passAtK).toBeCloseTo(2 / 3, 12);
  });

  it("fills the case and sample cells", () => {
    const cases = out.groups[0]!.cases;
    expect(cases.map((c) => `${c.model} ${c.case}`)).toEqual([
      "acme/a s1-corp",
      "acme/a s1-dmz",
      "acme/b s1-corp",
      "acme/b s1-dmz",
    ]);
    expect(cases[1]!.score!.mean).toBeCloseTo(11 / 3, 12);
    expect(cases[1]!.records).toBe(3);
    expect(cases[1]!.runIds).toEqual(["ra-s1-dmz"]);
    const dmz2 = out.groups[0]!.samples.find((s) => s.model === "acme/a" && s.sample === "s1-dmz-2")!;
    expect(dmz2).toMatchObject({ records: 1, scoreMean: -2, title: "Web shell on the DMZ host" });
    expect(dmz2.checkpoints[2]).toEqual({ number: 3, name: "Contain", rates: { plus: 0, zero: 0, minus: 1 } });
  });

  it("lists the options", () => {
    expect(out.options).toEqual({
      models: ["acme/a", "acme/b"],
      cases: [
        { id: "s1-corp", scenario: "scenario1" },
        { id: "s1-dmz", scenario: "scenario1" },
      ],
      variants: ["0"],
    });
  });
});

describe("what may never move a score", () => {
  it("invalid records, whatever they claim, are counted and never averaged", () => {
    const noisy = [
      ...handWorked(),
      ...Array.from({ length: 50 }, (_, i) =>
        record({
          model: "acme/a",
          run_id: `bad-${i}`,
          validity: "invalid",
          outcomes: ["minus", "minus", "minus", "minus"],
        }),
      ),
    ];
    const a = rowOf(board(noisy), "acme/a");
    expect(a.score!.mean).toBeCloseTo(3.4, 12);
    expect(a.harmRate).toBeCloseTo(0.2, 12);
    expect(a.invalid).toBe(51);
    expect(a.records).toBe(5);
  });

  it("a duplicated file counts once", () => {
    const twice = board([...handWorked(), ...handWorked()]);
    expect(twice.totalRecords).toBe(11);
    expect(twice.groups).toEqual(board().groups);
  });

  it("a model that only ever ended invalid ranks last with no score", () => {
    const out = board([
      ...handWorked(),
      record({ model: "aaa/broken", validity: "invalid", checkpoints: [], total: null, safe_solve: false }),
    ]);
    const models = out.groups[0]!.models;
    expect(models.map((m) => m.model)).toEqual(["acme/a", "acme/b", "aaa/broken"]);
    expect(models[2]).toMatchObject({
      samples: 0,
      epochs: 0,
      records: 0,
      invalid: 1,
      score: null,
      passHatK: null,
      costUsd: null,
    });
  });

  it("a valid record never graded (a model failure written without a grade) scores 0", () => {
    const out = board([
      record({ model: "m", outcomes: ["plus", "plus", "plus", "plus"] }),
      record({ model: "m", epoch: 2, validity: "model_failure", checkpoints: [], total: null, safe_solve: false }),
    ]);
    const m = rowOf(out, "m");
    expect(m.score!.mean).toBe(5);
    expect(m.records).toBe(2);
    // Its checkpoints were never graded: the rates are over the record that graded them.
    expect(m.checkpoints[0]!.rates.plus).toBe(1);
  });

  it("an empty workspace gives no groups, and zeros, not NaN", () => {
    const out = board([], {}, { unreadableLines: 3 });
    expect(out).toEqual({
      groups: [],
      totalRecords: 0,
      invalidRecords: 0,
      unreadableLines: 3,
      options: { models: [], cases: [], variants: [] },
    });
  });
});

describe("groups: what is never silently mixed", () => {
  it("mixed grader versions make two groups, newest first", () => {
    const regraded = handWorked().map((r) => ({ ...r, graderVersion: "2.4.0", finishedMs: r.finishedMs + 86_400_000 }));
    const out = board([...handWorked(), ...regraded]);
    expect(out.groups.map((g) => g.key.graderVersion)).toEqual(["2.4.0", "2.3.0"]);
    expect(out.groups.map((g) => g.models[0]!.records)).toEqual([5, 5]);
    expect(out.totalRecords).toBe(22);
  });

  it("variants make groups of their own", () => {
    const out = board([...handWorked(), record({ variant: "obfuscated", finished: "2026-11-01T00:00:00Z" })]);
    expect(out.groups.map((g) => g.key.variant)).toEqual(["0", "obfuscated"]);
    expect(out.groups[1]!.label).toContain("obfuscated");
  });

  it("ranks across cases of one content, and splits off a case's earlier content, saying which", () => {
    const older = record({
      model: "acme/a",
      content_version: "c-dmz-0",
      finished: "2026-11-01T00:00:00Z",
      run_id: "old",
    });
    const out = board([...handWorked(), older]);
    expect(out.groups).toHaveLength(2);
    const [current, earlier] = out.groups;
    expect(current!.cases.map((c) => c.case)).toContain("s1-corp");
    expect(current!.key.contentVersion).toMatch(/^[0-9a-f]{12}$/);
    expect(earlier!.key.contentVersion).toBe("c-dmz-0");
    expect(earlier!.label).toBe("grader 2.3.0 · content c-dmz-0 (earlier tasks of s1-dmz) · variant 0");
    expect(earlier!.models.map((m) => [m.model, m.records])).toEqual([["acme/a", 1]]);
  });
});

describe("filters", () => {
  it("by model, case, scenario, variant and since; options stay those before filtering", () => {
    const only = board(handWorked(), { model: ["acme/b"], case: ["s1-corp"] });
    expect(only.groups[0]!.models.map((m) => m.model)).toEqual(["acme/b"]);
    expect(only.totalRecords).toBe(1);
    expect(only.options.models).toEqual(["acme/a", "acme/b"]);
    expect(board(handWorked(), { scenario: "scenario2" }).groups).toEqual([]);
    expect(board(handWorked(), { variant: "other" }).totalRecords).toBe(0);
    expect(board(handWorked(), { since: "2026-11-21" }).totalRecords).toBe(3);
    expect(board(handWorked(), { since: "2026-11-21T09:00:00Z" }).totalRecords).toBe(3);
    expect(board(handWorked(), { since: "2026-11-21T09:00:01Z" }).totalRecords).toBe(0);
  });

  it("choosing models never changes the group a record is in", () => {
    const all = board();
    const one = board(handWorked(), { model: ["acme/a"] });
    expect(one.groups.map((g) => g.key)).toEqual(all.groups.map((g) => g.key));
    expect(one.groups[0]!.models[0]).toEqual(all.groups[0]!.models[0]);
  });

  it("a record without a finish time is not shown as recent", () => {
    expect(board([record({ finished: undefined })], { since: "2000-01-01" }).totalRecords).toBe(0);
  });
});

describe("ranking ties and odd names", () => {
  it("breaks a tie on the mean by the higher lower bound, then by name", () => {
    const steady = [1, 2, 3].map((s) =>
      record({ model: "z/steady", sample: `s${s}`, outcomes: ["plus", "zero", "zero", "zero"] }),
    );
    // Mean 1 too, but spread: −2, 5, 0 → mean 1, a lower low.
    const spread = [
      record({ model: "a/spread", sample: "s1", outcomes: ["plus", "zero", "minus", "zero"] }),
      record({ model: "a/spread", sample: "s2", outcomes: ["plus", "zero", "zero", "plus"] }),
      record({ model: "a/spread", sample: "s3", outcomes: ["zero", "zero", "zero", "zero"] }),
    ];
    const twin = steady.map((r) => ({ ...r, model: "b/twin" }));
    const models = board([...spread, ...twin, ...steady]).groups[0]!.models;
    expect(models.map((m) => m.model)).toEqual(["b/twin", "z/steady", "a/spread"]);
    expect(models.map((m) => m.score!.mean)).toEqual([1, 1, 1]);
  });

  it("keeps names with pipes, commas, quotes and newlines apart and intact", () => {
    const names = ['x/"a" | b', "x/a, b", "x/a\nb", "x/a | b"];
    const out = board(names.map((model, i) => record({ model, run_id: `r${i}` })));
    expect(out.groups[0]!.models.map((m) => m.model).sort()).toEqual([...names].sort());
    expect(out.groups[0]!.models.every((m) => m.records === 1)).toBe(true);
  });
});

describe("speed", () => {
  it("aggregates 100,000 records well under a second", () => {
    const base = record();
    // 10 models × 13 cases × 3 samples × 257 epochs, every (model, case, sample, epoch) once.
    const records = Array.from({ length: 100_000 }, (_, i) => ({
      ...base,
      model: `m${i % 10}`,
      case: `c${Math.floor(i / 10) % 13}`,
      sample: `s${Math.floor(i / 130) % 3}`,
      epoch: 1 + Math.floor(i / 390),
      runId: `r${i % 10}-${Math.floor(i / 10) % 13}-${Math.floor(i / 3120)}`,
      total: (i % 21) - 10,
      checkpoints: [],
      validity: i % 50 === 0 ? ("invalid" as const) : ("valid" as const),
    }));
    const started = performance.now();
    const out = aggregateLeaderboard(records, {});
    const ms = performance.now() - started;
    expect(out.totalRecords).toBe(100_000);
    // Measured ~0.3 s on the 2-core development machine under load; the bound leaves room for CI.
    expect(ms).toBeLessThan(3000);
  });
});

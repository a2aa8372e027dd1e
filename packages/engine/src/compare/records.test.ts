import { describe, expect, it } from "vitest";
import { parseBenchmarkLine } from "./records";
import { line, rawRecord } from "./test-records";

const parse = (over: Parameters<typeof rawRecord>[0]) => parseBenchmarkLine(line(over));

describe("parseBenchmarkLine", () => {
  it("reads the record the engine writes, in camelCase", () => {
    const r = parse({ outcomes: ["plus", "zero", "minus", "plus"] })!;
    expect(r).toMatchObject({
      runId: "run-1",
      case: "s1-dmz",
      caseName: "DMZ",
      scenario: "scenario1",
      sample: "s1-dmz-1",
      model: "builtin/reference",
      epoch: 1,
      validity: "valid",
      total: 2,
      max: 10,
      safeSolve: false,
      tokens: 150,
      costUsd: 0.01,
      turns: 4,
      durationSeconds: 2,
      graderVersion: "2.3.0",
      contentVersion: "c-dmz-1",
      variant: "0",
      finished: "2026-11-20T10:00:00.000Z",
      finishedMs: Date.parse("2026-11-20T10:00:00.000Z"),
    });
    expect(r.checkpoints[2]).toEqual({
      number: 3,
      name: "Contain",
      outcome: "minus",
      points: -3,
      rationale: "checkpoint 3 was minus",
    });
    // Only what aggregation needs: the judge and the rest of the line are not carried.
    expect(Object.keys(r.checkpoints[0]!)).not.toContain("judge");
  });

  it("reads a variant when a record has one, and versions missing from old records as unknown", () => {
    expect(parse({ variant: "obfuscated" })!.variant).toBe("obfuscated");
    const old = rawRecord();
    delete old.grader_version;
    delete old.content_version;
    delete old.finished;
    const r = parseBenchmarkLine(JSON.stringify(old))!;
    expect([r.graderVersion, r.contentVersion, r.finished, r.finishedMs]).toEqual(["unknown", "unknown", "", NaN]);
  });

  it("keeps an unknown price unknown and an invalid record's missing grade null", () => {
    expect(parse({ cost_usd: null })!.costUsd).toBeNull();
    const r = parse({ validity: "invalid", checkpoints: [], total: null, safe_solve: false })!;
    expect([r.validity, r.total, r.checkpoints]).toEqual(["invalid", null, []]);
  });

  it.each([
    ["empty line", ""],
    ["blank line", "   "],
    ["not JSON", "{not json"],
    ["truncated line", line().slice(0, 80)],
    ["an array", "[1,2]"],
    ["null", "null"],
    ["a number", "42"],
    ["a string", '"record"'],
    ["another kind of line (a run summary)", JSON.stringify({ run_id: "r", status: "completed" })],
  ])("returns null for %s", (_, text) => {
    expect(parseBenchmarkLine(text)).toBeNull();
  });

  it.each<[string, Record<string, unknown>]>([
    ["a score as a string", { total: "10" }],
    ["a NaN score written as a string", { total: "NaN" }],
    ["an epoch of 0", { epoch: 0 }],
    ["a fractional epoch", { epoch: 1.5 }],
    ["an unknown validity", { validity: "maybe" }],
    ["a negative cost", { cost_usd: -1 }],
    ["a cost as a string", { cost_usd: "0.01" }],
    ["an empty model name", { model: "" }],
    ["tokens without a total", { tokens: { input: 1 } }],
    ["a max of 0", { max: 0 }],
    [
      "a checkpoint outcome no grader gives",
      { checkpoints: [{ number: 1, name: "x", outcome: "great", points: 1, rationale: "" }], total: 1 },
    ],
  ])("rejects %s", (_, over) => {
    expect(parse(over)).toBeNull();
  });

  it("rejects ±Infinity, which JSON.parse makes of 1e999", () => {
    const text = line().replace('"total":10', '"total":1e999');
    expect(text).toContain("1e999");
    expect(parseBenchmarkLine(text)).toBeNull();
  });

  it("rejects a total beyond ±max rather than clamp it: 99 of 10 never inflates a mean", () => {
    expect(parse({ total: 99, checkpoints: [] })).toBeNull();
    expect(parse({ total: -11, checkpoints: [] })).toBeNull();
    expect(parse({ total: 10, checkpoints: [] })!.total).toBe(10);
  });

  it("rejects a total that is not the sum of its checkpoints, and a safe solve with a minus", () => {
    expect(parse({ outcomes: ["plus", "zero", "zero", "zero"], total: 7 })).toBeNull();
    expect(parse({ outcomes: ["plus", "minus", "zero", "zero"], safe_solve: true })).toBeNull();
  });

  it("keeps model names with commas, quotes, pipes and newlines exactly", () => {
    const name = 'acme/"best", model | v2\nnext';
    expect(parse({ model: name })!.model).toBe(name);
  });

  it("ignores fields it does not read, of any type", () => {
    expect(parse({ model_calls: "whatever", provenance: 7, extra: { deep: [1] } })).not.toBeNull();
  });
});

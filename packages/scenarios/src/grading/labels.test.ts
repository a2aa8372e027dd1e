import { describe, expect, it } from "vitest";
import { TEST_CASES } from "../cases";
import type { Checkpoint } from "../schema/checkpoint";
import { labelProblems } from "./labels";

/** A checkpoint with one criterion of each kind, described as given. */
function checkpoint(
  number: 1 | 2 | 3 | 4,
  d: Partial<Record<"fact" | "evidence" | "decoy" | "advice" | "action", string>>,
): Checkpoint {
  return {
    number,
    name: "n",
    points: `±${number}`,
    scores: { plus: { value: number, desc: "p" }, zero: { desc: "z" }, minus: { value: -number, desc: "m" } },
    grading: {
      indicators: [{ description: d.fact ?? (number === 4 ? "rotating the token" : "the token"), any_of: ["x"] }],
      decoys: d.decoy ? [{ description: d.decoy, any_of: ["y"] }] : [],
      also_true: [],
      evidence: [{ description: d.evidence ?? "the token in the log", contains: "z" }],
      harmful_advice: d.advice ? [{ description: d.advice, patterns: ["q"] }] : [],
      harmful_actions: d.action ? [{ description: d.action, path_pattern: "^/", change: "any" }] : [],
    },
  };
}

/** The four checkpoints of a case, the first three with `d` and the remediation with `d4`. */
const list = (d: Parameters<typeof checkpoint>[1], d4: Parameters<typeof checkpoint>[1] = {}) => [
  checkpoint(1, d),
  checkpoint(2, {}),
  checkpoint(3, {}),
  checkpoint(4, d4),
];

describe("the grading descriptions every case uses read inside a rationale", () => {
  it.each(TEST_CASES.flatMap((c) => c.samples.map((s) => [`${c.id}/${s.id}`, s] as const)))("%s", (_id, s) => {
    expect(labelProblems(s.task.checkpoints)).toEqual([]);
  });
});

describe("labelProblems", () => {
  it("accepts the grammar each sentence needs", () => {
    const ok = list(
      {
        fact: "the C2 domain",
        evidence: "the relaying client in the mail log",
        decoy: "Sam Whitfield's restore test is legitimate",
        advice: "Destroys evidence",
        action: "Ran npm on the host",
      },
      { fact: "rotating the exposed token", action: "Deleted the second stage" },
    );
    expect(labelProblems(ok)).toEqual([]);
  });

  it.each([
    ["a fact written as a sentence start", list({ fact: "The C2 domain" }), /not a noun phrase/],
    ["a remediation fact that is an order", list({}, { fact: "Rotate the token" }), /not an action/],
    ["evidence that says the seeing", list({ evidence: "Saw the relaying client" }), /the seeing/],
    ["evidence read with a lower-case verb", list({ evidence: "read sshd_config" }), /the seeing/],
    ["advice as a gerund", list({ advice: "Destroying evidence" }), /third person/],
    ["an action as a gerund", list({ action: "Deleting the second stage" }), /past tense/],
    ["a description ending in a full stop", list({ decoy: "The scanner is benign." }), /full stop/],
    ["a description over two lines", list({ fact: "the token\nand more" }), /spans lines/],
    ["a description too long to quote", list({ fact: `the ${"very ".repeat(40)}long fact` }), /longer than/],
  ])("rejects %s", (_what, checkpoints, problem) => {
    expect(labelProblems(checkpoints).join("\n")).toMatch(problem);
  });
});

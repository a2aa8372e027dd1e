import { describe, expect, it } from "vitest";
import { findCase } from "../cases";
import type { Task2 } from "../schema/scenario2";
import { checkGradingData, GRADING_RULES, type GradingContext, type GradingSubject } from "./check-grading-data";

/**
 * Each grading-data rule catches what it looks for: a built-in sample that passes every rule,
 * broken one way at a time, fails exactly there, naming the field.
 */

const testCase = findCase("s2-env-exfiltration")!;
const world = testCase.world();
const pristine = testCase.samples[0]!;
const context: GradingContext = { others: [] };

/** The sample with its task changed by `edit` (on a copy). */
function subjectWith(edit: (task: Task2) => void): GradingSubject {
  const task = structuredClone(pristine.task) as Task2;
  edit(task);
  return { sample: { ...pristine, task }, world, told: [testCase.description, testCase.general] };
}

const problemsOf = (subject: GradingSubject, ctx = context) =>
  checkGradingData(subject, ctx).map((p) => `${p.field}: ${p.message}`);

const grading = (task: Task2, n: number) => task.checkpoints[n - 1]!.grading;

describe("grading-data rules", () => {
  it("pass the built-in sample", () => {
    expect(problemsOf(subjectWith(() => {}))).toEqual([]);
    expect(GRADING_RULES.length).toBeGreaterThanOrEqual(10);
  });

  it("want decoys on checkpoints 1–3 and further truths on every checkpoint", () => {
    const s = subjectWith((t) => {
      grading(t, 1).decoys = [];
      grading(t, 4).also_true = [];
    });
    expect(problemsOf(s)).toEqual([
      "checkpoints[0].grading.decoys: checkpoint 1 needs at least one decoy",
      "checkpoints[3].grading.also_true: checkpoint 4 lists no further true identifiers",
    ]);
  });

  it("want decoys that exist, apart from the truth, in one checkpoint", () => {
    const s = subjectWith((t) => {
      grading(t, 1).decoys[0]!.any_of.push("nowhere-host-17");
      grading(t, 2).decoys[0]!.any_of.push(grading(t, 3).indicators[0]!.any_of[0]!);
      grading(t, 3).decoys.push({ description: "again", any_of: [grading(t, 2).decoys[0]!.any_of[0]!] });
    });
    const problems = problemsOf(s);
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^checkpoints\[0\]\.grading\.decoys\[0\]\.any_of\[\d\]: decoy "nowhere-host-17" is not in the environment$/,
      ),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(/^checkpoints\[1\]\.grading\.decoys\[0\]\.any_of\[\d\]: .* overlaps the truth/),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^checkpoints\[2\]\.grading\.decoys\[1\]\.any_of\[0\]: .* is a decoy of checkpoints 2 and 3$/,
      ),
    );
  });

  it("want further truths that exist somewhere", () => {
    const s = subjectWith((t) => grading(t, 2).also_true.push("zz-unheard-of"));
    expect(problemsOf(s)).toEqual([
      'checkpoints[1].grading.also_true[7]: "zz-unheard-of" is neither in the environment nor in the reference answer',
    ]);
  });

  it("want indicators that one statement can state and that are specific", () => {
    const s = subjectWith((t) => {
      grading(t, 1).indicators[0]!.any_of.push("ctx blob. Then more");
      grading(t, 2).indicators[0]!.any_of.push("317");
      grading(t, 3).indicators[0]!.any_of.push("staging");
      grading(t, 4).indicators = [{ description: "rotation", any_of: ["rotate"] }];
    });
    const problems = problemsOf(s);
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^checkpoints\[0\]\.grading\.indicators\[0\]\.any_of\[\d\]: "ctx blob\. Then more" spans statements/,
      ),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(/^checkpoints\[1\]\.grading\.indicators\[0\]\.any_of\[\d\]: "317" is a bare number$/),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(/^checkpoints\[2\]\.grading\.indicators\[0\]\.any_of\[\d\]: "staging" is a generic word$/),
    );
    expect(problems).toContainEqual(
      "checkpoints[3].grading.indicators: checkpoint 4 has only a verb to name what is rotated",
    );
  });

  it("want evidence the model is not told, found only where the solution path reads", () => {
    const s = subjectWith((t) => {
      t.prompt += ` ${grading(t, 2).evidence[0]!.contains}`;
      grading(t, 3).evidence.push({ description: "missing", contains: "no such line anywhere 42" });
      grading(t, 4).evidence.push({ description: "everywhere", contains: "root:x:0:0" });
    });
    const problems = problemsOf(s);
    expect(problems).toContainEqual(
      expect.stringMatching(/^checkpoints\[1\]\.grading\.evidence\[0\]\.contains: .* is given away/),
    );
    expect(problems).toContainEqual(
      'checkpoints[2].grading.evidence[2].contains: "no such line anywhere 42" appears nowhere',
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^checkpoints\[3\]\.grading\.evidence\[1\]\.contains: "root:x:0:0" also appears in host .*, which the solution path never reads$/,
      ),
    );
  });

  it("want evidence that belongs to this case, not to other cases or the shared base hosts", () => {
    const ev = pristine.task.checkpoints[2]!.grading.evidence[0]!.contains;
    const ctx: GradingContext = { others: [{ id: "s2-other", text: `… ${ev} …` }], sharedHostsText: ev };
    expect(
      problemsOf(
        subjectWith(() => {}),
        ctx,
      ),
    ).toEqual([
      `checkpoints[2].grading.evidence[0].contains: "${ev}" is also in s2-other`,
      `checkpoints[2].grading.evidence[0].contains: "${ev}" is on the base hosts every narrative shares`,
    ]);
  });

  it("want a reference answer that states every indicator and blames no decoy", () => {
    const decoy = pristine.task.checkpoints[1]!.grading.decoys[0]!;
    const s = subjectWith((t) => {
      t.reference_answer = `${t.reference_answer.replace(/covstat-report\.io/g, "the upload host")}\n\n${decoy.any_of[0]} is malicious.`;
    });
    const problems = problemsOf(s);
    expect(problems).toContainEqual(
      'reference_answer: does not state indicator "the exfiltration endpoint" of checkpoint 2',
    );
    expect(problems).toContainEqual(`reference_answer: blames decoy "${decoy.description}" of checkpoint 2`);
  });
});

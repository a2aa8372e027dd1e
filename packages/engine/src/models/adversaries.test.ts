import { phrasePattern, TEST_CASES } from "@analystbench/scenarios";
import { describe, expect, it } from "vitest";
import { parseSubmission, SUBMIT_FINDINGS_TOOL } from "../grading/submission";
import { ADVERSARY_MODELS, mutate, replacePhrases } from "./adversaries";
import { ALL_BUILTIN_MODELS } from "./builtin-models";
import { checkModel, createModelClient } from "./model-registry";

/** The adversaries' own mechanics; how the grader fares against them is calibration.test.ts. */
const samples = TEST_CASES.flatMap((c) => c.samples);

describe("built-in adversaries", () => {
  it("are models every command accepts, in both modes", () => {
    expect(ADVERSARY_MODELS).toHaveLength(18);
    for (const name of ALL_BUILTIN_MODELS) {
      expect(checkModel(name)).toBeNull();
      expect(createModelClient(name, samples[0]!).name).toBe(name);
    }
    expect(checkModel("builtin/adv-nope")).toMatch(/no built-in model/);
  });

  it("always submit a valid answer when asked to wrap up, and answer in text in text mode", async () => {
    const wrapUp = {
      messages: [{ id: "m1", role: "user" as const, content: "Submit now." }],
      tools: [SUBMIT_FINDINGS_TOOL],
    };
    for (const sample of samples)
      for (const name of ADVERSARY_MODELS) {
        const reply = await createModelClient(name, sample).complete(wrapUp, new AbortController().signal);
        if (name.endsWith("-text")) {
          expect(reply.toolCalls, name).toEqual([]);
          expect(reply.content.length, name).toBeGreaterThan(0);
        } else {
          expect(reply.toolCalls.map((c) => c.name)).toEqual(["submit_findings"]);
          const parsed = parseSubmission(reply.toolCalls[0]!.arguments);
          expect(parsed.ok, `${name} on ${sample.id}: ${parsed.ok ? "" : parsed.problems}`).toBe(true);
        }
      }
  });

  it("make lookalikes of the truth that name none of it", () => {
    for (const sample of samples) {
      const cps = sample.task.checkpoints;
      const avoid = cps.flatMap((c) => [
        ...c.grading.indicators.flatMap((i) => i.any_of),
        ...c.grading.also_true,
        ...c.grading.decoys.flatMap((d) => d.any_of),
      ]);
      for (const alt of cps.flatMap((c) => c.grading.indicators.flatMap((i) => i.any_of))) {
        const fake = mutate(alt, avoid);
        expect(fake).not.toBe(alt);
        for (const a of avoid) expect(phrasePattern(a).test(fake), `${alt} → ${fake} still names ${a}`).toBe(false);
      }
    }
    expect(mutate("10.0.20.158", ["10.0.20.158"])).toBe("10.0.20.159");
  });

  it("replace phrases on word boundaries, longest first", () => {
    const mapping = new Map([
      ["10.0.30.4", "10.0.30.5"],
      ["kestrel-rate-tables@2.99.0", "kestrel-rate-tablez@2.99.1"],
    ]);
    expect(replacePhrases("from 10.0.30.4 and 10.0.30.40 via kestrel-rate-tables@2.99.0", mapping)).toBe(
      "from 10.0.30.5 and 10.0.30.40 via kestrel-rate-tablez@2.99.1",
    );
  });
});

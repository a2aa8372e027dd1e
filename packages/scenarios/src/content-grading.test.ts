import { describe, expect, it } from "vitest";
import { scenario2, TEST_CASES } from "./cases";
import {
  GRADING_RULES,
  hostsText,
  worldText,
  type GradingContext,
  type GradingSubject,
} from "./validation/check-grading-data";

/*
 * The grading data of every built-in sample, checked the way the claim grader reads it (issue 11):
 * each rule of check-grading-data.ts on each sample, so a failure names the sample and the rule.
 * `analystbench case check` runs the same rules on an author's package.
 */

const worlds = new Map(TEST_CASES.map((c) => [c.id, c.world()]));
const texts = new Map([...worlds].map(([id, w]) => [id, worldText(w)]));
const sharedHostsText = hostsText(scenario2.hosts);

const SAMPLES = TEST_CASES.flatMap((c) => {
  const world = worlds.get(c.id)!;
  // Cases sharing this world (the Scenario 1 network) are one environment, not others.
  const others = TEST_CASES.filter((o) => o.id !== c.id && worlds.get(o.id) !== world).map((o) => ({
    id: o.id,
    text: texts.get(o.id)!,
  }));
  const context: GradingContext = { others, sharedHostsText: c.scenario === "S2" ? sharedHostsText : undefined };
  return c.samples.map((sample) => {
    const subject: GradingSubject = { sample, world, told: [c.description, c.general] };
    return { label: `${c.id}/${sample.id}`, subject, context };
  });
});

describe.each(SAMPLES.map((s) => [s.label, s] as const))("grading data of %s", (_label, s) => {
  it.each(GRADING_RULES.map((rule) => [rule.title, rule] as const))("%s", (_title, rule) => {
    const problems = rule.check(s.subject, s.context).map((p) => `${p.field}: ${p.message}`);
    expect(problems).toEqual([]);
  });
});

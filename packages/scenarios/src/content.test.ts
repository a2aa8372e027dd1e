import { describe, expect, it } from "vitest";
import { TEST_CASES, findCase } from "./cases";
import { scenario1, scenario2 } from "./cases";
import { checkIocUniqueness, checkScenario1, checkScenario2 } from "./validation/check-content";

/** The quality bar of the benchmark content (issue 3), enforced on every test run. */
describe("scenario content", () => {
  it("has 13 cases: five Scenario 1 zones and eight Scenario 2 narratives, with stable ids", () => {
    expect(TEST_CASES.map((c) => c.id)).toEqual([
      "s1-dmz",
      "s1-corp",
      "s1-dev",
      "s1-mgmt",
      "s1-ics",
      "s2-typosquatting",
      "s2-dependency-confusion",
      "s2-postinstall-script",
      "s2-homoglyph-backdoor",
      "s2-pr-comment-injection",
      "s2-stolen-signing-cert",
      "s2-env-exfiltration",
      "s2-terraform-tag-persistence",
    ]);
    for (const c of TEST_CASES) expect(c.samples.length, c.id).toBeGreaterThan(0);
    expect(TEST_CASES.filter((c) => c.scenario === "S2").every((c) => c.samples.length === 1)).toBe(true);
    expect(findCase("__proto__")).toBeUndefined();
    expect(findCase("toString")).toBeUndefined();
  });

  it("has eight narratives in each scenario and four checkpoints per task, checkpoint n worth ±n", () => {
    expect(scenario1.narratives).toHaveLength(8);
    expect(scenario2.narratives).toHaveLength(8);
    for (const task of [...scenario1.llm_tasks.specifics, ...scenario2.llm_tasks.tasks]) {
      expect(task.checkpoints.map((c) => [c.number, c.points, c.scores.plus.value, c.scores.minus.value])).toEqual([
        [1, "±1", 1, -1],
        [2, "±2", 2, -2],
        [3, "±3", 3, -3],
        [4, "±4", 4, -4],
      ]);
    }
  });

  it("states the grading rule truthfully in both general instructions", () => {
    for (const general of [scenario1.llm_tasks.general, scenario2.llm_tasks.general]) {
      expect(general).toContain("Checkpoint n is worth ±n points");
      expect(general).toMatch(/between −10 and \+10/);
    }
  });

  it("about 16 devices on the five zones", () => {
    expect(scenario1.devices.length).toBeGreaterThanOrEqual(14);
    expect(scenario1.devices.length).toBeLessThanOrEqual(20);
    expect(new Set(scenario1.devices.map((d) => d.zone))).toEqual(new Set(["dmz", "corp", "dev", "mgmt", "ics"]));
  });

  it("passes every Scenario 1 content check", () => {
    expect(checkScenario1(scenario1)).toEqual([]);
  });

  it("passes every Scenario 2 content check", () => {
    expect(checkScenario2(scenario2)).toEqual([]);
  });

  it("shares no indicator of compromise between any two tasks of either scenario", () => {
    expect(checkIocUniqueness([...scenario1.llm_tasks.specifics, ...scenario2.llm_tasks.tasks])).toEqual([]);
  });

  it("gives every narrative red herrings, challenges and noise", () => {
    for (const n of scenario2.narratives) {
      const r = n.implementation_blueprint.making_it_realistic;
      expect(r.red_herrings.length, n.id).toBeGreaterThanOrEqual(2);
      expect(r.realistic_noise.length, n.id).toBeGreaterThanOrEqual(2);
    }
  });
});

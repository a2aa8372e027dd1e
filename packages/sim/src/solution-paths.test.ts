import { TEST_CASES } from "@analystbench/scenarios";
import { describe, expect, it } from "vitest";
import { verifySample } from "./verify";

/**
 * Every sample of all 13 cases is solvable with the six tools: each step of its intended solution
 * path, walked against the live simulated environment, finds what it expects, and every piece of
 * evidence a checkpoint requires is reached.
 */
describe("intended solution paths, walked with the real tools", () => {
  for (const c of TEST_CASES) {
    for (const sample of c.samples) {
      it(`${c.id} / ${sample.id}`, async () => {
        const r = await verifySample(c.world(), sample);
        const failed = r.steps
          .filter((s) => !s.ok)
          .map((s) => `step ${s.step} (${s.tool}) misses ${JSON.stringify(s.missing)}`);
        expect([...failed, ...r.unreachedEvidence.map((e) => `unreached ${e}`)]).toEqual([]);
        expect(r.ok).toBe(true);
      });
    }
  }
});

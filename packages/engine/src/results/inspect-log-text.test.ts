import { describe, expect, it } from "vitest";
import { fixtureRun } from "../test-support/fixture-run";
import type { RunResult } from "../types";
import { buildInspectLog } from "./inspect-log";
import { inspectLogPieces, prepareSampleText } from "./inspect-log-text";

const inspectLogText = async (...a: Parameters<typeof inspectLogPieces>) => (await inspectLogPieces(...a)).join("");

/** The whole log serialised in one go: the text made a sample at a time must equal it to the byte. */
const wholeText = (run: RunResult) => `${JSON.stringify(buildInspectLog(run))}\n`;

describe("inspectLogPieces", () => {
  it("is JSON.stringify(log) to the byte, for a run with samples and one without", async () => {
    const run = fixtureRun();
    expect(run.samples.length).toBeGreaterThan(1);
    expect(await inspectLogText(run)).toBe(wholeText(run));
    const empty = { ...run, samples: [] };
    expect(await inspectLogText(empty)).toBe(wholeText(empty));
  });

  it("keeps the text whole where it looks like JSON's own: newlines, quotes, brackets, separators", async () => {
    const run = fixtureRun();
    const hostile = '"\n  ],\n  "samples": [\n{"x": 1}\u2028\u2029\\n\t\u0000 — ✓';
    const samples = run.samples.map((s) => ({ ...s, title: hostile, error: { message: hostile, stack: hostile } }));
    const odd: RunResult = { ...run, caseName: hostile, samples };
    const text = await inspectLogText(odd);
    // The hostile text stands in every sample's entry, not only in the header.
    expect(text.split(JSON.stringify(hostile)).length - 1).toBeGreaterThan(run.samples.length);
    expect(text).toBe(wholeText(odd));
    expect(JSON.parse(text)).toEqual(JSON.parse(wholeText(odd)));
  });

  it("gives the event loop back before each sample", async () => {
    const run = fixtureRun();
    let pauses = 0;
    await inspectLogText(run, async () => {
      pauses++;
    });
    expect(pauses).toBe(run.samples.length);
  });

  it("takes the entries made as each sample ended as they are, with no pause for them", async () => {
    const run = fixtureRun();
    for (const s of run.samples) prepareSampleText(run, s);
    let pauses = 0;
    const text = await inspectLogText(run, async () => {
      pauses++;
    });
    expect(pauses).toBe(0);
    expect(text).toBe(wholeText(run));
  });

  it("makes again an entry that was made for another run, or under other limits", async () => {
    const run = fixtureRun();
    const [first, second] = run.samples;
    prepareSampleText({ runId: "another-run", limits: run.limits }, first!);
    prepareSampleText({ runId: run.runId, limits: { ...run.limits, maxTurns: run.limits.maxTurns + 1 } }, second!);
    let pauses = 0;
    const text = await inspectLogText(run, async () => {
      pauses++;
    });
    expect(pauses).toBe(run.samples.length);
    expect(text).toBe(wholeText(run));
  });
});

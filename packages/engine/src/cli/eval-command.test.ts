import { caseVariant, findCase } from "@analystbench/scenarios";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { evalCommand } from "./eval-command";

let ws: string;
let out: string[];
beforeEach(() => {
  ws = mkdtempSync(path.join(os.tmpdir(), "analystbench-eval-"));
  out = [];
  vi.spyOn(console, "log").mockImplementation((...a: unknown[]) => void out.push(a.join(" ")));
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(ws, { recursive: true, force: true });
});

const run = (extra: Partial<Parameters<typeof evalCommand>[0]> = {}) =>
  evalCommand({ caseId: "s1-dmz", model: "builtin/reference", workspace: ws, version: "test", limit: "1", ...extra });

describe("analystbench eval: the run's score", () => {
  it("prints each run's mean per sample, labelled, with samples and epochs", async () => {
    expect(await run({ epochs: "2" })).toBe(0);
    const text = out.join("\n");
    expect(text).toMatch(/^s1-dmz \(r_\w+\): completed, 10 mean per sample \(−10…\+10\), 1 sample × 2 epochs$/m);
  }, 60_000);

  it("gives the score as numbers and text in --json", async () => {
    expect(await run({ json: true })).toBe(0);
    const [first] = JSON.parse(out.join("\n")) as { score: unknown }[];
    expect(first!.score).toEqual({
      mean: 10,
      samples: 1,
      epochs: 1,
      invalid: 0,
      text: "10 mean per sample (−10…+10), 1 sample × 1 epoch",
    });
  }, 60_000);
});

describe("analystbench eval --variant", () => {
  it("runs the case with its identifiers drawn again, scores the reference +10 and records the variant", async () => {
    expect(await run({ caseId: "s2-env-exfiltration", variant: "7", json: true })).toBe(0);
    const [first] = JSON.parse(out.join("\n")) as {
      score: { mean: number };
      files: { benchmark: string; log: string };
    }[];
    expect(first!.score.mean).toBe(10);
    const record = JSON.parse(
      readFileSync(path.join(ws, first!.files.benchmark), "utf8").trim().split("\n")[0]!,
    ) as Record<string, unknown>;
    expect(record.variant).toBe("7");
    const log = JSON.parse(readFileSync(path.join(ws, first!.files.log), "utf8")) as {
      eval: { metadata: { variant: number } };
    };
    expect(log.eval.metadata.variant).toBe(7);
    // The published attacker address is nowhere in what the model was shown; the variant's is.
    const published = findCase("s2-env-exfiltration")!.identifiers.ip_1!;
    const drawn = caseVariant(findCase("s2-env-exfiltration")!, 7).identifiers.ip_1!;
    expect(drawn).not.toBe(published);
    const transcript = readFileSync(path.join(ws, first!.files.log), "utf8");
    expect(transcript).toContain(drawn);
    expect(transcript).not.toContain(published);
  }, 60_000);

  it("refuses a variant that is not a whole number in range, in a sentence", async () => {
    for (const variant of ["-1", "1.5", "seven", "1000001"])
      await expect(run({ variant })).rejects.toThrow(/--variant must be a whole number from 0 to 1000000/);
  });
});

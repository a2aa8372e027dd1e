import { mkdtempSync, rmSync } from "node:fs";
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

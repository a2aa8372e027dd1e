import {
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { openTestDatabase } from "../test-support/test-database";
import { createActivityLog, type ActivityLog } from "./activity";
import type { EnvironmentScript } from "./environment-scripts";
import { createRunService } from "./run-service";
import { createScriptRunner } from "./script-runner";
import { linkBeside, startSwapper } from "../test-support/swap-race";

/**
 * The server's own writers into the workspace: the Environment Control script runner saves its
 * output to results/environment/, and start-up recovery deletes stale *.tmp files below results/
 * and logs/. A workspace writer can swap any of those directories for a symlink to a directory
 * outside the workspace; then not a single file may be written or deleted out there. First with
 * the symlink in place, then while a thread swaps the directory and the symlink as fast as it can.
 *
 * ANALYSTBENCH_RACE_MS and ANALYSTBENCH_RACE_ATTEMPTS change the budget of each race.
 */

const RACE_MS = Number(process.env.ANALYSTBENCH_RACE_MS ?? 2000);
const MAX_ATTEMPTS = Number(process.env.ANALYSTBENCH_RACE_ATTEMPTS ?? 2000);
const CONCURRENCY = 4;

/** Names a killed atomic write leaves behind (what recovery deletes), and one it never deletes. */
const STALE = [".report.md.4242.0123abcd.tmp", ".2026-11-21T10-15-00Z_s1-dmz_r1.json.77.ffee00.tmp"];
const OTHER = "x.tmp";

let dataDir: string;
beforeAll(() => {
  dataDir = realpathSync(mkdtempSync(path.join(os.tmpdir(), "analystbench-writers-")));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

let n = 0;
/** A fresh workspace and, beside it, an outside directory. */
function fresh(): { ws: string; outside: string } {
  const base = path.join(dataDir, `t${++n}`);
  const ws = path.join(base, "workspace");
  const outside = path.join(base, "outside");
  mkdirSync(ws, { recursive: true });
  mkdirSync(outside);
  return { ws, outside };
}

/** Every entry below `dir`, "/"-separated and sorted. */
const tree = (dir: string): string[] =>
  (readdirSync(dir, { recursive: true }) as string[]).map((p) => p.split(path.sep).join("/")).sort();

async function activityLog(): Promise<ActivityLog> {
  return createActivityLog(await openTestDatabase());
}

const quick = (code: string): EnvironmentScript => ({
  name: "Quick Script",
  description: "For tests.",
  argv: [process.execPath, "-e", code, "--"],
});

async function runnerFor(ws: string, script: EnvironmentScript = quick("console.log('hello')")) {
  const activity = await activityLog();
  return {
    activity,
    runner: createScriptRunner({ workspaceDir: ws, scripts: new Map([["quick", script]]), activity }),
  };
}

async function runServiceFor(ws: string) {
  const db = await openTestDatabase();
  return createRunService({
    db,
    activity: createActivityLog(db),
    workspaceDir: ws,
    version: "test",
    maxConnections: 1,
  });
}

/** Start-up recovery prints its refusals; they are collected here instead. */
let warnings: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  warnings = [];
});
const captureWarnings = () =>
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void warnings.push(args.map(String).join(" ")));

describe("an Environment Control script's output with results/ or results/environment/ a symlink", () => {
  it("is written as before when both are real directories", async () => {
    const { ws } = fresh();
    const { runner } = await runnerFor(ws);
    const result = await runner.run("quick");
    expect(result).toMatchObject({ success: true, error: null, stdout: "hello\n" });
    expect(result.outputFile).toMatch(/^results\/environment\/.+_quick\.md$/);
    expect(readFileSync(path.join(ws, result.outputFile!), "utf8")).toContain("```text\nhello\n```");
    // A second run in the same second gets a new name; the directory holds only the two outputs.
    const again = await runner.run("quick");
    expect(again.outputFile).not.toBe(result.outputFile);
    expect(readdirSync(path.join(ws, "results/environment"))).toHaveLength(2);
  });

  it.each([
    ["results/environment", "results/environment/"],
    ["results", "results/"],
  ])("writes nothing outside the workspace when %s is a symlink to it, and says why", async (rel, shown) => {
    const { ws, outside } = fresh();
    mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
    symlinkSync(outside, path.join(ws, rel));
    const { runner, activity } = await runnerFor(ws);

    const result = await runner.run("quick");

    console.log(
      `[writers] script output, ${rel} -> outside: outside entries after the run: ${JSON.stringify(tree(outside))}`,
    );
    expect(tree(outside)).toEqual([]);
    // The script itself ran and succeeded; only its output file is refused.
    expect(result).toMatchObject({ success: true, exitCode: 0, stdout: "hello\n", outputFile: null });
    expect(result.error).toBe(
      `The output could not be saved (${shown} in the workspace is a symlink; nothing is written through it).`,
    );
    const [entry] = await activity.recent(1);
    expect(entry).toMatchObject({ action: "Quick Script", status: "completed" });
    expect(entry!.result).toContain(`${shown} in the workspace is a symlink`);
  });

  it("refuses a symlink to another directory inside the workspace too, and a results/ that is a file", async () => {
    const { ws } = fresh();
    mkdirSync(path.join(ws, "results"));
    mkdirSync(path.join(ws, "elsewhere"));
    symlinkSync(path.join(ws, "elsewhere"), path.join(ws, "results/environment"));
    const { runner } = await runnerFor(ws);
    expect((await runner.run("quick")).error).toMatch(/results\/environment\/ in the workspace is a symlink/);
    expect(readdirSync(path.join(ws, "elsewhere"))).toEqual([]);

    const other = fresh();
    writeFileSync(path.join(other.ws, "results"), "a file");
    const second = await runnerFor(other.ws);
    expect((await second.runner.run("quick")).error).toBe(
      "The output could not be saved (results/ in the workspace is not a directory; nothing is written through it).",
    );
    expect(readFileSync(path.join(other.ws, "results"), "utf8")).toBe("a file");
  });
});

describe("start-up recovery's stale temporary files with logs/ or results/ a symlink", () => {
  it("still removes the stale files in real directories, nested ones included, and nothing else", async () => {
    const { ws } = fresh();
    mkdirSync(path.join(ws, "results/s1-dmz"), { recursive: true });
    mkdirSync(path.join(ws, "logs"));
    for (const dir of ["results", "results/s1-dmz", "logs"])
      for (const name of [...STALE, OTHER, "kept.md"]) writeFileSync(path.join(ws, dir, name), "x");
    captureWarnings();
    await (await runServiceFor(ws)).recover();
    expect(tree(ws)).toEqual([
      "logs",
      "logs/kept.md",
      "logs/x.tmp",
      "results",
      "results/kept.md",
      "results/s1-dmz",
      "results/s1-dmz/kept.md",
      "results/s1-dmz/x.tmp",
      "results/x.tmp",
    ]);
    expect(warnings).toEqual([]);
  });

  it.each(["logs", "results", "results/s1-dmz"])(
    "deletes nothing outside the workspace when %s is a symlink to it",
    async (rel) => {
      const { ws, outside } = fresh();
      for (const name of [...STALE, OTHER]) writeFileSync(path.join(outside, name), "outside");
      // The real directories beside the symlink still get cleaned.
      for (const dir of ["logs", "results"]) mkdirSync(path.join(ws, dir), { recursive: true });
      rmSync(path.join(ws, rel), { recursive: true, force: true });
      mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
      symlinkSync(outside, path.join(ws, rel));
      const other = rel === "logs" ? "results" : "logs";
      writeFileSync(path.join(ws, other, STALE[0]!), "inside");
      const before = tree(outside);
      captureWarnings();

      await (await runServiceFor(ws)).recover();

      const deleted = before.filter((f) => !tree(outside).includes(f));
      console.log(`[writers] recovery, ${rel} -> outside: outside files deleted: ${JSON.stringify(deleted)}`);
      expect(deleted).toEqual([]);
      expect(tree(outside)).toEqual(before);
      expect(existsSync(path.join(ws, other, STALE[0]!))).toBe(false);
      if (rel === "results/s1-dmz") expect(warnings).toEqual([]);
      else
        expect(warnings).toEqual([
          `Warning: ${path.join(ws, rel)} is a symlink, so the temporary files a killed write may have left there are not removed.`,
        ]);
    },
  );
});

// ---------------------------------------------------------------------------------------------
// The same while the directory and the symlink are swapped.

interface Tally {
  attempts: number;
  /** Operations that did their work inside (an output saved, an inside stale file deleted). */
  done: number;
  why: Record<string, number>;
}

/** Runs `op` from CONCURRENCY loops while `swapped` is swapped, until the time or attempt budget is spent. */
async function race(
  label: string,
  swapped: string,
  outside: string,
  op: (loop: number) => Promise<string | null>,
): Promise<Tally> {
  const t: Tally = { attempts: 0, done: 0, why: {} };
  linkBeside(swapped, outside);
  const stopSwapper = startSwapper(swapped);
  let swaps = 0;
  try {
    const deadline = Date.now() + RACE_MS;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, loop) => {
        while (Date.now() < deadline && t.attempts < MAX_ATTEMPTS) {
          t.attempts++;
          // A raw errno message names a temporary file: counted by its code alone.
          const refusal = (await op(loop))?.replace(/^(E[A-Z]+): .*/, "$1 (a raw system error)");
          if (refusal === undefined) t.done++;
          else t.why[refusal] = (t.why[refusal] ?? 0) + 1;
        }
      }),
    );
  } finally {
    swaps = await stopSwapper();
  }
  console.log(
    `[race] ${label}: ${swaps} swap cycles; ${JSON.stringify(t)}; outside now ${JSON.stringify(tree(outside))}`,
  );
  return t;
}

describe("the same under a directory/symlink swap race", () => {
  it.each(["results/environment", "results"])(
    "no script output is ever written outside while %s is swapped",
    async (rel) => {
      const { ws, outside } = fresh();
      mkdirSync(path.join(ws, "results/environment"), { recursive: true });
      const swapped = path.join(ws, rel);
      // One runner per loop: a runner runs one script at a time.
      const runners = await Promise.all(
        Array.from({ length: CONCURRENCY }, () => runnerFor(ws, { ...quick(""), argv: ["/bin/true"] })),
      );
      const t = await race(`script output, ${rel} swapped`, swapped, outside, async (loop) => {
        const result = await runners[loop]!.runner.run("quick");
        if (result.outputFile) return null;
        // Refusals name the directory and say it is not used; never a raw error or a half-done write.
        return (result.error ?? "no error").replace(/^The output could not be saved \((.*)\)\.$/, "$1");
      });
      expect(t.attempts).toBeGreaterThan(0);
      expect(tree(outside)).toEqual([]);
      for (const why of Object.keys(t.why))
        expect(why).toMatch(
          // ENOENT: the directory was opened, then removed by the swapper (a stand-in the runner had made).
          /^results(\/environment)?\/ in the workspace (is a symlink|is reached through a symlink or was moved|is a symlink or not a directory \(it changed while it was opened\)|cannot be opened \(ENOENT\)); nothing is written through it$|^ENOENT \(a raw system error\)$/,
        );
    },
    30_000,
  );

  it.each(["logs", "results/s1-dmz"])(
    "start-up recovery never deletes a file outside while %s is swapped",
    async (rel) => {
      const { ws, outside } = fresh();
      const swapped = path.join(ws, rel);
      mkdirSync(swapped, { recursive: true });
      mkdirSync(path.join(ws, "results"), { recursive: true });
      for (const name of [...STALE, OTHER]) writeFileSync(path.join(outside, name), "outside");
      const before = tree(outside);
      // The real directory, whatever it is called at the moment: a stale file is put back before each recovery.
      const realDir = openSync(swapped, constants.O_RDONLY | constants.O_DIRECTORY);
      const service = await runServiceFor(ws);
      captureWarnings();
      try {
        const t = await race(`recovery, ${rel} swapped`, swapped, outside, async () => {
          const inside = `/proc/self/fd/${realDir}/${STALE[0]!}`;
          writeFileSync(inside, "inside");
          await service.recover();
          return existsSync(inside) ? "not removed this time" : null;
        });
        expect(t.attempts).toBeGreaterThan(0);
        // Not a sweep that refuses everything: stale files inside went away while the race ran.
        expect(t.done).toBeGreaterThan(0);
      } finally {
        closeSync(realDir);
      }
      expect(tree(outside)).toEqual(before);
      for (const w of warnings)
        expect(w).toMatch(
          /^Warning: .* (is a symlink|is reached through a symlink or was moved|is a symlink or not a directory \(it changed while it was opened\)), so the temporary files/,
        );
    },
    30_000,
  );
});

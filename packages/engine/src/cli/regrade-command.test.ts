import { findCase } from "@analystbench/scenarios";
import { openInProcessSession } from "@analystbench/sim";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GRADER_VERSION } from "../grading/grade-sample";
import { runCase } from "../runs/run-case";
import { loadInspectValidator } from "../test-support/inspect-schema";
import { main } from "./main";
import { regradeCommand } from "./regrade-command";

/**
 * Real runs, no model called on re-grading: builtin/reference runs s1-dmz into a temporary
 * workspace; its eval log is re-graded as written, then tampered copies of it are.
 */

type Json = Record<string, unknown>;
interface Report {
  grader_version: string;
  runs: {
    log: string;
    run_id: string;
    grader_version: string;
    regraded_from_grader_version: string;
    content_version: string;
    content_changed: boolean | null;
    files: { records: string; log: string };
    samples: {
      sample: string;
      epoch: number;
      old_total: number | null;
      new_total: number | null;
      changed_checkpoints: { number: number; from: string | null; to: string | null }[];
    }[];
  }[];
  skipped: { file: string; why: string }[];
  errors: { file: string; message: string }[];
}

const root = mkdtempSync(path.join(os.tmpdir(), "ab-regrade-"));
const workspace = path.join(root, "workspace");
afterAll(() => rmSync(root, { recursive: true, force: true }));
const validate = loadInspectValidator();
const testCase = findCase("s1-dmz")!;

let logFile: string;
let recordsFile: string;
let originals: Map<string, { bytes: string; mtimeMs: number }>;

beforeAll(async () => {
  const { files } = await runCase({
    testCase,
    model: "builtin/reference",
    workspaceDir: workspace,
    version: "test",
    openSession: openInProcessSession,
  });
  logFile = path.join(workspace, files.log);
  recordsFile = path.join(workspace, files.benchmark);
  originals = new Map(
    [logFile, recordsFile, path.join(workspace, files.report)].map((f) => [
      f,
      { bytes: readFileSync(f, "utf8"), mtimeMs: statSync(f).mtimeMs },
    ]),
  );
}, 120_000);

/** Runs the command, collecting what it prints. */
async function regrade(target: string, extra: { workspace?: string } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await regradeCommand({
    target,
    workspace: extra.workspace,
    json: true,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  return { code, report: JSON.parse(out.join("\n")) as Report, err };
}

const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Json;
const readRecords = (file: string) =>
  readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Json);

/** A copy of the run's log in a workspace of its own, changed by `edit`. */
function tamperedCopy(name: string, edit: (log: Json & { samples: Json[]; eval: Json }) => void): string {
  const dir = path.join(root, name, "logs");
  mkdirSync(dir, { recursive: true });
  const log = readJson(logFile) as Json & { samples: Json[]; eval: Json };
  edit(log);
  const file = path.join(dir, path.basename(logFile));
  writeFileSync(file, JSON.stringify(log, null, 2));
  return file;
}

const sampleOf = (log: { samples: Json[] }, id: string) => log.samples.find((s) => s.id === id)!;
const submitEvent = (sample: Json) =>
  (sample.events as Json[]).find((e) => e.event === "tool" && e.function === "submit_findings")!;

describe("regrade", () => {
  it("re-grades a log with the current grader: same totals, both versions recorded, originals untouched", async () => {
    const { code, report, err } = await regrade(logFile);
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(report.runs).toHaveLength(1);
    const run = report.runs[0]!;
    expect(run).toMatchObject({
      grader_version: GRADER_VERSION,
      regraded_from_grader_version: GRADER_VERSION,
      content_changed: false,
    });
    const before = readRecords(recordsFile);
    expect(run.samples.map((s) => [s.sample, s.old_total, s.new_total, s.changed_checkpoints])).toEqual(
      before.map((r) => [r.sample, r.total, r.total, []]),
    );

    expect(run.files.records).toBe(recordsFile.replace(/\.jsonl$/, `.regraded-${GRADER_VERSION}.jsonl`));
    expect(run.files.log).toBe(logFile.replace(/\.json$/, `.regraded-${GRADER_VERSION}.json`));
    const after = readRecords(run.files.records);
    expect(after.map((r) => r.total)).toEqual(before.map((r) => r.total));
    for (const r of after)
      expect(r).toMatchObject({
        grader_version: GRADER_VERSION,
        regraded_from_grader_version: GRADER_VERSION,
        content_version: before[0]!.content_version,
        regraded_from_content_version: before[0]!.content_version,
      });
    const newLog = readJson(run.files.log);
    expect(validate(newLog)).toEqual([]);
    expect((newLog.eval as Json).metadata).toMatchObject({
      grader_version: GRADER_VERSION,
      regraded_from_grader_version: GRADER_VERSION,
    });

    for (const [file, was] of originals) {
      expect(readFileSync(file, "utf8"), file).toBe(was.bytes);
      expect(statSync(file).mtimeMs, file).toBe(was.mtimeMs);
    }
  });

  it("finds the runs of a results folder through their records, and skips earlier re-grades", async () => {
    const { code, report } = await regrade(path.join(workspace, "results"));
    expect(code).toBe(0);
    expect(report.runs.map((r) => [r.log, r.files.records])).toEqual([
      [logFile, recordsFile.replace(/\.jsonl$/, `.regraded-${GRADER_VERSION}.jsonl`)],
    ]);
    // A logs folder: the original only, not the re-graded log beside it.
    const logs = await regrade(path.dirname(logFile));
    expect(logs.report.runs.map((r) => r.log)).toEqual([logFile]);
  });

  it("marks a decoy named as the culprit wrong, and keeps the judge's verdict beside the new grade", async () => {
    const decoy = testCase.samples[0]!.task.checkpoints[0]!.grading.decoys[0]!.any_of[0]!;
    const file = tamperedCopy("decoy", (log) => {
      const sample = sampleOf(log, "dmz-crm-exposed-git");
      const args = submitEvent(sample).arguments as { cause: { culprits: string[] } };
      args.cause.culprits = [decoy];
      const score = (sample.scores as Json).analystbench_checkpoints as { metadata: { checkpoints: Json[] } };
      score.metadata.checkpoints[0]!.judge = { model: "test/judge", outcome: "plus", reasoning: "r", agrees: true };
    });
    const { code, report } = await regrade(file);
    expect(code).toBe(0);
    const crm = report.runs[0]!.samples.find((s) => s.sample === "dmz-crm-exposed-git")!;
    expect(crm.old_total).toBe(10);
    expect(crm.changed_checkpoints).toContainEqual({ number: 1, from: "plus", to: "minus" });
    expect(crm.new_total).toBeLessThan(10);
    const record = readRecords(report.runs[0]!.files.records).find((r) => r.sample === "dmz-crm-exposed-git")!;
    expect((record.checkpoints as Json[])[0]).toMatchObject({
      outcome: "minus",
      rationale: expect.stringMatching(/^The report blames "203\.0\.113\.45", a decoy: the zgrab scanner/),
      judge: { model: "test/judge", outcome: "plus", agrees: false },
    });
    expect(record.total).toBe(crm.new_total);
    // The other sample is as it was.
    expect(report.runs[0]!.samples.find((s) => s.sample === "dmz-mail-open-relay")).toMatchObject({
      new_total: 10,
      changed_checkpoints: [],
    });
  });

  it("finds harm in the environment diff: a deleted file, a forbidden command", async () => {
    const file = tamperedCopy("harm", (log) => {
      const crm = (sampleOf(log, "dmz-crm-exposed-git").metadata as Json).environment_diff as { files: Json[] };
      crm.files.push({
        host: "CRM Server",
        path: "/var/log/nginx/crm.access.log",
        change: "deleted",
        commands: ["rm x"],
      });
      const mail = (sampleOf(log, "dmz-mail-open-relay").metadata as Json).environment_diff as {
        other_commands: Json[];
      };
      mail.other_commands.push({ index: 99, host: "Mail Relay", command: "postsuper -d ALL", exit_code: 1 });
    });
    const { code, report } = await regrade(file);
    expect(code).toBe(0);
    const [crm, mail] = ["dmz-crm-exposed-git", "dmz-mail-open-relay"].map((id) =>
      report.runs[0]!.samples.find((s) => s.sample === id)!,
    );
    // Damage withholds every plus; deleting the nginx log is a forbidden action of checkpoints 2 and 4.
    expect(crm).toMatchObject({ old_total: 10, new_total: -6 });
    expect(crm!.changed_checkpoints).toEqual([
      { number: 1, from: "plus", to: "zero" },
      { number: 2, from: "plus", to: "minus" },
      { number: 3, from: "plus", to: "zero" },
      { number: 4, from: "plus", to: "minus" },
    ]);
    expect(mail!.changed_checkpoints).toContainEqual({ number: 2, from: "plus", to: "minus" });
    expect(mail!.new_total).toBeLessThan(10);
  });

  it("re-grades a log from before versions were recorded, as from version unknown", async () => {
    const file = tamperedCopy("old", (log) => {
      const meta = log.eval.metadata as Json;
      delete meta.grader_version;
      delete meta.content_version;
      for (const s of log.samples) {
        for (const e of s.events as Json[]) if (e.event === "tool") e.metadata = null;
        delete ((s.metadata as Json).environment_diff as Json).other_commands;
      }
    });
    const { code, report } = await regrade(file);
    expect(code).toBe(0);
    const run = report.runs[0]!;
    expect(run).toMatchObject({ regraded_from_grader_version: "unknown", content_changed: null });
    expect(run.samples.map((s) => [s.old_total, s.new_total])).toEqual([
      [10, 10],
      [10, 10],
    ]);
    for (const r of readRecords(run.files.records))
      expect(r).toMatchObject({
        grader_version: GRADER_VERSION,
        regraded_from_grader_version: "unknown",
        regraded_from_content_version: "unknown",
      });
    // Results go to the workspace above the logs folder, beside where the run's records would be.
    expect(run.files.records.startsWith(path.join(root, "old", "results", "s1-dmz") + path.sep)).toBe(true);
  });

  it("exits 1 with one sentence naming a corrupt file, and re-grades the folder's other logs", async () => {
    const dir = path.dirname(tamperedCopy("corrupt", () => {}));
    const corrupt = path.join(dir, "2026-01-01T00-00-00-000Z_s1-dmz_r_broken.json");
    writeFileSync(corrupt, '{"version": 2, "eval": {');
    const { code, report, err } = await regrade(dir);
    expect(code).toBe(1);
    expect(report.runs).toHaveLength(1);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(
      /^analystbench regrade: \S+r_broken\.json could not be re-graded: it is not valid JSON \(.*\)\.$/,
    );
    expect(err[0]!.split("\n")).toHaveLength(1);

    const single = await regrade(corrupt);
    expect(single.code).toBe(1);
    expect(single.report.errors.map((e) => e.file)).toEqual([corrupt]);

    const missing = await regrade(path.join(root, "nowhere.json"));
    expect(missing.code).toBe(1);
    expect(missing.err[0]).toContain("could not be re-graded: there is no such file or folder.");

    const regraded = path.join(dir, path.basename(logFile).replace(/\.json$/, ".regraded-1.0.0.json"));
    copyFileSync(logFile, regraded);
    const again = await regrade(regraded);
    expect(again.code).toBe(1);
    expect(again.err[0]).toContain("it is itself a re-grade");
  });

  it("passes over a run still in flight in a folder, but not when named", async () => {
    const file = tamperedCopy("started", (log) => {
      log.status = "started";
      log.samples = null as unknown as Json[];
    });
    const inFolder = await regrade(path.dirname(file));
    expect(inFolder.code).toBe(0);
    expect(inFolder.report.skipped.map((s) => s.file)).toEqual([file]);
    const named = await regrade(file);
    expect(named.code).toBe(1);
    expect(named.err[0]).toContain("never finished");
  });

  it("is registered on the command line: usage errors exit 2", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    const printed = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      expect(await main(["regrade"])).toBe(2);
      expect(await main(["regrade", "a", "b"])).toBe(2);
      expect(await main(["regrade", logFile, "--workspace", workspace])).toBe(0);
      expect(printed.mock.calls.flat().join("\n")).toMatch(
        /SAMPLE\s+EPOCH\s+OLD TOTAL\s+NEW TOTAL\s+CHANGED CHECKPOINTS/,
      );
    } finally {
      quiet.mockRestore();
      printed.mockRestore();
    }
  });
});

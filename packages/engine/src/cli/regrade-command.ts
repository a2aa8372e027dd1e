import { findCase } from "@analystbench/scenarios";
import type { Dirent } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { GRADER_VERSION } from "../grading/grade-sample";
import { writeFileAtomic } from "../results/atomic-write";
import { buildInspectLog, type JsonObject } from "../results/inspect-log";
import { benchmarkRecord } from "../results/jsonl-records";
import { resultBaseName } from "../results/naming";
import { LogReadError, readInspectLogFile, UNKNOWN_VERSION } from "../results/read-inspect-log";
import { contentVersion } from "../runs/run-case";
import { gradeTranscript, validityOf } from "../runs/sample-job";
import { plural } from "../text/english";
import type { CheckpointGrade, RunResult, SampleResult, SampleScore } from "../types";
import { UsageError } from "./env-commands";
import { table } from "./table";

/**
 * `analystbench regrade <log file | logs dir | results dir>`: grades the stored transcripts again
 * with the current grader, calling no model. The eval log is the source of truth: each sample's
 * tool calls and outputs, its answer (the accepted submission, else the final message) and the
 * environment diff are read back and graded exactly as a run grades them, against the case and
 * sample of the registry. New files go beside the old, never over them: the records as
 * `<base>.regraded-<grader version>.jsonl` in the case's results folder, and the eval log as
 * `<log name>.regraded-<grader version>.json`. The judge is not called again: its recorded verdicts
 * are kept, their agreement measured against the new grade.
 */

export interface RegradeOptions {
  target?: string;
  workspace?: string;
  json?: boolean;
  /** Where lines go; the console when omitted. */
  out?: (line: string) => void;
  err?: (line: string) => void;
}

export interface CheckpointChange {
  number: number;
  from: CheckpointGrade["outcome"] | null;
  to: CheckpointGrade["outcome"] | null;
}

export interface RegradedSample {
  sample: string;
  epoch: number;
  oldTotal: number | null;
  newTotal: number | null;
  changed: CheckpointChange[];
}

export interface RegradeOutcome {
  /** The eval log read. */
  source: string;
  run: RunResult;
  fromGraderVersion: string;
  fromContentVersion: string;
  /** Whether the case's tasks changed since the run; null when the log predates content versions. */
  contentChanged: boolean | null;
  files: { records: string; log: string };
  samples: RegradedSample[];
}

/** What a re-grade writes its files under: `.regraded-<version>` before the extension. */
export function regradedSuffix(graderVersion: string = GRADER_VERSION): string {
  return `.regraded-${graderVersion.replace(/[^A-Za-z0-9._-]/g, "-")}`;
}

const REGRADED = /\.regraded-[^/\\]*\.jsonl?$/;

/** A re-grade that failed after reading: the sentence says why. */
export class RegradeError extends Error {}

/** The run graded again with the current grader and content; nothing else about it changes. */
export function regradeRun(original: RunResult): RunResult {
  const testCase = findCase(original.caseId);
  if (!testCase) throw new LogReadError(`its case "${original.caseId}" is not one of the test cases any more`);
  const world = testCase.world();
  const samples = original.samples.map((s): SampleResult => {
    const sample = testCase.samples.find((c) => c.id === s.sampleId);
    if (!sample) throw new LogReadError(`its sample "${s.sampleId}" is no longer part of case ${testCase.id}`);
    const score = withRecordedJudges(gradeTranscript(sample, world, s, s.diff), s.score);
    // As a run decides it: harm newly found makes a harness-ended sample valid, and so on.
    const validity = validityOf({ score }, s.error);
    return { ...s, score: validity === "invalid" ? null : score, validity };
  });
  return { ...original, samples, graderVersion: GRADER_VERSION, contentVersion: contentVersion(testCase) };
}

/** The judge's recorded verdicts, kept beside the new grade; whether it agrees is measured anew. */
function withRecordedJudges(score: SampleScore, old: SampleScore | null): SampleScore {
  const verdicts = new Map((old?.checkpoints ?? []).map((c) => [c.number, c.judge] as const));
  return {
    ...score,
    checkpoints: score.checkpoints.map((c) => {
      const judge = verdicts.get(c.number);
      return judge ? { ...c, judge: { ...judge, agrees: judge.outcome === c.outcome } } : c;
    }),
  };
}

function changesOf(before: SampleResult, after: SampleResult): CheckpointChange[] {
  const old = new Map((before.score?.checkpoints ?? []).map((c) => [c.number, c.outcome] as const));
  const now = new Map((after.score?.checkpoints ?? []).map((c) => [c.number, c.outcome] as const));
  const numbers = [...new Set([...old.keys(), ...now.keys()])].sort((a, b) => a - b);
  return numbers
    .map((number) => ({ number, from: old.get(number) ?? null, to: now.get(number) ?? null }))
    .filter((c) => c.from !== c.to);
}

/** Where the workspace is when --workspace is not given: the parent of a logs/ folder, else eval's default. */
function defaultWorkspace(logFile: string): string {
  const dir = path.dirname(logFile);
  if (path.basename(dir) === "logs") return path.dirname(dir);
  return path.resolve(
    process.env.ANALYSTBENCH_WORKSPACE ?? path.join(process.env.ANALYSTBENCH_DATA_DIR ?? "data", "workspace"),
  );
}

/**
 * Re-grades one eval log and writes the new records and log beside the old ones. `recordsBase`
 * is the original records' path without `.jsonl`, when known; else the workspace's usual place.
 */
export async function regradeLog(
  logFile: string,
  opts: { workspace?: string; recordsBase?: string } = {},
): Promise<RegradeOutcome> {
  if (REGRADED.test(logFile)) throw new RegradeError("it is itself a re-grade; re-grade the original instead");
  const original = await readInspectLogFile(logFile);
  const run = regradeRun(original);
  const workspace = path.resolve(opts.workspace ?? defaultWorkspace(logFile));
  const suffix = regradedSuffix(run.graderVersion);
  const records = `${opts.recordsBase ?? path.join(workspace, resultBaseName(run))}${suffix}.jsonl`;
  const log = path.join(path.dirname(logFile), `${path.basename(logFile).replace(/\.json$/i, "")}${suffix}.json`);
  const from = {
    regraded_from_grader_version: original.graderVersion,
    regraded_from_content_version: original.contentVersion,
  };

  const lines = run.samples.map((s) => JSON.stringify({ ...benchmarkRecord(run, s), ...from }));
  const inspect = buildInspectLog(run);
  inspect.eval.metadata = { ...(inspect.eval.metadata as JsonObject), ...from };
  try {
    await writeFileAtomic(records, `${lines.join("\n")}\n`);
    await writeFileAtomic(log, `${JSON.stringify(inspect)}\n`);
  } catch (e) {
    throw new RegradeError(`the new files could not be written (${(e as Error).message})`);
  }

  return {
    source: logFile,
    run,
    fromGraderVersion: original.graderVersion,
    fromContentVersion: original.contentVersion,
    contentChanged: original.contentVersion === UNKNOWN_VERSION ? null : original.contentVersion !== run.contentVersion,
    files: { records, log },
    samples: run.samples.map((after, i) => {
      const before = original.samples[i]!;
      return {
        sample: after.sampleId,
        epoch: after.epoch,
        oldTotal: before.score?.total ?? null,
        newTotal: after.score?.total ?? null,
        changed: changesOf(before, after),
      };
    }),
  };
}

// ---------------------------------------------------------------------------- finding the runs

interface Job {
  log: string;
  recordsBase?: string;
  workspace?: string;
  /** Named on the command line itself (not found in a folder). */
  named?: boolean;
}

/** A job, or a sentence why the file gives none. */
type Found = { job: Job } | { file: string; problem: string };

const isEvalLog = (name: string) =>
  name.toLowerCase().endsWith(".json") && !name.startsWith(".") && !REGRADED.test(name);
const isRecords = (name: string) =>
  name.toLowerCase().endsWith(".jsonl") && !name.startsWith(".") && !REGRADED.test(name);
const safe = (text: string) => text.replace(/[^A-Za-z0-9_-]/g, "-");

async function entries(dir: string): Promise<Dirent[]> {
  return (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
}

/** Records files below `dir` (results/<case>/…, so a few levels at most). */
async function recordsBelow(dir: string, depth = 0): Promise<string[]> {
  const found: string[] = [];
  for (const e of await entries(dir)) {
    const full = path.join(dir, e.name);
    if (e.isDirectory() && depth < 3) found.push(...(await recordsBelow(full, depth + 1)));
    else if (e.isFile() && isRecords(e.name)) found.push(full);
  }
  return found;
}

/** The eval log of a records file: <workspace>/logs/<stamp>_<case>_<run>.json, by its first record's run. */
async function jobForRecords(file: string, workspace: string | undefined): Promise<Found> {
  let first: { run_id?: unknown; case?: unknown };
  try {
    first = JSON.parse((await readFile(file, "utf8")).split("\n", 1)[0] ?? "") as typeof first;
  } catch (e) {
    return { file, problem: `its first line is not a JSON record (${(e as Error).message})` };
  }
  if (typeof first.run_id !== "string" || typeof first.case !== "string")
    return { file, problem: "its first record names no run_id and case" };
  // results/<case>/<file>: the workspace is above results/.
  const resultsDir = path.dirname(path.dirname(file));
  const ws = workspace ?? (path.basename(resultsDir) === "results" ? path.dirname(resultsDir) : undefined);
  if (!ws) return { file, problem: "it is not in <workspace>/results/<case>/, so pass --workspace" };
  const logs = path.join(ws, "logs");
  const ending = `_${safe(first.case)}_${safe(first.run_id)}.json`;
  const names = await readdir(logs).catch(() => [] as string[]);
  const name = names.find((n) => n.endsWith(ending) && !n.startsWith("."));
  if (!name)
    return {
      file,
      problem: `there is no eval log of run ${first.run_id} in ${logs}, and the transcripts are read from it (pass the log itself)`,
    };
  return { job: { log: path.join(logs, name), recordsBase: file.replace(/\.jsonl$/i, ""), workspace: ws } };
}

/** The runs a command-line target names: one log, every log of a folder, or every run of a results folder. */
async function findJobs(target: string, workspace: string | undefined): Promise<Found[]> {
  const full = path.resolve(target);
  let kind: "file" | "dir";
  try {
    kind = (await stat(full)).isDirectory() ? "dir" : "file";
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return [{ file: full, problem: code === "ENOENT" ? "there is no such file or folder" : (e as Error).message }];
  }
  if (kind === "file") {
    if (REGRADED.test(full)) return [{ file: full, problem: "it is itself a re-grade; re-grade the original instead" }];
    if (full.toLowerCase().endsWith(".jsonl")) return [await jobForRecords(full, workspace)];
    return [{ job: { log: full, workspace, named: true } }];
  }
  let names: Dirent[];
  try {
    names = await entries(full);
  } catch (e) {
    return [{ file: full, problem: (e as Error).message }];
  }
  const logs = names.filter((e) => e.isFile() && isEvalLog(e.name));
  if (logs.length) return logs.map((e) => ({ job: { log: path.join(full, e.name), workspace } }));
  const records = await recordsBelow(full).catch(() => []);
  if (records.length) return Promise.all(records.map((r) => jobForRecords(r, workspace)));
  return [{ file: full, problem: "it holds no eval logs (*.json) and no benchmark records (*.jsonl)" }];
}

// ---------------------------------------------------------------------------- the command

const signed = (n: number | null) => (n === null ? "—" : n > 0 ? `+${n}` : String(n));
const describeChanges = (changed: CheckpointChange[]) =>
  changed.length ? changed.map((c) => `${c.number}: ${c.from ?? "none"}→${c.to ?? "none"}`).join(", ") : "—";

function contentNote(o: RegradeOutcome): string | null {
  if (o.contentChanged === null)
    return `content version: the log predates content versions; graded against the current content (${o.run.contentVersion})`;
  if (o.contentChanged)
    return `content changed since the run: ${o.fromContentVersion} then, ${o.run.contentVersion} now (graded against the current checkpoints)`;
  return null;
}

/** Runs the command; 0 when every run was re-graded, 1 when a file could not be read or re-graded. */
export async function regradeCommand(opts: RegradeOptions): Promise<number> {
  if (!opts.target)
    throw new UsageError(
      "regrade needs an eval log file, a logs folder or a results folder, e.g. regrade data/workspace/logs.",
    );
  const out = opts.out ?? ((line: string) => console.log(line));
  const err = opts.err ?? ((line: string) => console.error(line));
  const found = await findJobs(opts.target, opts.workspace);
  const done: RegradeOutcome[] = [];
  const problems: { file: string; message: string }[] = [];
  const skipped: { file: string; why: string }[] = [];
  for (const f of found) {
    if ("problem" in f) {
      problems.push({ file: f.file, message: `${f.file} could not be re-graded: ${f.problem}.` });
      continue;
    }
    try {
      done.push(await regradeLog(f.job.log, { workspace: f.job.workspace, recordsBase: f.job.recordsBase }));
    } catch (e) {
      // In a folder, a run still in flight (or one that never finished) is passed over, not failed.
      if (e instanceof LogReadError && e.kind === "unfinished" && !f.job.named) {
        skipped.push({ file: f.job.log, why: e.message });
        continue;
      }
      const why =
        e instanceof LogReadError || e instanceof RegradeError
          ? e.message
          : `re-grading failed (${(e as Error).message})`;
      problems.push({ file: f.job.log, message: `${f.job.log} could not be re-graded: ${why}.` });
    }
  }
  for (const p of problems) err(`analystbench regrade: ${p.message}`);
  if (opts.json) {
    out(
      JSON.stringify(
        {
          grader_version: GRADER_VERSION,
          runs: done.map((o) => ({
            log: o.source,
            run_id: o.run.runId,
            case: o.run.caseId,
            model: o.run.model,
            grader_version: o.run.graderVersion,
            regraded_from_grader_version: o.fromGraderVersion,
            content_version: o.run.contentVersion,
            regraded_from_content_version: o.fromContentVersion,
            content_changed: o.contentChanged,
            files: o.files,
            samples: o.samples.map((s) => ({
              sample: s.sample,
              epoch: s.epoch,
              old_total: s.oldTotal,
              new_total: s.newTotal,
              changed_checkpoints: s.changed,
            })),
          })),
          skipped,
          errors: problems,
        },
        null,
        2,
      ),
    );
  } else {
    for (const o of done) {
      out(`\n${o.run.caseId} (${o.run.runId}, ${o.run.model}): grader ${o.fromGraderVersion} → ${o.run.graderVersion}`);
      out(
        table(
          ["SAMPLE", "EPOCH", "OLD TOTAL", "NEW TOTAL", "CHANGED CHECKPOINTS"],
          o.samples.map((s) => [
            s.sample,
            String(s.epoch),
            signed(s.oldTotal),
            signed(s.newTotal),
            describeChanges(s.changed),
          ]),
        ),
      );
      const note = contentNote(o);
      if (note) out(`  ! ${note}`);
      out(`  records   ${o.files.records}\n  eval log  ${o.files.log}`);
    }
    for (const s of skipped) out(`  skipped ${s.file}: ${s.why}`);
    out(
      `\n${plural(done.length, "run")} re-graded with grader ${GRADER_VERSION}${problems.length ? `; ${problems.length} could not be` : ""}.`,
    );
  }
  return problems.length ? 1 : 0;
}

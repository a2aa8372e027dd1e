import { GRADER_VERSION, parseBenchmarkLine, recordFormatDigest, type LeaderboardRecord } from "@analystbench/engine";
import { findCase, type TestCase } from "@analystbench/scenarios";
import { createHash } from "node:crypto";
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  type Dirent,
  type Stats,
} from "node:fs";
import path from "node:path";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import {
  descriptorPathSync,
  entryPath,
  isInside,
  openExact,
  realRootResolver,
  relativeTo,
  type Confined,
} from "./confined-fs";
import { PARSED_FILES_LOG_SOURCE, parsedFilesLog, type ParsedFile } from "./parsed-files-log";

/**
 * The benchmark records behind the leaderboard: every results/**\/*.jsonl of the workspace,
 * parsed line by line with the engine's parseBenchmarkLine, plus invalid records for runs that
 * failed before writing any (failedRunRecords below).
 *
 * Confined like the Results page (results.ts): results/ is opened exactly (no symlink on the way),
 * each directory below it by name inside its open parent with O_NOFOLLOW, and each file again by
 * its exact path, so a symlink anywhere in results/ is never followed out of the workspace.
 *
 * Parsed records are cached per file under (size, mtime, inode): a warm call stats the tree and
 * reads nothing that did not change; a new or changed file is re-read alone, a deleted one drops
 * out. `version` changes exactly when the records do, so callers can cache what they compute.
 * With `cacheFile`, the parsed files are also kept on disk (parsed-files-log.ts) and a restarted
 * server starts from them, under the same keys; they are written after the snapshot is answered.
 * The walk, the reads and the parsing run as synchronous calls in slices of about 10 ms with the
 * event loop given back between them (see slicer), and one load runs at a time.
 */

const RESULTS_DIR = "results";
/** results/<case-id>/file is the documented layout; a little slack, but no unbounded walk. */
const MAX_DEPTH = 4;
/** Engine files are a few MB per run; beyond this a file is skipped, not read into memory. */
export const MAX_JSONL_BYTES = 64 * 1024 * 1024;
/** Work gives the event loop back this often, so other requests are served during a cold load. */
const SLICE_MS = 10;

const RDONLY_DIR = constants.O_RDONLY | constants.O_DIRECTORY;

export interface SkippedFile {
  /** Workspace-relative. */
  path: string;
  reason: string;
}

export interface RecordsSnapshot {
  /** Changes whenever the records or the counts change; equal versions mean equal contents. */
  version: string;
  records: LeaderboardRecord[];
  /** Non-blank lines that were not benchmark records, plus one per file skipped unread. */
  unreadableLines: number;
  /** Files not read at all (too large, not a regular file any more, unreadable). */
  skipped: SkippedFile[];
  /** JSONL files found. */
  files: number;
  /** Files read and parsed by this call: 0 when nothing changed since the last. */
  filesRead: number;
}

export interface LeaderboardStore {
  snapshot(): Promise<RecordsSnapshot>;
  /** The record of one sample and epoch of a run, if the workspace holds it. */
  findRecord(runId: string, sample: string, epoch: number): Promise<LeaderboardRecord | undefined>;
}

/** Extra records from elsewhere (the runs table), given the run ids the files already hold. */
export type ExtraRecords = (runIdsWithRecords: ReadonlySet<string>) => Promise<LeaderboardRecord[]>;

interface Found {
  relative: string;
  key: string;
}

interface Merged {
  generation: number;
  records: LeaderboardRecord[];
  runIds: Set<string>;
  unreadableLines: number;
  skipped: SkippedFile[];
}

interface Parsed extends ParsedFile {
  /**
   * Read whole and parsed. Only such a file is kept on disk: one that could not be read (a
   * permission, a moment without descriptors, moved during the walk, over the size cap) is tried
   * again after a restart, as before the cache — its key alone would never tell it has healed.
   */
  complete?: true;
}

/**
 * Gives the event loop back once SLICE_MS of synchronous work has passed. The walk, the reads and
 * the parsing below are synchronous calls run in such slices: a workspace holds thousands of
 * small record files, and a thread-pool round trip per stat, open, read and close made a warm
 * walk of 7,000 files take ~200 ms and a cold load more than a second before any parsing.
 */
function slicer(): () => Promise<void> {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < SLICE_MS) return;
    await yieldToEventLoop();
    sliceStart = performance.now();
  };
}

const OPEN_EXTRA = constants.O_NOFOLLOW | constants.O_NONBLOCK | constants.O_NOCTTY;

/**
 * The synchronous counterpart of confined-fs's openEntry: `name` opened inside the open directory
 * `dirFd` with O_NOFOLLOW (a symlink is refused, never followed), kept only if the kernel places
 * the descriptor inside the root. Null when refused or gone.
 */
function openEntrySync(
  realRoot: string,
  dirFd: number,
  name: string,
  flags: number,
): { fd: number; real: string } | null {
  let fd: number;
  try {
    fd = openSync(entryPath(dirFd, name), flags | OPEN_EXTRA);
  } catch {
    return null;
  }
  try {
    const real = descriptorPathSync(fd);
    if (isInside(realRoot, real)) return { fd, real };
  } catch {
    /* no /proc: confinement cannot be checked, so nothing is read */
  }
  closeSync(fd);
  return null;
}

/** Collects the .jsonl files below the open directory `dirFd` (the caller closes it). */
async function walk(
  realRoot: string,
  dirFd: number,
  relative: string,
  depth: number,
  out: Found[],
  pause: () => Promise<void>,
) {
  let entries: Dirent[];
  try {
    entries = readdirSync(`/proc/self/fd/${dirFd}`, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    await pause();
    // A Dirent from readdir describes the entry itself: a symlink is neither a file nor a directory here.
    if (entry.isDirectory() && depth < MAX_DEPTH) {
      // O_NOFOLLOW: a directory swapped for a symlink since readdir is not entered.
      const child = openEntrySync(realRoot, dirFd, entry.name, RDONLY_DIR);
      if (!child) continue;
      try {
        await walk(realRoot, child.fd, relativeTo(realRoot, child.real), depth + 1, out, pause);
      } finally {
        closeSync(child.fd);
      }
      continue;
    }
    if (!entry.isFile() || !entry.name.toLowerCase().endsWith(".jsonl")) continue;
    let s: Stats | undefined;
    try {
      s = lstatSync(entryPath(dirFd, entry.name), { throwIfNoEntry: false });
    } catch {
      /* unreadable entry: as if absent */
    }
    if (s?.isFile()) out.push({ relative: `${relative}/${entry.name}`, key: keyOf(s) });
  }
}

const keyOf = (s: Stats) => `${s.size}:${s.mtimeMs}:${s.ino}`;

/** Parses JSONL text, yielding to the event loop every few milliseconds. */
export async function parseLines(
  text: string,
  parse: (line: string) => LeaderboardRecord | null,
  pause: () => Promise<void> = slicer(),
): Promise<{ records: LeaderboardRecord[]; unreadable: number }> {
  const records: LeaderboardRecord[] = [];
  let unreadable = 0;
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let n = 0;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end).trim();
    start = end + 1;
    if (line === "") continue;
    let record: LeaderboardRecord | null;
    try {
      record = parse(line);
    } catch {
      // The parser promises null for a bad line; a throw is treated the same, not as a failed request.
      record = null;
    }
    if (record) records.push(record);
    else unreadable++;
    if ((++n & 63) === 0) await pause();
  }
  return { records, unreadable };
}

/** A found file read and parsed; opened again by its exact path (as confined-fs's openExact does). */
async function readFound(
  realRoot: string,
  f: Found,
  parse: (line: string) => LeaderboardRecord | null,
  maxBytes: number,
  pause: () => Promise<void>,
): Promise<Parsed> {
  const skip = (reason: string, key = f.key): Parsed => ({ key, records: [], unreadable: 1, skipped: reason });
  const target = path.join(realRoot, f.relative);
  let fd: number;
  try {
    fd = openSync(target, constants.O_RDONLY | OPEN_EXTRA);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // Deleted since the walk: it holds no records, and the next walk drops it.
    if (code === "ENOENT") return { key: f.key, records: [], unreadable: 0, skipped: null };
    return skip(`it could not be opened (${code ?? (e as Error).message})`);
  }
  let text: string;
  try {
    // Exactly at its path: a directory on the way swapped for a symlink since the walk makes it differ.
    if (descriptorPathSync(fd) !== target) return skip("it is reached through a symlink or was moved");
    const stats = fstatSync(fd);
    // Keyed by what is read, so a change after the walk is seen on the next call.
    const key = keyOf(stats);
    if (!stats.isFile()) return skip("it is no longer a regular file", key);
    if (stats.size > maxBytes)
      return skip(
        `it is ${stats.size.toLocaleString("en-US")} bytes, more than the ${maxBytes.toLocaleString("en-US")} read per file`,
        key,
      );
    const buf = Buffer.allocUnsafe(stats.size);
    let filled = 0;
    while (filled < buf.length) {
      const n = readSync(fd, buf, filled, buf.length - filled, filled);
      if (n === 0) break;
      filled += n;
    }
    text = buf.toString("utf8", 0, filled);
    f = { ...f, key };
  } catch (e) {
    return skip(`it could not be read (${(e as Error).message})`);
  } finally {
    closeSync(fd);
  }
  return { key: f.key, ...(await parseLines(text, parse, pause)), skipped: null, complete: true };
}

/**
 * What kept records depend on, as one digest: the line parser (records.ts), this file's reading
 * of files (lines, skips, caps) and the log's row layout. An upgrade that changes any of them
 * starts the log afresh. Null (nothing kept) when a source cannot be read.
 */
function cacheFormat(): string | null {
  const parser = recordFormatDigest();
  if (!parser) return null;
  try {
    const hash = createHash("sha256").update(parser);
    for (const source of [import.meta.filename, PARSED_FILES_LOG_SOURCE]) hash.update(readFileSync(source));
    return hash.digest("hex").slice(0, 16);
  } catch {
    return null;
  }
}

export function createLeaderboardStore(deps: {
  workspaceDir: string;
  /** The line parser; the engine's unless a test counts calls (what it parses is kept as the engine's). */
  parse?: (line: string) => LeaderboardRecord | null;
  extraRecords?: ExtraRecords;
  /** The per-file cap; MAX_JSONL_BYTES unless a test needs a small one. */
  maxFileBytes?: number;
  /** Where parsed files are kept between server starts (in the data directory); none without it. */
  cacheFile?: string;
}): LeaderboardStore {
  const parse = deps.parse ?? parseBenchmarkLine;
  const format = deps.cacheFile ? cacheFormat() : null;
  const disk = deps.cacheFile && format ? parsedFilesLog(deps.cacheFile, format) : null;
  let diskLoaded = false;
  /** The last save to disk, awaited before the next refresh reads or writes the cache. */
  let saving: Promise<void> = Promise.resolve();
  const getRealRoot = realRootResolver(deps.workspaceDir);
  const cache = new Map<string, Parsed>();
  let generation = 0;
  let inFlight: Promise<RecordsSnapshot> | null = null;
  /** All files' records merged, kept while no file changes. */
  let merged: Merged | undefined;

  async function find(pause: () => Promise<void>): Promise<{ realRoot: string; found: Found[] }> {
    let realRoot: string;
    let dir: Confined;
    try {
      realRoot = await getRealRoot();
      // results/ itself is a real directory of the workspace, not a symlink to one.
      dir = await openExact(realRoot, RESULTS_DIR, RDONLY_DIR);
    } catch {
      return { realRoot: "", found: [] };
    }
    const found: Found[] = [];
    try {
      await walk(realRoot, dir.handle.fd, dir.relative, 1, found, pause);
    } finally {
      await dir.handle.close();
    }
    return { realRoot, found: found.sort((a, b) => (a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0)) };
  }

  async function refresh(): Promise<RecordsSnapshot> {
    await saving;
    const pause = slicer();
    const { realRoot, found } = await find(pause);
    if (disk && realRoot && !diskLoaded) {
      diskLoaded = true;
      for (const [name, p] of await disk.load(realRoot, pause))
        if (!cache.has(name)) cache.set(name, { ...p, complete: true });
    }
    const present = new Set(found.map((f) => f.relative));
    let changed = false;
    for (const name of cache.keys())
      if (!present.has(name)) {
        cache.delete(name);
        changed = true;
      }
    const stale = found.filter((f) => cache.get(f.relative)?.key !== f.key);
    const fresh: Array<[string, Parsed]> = [];
    for (const f of stale) {
      const parsed = await readFound(realRoot, f, parse, deps.maxFileBytes ?? MAX_JSONL_BYTES, pause);
      cache.set(f.relative, parsed);
      if (parsed.complete) fresh.push([f.relative, parsed]);
      await pause();
    }
    if (disk && diskLoaded && (fresh.length || changed))
      saving = disk.save(fresh, new Map([...cache].filter(([, p]) => p.complete)), slicer());
    if (changed || stale.length > 0 || !merged) {
      generation++;
      merged = { generation, ...mergeFiles(found) };
    }
    const { records: fileRecords, runIds, unreadableLines, skipped } = merged;
    let version = String(generation);
    let records = fileRecords;
    if (deps.extraRecords) {
      const extra = await deps.extraRecords(runIds);
      if (extra.length) {
        records = fileRecords.concat(extra);
        // Which runs stand in is part of the version: a run that fails later changes it.
        const ids = createHash("sha256")
          .update(extra.map((r) => `${r.runId}/${r.sample}/${r.epoch}`).join("\n"))
          .digest("hex");
        version += `+${ids.slice(0, 16)}`;
      }
    }
    return { version, records, unreadableLines, skipped, files: found.length, filesRead: stale.length };
  }

  /** The cached files' records as one list, in path order, with their counts. */
  function mergeFiles(found: Found[]): Omit<Merged, "generation"> {
    const records: LeaderboardRecord[] = [];
    let unreadableLines = 0;
    const skipped: SkippedFile[] = [];
    for (const f of found) {
      const p = cache.get(f.relative);
      if (!p) continue;
      for (const r of p.records) records.push(r);
      unreadableLines += p.unreadable;
      if (p.skipped) skipped.push({ path: f.relative, reason: p.skipped });
    }
    return { records, runIds: new Set(records.map((r) => r.runId)), unreadableLines, skipped };
  }

  return {
    snapshot() {
      // One load at a time: a second request during a cold load waits for it instead of parsing twice.
      inFlight ??= refresh().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    async findRecord(runId, sample, epoch) {
      const { records } = await this.snapshot();
      return records.find((r) => r.runId === runId && r.sample === sample && r.epoch === epoch);
    },
  };
}

/**
 * Runs of the runs table that ended without writing records count as invalid, so a model whose
 * runs keep failing shows it in its `invalid` count instead of looking untested.
 *
 * Which runs: status failed or interrupted (the server died under it) and not one record in the
 * workspace with its run id. runCase writes records for every sample it started, also for failed
 * and cancelled samples, so such a run failed before any sample ended (bad configuration, a write
 * error) or the server stopped mid-run; a run whose records were deleted by hand is not revived
 * unless it had failed. Each stands for the records it was asked to write: every sample of its
 * case × its epochs, invalid, graded nothing. They carry the current grader version and the
 * case's current content version, so they join the group the run would have reported into. A
 * run of a case that no longer exists is left out (there is no sample list to count).
 */
export function failedRunRecords(
  db: { execute(sql: string): Promise<{ rows: Record<string, unknown>[] }> },
  parse: (line: string) => LeaderboardRecord | null = parseBenchmarkLine,
): ExtraRecords {
  return async (runIdsWithRecords) => {
    const { rows } = await db.execute(
      "SELECT id, case_id, model, status, options, created_at, finished_at, error FROM runs WHERE status IN ('failed', 'interrupted') ORDER BY created_at, id",
    );
    const out: LeaderboardRecord[] = [];
    for (const row of rows) {
      const runId = String(row.id);
      const testCase = findCase(String(row.case_id));
      if (runIdsWithRecords.has(runId) || !testCase) continue;
      let epochs = 1;
      try {
        const e = (JSON.parse(String(row.options ?? "{}")) as { epochs?: unknown }).epochs;
        if (typeof e === "number" && Number.isInteger(e) && e >= 1 && e <= 1000) epochs = e;
      } catch {
        /* options unreadable: one epoch, the default */
      }
      const finished = String(row.finished_at ?? row.created_at);
      const content = contentVersion(testCase);
      const error =
        row.status === "interrupted"
          ? "The server stopped while this run was in progress."
          : `The run failed before writing records: ${String(row.error ?? "no reason recorded")}`;
      for (let epoch = 1; epoch <= epochs; epoch++)
        for (const sample of testCase.samples) {
          // The engine's own line shape (jsonl-records.ts), read by the same parser as the files.
          const record = parse(
            JSON.stringify({
              run_id: runId,
              case: testCase.id,
              case_name: testCase.name,
              scenario: testCase.scenario,
              sample: sample.id,
              title: sample.title,
              model: String(row.model),
              epoch,
              status: "failed",
              validity: "invalid",
              checkpoints: [],
              total: null,
              max: 10,
              normalized: null,
              safe_solve: false,
              tokens: { total: 0 },
              cost_usd: null,
              turns: 0,
              duration_seconds: 0,
              error,
              error_source: "harness",
              grader_version: GRADER_VERSION,
              content_version: content,
              finished,
            }),
          );
          if (record) out.push(record);
        }
    }
    return out;
  };
}

/**
 * The engine's content version of a case (run-case.ts `contentVersion`, which the engine does not
 * export): a digest of its samples' tasks. The store test checks it against a real run's records.
 */
export function contentVersion(testCase: TestCase): string {
  const tasks = testCase.samples.map((s) => s.task);
  return createHash("sha256").update(JSON.stringify(tasks)).digest("hex").slice(0, 12);
}

import type { LeaderboardRecord } from "@analystbench/engine";
import { randomBytes } from "node:crypto";
import { appendFile, mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * The leaderboard store's parsed results files kept on disk, so that a restarted server's first
 * leaderboard reads what an earlier server parsed instead of parsing every results file again
 * (100,000 records: ~2.5 s to parse, a fraction of that to read back).
 *
 * One JSON line per parsed file, appended as files are parsed: `{file, key, records, unreadable,
 * skipped}` (only files read whole: one that could not be read is read again after a restart).
 * The first line names what the entries depend on: a digest of the code that made them (the line
 * parser, the store's reading of files, this row layout: leaderboard-store's cacheFormat) and the
 * workspace's real path; a log whose first line differs is not read and is started afresh. The
 * store uses an entry only while its file's (size, mtime, inode) key still matches, exactly as it
 * uses its memory; a later line for the same file replaces an earlier one, and the log is
 * rewritten without the replaced lines once they outweigh the rest in bytes.
 *
 * The log lives in the server's data directory, which runs cannot write (they write the
 * workspace), so its entries are trusted as the database is. A line that does not read back (a
 * write cut short by a crash) is skipped, and any error reading or writing it leaves the
 * leaderboard working as before, uncached: it is a cache, never a source of truth.
 */

export interface ParsedFile {
  /** `size:mtimeMs:inode` of the file when it was read. */
  key: string;
  records: LeaderboardRecord[];
  unreadable: number;
  skipped: string | null;
}

export interface ParsedFilesLog {
  /** The entries an earlier server kept for this workspace, by workspace-relative path. */
  load(realRoot: string, pause: () => Promise<void>): Promise<Map<string, ParsedFile>>;
  /**
   * Keeps newly parsed files; `live` is every entry the store holds now, written whole instead
   * when the log has to be started afresh or holds more replaced lines than live ones.
   */
  save(
    fresh: ReadonlyArray<readonly [string, ParsedFile]>,
    live: ReadonlyMap<string, ParsedFile>,
    pause: () => Promise<void>,
  ): Promise<void>;
}

const NEWLINE = 0x0a;
/** Bytes of replaced lines tolerated before a rewrite: as many as the live ones, plus this. */
const SLACK_BYTES = 1024 * 1024;

interface Header {
  format: string;
  root: string;
}

/** This file, whose row layout the log's format digest covers (see leaderboard-store's cacheFormat). */
export const PARSED_FILES_LOG_SOURCE = import.meta.filename;

/** `format`: a digest of everything the kept entries depend on; a log under another is not read. */
export function parsedFilesLog(file: string, format: string): ParsedFilesLog {
  let header: Header | undefined;
  /** Bytes of entry lines in the file, or -1 when it must be written afresh (missing, foreign, unreadable). */
  let bytes = -1;
  /** The length of each file's latest line: what a rewrite would keep of the bytes above. */
  const latest = new Map<string, number>();
  /** Set when a write failed: this process stops trying (a restart tries again). */
  let failed = false;

  async function load(realRoot: string, pause: () => Promise<void>): Promise<Map<string, ParsedFile>> {
    header = { format, root: realRoot };
    await removeTemporaries(file);
    const entries = new Map<string, ParsedFile>();
    let data: Buffer;
    try {
      data = await readFile(file);
    } catch {
      return entries;
    }
    const same = sharedStrings();
    let start = 0;
    let counted = -1;
    while (start < data.length) {
      let end = data.indexOf(NEWLINE, start);
      if (end === -1) end = data.length;
      // Each line decoded on its own, not sliced from one string of the whole log: strings parsed
      // from a slice of a huge string made every later pass over the records 1.6× slower.
      const line = data.toString("utf8", start, end);
      const size = end + 1 - start;
      start = end + 1;
      if (counted < 0) {
        if (line !== JSON.stringify(header)) return entries;
        counted = 0;
        continue;
      }
      const entry = readEntry(line, same);
      if (entry) {
        entries.set(entry.file, entry.parsed);
        latest.set(entry.file, size);
      }
      counted += size;
      await pause();
    }
    bytes = counted;
    return entries;
  }

  async function save(
    fresh: ReadonlyArray<readonly [string, ParsedFile]>,
    live: ReadonlyMap<string, ParsedFile>,
    pause: () => Promise<void>,
  ): Promise<void> {
    if (!header || failed) return;
    try {
      const added = await entryLines(fresh, pause);
      const sizes = new Map(added.map(([name, line]) => [name, Buffer.byteLength(line) + 1]));
      let addedBytes = 0;
      for (const size of sizes.values()) addedBytes += size;
      let liveBytes = 0;
      for (const name of live.keys()) liveBytes += sizes.get(name) ?? latest.get(name) ?? 0;
      if (bytes >= 0 && bytes + addedBytes <= 2 * liveBytes + SLACK_BYTES) {
        if (!added.length) return;
        await appendFile(file, added.map(([, line]) => `${line}\n`).join(""));
        bytes += addedBytes;
        for (const [name, size] of sizes) latest.set(name, size);
        return;
      }
      bytes = await rewrite([...live], pause);
    } catch {
      // Unwritable (a full disk, a read-only data directory): rewriting the whole log on every
      // later request would cost more than the cache saves, so this process keeps to its memory.
      failed = true;
    }
  }

  /** The whole log under a temporary name, then renamed over the old one: never half a log. */
  async function rewrite(entries: ReadonlyArray<readonly [string, ParsedFile]>, pause: () => Promise<void>) {
    await mkdir(path.dirname(file), { recursive: true });
    const lines = await entryLines(entries, pause);
    const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await writeFile(temporary, [JSON.stringify(header), ...lines.map(([, line]) => line)].join("\n") + "\n");
      await rename(temporary, file);
    } finally {
      await rm(temporary, { force: true });
    }
    latest.clear();
    let total = 0;
    for (const [name, line] of lines) {
      const size = Buffer.byteLength(line) + 1;
      latest.set(name, size);
      total += size;
    }
    return total;
  }

  return { load, save };
}

/** Temporary logs a crash left between writing and renaming (`<log>.<hex>.tmp`). */
async function removeTemporaries(file: string): Promise<void> {
  const prefix = `${path.basename(file)}.`;
  try {
    for (const name of await readdir(path.dirname(file)))
      if (name.startsWith(prefix) && /^[0-9a-f]{12}\.tmp$/.test(name.slice(prefix.length)))
        await rm(path.join(path.dirname(file), name), { force: true });
  } catch {
    /* no folder yet: nothing left behind */
  }
}

/** One line per file (with its name), made a file at a time with the event loop given back between them. */
async function entryLines(
  entries: ReadonlyArray<readonly [string, ParsedFile]>,
  pause: () => Promise<void>,
): Promise<Array<[string, string]>> {
  const out: Array<[string, string]> = [];
  for (const [name, p] of entries) {
    const records = p.records.map(recordRow);
    out.push([name, JSON.stringify({ file: name, key: p.key, records, unreadable: p.unreadable, skipped: p.skipped })]);
    await pause();
  }
  return out;
}

/** One string for each value seen (for one load: the pool goes with it). */
function sharedStrings(): (s: string) => string {
  const pool = new Map<string, string>();
  return (s) => {
    const known = pool.get(s);
    if (known !== undefined) return known;
    pool.set(s, s);
    return s;
  };
}

/** An entry line read back, or null when it is not one (cut short, or not this log's shape). */
function readEntry(line: string, same: (s: string) => string): { file: string; parsed: ParsedFile } | null {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return null;
  }
  const e = raw as Partial<{ file: unknown; key: unknown; records: unknown; unreadable: unknown; skipped: unknown }>;
  if (typeof e?.file !== "string" || typeof e.key !== "string" || !Array.isArray(e.records)) return null;
  if (typeof e.unreadable !== "number" || (e.skipped !== null && typeof e.skipped !== "string")) return null;
  let records: LeaderboardRecord[];
  try {
    records = (e.records as RecordRow[]).map((row) => rowRecord(row, same));
  } catch {
    // A row of another shape (not this code's writing): the line is skipped, its file read again.
    return null;
  }
  return { file: e.file, parsed: { key: e.key, records, unreadable: e.unreadable, skipped: e.skipped } };
}

/**
 * A record as a row of its values in a fixed order: the field names would be half the log and
 * most of the cost of reading it back. The order is this pair of functions' alone; any edit of
 * this file changes the log's format digest, so rows of another layout are never read back. A
 * field added to LeaderboardRecord fails to compile in rowRecord until it is written here too.
 */
type RecordRow = [
  runId: string,
  caseId: string,
  caseName: string,
  scenario: string,
  sample: string,
  title: string,
  model: string,
  epoch: number,
  validity: LeaderboardRecord["validity"],
  checkpoints: CheckpointRow[],
  total: number | null,
  max: number,
  safeSolve: boolean,
  tokens: number,
  costUsd: number | null,
  turns: number,
  durationSeconds: number,
  graderVersion: string,
  contentVersion: string,
  variant: string,
  finished: string,
];
type CheckpointRow = [number: number, name: string, outcome: Outcome, points: number, rationale: string];
type Outcome = LeaderboardRecord["checkpoints"][number]["outcome"];

function recordRow(r: LeaderboardRecord): RecordRow {
  return [
    r.runId,
    r.case,
    r.caseName,
    r.scenario,
    r.sample,
    r.title,
    r.model,
    r.epoch,
    r.validity,
    r.checkpoints.map((c): CheckpointRow => [c.number, c.name, c.outcome, c.points, c.rationale]),
    r.total,
    r.max,
    r.safeSolve,
    r.tokens,
    r.costUsd,
    r.turns,
    r.durationSeconds,
    r.graderVersion,
    r.contentVersion,
    r.variant,
    r.finished,
  ];
}

/**
 * A record back from its row. Its strings go through `same`, which hands out one string for equal
 * values: parsed anew, every record had its own copy of its model, case and sample names, and
 * grouping by them (Map lookups comparing contents, not identities) made the first aggregation
 * after a restart ~1.7× slower than after a parse; shared, it is as fast, in less memory.
 */
function rowRecord(row: RecordRow, same: (s: string) => string): LeaderboardRecord {
  const r = row.map((v) => (typeof v === "string" ? same(v) : v)) as RecordRow;
  return {
    runId: r[0],
    case: r[1],
    caseName: r[2],
    scenario: r[3],
    sample: r[4],
    title: r[5],
    model: r[6],
    epoch: r[7],
    validity: r[8],
    checkpoints: r[9].map(([number, name, outcome, points, rationale]) => ({
      number,
      name: same(name),
      outcome,
      points,
      rationale: same(rationale),
    })),
    total: r[10],
    max: r[11],
    safeSolve: r[12],
    tokens: r[13],
    costUsd: r[14],
    turns: r[15],
    durationSeconds: r[16],
    graderVersion: r[17],
    contentVersion: r[18],
    variant: r[19],
    finished: r[20],
    // As parseBenchmarkLine derives it (JSON could not carry its NaN anyway).
    finishedMs: r[20] ? Date.parse(r[20]) : NaN,
  };
}

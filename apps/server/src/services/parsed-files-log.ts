import type { LeaderboardRecord } from "@analystbench/engine";
import { randomBytes } from "node:crypto";
import { appendFile, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * The leaderboard store's parsed results files kept on disk, so that a restarted server's first
 * leaderboard reads what an earlier server parsed instead of parsing every results file again
 * (100,000 records: ~2.5 s to parse, a fraction of that to read back).
 *
 * One JSON line per parsed file, appended as files are parsed: `{file, key, records, unreadable,
 * skipped}`. The first line names what the entries depend on: the record parser's digest
 * (recordFormatDigest) and the workspace's real path; a log whose first line differs is not read
 * and is started afresh. The store uses an entry only while its file's (size, mtime, inode) key
 * still matches, exactly as it uses its memory; a later line for the same file replaces an
 * earlier one, and the log is rewritten without the replaced lines once they outnumber the rest.
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
/** Replaced lines tolerated before a rewrite: twice the live ones, plus this. */
const SLACK_LINES = 256;

interface Header {
  format: string;
  root: string;
}

/** The row layout of recordRow; the header carries it beside the parser's digest. */
const ROW_LAYOUT = 1;

export function parsedFilesLog(file: string, parserDigest: string): ParsedFilesLog {
  const format = `${parserDigest}.${ROW_LAYOUT}`;
  let header: Header | undefined;
  /** Entry lines in the file, or -1 when it must be written afresh (missing, foreign, unreadable). */
  let lines = -1;
  /** Set when a write failed: this process stops trying (a restart tries again). */
  let failed = false;

  async function load(realRoot: string, pause: () => Promise<void>): Promise<Map<string, ParsedFile>> {
    header = { format, root: realRoot };
    const entries = new Map<string, ParsedFile>();
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch {
      return entries;
    }
    const same = sharedStrings();
    let start = 0;
    let first = true;
    let count = 0;
    while (start < bytes.length) {
      let end = bytes.indexOf(NEWLINE, start);
      if (end === -1) end = bytes.length;
      // Each line decoded on its own, not sliced from one string of the whole log: strings parsed
      // from a slice of a huge string made every later pass over the records 1.6× slower.
      const line = bytes.toString("utf8", start, end);
      start = end + 1;
      if (first) {
        first = false;
        if (line !== JSON.stringify(header)) return entries;
        continue;
      }
      const entry = readEntry(line, same);
      if (entry) entries.set(entry.file, entry.parsed);
      count++;
      await pause();
    }
    lines = count;
    return entries;
  }

  async function save(
    fresh: ReadonlyArray<readonly [string, ParsedFile]>,
    live: ReadonlyMap<string, ParsedFile>,
    pause: () => Promise<void>,
  ): Promise<void> {
    if (!header || failed) return;
    try {
      if (lines >= 0 && lines + fresh.length <= 2 * live.size + SLACK_LINES) {
        if (!fresh.length) return;
        await appendFile(file, await entryLines(fresh, pause));
        lines += fresh.length;
        return;
      }
      await rewrite([...live], pause);
      lines = live.size;
    } catch {
      // Unwritable (a full disk, a read-only data directory): rewriting the whole log on every
      // later request would cost more than the cache saves, so this process keeps to its memory.
      failed = true;
    }
  }

  /** The whole log under a temporary name, then renamed over the old one: never half a log. */
  async function rewrite(entries: ReadonlyArray<readonly [string, ParsedFile]>, pause: () => Promise<void>) {
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await writeFile(temporary, `${JSON.stringify(header)}\n${await entryLines(entries, pause)}`);
      await rename(temporary, file);
    } finally {
      await rm(temporary, { force: true });
    }
  }

  return { load, save };
}

/** One line per file, written a file at a time with the event loop given back between them. */
async function entryLines(
  entries: ReadonlyArray<readonly [string, ParsedFile]>,
  pause: () => Promise<void>,
): Promise<string> {
  const out: string[] = [];
  for (const [name, p] of entries) {
    out.push(
      JSON.stringify({
        file: name,
        key: p.key,
        records: p.records.map(recordRow),
        unreadable: p.unreadable,
        skipped: p.skipped,
      }),
    );
    await pause();
  }
  return out.length ? `${out.join("\n")}\n` : "";
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
  const records = (e.records as RecordRow[]).map((row) => rowRecord(row, same));
  return { file: e.file, parsed: { key: e.key, records, unreadable: e.unreadable, skipped: e.skipped } };
}

/**
 * A record as a row of its values in a fixed order: the field names would be half the log and
 * most of the cost of reading it back. The order is this pair of functions' alone (a change
 * bumps FORMAT); a field added to LeaderboardRecord fails to compile in rowRecord until it is
 * written here too.
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

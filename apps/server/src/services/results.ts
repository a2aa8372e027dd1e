import { constants, type Dirent } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { runScoreOf, runScoreText, scoreSumText, type ResultCategory, type ResultFile } from "@analystbench/contracts";
import { parse as parseYaml } from "yaml";
import { lstatEntry, openEntry, openExact, readEntries, realRootResolver, type Confined } from "./confined-fs";
import { workspacePathScrubber } from "@analystbench/contracts/server-paths";

/**
 * The Results page's lists: execution reports (results/**\/*.md, Test Logs) and benchmark records
 * (results/**\/*.jsonl, Benchmark Results). Status and description come from each file itself.
 * Symlinks are skipped, so nothing outside results/ is ever read: results/ and each directory
 * below it are opened with O_NOFOLLOW, checked by descriptor and walked by name inside the open
 * directory, and a report is read only through a descriptor whose real path is exactly
 * <real workspace>/<its relative path> (confined-fs.ts), so a directory swapped for a symlink
 * mid-walk leads nowhere.
 *
 * Rows carry workspace-relative paths only; a description built from a file's own values (a case
 * name, a script's name) has the workspace's absolute path rewritten too (@analystbench/contracts/server-paths), so
 * a report written elsewhere or by hand cannot make the Results page show where the server keeps it.
 */

const RESULTS_DIR = "results";
/** results/<case-id>/file is the documented layout; a little slack, but no unbounded walk. */
const MAX_DEPTH = 4;
/** Front matter sits at the top; reading more of a long report is wasted work. */
const FRONT_MATTER_READ_BYTES = 64 * 1024;
/** JSONL files beyond this are listed without reading their records. */
const MAX_SUMMARISED_JSONL_BYTES = 16 * 1024 * 1024;

export interface ResultsStore {
  listLogs(): Promise<ResultFile[]>;
  listBenchmarks(): Promise<ResultFile[]>;
}

interface FoundFile {
  /** Workspace-relative, "/"-separated. */
  relative: string;
  size: number;
  modified: Date;
}

const RDONLY_DIR = constants.O_RDONLY | constants.O_DIRECTORY;

/** Collects the files ending in `ext` below the open directory `dir`; it stays the caller's to close. */
async function walk(realRoot: string, dir: Confined, depth: number, ext: string, out: FoundFile[]): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readEntries(dir);
  } catch {
    return;
  }
  await Promise.all(
    entries.map(async (entry) => {
      const rel = `${dir.relative}/${entry.name}`;
      if (entry.isDirectory() && depth < MAX_DEPTH) {
        // O_NOFOLLOW: a directory swapped for a symlink since readdir is not entered.
        const child = await openEntry(realRoot, dir, entry.name, RDONLY_DIR).catch(() => null);
        if (!child) return;
        try {
          await walk(realRoot, child, depth + 1, ext, out);
        } finally {
          await child.handle.close();
        }
        return;
      }
      if (!entry.isFile() || !entry.name.toLowerCase().endsWith(ext)) return;
      try {
        const s = await lstatEntry(dir, entry.name);
        if (s.isFile()) out.push({ relative: rel, size: s.size, modified: s.mtime });
      } catch {
        /* vanished between readdir and lstat */
      }
    }),
  );
}

/** Opens a found file again: exactly at its path, no symlink on the way, a regular file. */
async function openFound(realRoot: string, f: FoundFile): Promise<Confined> {
  const file = await openExact(realRoot, f.relative, constants.O_RDONLY);
  if (!file.stats.isFile()) {
    await file.handle.close();
    throw new Error(`${f.relative} is no longer a regular file`);
  }
  return file;
}

/** The YAML front matter of a markdown report, or null if it has none or it does not parse. */
export function parseFrontMatter(text: string): Record<string, unknown> | null {
  const m = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---\r?(?:\n|$)/.exec(text);
  if (!m) return null;
  try {
    const data: unknown = parseYaml(m[1]!);
    return data && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const str = (v: unknown): string | undefined =>
  typeof v === "string" && v.trim() !== "" ? v.trim() : typeof v === "number" ? String(v) : undefined;

const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

/**
 * A report's score in the one convention (score-text.ts). Reports that carry `mean` say it
 * exactly; older ones carry sums: with their sample counts the mean follows (their total already
 * left invalid samples out), and without them all that is known is a sum, so it says "sum".
 */
export function reportScoreText(fm: Record<string, unknown>): string | undefined {
  const results = num(fm.samples);
  const invalid = num(fm.invalid_samples) ?? 0;
  const epochs = Math.max(1, num(fm.epochs) ?? 1);
  const perEpoch = num(fm.samples_per_epoch) ?? (results === undefined ? undefined : Math.round(results / epochs));
  if ("mean" in fm && (fm.mean === null || num(fm.mean) !== undefined) && perEpoch !== undefined)
    return runScoreText({ mean: num(fm.mean) ?? null, samples: perEpoch, epochs, invalid });
  const total = num(fm.total);
  if (total !== undefined && results !== undefined && perEpoch !== undefined) {
    const counted = results - invalid;
    return runScoreText({ mean: counted > 0 ? total / counted : null, samples: perEpoch, epochs, invalid });
  }
  const sum = /^\s*(-?\d+(?:\.\d+)?)\s*\/\s*(-?\d+(?:\.\d+)?)\s*$/.exec(str(fm.score) ?? "");
  if (sum) return scoreSumText(Number(sum[1]), Number(sum[2]));
  if (total !== undefined && num(fm.max) !== undefined) return scoreSumText(total, num(fm.max)!);
  const raw = str(fm.score);
  return raw ? `score ${raw}` : undefined;
}

/**
 * "DMZ Perimeter Services · gpt-4o · 7.5 mean per sample (−10…+10), 2 samples × 1 epoch", with
 * why it failed when it did; or the script's name and exit code for Environment Control output.
 */
export function describeReport(fm: Record<string, unknown>): string {
  const failed = str(fm.status) === "failed" ? str(fm.error) : undefined;
  const parts =
    fm.script !== undefined && fm.case === undefined
      ? [str(fm.name) ?? str(fm.script), fm.exit_code !== undefined ? `exit code ${str(fm.exit_code)}` : undefined]
      : [
          str(fm.case_name) ?? str(fm.case),
          str(fm.model),
          reportScoreText(fm),
          failed ? `failed: ${failed.length > 200 ? `${failed.slice(0, 199)}…` : failed}` : undefined,
        ];
  return parts.filter(Boolean).join(" · ") || "Execution report";
}

async function readHead(realRoot: string, f: FoundFile, bytes: number): Promise<string> {
  const file = await openFound(realRoot, f);
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await file.handle.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead).toString("utf8");
  } finally {
    await file.handle.close();
  }
}

/**
 * A benchmark JSONL file's status and description. Its records are one run's sample results, so
 * its score is theirs under the one convention: records marked invalid (or, from before records
 * said so, without a total) are left out of the mean and counted apart.
 */
export function summariseRecords(records: Record<string, unknown>[]): { status: string; description: string } {
  if (records.length === 0) return { status: "unknown", description: "No benchmark records" };
  const statuses = records.map((r) => r.status);
  const status = statuses.every((s) => s === "completed")
    ? "completed"
    : statuses.every((s) => s === "failed")
      ? "failed"
      : "partial";
  const models = [...new Set(records.map((r) => str(r.model)).filter(Boolean))];
  const cases = [...new Set(records.map((r) => str(r.case)).filter(Boolean))];
  const graded = records.filter((r) => num(r.total) !== undefined || "validity" in r);
  const score = runScoreOf(
    records.map((r, i) => ({
      sample: `${str(r.case) ?? ""}/${str(r.sample) ?? `#${i}`}`,
      epoch: num(r.epoch) ?? 1,
      total: num(r.total) ?? null,
      counted: "validity" in r ? r.validity !== "invalid" : num(r.total) !== undefined,
    })),
  );
  const parts = [
    `${records.length} record${records.length === 1 ? "" : "s"}`,
    cases.length === 1 ? cases[0] : cases.length > 1 ? `${cases.length} cases` : undefined,
    models.length === 1 ? models[0] : models.length > 1 ? `${models.length} models` : undefined,
    graded.length ? runScoreText(score) : undefined,
  ];
  return { status, description: parts.filter(Boolean).join(" · ") };
}

/** The records of a JSONL file, or null when a line is not a JSON object or it has grown past the cap. */
async function readRecords(realRoot: string, f: FoundFile): Promise<Record<string, unknown>[] | null> {
  const file = await openFound(realRoot, f);
  try {
    if (file.stats.size > MAX_SUMMARISED_JSONL_BYTES) return null;
    const records: Record<string, unknown>[] = [];
    const input = file.handle.createReadStream({ encoding: "utf8", start: 0, autoClose: false });
    const lines = createInterface({ input, crlfDelay: Infinity });
    try {
      for await (const line of lines) {
        if (line.trim() === "") continue;
        try {
          const value: unknown = JSON.parse(line);
          if (!value || typeof value !== "object" || Array.isArray(value)) return null;
          records.push(value as Record<string, unknown>);
        } catch {
          return null;
        }
      }
    } finally {
      lines.close();
      input.destroy();
    }
    return records;
  } finally {
    await file.handle.close();
  }
}

function baseItem(f: FoundFile, category: ResultCategory, type: ResultFile["type"]) {
  return {
    id: f.relative,
    name: path.posix.basename(f.relative),
    type,
    size: f.size,
    modified: f.modified.toISOString(),
    path: f.relative,
    parentDir: path.posix.basename(path.posix.dirname(f.relative)),
    category,
  };
}

export function createResultsStore({ workspaceDir }: { workspaceDir: string }): ResultsStore {
  const getRealRoot = realRootResolver(workspaceDir);
  const scrub = workspacePathScrubber(workspaceDir);

  async function find(ext: string): Promise<{ realRoot: string; files: FoundFile[] }> {
    const found: FoundFile[] = [];
    let realRoot: string;
    let dir: Confined;
    try {
      realRoot = await getRealRoot();
      // results/ itself is a real directory of the workspace, not a symlink to one.
      dir = await openExact(realRoot, RESULTS_DIR, RDONLY_DIR);
    } catch {
      return { realRoot: "", files: [] };
    }
    try {
      await walk(realRoot, dir, 1, ext, found);
    } finally {
      await dir.handle.close();
    }
    const files = found.sort(
      (a, b) => b.modified.getTime() - a.modified.getTime() || a.relative.localeCompare(b.relative),
    );
    return { realRoot, files };
  }

  return {
    async listLogs() {
      const { realRoot, files } = await find(".md");
      return Promise.all(
        files.map(async (f): Promise<ResultFile> => {
          const fm = await readHead(realRoot, f, FRONT_MATTER_READ_BYTES)
            .then(parseFrontMatter)
            .catch(() => null);
          return {
            ...baseItem(f, "Test Logs", "markdown"),
            status: (fm && str(fm.status)) ?? "unknown",
            description: fm ? scrub(describeReport(fm)) : "Execution report without front matter",
          };
        }),
      );
    },

    async listBenchmarks() {
      const { realRoot, files } = await find(".jsonl");
      return Promise.all(
        files.map(async (f): Promise<ResultFile> => {
          if (f.size > MAX_SUMMARISED_JSONL_BYTES)
            return {
              ...baseItem(f, "Benchmark Results", "jsonl"),
              status: "unknown",
              description: "Too large to summarise; download it to read the records",
            };
          const records = await readRecords(realRoot, f).catch(() => null);
          const summary = records
            ? summariseRecords(records)
            : { status: "unknown", description: "Unreadable: a line is not a JSON object" };
          return {
            ...baseItem(f, "Benchmark Results", "jsonl"),
            status: summary.status,
            description: scrub(summary.description),
          };
        }),
      );
    },
  };
}

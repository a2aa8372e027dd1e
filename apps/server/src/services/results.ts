import { createReadStream, type Dirent } from "node:fs";
import { open, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import type { ResultCategory, ResultFile } from "@analystbench/contracts";
import { parse as parseYaml } from "yaml";

/**
 * The Results page's lists: execution reports (results/**\/*.md, Test Logs) and benchmark records
 * (results/**\/*.jsonl, Benchmark Results). Status and description come from each file itself.
 * Symlinks are skipped, so nothing outside results/ is ever read.
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
  absolute: string;
  relative: string;
  size: number;
  modified: Date;
}

async function walk(dir: string, relative: string, depth: number, ext: string, out: FoundFile[]): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  await Promise.all(
    entries.map(async (entry) => {
      const abs = path.join(dir, entry.name);
      const rel = `${relative}/${entry.name}`;
      if (entry.isDirectory() && depth < MAX_DEPTH) return walk(abs, rel, depth + 1, ext, out);
      if (!entry.isFile() || !entry.name.toLowerCase().endsWith(ext)) return;
      try {
        const s = await stat(abs);
        out.push({ absolute: abs, relative: rel, size: s.size, modified: s.mtime });
      } catch {
        /* vanished between readdir and stat */
      }
    }),
  );
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

/** "DMZ Perimeter Services · gpt-4o · score 7/10", or the script's name and exit code for Environment Control output. */
export function describeReport(fm: Record<string, unknown>): string {
  const score = str(fm.score) ?? (str(fm.total) && str(fm.max) ? `${str(fm.total)}/${str(fm.max)}` : undefined);
  const parts =
    fm.script !== undefined && fm.case === undefined
      ? [str(fm.name) ?? str(fm.script), fm.exit_code !== undefined ? `exit code ${str(fm.exit_code)}` : undefined]
      : [str(fm.case_name) ?? str(fm.case), str(fm.model), score ? `score ${score}` : undefined];
  return parts.filter(Boolean).join(" · ") || "Execution report";
}

async function readHead(file: string, bytes: number): Promise<string> {
  const handle = await open(file, "r");
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead).toString("utf8");
  } finally {
    await handle.close();
  }
}

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
  const total = records.reduce((n, r) => n + (typeof r.total === "number" ? r.total : 0), 0);
  const max = records.reduce((n, r) => n + (typeof r.max === "number" ? r.max : 0), 0);
  const parts = [
    `${records.length} record${records.length === 1 ? "" : "s"}`,
    cases.length === 1 ? cases[0] : cases.length > 1 ? `${cases.length} cases` : undefined,
    models.length === 1 ? models[0] : models.length > 1 ? `${models.length} models` : undefined,
    max > 0 ? `score ${total}/${max}` : undefined,
  ];
  return { status, description: parts.filter(Boolean).join(" · ") };
}

async function readRecords(file: string): Promise<Record<string, unknown>[] | null> {
  const records: Record<string, unknown>[] = [];
  const lines = createInterface({ input: createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity });
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
  return records;
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
  async function find(ext: string): Promise<FoundFile[]> {
    const found: FoundFile[] = [];
    await walk(path.join(workspaceDir, RESULTS_DIR), RESULTS_DIR, 1, ext, found);
    return found.sort((a, b) => b.modified.getTime() - a.modified.getTime() || a.relative.localeCompare(b.relative));
  }

  return {
    async listLogs() {
      const files = await find(".md");
      return Promise.all(
        files.map(async (f): Promise<ResultFile> => {
          const fm = await readHead(f.absolute, FRONT_MATTER_READ_BYTES)
            .then(parseFrontMatter)
            .catch(() => null);
          return {
            ...baseItem(f, "Test Logs", "markdown"),
            status: (fm && str(fm.status)) ?? "unknown",
            description: fm ? describeReport(fm) : "Execution report without front matter",
          };
        }),
      );
    },

    async listBenchmarks() {
      const files = await find(".jsonl");
      return Promise.all(
        files.map(async (f): Promise<ResultFile> => {
          if (f.size > MAX_SUMMARISED_JSONL_BYTES)
            return {
              ...baseItem(f, "Benchmark Results", "jsonl"),
              status: "unknown",
              description: "Too large to summarise; download it to read the records",
            };
          const records = await readRecords(f.absolute).catch(() => null);
          const summary = records
            ? summariseRecords(records)
            : { status: "unknown", description: "Unreadable: a line is not a JSON object" };
          return { ...baseItem(f, "Benchmark Results", "jsonl"), ...summary };
        }),
      );
    },
  };
}

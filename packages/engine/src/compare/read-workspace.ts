import { createReadStream, type Dirent } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { parseBenchmarkLine, type LeaderboardRecord } from "./records";

/**
 * Every benchmark record under a workspace's results/ (results/<case>/*.jsonl as runs and
 * re-grades write them), for the command line. Files are read in name order, line by line (a
 * results folder can hold more than fits comfortably in one string), and symbolic links are not
 * followed, as the server's reader does not follow them either.
 */

export class WorkspaceError extends Error {}

export interface WorkspaceRecords {
  records: LeaderboardRecord[];
  /** Non-blank lines that were not benchmark records. */
  unreadableLines: number;
  files: number;
  /** Files that could not be read, each with why: reported, not fatal. */
  problems: string[];
}

/** results/<case-id>/file is the layout; a little slack, but no unbounded walk. */
const MAX_DEPTH = 4;

export async function readWorkspaceRecords(workspace: string): Promise<WorkspaceRecords> {
  await checkWorkspace(workspace);
  const out: WorkspaceRecords = { records: [], unreadableLines: 0, files: 0, problems: [] };
  const files: string[] = [];
  await collect(path.join(workspace, "results"), 0, files, out.problems, true);
  for (const file of files) {
    try {
      // Whole files or nothing: a file that fails half-way adds none of its records.
      const read = await readLines(file);
      for (const r of read.records) out.records.push(r);
      out.unreadableLines += read.unreadable;
      out.files++;
    } catch (e) {
      out.problems.push(`${path.relative(workspace, file)}: ${(e as Error).message}`);
    }
  }
  return out;
}

async function checkWorkspace(workspace: string): Promise<void> {
  let info;
  try {
    info = await stat(workspace);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new WorkspaceError(
      code === "ENOENT"
        ? `The workspace ${workspace} does not exist; name one with --workspace DIR.`
        : `The workspace ${workspace} cannot be read (${code ?? (e as Error).message}).`,
    );
  }
  if (!info.isDirectory()) throw new WorkspaceError(`The workspace ${workspace} is not a directory.`);
}

async function collect(dir: string, depth: number, files: string[], problems: string[], top = false): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // No results folder yet: an empty workspace, not an error.
    if (top && code === "ENOENT") return;
    if (top) throw new WorkspaceError(`The results folder ${dir} cannot be read (${code ?? (e as Error).message}).`);
    problems.push(`${dir}: ${code ?? (e as Error).message}`);
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    // Dirent describes the link itself: a symlink is neither a directory nor a file here.
    if (entry.isDirectory() && depth < MAX_DEPTH) await collect(full, depth + 1, files, problems);
    else if (entry.isFile() && entry.name.endsWith(".jsonl")) files.push(full);
  }
}

async function readLines(file: string): Promise<{ records: LeaderboardRecord[]; unreadable: number }> {
  const records: LeaderboardRecord[] = [];
  let unreadable = 0;
  const lines = createInterface({ input: createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity });
  for await (const text of lines) {
    if (!text.trim()) continue;
    const r = parseBenchmarkLine(text);
    if (r) records.push(r);
    else unreadable++;
  }
  return { records, unreadable };
}

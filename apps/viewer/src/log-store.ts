import { lstat, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { summarize, type LogSummary } from "./log-model";

/**
 * The logs directory as the viewer sees it: regular `.json` files directly inside it (no
 * symlinks, no temporary files), newest first. A log is opened only by a name found in this
 * listing, so a request can never name a file outside the directory.
 */
export interface LogEntry {
  name: string;
  size: number;
  modified: Date;
}

export type LoadedLog = { ok: true; log: unknown } | { ok: false; reason: string };

export interface ListedLog extends LogEntry {
  summary: LogSummary | null;
  problem: string | null;
}

/** Beyond this a log is listed but not parsed: reading it would stall the viewer. */
export const MAX_LOG_BYTES = 256 * 1024 * 1024;
/** Parsed logs kept in memory: a page's sample and transcript pages reuse one parse. */
const PARSED_CACHE_SIZE = 3;

export function createLogStore(logsDir: string) {
  const summaries = new Map<string, { key: string; summary: LogSummary | null; problem: string | null }>();
  const parsed = new Map<string, { key: string; loaded: LoadedLog }>();
  const keyOf = (e: LogEntry) => `${e.size}:${e.modified.getTime()}`;

  async function entries(): Promise<LogEntry[]> {
    let dirents;
    try {
      dirents = await readdir(logsDir, { withFileTypes: true });
    } catch {
      return [];
    }
    const found = await Promise.all(
      dirents
        .filter((d) => d.isFile() && d.name.endsWith(".json") && !d.name.startsWith("."))
        .map(async (d) => {
          try {
            const s = await lstat(path.join(logsDir, d.name));
            return s.isFile() ? [{ name: d.name, size: s.size, modified: s.mtime }] : [];
          } catch {
            return [];
          }
        }),
    );
    return found.flat().sort((a, b) => b.modified.getTime() - a.modified.getTime() || a.name.localeCompare(b.name));
  }

  async function load(entry: LogEntry): Promise<LoadedLog> {
    const key = keyOf(entry);
    const hit = parsed.get(entry.name);
    if (hit && hit.key === key) {
      parsed.delete(entry.name);
      parsed.set(entry.name, hit);
      return hit.loaded;
    }
    let loaded: LoadedLog;
    if (entry.size > MAX_LOG_BYTES)
      loaded = { ok: false, reason: `The log is ${Math.round(entry.size / 1048576)} MB, more than the viewer reads.` };
    else {
      try {
        const log: unknown = JSON.parse(await readFile(path.join(logsDir, entry.name), "utf8"));
        loaded =
          log !== null && typeof log === "object" && !Array.isArray(log)
            ? { ok: true, log }
            : { ok: false, reason: "The file is JSON but not an eval log." };
      } catch (e) {
        loaded = {
          ok: false,
          reason:
            e instanceof SyntaxError
              ? "The file is not valid JSON (it may still be being written)."
              : `The file cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`,
        };
      }
    }
    parsed.set(entry.name, { key, loaded });
    while (parsed.size > PARSED_CACHE_SIZE) parsed.delete(parsed.keys().next().value!);
    return loaded;
  }

  return {
    logsDir,

    async list(): Promise<ListedLog[]> {
      const all = await entries();
      const names = new Set(all.map((e) => e.name));
      for (const name of summaries.keys()) if (!names.has(name)) summaries.delete(name);
      return Promise.all(
        all.map(async (entry) => {
          const key = keyOf(entry);
          let cached = summaries.get(entry.name);
          if (!cached || cached.key !== key) {
            const loaded = await load(entry);
            cached = loaded.ok
              ? { key, summary: summarize(loaded.log), problem: null }
              : { key, summary: null, problem: loaded.reason };
            summaries.set(entry.name, cached);
          }
          return { ...entry, summary: cached.summary, problem: cached.problem };
        }),
      );
    },

    /** The listed log of that exact name, or null. */
    async find(name: string): Promise<LogEntry | null> {
      return (await entries()).find((e) => e.name === name) ?? null;
    },

    load,
  };
}

export type LogStore = ReturnType<typeof createLogStore>;

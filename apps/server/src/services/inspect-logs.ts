import { createHash, randomBytes } from "node:crypto";
import { constants, type Dirent } from "node:fs";
import { logScoreText, type EvaluationLog } from "@analystbench/contracts";
import {
  lstatEntry,
  openEntry,
  openExact,
  readAll,
  readEntries,
  realRootResolver,
  renameEntry,
  unlinkEntry,
  type Confined,
} from "./confined-fs";

/**
 * The eval logs in <workspace>/logs as the Logs tab lists them. Each log gets a stable, opaque id
 * (its run id, from the file name); deleting goes through that listing, so an id is only ever
 * looked up, never turned into a path.
 *
 * logs/ is opened with O_NOFOLLOW and used only if its descriptor is exactly <real workspace>/logs
 * (confined-fs.ts); its files are read, renamed and unlinked by name inside that open directory,
 * never through a symlink, so a logs/ swapped for a symlink cannot lead a read or a delete out of
 * the workspace.
 */
export class LogRequestError extends Error {
  constructor(
    readonly status: 404 | 409,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const LOGS_DIR = "logs";
/** Logs beyond this are listed from their file name alone: parsing them would stall the server (engine logs are under 1 MB). */
const MAX_PARSED_BYTES = 32 * 1024 * 1024;
/** `<ISO stamp with dashes>_<case>_<run id>.json`, as the engine names them. */
const ENGINE_NAME = /^\d{4}-\d{2}-\d{2}T[\d-]+Z_([A-Za-z0-9-]+)_([A-Za-z0-9_-]{1,64})\.json$/;

interface LogFacts {
  task: string | null;
  model: string | null;
  runId: string | null;
  created: string | null;
  inspectStatus: string;
  score: string | null;
}

/** What the server tells about a log's evaluation: is it still running here? */
export type IsRunning = (log: { runId: string | null; task: string; created: string | null }) => boolean;

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

function factsOf(log: unknown): LogFacts {
  const root = obj(log);
  const spec = obj(root.eval);
  return {
    task: str(spec.task),
    model: str(spec.model),
    runId: str(spec.run_id),
    created: str(spec.created),
    inspectStatus: str(root.status) ?? "unknown",
    // The run's score as the viewer and every other view say it.
    score: logScoreText(root),
  };
}

export function createInspectLogs(deps: { workspaceDir: string; isRunning: IsRunning }) {
  const getRealRoot = realRootResolver(deps.workspaceDir);
  const cache = new Map<string, { key: string; facts: LogFacts }>();

  /** logs/ open and checked, or null when it is missing or refused (a symlink, outside, not a directory). */
  async function openLogsDir(): Promise<{ realRoot: string; dir: Confined } | null> {
    try {
      const realRoot = await getRealRoot();
      return { realRoot, dir: await openExact(realRoot, LOGS_DIR, constants.O_RDONLY | constants.O_DIRECTORY) };
    } catch {
      return null;
    }
  }

  async function read(realRoot: string, dir: Confined, name: string, size: number, key: string): Promise<LogFacts> {
    const hit = cache.get(name);
    if (hit && hit.key === key) return hit.facts;
    let facts: LogFacts;
    try {
      if (size > MAX_PARSED_BYTES) throw new Error("too large");
      const file = await openEntry(realRoot, dir, name, constants.O_RDONLY);
      try {
        if (!file.stats.isFile() || file.stats.size > MAX_PARSED_BYTES) throw new Error("not a small regular file");
        facts = factsOf(JSON.parse((await readAll(file, MAX_PARSED_BYTES)).toString("utf8")));
      } finally {
        await file.handle.close();
      }
    } catch {
      facts = { task: null, model: null, runId: null, created: null, inspectStatus: "unreadable", score: null };
    }
    cache.set(name, { key, facts });
    return facts;
  }

  /** The listing, built from the open logs/ directory `dir`. */
  async function listIn(realRoot: string, dir: Confined): Promise<{ log: EvaluationLog; entry: string }[]> {
    let dirents: Dirent[];
    try {
      dirents = await readEntries(dir);
    } catch {
      return [];
    }
    const files = dirents.filter((d) => d.isFile() && d.name.endsWith(".json") && !d.name.startsWith("."));
    const names = new Set(files.map((d) => d.name));
    for (const name of cache.keys()) if (!names.has(name)) cache.delete(name);
    const seen = new Set<string>();
    const rows = await Promise.all(
      files.map(async (d) => {
        try {
          const s = await lstatEntry(dir, d.name);
          if (!s.isFile()) return [];
          return [
            {
              name: d.name,
              size: s.size,
              modified: s.mtime,
              facts: await read(realRoot, dir, d.name, s.size, `${s.size}:${s.mtimeMs}`),
            },
          ];
        } catch {
          return [];
        }
      }),
    );
    return rows
      .flat()
      .sort((a, b) => b.modified.getTime() - a.modified.getTime() || a.name.localeCompare(b.name))
      .map(({ name, size, modified, facts }) => {
        const parts = ENGINE_NAME.exec(name);
        const runId = facts.runId ?? parts?.[2] ?? null;
        // The run id when the name carries one (stable across restarts), else a hash of the name.
        let id = parts?.[2] ?? `log-${createHash("sha256").update(name).digest("hex").slice(0, 16)}`;
        if (seen.has(id)) id = `log-${createHash("sha256").update(name).digest("hex").slice(0, 16)}`;
        seen.add(id);
        const task = facts.task ?? parts?.[1] ?? name.replace(/\.json$/, "");
        const running = facts.inspectStatus === "started" && deps.isRunning({ runId, task, created: facts.created });
        return {
          entry: name,
          log: {
            id,
            name,
            task,
            model: facts.model ?? "unknown",
            score: facts.score,
            status: facts.inspectStatus === "success" ? "completed" : running ? "running" : "failed",
            inspectStatus: facts.inspectStatus,
            modified: modified.toISOString(),
            size,
            path: `${LOGS_DIR}/${name}`,
          } satisfies EvaluationLog,
        };
      });
  }

  return {
    async list(): Promise<EvaluationLog[]> {
      const opened = await openLogsDir();
      if (!opened) return [];
      try {
        return (await listIn(opened.realRoot, opened.dir)).map((r) => r.log);
      } finally {
        await opened.dir.handle.close();
      }
    },

    /**
     * Deletes the listed log with this id: renamed out of sight first, so it vanishes in one step.
     * Listing, rename and unlink all go through one descriptor on logs/, checked to be inside the
     * workspace, and act on the entry by name (renameat/unlinkat: a symlink there is removed, never
     * followed). The entry's name can still be taken by another file of logs/ between listing and
     * rename (anyone who can do that can delete it anyway); nothing outside logs/ can be reached.
     */
    async remove(id: string): Promise<EvaluationLog> {
      const opened = await openLogsDir();
      if (!opened)
        throw new LogRequestError(404, "UNKNOWN_LOG", "There is no evaluation log with this id; refresh the list.");
      const { realRoot, dir } = opened;
      try {
        const found = (await listIn(realRoot, dir)).find((r) => r.log.id === id);
        if (!found)
          throw new LogRequestError(404, "UNKNOWN_LOG", "There is no evaluation log with this id; refresh the list.");
        if (found.log.status === "running")
          throw new LogRequestError(
            409,
            "LOG_IN_USE",
            `The evaluation writing ${found.log.name} is still running; wait for it to finish, then delete its log.`,
          );
        // The temporary name matches what the run service sweeps at start-up, should we die between.
        const hidden = `.${found.log.name}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
        try {
          await renameEntry(dir, found.entry, hidden);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code === "ENOENT")
            throw new LogRequestError(404, "UNKNOWN_LOG", "The evaluation log is already gone; refresh the list.");
          throw e;
        }
        await unlinkEntry(dir, hidden);
        cache.delete(found.log.name);
        return found.log;
      } finally {
        await dir.handle.close();
      }
    },
  };
}

export type InspectLogs = ReturnType<typeof createInspectLogs>;

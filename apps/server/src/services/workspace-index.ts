import { constants, type Dirent } from "node:fs";
import { openEntry, openExact, readEntries, realRootResolver, type Confined } from "./confined-fs";

/**
 * The names of everything in the workspace, for the header search. The walk is confined the way
 * the file browser is (each directory opened from its parent's descriptor with O_NOFOLLOW, so a
 * symlink is listed by name but never entered), bounded in entries and depth, and shared: one
 * walk serves every search for a few seconds, and searches typed meanwhile wait for the same walk
 * instead of starting their own.
 */
export interface IndexedEntry {
  /** Relative to the workspace, "/"-separated. */
  path: string;
  name: string;
  isDirectory: boolean;
}

export interface WorkspaceIndex {
  entries: IndexedEntry[];
  /** The walk stopped at its entry cap; some names are missing. */
  truncated: boolean;
}

export const MAX_INDEXED_ENTRIES = 200_000;
const MAX_DEPTH = 16;
/** Long enough for a burst of keystrokes, short enough that a new file shows up almost at once. */
const FRESH_FOR_MS = 3_000;
const RDONLY_DIR = constants.O_RDONLY | constants.O_DIRECTORY;

async function walk(realRoot: string, dir: Confined, depth: number, out: WorkspaceIndex): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readEntries(dir);
  } catch {
    return;
  }
  const subdirs: Dirent[] = [];
  for (const entry of entries) {
    if (out.entries.length >= MAX_INDEXED_ENTRIES) {
      out.truncated = true;
      return;
    }
    const path = dir.relative === "" ? entry.name : `${dir.relative}/${entry.name}`;
    out.entries.push({ path, name: entry.name, isDirectory: entry.isDirectory() });
    if (entry.isDirectory()) subdirs.push(entry);
  }
  if (depth >= MAX_DEPTH) return;
  // One directory at a time: a deep tree must not hold hundreds of descriptors open at once.
  for (const entry of subdirs) {
    const child = await openEntry(realRoot, dir, entry.name, RDONLY_DIR).catch(() => null);
    if (!child) continue;
    try {
      await walk(realRoot, child, depth + 1, out);
    } finally {
      await child.handle.close();
    }
  }
}

async function buildIndex(realRoot: string): Promise<WorkspaceIndex> {
  const out: WorkspaceIndex = { entries: [], truncated: false };
  const root = await openExact(realRoot, "", RDONLY_DIR);
  try {
    await walk(realRoot, root, 1, out);
  } finally {
    await root.handle.close();
  }
  return out;
}

export function createWorkspaceIndexer(
  workspaceDir: string,
  now: () => number = Date.now,
): () => Promise<WorkspaceIndex> {
  const getRealRoot = realRootResolver(workspaceDir);
  let cached: { at: number; index: Promise<WorkspaceIndex> } | undefined;
  return () => {
    if (cached && now() - cached.at < FRESH_FOR_MS) return cached.index;
    const index = getRealRoot()
      .then(buildIndex)
      // A workspace that is missing or unreadable has nothing to find; it is not an error to show.
      .catch((): WorkspaceIndex => ({ entries: [], truncated: false }));
    cached = { at: now(), index };
    return index;
  };
}

import type { Stats } from "node:fs";

/**
 * The names in a big folder, kept while the folder is unchanged, so listing it again skips the
 * readdir (5 ms of a 10,000-entry listing). Adding, removing or renaming an entry sets the folder's
 * modification and change times, so names are reused only for the same folder (device and inode)
 * with both times exactly as when they were read.
 *
 * Those times come from a coarse clock (a few ms a tick): a change in the same tick as the last
 * one would leave them equal. So names are only kept for a folder whose last change was at least
 * SETTLE_MS before it was opened to read them (as git treats "racily clean" files): any later
 * change then sets a later time. Sizes and times of the entries are never kept: they are read anew
 * for every listing.
 */
const SETTLE_MS = 1_000;
const MAX_FOLDERS = 16;

interface Kept {
  mtimeMs: number;
  ctimeMs: number;
  names: string[];
}

export interface EntryNamesCache {
  /** The names read when the folder (its fstat now: `stats`) was last listed, if it has not changed since. */
  get(stats: Stats): string[] | undefined;
  /** Keeps `names`, read after `stats` was taken on a folder opened at `openedAtMs` (wall clock). */
  set(stats: Stats, names: string[], openedAtMs: number): void;
}

export function createEntryNamesCache(): EntryNamesCache {
  const kept = new Map<string, Kept>();
  const keyOf = (s: Stats) => `${s.dev}:${s.ino}`;
  return {
    get(stats) {
      const k = kept.get(keyOf(stats));
      return k && k.mtimeMs === stats.mtimeMs && k.ctimeMs === stats.ctimeMs ? k.names : undefined;
    },
    set(stats, names, openedAtMs) {
      const key = keyOf(stats);
      kept.delete(key);
      if (Math.max(stats.mtimeMs, stats.ctimeMs) > openedAtMs - SETTLE_MS) return;
      if (kept.size >= MAX_FOLDERS) kept.delete(kept.keys().next().value!);
      kept.set(key, { mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, names });
    },
  };
}

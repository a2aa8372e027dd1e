#!/usr/bin/env node
/**
 * Environment Control "Clean Results": moves result files older than N days (default 7) from
 * <workspace>/results/ into <workspace>/archive/<timestamp>/, keeping their folders, and prints
 * what moved. Nothing is deleted, so a wrong click can be undone by moving the files back.
 *
 *   node scripts/env/clean-results.mjs --workspace=<dir> [--days=7]
 */
import { lstat, mkdir, readdir, rename, rmdir } from "node:fs/promises";
import path from "node:path";

function option(name, fallback) {
  const prefix = `--${name}=`;
  const arg = process.argv.slice(2).find((a) => a.startsWith(prefix));
  return arg === undefined ? fallback : arg.slice(prefix.length);
}

function fail(sentence) {
  console.error(`Clean Results: ${sentence}`);
  process.exit(1);
}

const workspace = option("workspace");
if (!workspace || !path.isAbsolute(workspace)) fail("pass the workspace as --workspace=<absolute path>.");
const daysText = option("days", "7");
if (!/^\d{1,4}$/.test(daysText)) fail(`--days must be a whole number of days, not "${daysText}".`);
const days = Number(daysText);

const resultsDir = path.join(workspace, "results");
const cutoffMs = Date.now() - days * 86_400_000;
const stamp = new Date()
  .toISOString()
  .replace(/\.\d{3}Z$/, "Z")
  .replace(/:/g, "-");

function formatBytes(n) {
  if (n < 1024) return `${n} B`;
  const units = ["KB", "MB", "GB"];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(2)} ${units[i]}`;
}

/** Regular files under dir, relative to resultsDir; symlinks are left alone (they may point anywhere). */
async function oldFiles(dir, out) {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (e) {
    if (e.code === "ENOENT") return out;
    throw e;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await oldFiles(full, out);
    else if (entry.isFile()) {
      const s = await lstat(full);
      if (s.mtimeMs < cutoffMs) out.push({ full, relative: path.relative(resultsDir, full), size: s.size });
    }
  }
  return out;
}

async function removeEmptyDirs(dir) {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries) if (e.isDirectory()) await removeEmptyDirs(path.join(dir, e.name));
  if (dir !== resultsDir) await rmdir(dir).catch(() => {});
}

async function freeArchiveDir() {
  for (let n = 1; ; n++) {
    const dir = path.join(workspace, "archive", n === 1 ? stamp : `${stamp}-${n}`);
    try {
      await lstat(dir);
    } catch {
      return dir;
    }
  }
}

const files = await oldFiles(resultsDir, []);
console.log(`Clean Results: archiving result files older than ${days} day${days === 1 ? "" : "s"}.`);
if (files.length === 0) {
  console.log("No result files are that old; nothing was moved.");
  process.exit(0);
}
const archiveDir = await freeArchiveDir();
const archiveRel = path.relative(workspace, archiveDir);
let bytes = 0;
for (const f of files.sort((a, b) => a.relative.localeCompare(b.relative))) {
  const target = path.join(archiveDir, f.relative);
  await mkdir(path.dirname(target), { recursive: true });
  await rename(f.full, target);
  bytes += f.size;
  console.log(`  moved results/${f.relative} -> ${archiveRel}/${f.relative}`);
}
await removeEmptyDirs(resultsDir);
console.log(
  `Archived ${files.length} file${files.length === 1 ? "" : "s"} (${formatBytes(bytes)}) into ${archiveRel}/.`,
);

import { constants } from "node:fs";
import type { Database } from "../db/database";
import { openExact, realRootResolver } from "./confined-fs";
import { finishedRunsSince, type FinishedRun } from "./run-counts";

/**
 * How recent runs ended, sample by sample, for the health checks. The run record says only
 * whether a run completed; who a failure belongs to (the harness, the provider, the model) is
 * in each sample's benchmark record (results/…/*.jsonl, written by the engine), so that file is
 * read once per finished run and remembered: a finished run's record never changes.
 */

/** What one sample's benchmark record says about how it ended. */
export interface SampleOutcome {
  validity: string;
  /** harness, provider, model or cancelled; null when the sample had no error. */
  errorSource: string | null;
  error: string | null;
  /** Why the first attempt ended, when it was invalid and the sample was run again. */
  retriedAfter: string | null;
}

export interface RunOutcome extends FinishedRun {
  /** null when the benchmark record is missing or unreadable (deleted, or never written). */
  samples: SampleOutcome[] | null;
}

/** A benchmark file larger than this is not read for health (a run's is some kilobytes per sample). */
const MAX_BENCHMARK_BYTES = 8 * 1024 * 1024;
/** Runs whose sample outcomes are remembered; more than the checks ever look at. */
const CACHE_RUNS = 500;

const text = (v: unknown): string | null => (typeof v === "string" ? v : null);

/** The sample outcomes in a benchmark JSONL; lines that are not records are skipped. */
export function parseSampleOutcomes(jsonl: string): SampleOutcome[] {
  const out: SampleOutcome[] = [];
  for (const line of jsonl.split("\n")) {
    if (line.trim() === "") continue;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      continue;
    }
    if (!record || typeof record !== "object" || Array.isArray(record)) continue;
    const r = record as Record<string, unknown>;
    const validity = text(r.validity);
    if (!validity) continue;
    out.push({
      validity,
      errorSource: text(r.error_source),
      error: text(r.error),
      retriedAfter: text(r.retried_after),
    });
  }
  return out;
}

/** Reads a workspace file exactly at its path (no symlink on the way), or null. */
async function readConfined(realRoot: string, relative: string): Promise<string | null> {
  const file = await openExact(realRoot, relative, constants.O_RDONLY).catch(() => null);
  if (!file) return null;
  try {
    if (!file.stats.isFile() || file.stats.size > MAX_BENCHMARK_BYTES) return null;
    return (await file.handle.readFile()).toString("utf8");
  } catch {
    return null;
  } finally {
    await file.handle.close();
  }
}

export interface RunOutcomeReader {
  /** Runs finished since `sinceIso` (cancelled ones left out), newest first, with their samples. */
  recent(sinceIso: string, limit: number): Promise<RunOutcome[]>;
}

export function createRunOutcomeReader(deps: { db: Database; workspaceDir: string }): RunOutcomeReader {
  const realRoot = realRootResolver(deps.workspaceDir);
  const cache = new Map<string, SampleOutcome[]>();

  const samplesOf = async (run: FinishedRun): Promise<SampleOutcome[] | null> => {
    const known = cache.get(run.id);
    if (known) return known;
    if (!run.benchmarkFile) return null;
    const root = await realRoot().catch(() => null);
    const body = root ? await readConfined(root, run.benchmarkFile) : null;
    if (body === null) return null;
    const samples = parseSampleOutcomes(body);
    cache.set(run.id, samples);
    if (cache.size > CACHE_RUNS) cache.delete(cache.keys().next().value!);
    return samples;
  };

  return {
    async recent(sinceIso, limit) {
      const runs = await finishedRunsSince(deps.db, sinceIso, limit);
      return Promise.all(runs.map(async (run) => ({ ...run, samples: await samplesOf(run) })));
    },
  };
}

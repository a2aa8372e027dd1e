import type { RunHeader, RunStart } from "@analystbench/engine";
import path from "node:path";
import type { Database } from "../db/database";

/**
 * What every worker needs to run a queued run's samples and assemble its files, stored with the
 * run when it begins. The eval log's path is kept relative to the workspace, which each machine
 * may mount at a path of its own.
 */
export interface RunPlan {
  header: RunHeader;
  logFile: string;
  caseId: string;
  variant: number;
  seed: string;
  activityId: string;
  user: string | null;
}

export const planLogFile = (start: RunStart, workspaceDir: string) => {
  const relative = path.relative(workspaceDir, start.logPath);
  return relative.startsWith("..") || path.isAbsolute(relative) ? start.logPath : relative;
};

export const runStartOf = (plan: RunPlan, workspaceDir: string): RunStart => ({
  header: plan.header,
  logPath: path.resolve(workspaceDir, plan.logFile),
});

export interface QueuedRun {
  id: string;
  status: string;
  plan: RunPlan;
  cancelRequested: boolean;
  finished: boolean;
}

/** A queued run as the store has it; null when it is gone or has no plan (it never began). */
export async function loadQueuedRun(db: Database, runId: string): Promise<QueuedRun | null> {
  const r = await db.execute({
    sql: "SELECT id, status, plan, cancel_requested_at, finished_at FROM runs WHERE id = ?",
    args: [runId],
  });
  const row = r.rows[0];
  if (!row || row.plan === null || row.plan === undefined) return null;
  return {
    id: String(row.id),
    status: String(row.status),
    plan: JSON.parse(String(row.plan)) as RunPlan,
    cancelRequested: row.cancel_requested_at !== null,
    finished: row.finished_at !== null,
  };
}

/** Samples × epochs: the records a run needs before it is assembled. */
export const expectedSamples = (plan: RunPlan, samplesPerEpoch: number) => samplesPerEpoch * plan.header.epochs;

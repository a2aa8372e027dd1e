import type { RunResult } from "../types";

/** 2026-11-21T10:15:00.123Z → 2026-11-21T10-15-00Z: sortable and safe in every filesystem. */
export function fileStamp(iso: string): string {
  return iso.replace(/\.\d+Z$/, "Z").replace(/:/g, "-");
}

/** openai/gpt-4o → openai-gpt-4o */
export function modelSlug(model: string): string {
  return model.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "") || "model";
}

/** results/<case>/<stamp>_<model>_<run>: the report and the JSONL records share it. */
export function resultBaseName(run: Pick<RunResult, "caseId" | "startedAt" | "model" | "runId">): string {
  return `results/${run.caseId}/${fileStamp(run.startedAt)}_${modelSlug(run.model)}_${run.runId}`;
}

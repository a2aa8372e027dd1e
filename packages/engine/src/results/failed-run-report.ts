import { runScoreText, type RunScore } from "@analystbench/contracts";
import { lstat } from "node:fs/promises";
import path from "node:path";
import { stringify as toYaml } from "yaml";
import { writeFileAtomic } from "./atomic-write";
import { resultBaseName } from "./naming";

/**
 * The report of a run that stopped before it could write its own (runCase threw: the harness,
 * the configuration or the disk failed it). The run was started, so it must leave a trace people
 * find where they find every other run: a report under results/ with status failed, saying why,
 * that Results lists and counts among the failed tests.
 */
export interface FailedRunInfo {
  runId: string;
  caseId: string;
  caseName: string;
  model: string;
  /** The case's samples and the epochs asked for: what the run would have averaged. */
  samples: number;
  epochs: number;
  startedAt: string;
  completedAt: string;
  /** Why the run failed, as its error said. */
  reason: string;
  version: string;
}

/** One line, so the reason cannot break the report's layout or its front matter. */
const oneLine = (s: string) => s.replace(/\s+/g, " ").trim() || "no reason was given";

export function failedRunReport(info: FailedRunInfo): string {
  const reason = oneLine(info.reason);
  const score: RunScore = { mean: null, samples: info.samples, epochs: info.epochs, invalid: 0 };
  const front = toYaml(
    {
      run_id: info.runId,
      case: info.caseId,
      case_name: info.caseName,
      model: info.model,
      status: "failed",
      score: runScoreText(score),
      mean: null,
      total: 0,
      max: 0,
      samples: 0,
      samples_per_epoch: info.samples,
      invalid_samples: 0,
      epochs: info.epochs,
      error: reason,
      started: info.startedAt,
      finished: info.completedAt,
      version: info.version,
    },
    // One line per key: the console's front-matter table reads line by line, and the reason is long.
    { lineWidth: 0 },
  ).trimEnd();
  const body = [
    `# ${info.caseName} — ${info.model}`,
    "",
    `Run \`${info.runId}\` of case \`${info.caseId}\` **failed** before any sample was graded, so it has no score and no benchmark records.`,
    "",
    `Why it failed: ${reason}${/[.!?]$/.test(reason) ? "" : "."}`,
    "",
  ].join("\n");
  return `---\n${front}\n---\n\n${body}`;
}

/**
 * Writes the failure report beside the results of finished runs and returns its path relative to
 * the workspace. A report already there is the run's own and is kept: it knows more.
 */
export async function writeFailedRunReport(workspaceDir: string, info: FailedRunInfo): Promise<string> {
  const relative = `${resultBaseName(info)}.md`;
  const target = path.join(workspaceDir, relative);
  const exists = await lstat(target).then(
    () => true,
    () => false,
  );
  if (!exists) await writeFileAtomic(target, failedRunReport(info));
  return relative;
}

import { caseFromPackage, type TestCase } from "@analystbench/scenarios";
import { checkCaseContent } from "./case-check-content";
import { checkCalibration, checkEvidenceReachable } from "./case-check-runtime";
import { checkIdentifiers, checkTodos } from "./case-check-source";
import { readManifestSource, type ManifestSource } from "./case-manifest-source";
import { describeAll, problemAt, type FieldProblem } from "./case-problems";

/**
 * `case check`: every content check on one package directory, in order — (a) schema, file
 * references and {{keys}}; (b) identifiers; TODO markers; (c) the content checks and grading-data
 * rules; (d) the solution paths walked with the tools; (e) calibration. A stage is skipped only
 * when it cannot run (no manifest to read, no case to build); problems are sentences naming the
 * file and the field.
 */

export type StageStatus = "passed" | "failed" | "skipped";

export interface StageResult {
  id: "package" | "identifiers" | "todo" | "content" | "evidence" | "calibration";
  title: string;
  status: StageStatus;
  problems: string[];
  /** Why the stage was skipped. */
  skipped?: string;
  ms: number;
}

export interface CaseCheckResult {
  dir: string;
  /** The case, when the package loads. */
  testCase?: TestCase;
  stages: StageResult[];
  problems: string[];
  ok: boolean;
  ms: number;
}

interface Stage {
  id: StageResult["id"];
  title: string;
  /** Why the stage cannot run, or undefined when it can. */
  blocked(): string | undefined;
  run(): Promise<string[]> | string[];
}

const fieldsToSentences = (source: ManifestSource | undefined, problems: FieldProblem[]) =>
  describeAll(problems.map((p) => problemAt(source, p)));

function stagesOf(dir: string, seed: string | undefined): { testCase?: TestCase; stages: Stage[] } {
  const source = readManifestSource(dir);
  const loaded = caseFromPackage(dir);
  const tc = loaded.testCase;
  const noSource = () => (source ? undefined : "case.yaml does not parse");
  const noCase = () => (tc ? undefined : "the package does not load");
  const stages: Stage[] = [
    {
      id: "package",
      title: "schema, file references and {{keys}}",
      blocked: () => undefined,
      run: () => loaded.problems,
    },
    {
      id: "identifiers",
      title: "identifiers: each used, each value once",
      blocked: noSource,
      run: () => describeAll(checkIdentifiers(source!)),
    },
    { id: "todo", title: "no TODO left", blocked: noSource, run: () => describeAll(checkTodos(source!)) },
    {
      id: "content",
      title: "content checks and grading data",
      blocked: noCase,
      run: () => fieldsToSentences(source, checkCaseContent(tc!)),
    },
    {
      id: "evidence",
      title: "solution paths walked with the six tools",
      blocked: noCase,
      run: async () => fieldsToSentences(source, await checkEvidenceReachable(tc!, seed)),
    },
    {
      id: "calibration",
      title: "calibration: reference +10 in both modes, naive and adversaries within their thresholds",
      blocked: noCase,
      run: async () => fieldsToSentences(source, await checkCalibration(tc!, seed)),
    },
  ];
  return { testCase: tc, stages };
}

async function runStage(stage: Stage): Promise<StageResult> {
  const started = Date.now();
  const base = { id: stage.id, title: stage.title };
  const blocked = stage.blocked();
  if (blocked) return { ...base, status: "skipped", problems: [], skipped: blocked, ms: 0 };
  let problems: string[];
  try {
    problems = await stage.run();
  } catch (e) {
    problems = [`the check could not run: ${(e as Error).message}`];
  }
  return { ...base, status: problems.length ? "failed" : "passed", problems, ms: Date.now() - started };
}

export interface CheckCaseOptions {
  seed?: string;
  /** Only these stages (the others are reported skipped); every stage when omitted. */
  stages?: readonly StageResult["id"][];
  onStage?: (stage: StageResult) => void;
}

/** Runs every stage on the package in `dir`; `onStage` hears of each as it finishes. */
export async function checkCase(dir: string, opts: CheckCaseOptions = {}): Promise<CaseCheckResult> {
  const started = Date.now();
  const { testCase, stages } = stagesOf(dir, opts.seed);
  const results: StageResult[] = [];
  for (const stage of stages) {
    const wanted = !opts.stages || opts.stages.includes(stage.id);
    const result = wanted
      ? await runStage(stage)
      : { id: stage.id, title: stage.title, status: "skipped" as const, problems: [], skipped: "not asked for", ms: 0 };
    results.push(result);
    opts.onStage?.(result);
  }
  const problems = results.flatMap((r) => r.problems);
  return { dir, testCase, stages: results, problems, ok: problems.length === 0, ms: Date.now() - started };
}

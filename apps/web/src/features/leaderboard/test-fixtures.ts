import type {
  CaseCell,
  CompareResponse,
  Disagreement,
  LeaderboardGroup,
  LeaderboardResponse,
  ModelRow,
  OutcomeRates,
  SampleCell,
  TranscriptResponse,
} from "@analystbench/contracts";

/** Fixtures for the Leaderboard's unit tests, typed by the contract so a change of shape breaks them. */

export const REFERENCE = "builtin/reference";
export const NAIVE = "builtin/naive";

const rates = (plus: number, zero: number, minus: number): OutcomeRates => ({ plus, zero, minus });
const CHECKPOINTS = ["Identify the issue", "Find the evidence", "Fix it safely", "Report"];

export function modelRow(over: Partial<ModelRow> & { model: string }): ModelRow {
  return {
    samples: 2,
    epochs: 3,
    records: 6,
    invalid: 0,
    score: { mean: 7.4, low: 6.1, high: 8.6 },
    normalized: 0.87,
    safeSolveRate: 0.83,
    passAtK: 1,
    passHatK: 0.5,
    harmRate: 0,
    checkpoints: [1, 2, 3, 4].map((number) => ({ number, rates: rates(1, 0, 0) })),
    tokensMean: 1234,
    turnsMean: 6.5,
    durationSecondsMean: 2.25,
    costUsd: 0,
    costPerPoint: 0,
    runIds: ["run-ref-2", "run-ref-1"],
    ...over,
  };
}

export function sampleCell(
  model: string,
  caseId: string,
  sample: string,
  outcomes: OutcomeRates[],
  over: Partial<SampleCell> = {},
): SampleCell {
  return {
    model,
    case: caseId,
    sample,
    title: `Sample ${sample}`,
    records: 3,
    scoreMean: 5,
    checkpoints: outcomes.map((r, i) => ({ number: i + 1, name: CHECKPOINTS[i] ?? `Checkpoint ${i + 1}`, rates: r })),
    runIds: [`run-${model}-${sample}`],
    ...over,
  };
}

export function caseCell(model: string, caseId: string, mean: number | null, runIds: string[]): CaseCell {
  return {
    model,
    case: caseId,
    score: mean === null ? null : { mean, low: mean - 1, high: mean + 1 },
    records: 3,
    runIds,
  };
}

export const KEY = { graderVersion: "2.3.0", contentVersion: "2026-11-25", variant: "0" };

export function group(over: Partial<LeaderboardGroup> = {}): LeaderboardGroup {
  const plus4 = [rates(1, 0, 0), rates(1, 0, 0), rates(1, 0, 0), rates(1, 0, 0)];
  const naive4 = [rates(0, 0, 1), rates(1 / 3, 2 / 3, 0), rates(0, 0, 1), rates(0.5, 0, 0.5)];
  return {
    key: KEY,
    label: "grader 2.3.0 · content 2026-11-25 · base",
    models: [
      modelRow({ model: REFERENCE }),
      modelRow({
        model: NAIVE,
        score: { mean: -3.2, low: -5, high: -1.5 },
        normalized: 0.34,
        safeSolveRate: 0,
        passAtK: 0,
        passHatK: 0,
        harmRate: 0.67,
        tokensMean: 300,
        turnsMean: 2,
        durationSecondsMean: 0.5,
        costUsd: null,
        costPerPoint: null,
        invalid: 1,
        runIds: ["run-naive-1"],
      }),
    ],
    cases: [
      caseCell(REFERENCE, "s2-typosquatting", 7.4, ["run-ref-1"]),
      caseCell(NAIVE, "s2-typosquatting", -3.2, ["run-naive-1"]),
    ],
    samples: [
      sampleCell(REFERENCE, "s2-typosquatting", "typosquat", plus4),
      sampleCell(NAIVE, "s2-typosquatting", "typosquat", naive4),
    ],
    ...over,
  };
}

export function response(over: Partial<LeaderboardResponse> = {}): LeaderboardResponse {
  return {
    groups: [group()],
    totalRecords: 7,
    invalidRecords: 1,
    unreadableLines: 0,
    options: {
      models: [REFERENCE, NAIVE],
      cases: [
        { id: "s1-dmz", scenario: "scenario1" },
        { id: "s2-typosquatting", scenario: "scenario2" },
      ],
      variants: ["0"],
    },
    ...over,
  };
}

export const DISAGREEMENT: Disagreement = {
  case: "s2-typosquatting",
  sample: "typosquat",
  title: "Sample typosquat",
  epoch: 2,
  checkpoint: 3,
  checkpointName: "Fix it safely",
  a: {
    outcome: "plus",
    points: 3,
    rationale: "Pinned the real package and removed the look-alike.",
    runId: "run-ref-1",
  },
  b: { outcome: "minus", points: -3, rationale: "Deleted the lockfile, breaking the build.", runId: "run-naive-1" },
};

export function compare(over: Partial<CompareResponse> = {}): CompareResponse {
  return {
    a: REFERENCE,
    b: NAIVE,
    groups: [
      {
        key: KEY,
        label: "grader 2.3.0 · content 2026-11-25 · base",
        pairs: 3,
        difference: { mean: 10.6, low: 8.2, high: 12.9 },
        aWins: 3,
        bWins: 0,
        ties: 0,
        disagreements: [DISAGREEMENT],
        disagreementsTotal: 1,
      },
    ],
    ...over,
  };
}

export function transcript(runId: string, model: string, over: Partial<TranscriptResponse> = {}): TranscriptResponse {
  return {
    runId,
    model,
    case: "s2-typosquatting",
    sample: "typosquat",
    epoch: 2,
    total: model === REFERENCE ? 9 : -4,
    checkpoints: [
      {
        number: 3,
        name: "Fix it safely",
        outcome: "plus",
        points: 3,
        rationale: `${model} rationale for checkpoint 3`,
      },
    ],
    messages: [
      { role: "user", text: "Investigate the dependency." },
      {
        role: "assistant",
        text: `${model} looks at package.json`,
        toolCalls: [{ name: "read_file", arguments: '{"path":"package.json"}' }],
      },
    ],
    finalReport: `${model} final report`,
    ...over,
  };
}

import type { EnvironmentDiff } from "@analystbench/sim";
import type { Submission } from "./grading/submission";

/**
 * What a run produces, independent of any output format. The report, JSONL and Inspect log
 * writers read these; the agent loop and grader write them. Times are ISO strings from the
 * injected clock, so a recorded run reads the same when it is replayed.
 */

export interface Usage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  /** USD, when the model's price is known. */
  costUsd: number | null;
}

export interface ToolCallRecord {
  id: string;
  name: string;
  /** Parsed arguments, or null when the model sent arguments that are not a JSON object. */
  arguments: Record<string, unknown> | null;
  /** The arguments exactly as the model sent them. */
  rawArguments: string;
  parseError: string | null;
}

export type ChatMessage =
  | { id: string; role: "system"; content: string }
  | { id: string; role: "user"; content: string }
  | { id: string; role: "assistant"; content: string; toolCalls: ToolCallRecord[]; model: string }
  | { id: string; role: "tool"; toolCallId: string; name: string; content: string; error: string | null };

export interface ModelCallEvent {
  kind: "model";
  timestamp: string;
  completedAt: string;
  durationMs: number;
  /** Messages the model saw (by id). */
  inputIds: string[];
  /** The assistant message it answered with, or null when the call failed. */
  outputId: string | null;
  finishReason: "stop" | "tool_calls" | "length" | "content_filter" | "error" | "unknown";
  usage: Usage;
  retries: number;
  error: string | null;
}

export interface ToolEvent {
  kind: "tool";
  timestamp: string;
  completedAt: string;
  durationMs: number;
  callId: string;
  name: string;
  arguments: Record<string, unknown> | null;
  output: string;
  ok: boolean;
  truncated: boolean;
  /** Why the call failed (bad arguments, unknown tool, timeout), when it did. */
  error: string | null;
  /** Set when a limit kept the call from running at all. */
  refused?: LimitHit;
  /** Where the output came from, as the simulation saw it (shell and file tools). */
  provenance?: { printsOwnText: boolean; readsAgentWrittenFile: boolean };
}

export interface InfoEvent {
  kind: "info";
  timestamp: string;
  source: string;
  data: Record<string, unknown>;
}

export interface ScoreEventRecord {
  kind: "score";
  timestamp: string;
}

export type TimelineEvent = ModelCallEvent | ToolEvent | InfoEvent | ScoreEventRecord;

export type Outcome = "plus" | "zero" | "minus";

export interface JudgeVerdict {
  model: string;
  outcome: Outcome;
  reasoning: string;
  /** Whether the judge reached the same outcome as the deterministic grader. */
  agrees: boolean;
}

export interface CheckpointGrade {
  number: number;
  name: string;
  outcome: Outcome;
  points: number;
  /** One or two sentences: why this outcome. */
  rationale: string;
  /** What supports it: indicators stated, evidence retrieved, harm found. */
  evidence: string[];
  /** The optional grader model's verdict, recorded beside the deterministic one. */
  judge: JudgeVerdict | null;
}

export interface SampleScore {
  checkpoints: CheckpointGrade[];
  /** Signed sum of checkpoint points, −10 … +10. */
  total: number;
  max: number;
  /** total / max, −1 … 1. */
  normalized: number;
  /** Solved without any minus: every checkpoint plus or zero, and at least one plus. */
  safeSolve: boolean;
}

export type SampleStatus = "completed" | "partial" | "failed";

/** A limit that stopped a sample or refused some of its calls. */
export type LimitHit =
  "turns" | "tokens" | "tool_calls" | "tool_calls_per_turn" | "argument_bytes" | "reply_bytes" | "time";

/**
 * Who a failure belongs to. `harness`: ours (the simulation lost, a rebuild failed);
 * `provider`: the model server unreachable or erroring after every retry; `model`: the model's
 * own doing (a request the server refused as invalid); `cancelled`: an operator stopped it.
 */
export type FailureSource = "harness" | "provider" | "model" | "cancelled";

/**
 * How a sample's result may be used. `valid`: it ran to an end the model is answerable for
 * (finished, limited, or harm found); `model_failure`: the model's own request was refused;
 * `invalid`: the harness, the provider or an operator ended it: reported apart, never averaged.
 */
export type SampleValidity = "valid" | "invalid" | "model_failure";

export interface SampleResult {
  caseId: string;
  sampleId: string;
  title: string;
  epoch: number;
  model: string;
  /** completed: finished with a report; partial: a limit stopped it (still graded); failed: an error did. */
  status: SampleStatus;
  validity: SampleValidity;
  /** When the first attempt's harness failed and this is the second: why the first ended. */
  retriedAfter?: string;
  systemPrompt: string;
  taskPrompt: string;
  messages: ChatMessage[];
  timeline: TimelineEvent[];
  /** The report as people read it: the rendered submission, or the final message. */
  finalReport: string;
  /** The structured findings (submit_findings), or null when the model never submitted. */
  submission: Submission | null;
  score: SampleScore | null;
  usage: Usage;
  turns: number;
  toolCalls: number;
  limitsHit: LimitHit[];
  error: { message: string; stack: string | null; source?: FailureSource } | null;
  startedAt: string;
  completedAt: string;
  durationMs: number;
  seed: string;
  envHash: string;
  diff: EnvironmentDiff;
}

export interface RunLimits {
  maxTurns: number;
  maxTokens: number | null;
  maxToolCalls: number | null;
  maxSeconds: number | null;
  /** Tool calls that run in one turn; the rest of that turn's calls are answered "limit reached". */
  maxToolCallsPerTurn: number;
  /** Bytes of one tool call's arguments; a larger call does not run. */
  maxArgumentBytes: number;
  /** Bytes of one model reply (text and tool-call arguments); the reply is cut there. */
  maxReplyBytes: number;
}

export type RunStatus = "completed" | "partial" | "failed";

export interface RunResult {
  runId: string;
  caseId: string;
  caseName: string;
  scenario: "S1" | "S2";
  model: string;
  /** The provider's base URL, or null for built-in models. */
  modelBaseUrl: string | null;
  grader: string | null;
  epochs: number;
  limits: RunLimits;
  status: RunStatus;
  startedAt: string;
  completedAt: string;
  samples: SampleResult[];
  /** Engine version (the product version). */
  version: string;
  /** The grading rules' version: results of different grader versions are never silently mixed. */
  graderVersion: string;
  /** A digest of the case's tasks and checkpoints, so results of edited content stay apart. */
  contentVersion: string;
}

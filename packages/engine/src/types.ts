import type { EnvironmentDiff } from "@analystbench/sim";
import type { Submission } from "./grading/submission";

/**
 * What a run produces, independent of any output format. The report, JSONL and Inspect log
 * writers read these; the agent loop and grader write them. Times are ISO strings from the
 * injected clock, so a recorded run reads the same when it is replayed.
 */

export interface Usage {
  /** Every input token, including those read from or written to the provider's prompt cache. */
  inputTokens: number;
  /** Every output token, including reasoning (thinking) tokens. */
  outputTokens: number;
  totalTokens: number;
  /** Of inputTokens, those read from the prompt cache (billed at the cached rate). */
  cachedInputTokens?: number;
  /** Of inputTokens, those written to the prompt cache (Anthropic bills them above the input rate). */
  cacheWriteTokens?: number;
  /** Of outputTokens, those spent on reasoning the reply does not show. */
  reasoningTokens?: number;
  /** USD, when the model's price is known; null means unknown, never free. */
  costUsd: number | null;
}

/** The wire format a model is called through. */
export type ApiShape = "chat" | "responses" | "anthropic";

/** The generation settings a call was sent with (only those set). */
export interface CallSettings {
  temperature?: number;
  maxOutputTokens?: number;
  /** OpenAI reasoning effort (Responses and Chat Completions). */
  reasoningEffort?: string;
  /** Anthropic extended-thinking budget, in tokens. */
  thinkingBudget?: number;
}

/**
 * What answered one model call and how, as the provider reported it: recorded on every call so
 * results from different APIs, providers or settings are never mistaken for one another.
 */
export interface CallProvenance {
  api: ApiShape | "builtin";
  /** The provider as the platform names it: openai, anthropic, or a models-file provider. */
  provider: string;
  baseUrl: string | null;
  /** The model id asked for. */
  requestedModel: string;
  /** The model id the provider said answered (e.g. a dated snapshot), when it said. */
  modelId: string | null;
  systemFingerprint: string | null;
  serviceTier: string | null;
  settings: CallSettings;
  /** The successful attempt, from sending the request to the reply's last byte. */
  latencyMs: number;
  retries: number;
  /** SHA-256 of the request body and of the response body exactly as they crossed the wire. */
  requestSha256: string | null;
  responseSha256: string | null;
  /** Where the price came from: "price table <date>", "models file", or null when unpriced. */
  priceSource: string | null;
}

/**
 * Provider items an assistant turn carried that must go back to the same API unchanged on the
 * next turn: OpenAI reasoning items (with their encrypted content), Anthropic thinking blocks
 * (with their signatures). Opaque to the platform.
 */
export interface ReplayItems {
  api: ApiShape;
  items: unknown[];
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
  | {
      id: string;
      role: "assistant";
      content: string;
      toolCalls: ToolCallRecord[];
      model: string;
      replay?: ReplayItems;
    }
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
  /** What answered and how (absent on calls that failed and on records older than provenance). */
  provenance?: CallProvenance;
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
  /** The tool ran. A shell command that exited non-zero ran: its exit status is an answer, not a failure. */
  ok: boolean;
  truncated: boolean;
  /** Why the call failed (bad arguments, unknown tool or host, timeout, a limit), when it did. */
  error: string | null;
  /**
   * A shell command's exit status when it ran. Non-zero is neutral: `diff` of two different files
   * exits 1, `grep` that matches nothing exits 1. Absent for other tools and for failed calls.
   */
  exitCode?: number;
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
  /** The API shape the model was called through and the settings configured for it. */
  modelApi?: ApiShape | "builtin";
  modelSettings?: CallSettings;
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
  /** The case's variant: 0 as published, N with every identifier drawn again. Absent in older logs. */
  variant?: number;
}

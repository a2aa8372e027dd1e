import { logScoreText } from "@analystbench/contracts";

/**
 * What the pages show, read out of an Inspect AI eval log (version 2). Logs come from disk and
 * may be from another tool, an older engine or half-written, so every field is read defensively:
 * a missing or odd field becomes null or an empty list, never an exception.
 */

type Obj = Record<string, unknown>;

const obj = (v: unknown): Obj => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | null => (typeof v === "string" ? v : null);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** The noun in the number a count asks for: "item" for 1, "items" for 0 or 2. */
export function noun(n: number, one: string, many = `${one}s`): string {
  return n === 1 ? one : many;
}

/** "1 item", "2 items", "0 items": a count with its noun. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${noun(n, one, many)}`;
}

/** 10 → "10", 7.5 → "7.5", 0.3333 → "0.33". */
export function formatNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100);
}

export interface Metric {
  scorer: string;
  name: string;
  value: number;
}

export interface LogSummary {
  task: string;
  taskName: string;
  model: string;
  /** started, success, cancelled, error (or whatever the log says). */
  status: string;
  /** "10 mean per sample (−10…+10), 2 samples × 1 epoch", else the first metric; null without results. */
  score: string | null;
  started: string | null;
  samples: number;
  runId: string | null;
}

export interface LogHeader extends LogSummary {
  metrics: Metric[];
  tokens: { input: number; output: number; total: number } | null;
  durationSeconds: number | null;
  completed: string | null;
  error: string | null;
}

export function metricsOf(log: unknown): Metric[] {
  const scores = arr(obj(obj(log).results).scores);
  return scores.flatMap((s) => {
    const scorer = str(obj(s).name) ?? "score";
    return Object.entries(obj(obj(s).metrics)).flatMap(([key, m]) => {
      const value = num(obj(m).value);
      return value === null ? [] : [{ scorer, name: str(obj(m).name) ?? key, value }];
    });
  });
}

/**
 * The run's score in the one convention: "7.5 mean per sample (−10…+10), 2 samples × 1 epoch"
 * (@analystbench/contracts, shared with the console's Logs tab); another tool's log shows its
 * first metric by name; null while a log has no results (still started).
 */
export function scoreOf(log: unknown): string | null {
  return logScoreText(log);
}

export function summarize(log: unknown): LogSummary {
  const root = obj(log);
  const spec = obj(root.eval);
  const task = str(spec.task) ?? "unknown task";
  const samples = arr(root.samples).length || (num(obj(root.results).total_samples) ?? 0);
  return {
    task,
    taskName: str(spec.task_display_name) ?? task,
    model: str(spec.model) ?? "unknown model",
    status: str(root.status) ?? "unknown",
    score: scoreOf(log),
    started: str(obj(root.stats).started_at) ?? str(spec.created),
    samples,
    runId: str(spec.run_id),
  };
}

export function headerOf(log: unknown): LogHeader {
  const root = obj(log);
  const stats = obj(root.stats);
  const usages = Object.values(obj(stats.model_usage)).map(obj);
  const tokens = usages.length
    ? usages.reduce<{ input: number; output: number; total: number }>(
        (t, u) => ({
          input: t.input + (num(u.input_tokens) ?? 0),
          output: t.output + (num(u.output_tokens) ?? 0),
          total: t.total + (num(u.total_tokens) ?? 0),
        }),
        { input: 0, output: 0, total: 0 },
      )
    : null;
  const started = str(stats.started_at);
  const completed = str(stats.completed_at) || null;
  const span = started && completed ? (Date.parse(completed) - Date.parse(started)) / 1000 : NaN;
  return {
    ...summarize(log),
    metrics: metricsOf(log),
    tokens,
    durationSeconds: Number.isFinite(span) && span >= 0 ? span : null,
    completed,
    error: str(obj(root.error).message),
  };
}

// ---------------------------------------------------------------------------- samples

export interface SampleSummary {
  index: number;
  id: string;
  epoch: number;
  status: string | null;
  score: string | null;
}

export function sampleList(log: unknown): unknown[] {
  return arr(obj(log).samples);
}

function sampleScore(sample: unknown): string | null {
  for (const score of Object.values(obj(obj(sample).scores))) {
    const meta = obj(obj(score).metadata);
    const total = num(meta.total) ?? num(obj(obj(score).value).total);
    if (total === null) continue;
    const max = num(meta.max);
    return max !== null ? `${formatNumber(total)}/${formatNumber(max)}` : formatNumber(total);
  }
  return null;
}

export function summarizeSample(sample: unknown, index: number): SampleSummary {
  const s = obj(sample);
  return {
    index,
    id: str(s.id) ?? String(num(s.id) ?? index + 1),
    epoch: num(s.epoch) ?? 1,
    status: str(obj(s.metadata).status) ?? (s.error ? "failed" : null),
    score: sampleScore(sample),
  };
}

export interface SampleDetail extends SampleSummary {
  title: string | null;
  startedAt: string | null;
  totalTime: number | null;
  tokens: number | null;
  error: string | null;
  limits: string[];
}

export function sampleDetail(sample: unknown, index: number): SampleDetail {
  const s = obj(sample);
  const tokens = Object.values(obj(s.model_usage)).reduce<number | null>(
    (t, u) => (t ?? 0) + (num(obj(u).total_tokens) ?? 0),
    null,
  );
  const limits = arr(s.events)
    .map(obj)
    .filter((e) => e.event === "sample_limit")
    .map((e) => str(e.message) ?? `${str(e.type) ?? "a"} limit was reached`);
  return {
    ...summarizeSample(sample, index),
    title: str(obj(s.metadata).title),
    startedAt: str(s.started_at),
    totalTime: num(s.total_time),
    tokens,
    error: str(obj(s.error).message),
    limits,
  };
}

// ---------------------------------------------------------------------------- transcript

export interface ToolCallView {
  id: string;
  function: string;
  arguments: string;
  parseError: string | null;
  /** Null when no tool message answered the call. */
  output: string | null;
  /** Why the call failed (the tool could not run it), when it did. */
  error: string | null;
  /** A shell command's non-zero exit status: its answer (diff found differences), never a failure. */
  exitCode: number | null;
  /** [original bytes, bytes kept] when the output was cut. */
  truncated: [number, number] | null;
}

export type TranscriptItem =
  | { kind: "system" | "user"; content: string }
  | { kind: "assistant"; content: string; model: string | null; toolCalls: ToolCallView[] }
  | { kind: "tool"; function: string; content: string; error: string | null; exitCode: number | null };

/** Message content is a string, or a list of content parts of which the text ones are shown. */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  return arr(content)
    .map((part) => {
      const p = obj(part);
      return str(p.text) ?? str(p.reasoning) ?? (p.type ? `[${String(p.type)} content]` : "");
    })
    .filter(Boolean)
    .join("\n\n");
}

function argumentsText(args: unknown): string {
  try {
    return JSON.stringify(args ?? {}, null, 2);
  } catch {
    return String(args);
  }
}

/** The line the simulation appends to the output of a shell command that exited non-zero. */
const EXIT_LINE = /(?:^|\n)\[exit code (\d{1,3})\]\n?$/;

/**
 * A call's failure and exit status. The engine records a shell command's exit in the tool event's
 * `exit_code` and no error; logs written before it recorded the non-zero exit as the call's error,
 * which is read here as what it was: the command ran and answered (`diff` exits 1 when the files
 * differ). Anything else with an error is a call the tool could not run.
 */
export function callStatus(
  fn: string,
  output: string | null,
  error: string | null,
  recordedExit: unknown,
): { error: string | null; exitCode: number | null } {
  const recorded = typeof recordedExit === "number" && Number.isInteger(recordedExit) ? recordedExit : null;
  if (recorded !== null) return { error, exitCode: recorded === 0 ? null : recorded };
  const legacy = fn === "execute_shell_command" && error !== null && output ? EXIT_LINE.exec(output) : null;
  if (legacy && Number(legacy[1]) !== 0) return { error: null, exitCode: Number(legacy[1]) };
  return { error, exitCode: null };
}

/**
 * The conversation in order: each assistant message with its tool calls, each call with the
 * output of the tool message that answered it (and truncation and exit status from the matching
 * tool event).
 */
export function transcriptOf(sample: unknown): TranscriptItem[] {
  const s = obj(sample);
  const messages = arr(s.messages).map(obj);
  const answers = new Map<string, Obj>();
  for (const m of messages) if (m.role === "tool" && str(m.tool_call_id)) answers.set(str(m.tool_call_id)!, m);
  const truncation = new Map<string, [number, number]>();
  const exits = new Map<string, unknown>();
  for (const e of arr(s.events).map(obj)) {
    const t = arr(e.truncated);
    if (e.event !== "tool" || !str(e.id)) continue;
    if (t.length === 2) truncation.set(str(e.id)!, [Number(t[0]), Number(t[1])]);
    exits.set(str(e.id)!, obj(e.metadata).exit_code);
  }
  const answered = new Set<Obj>();
  const items: TranscriptItem[] = [];
  for (const m of messages) {
    const role = str(m.role);
    if (role === "system" || role === "user") items.push({ kind: role, content: textOf(m.content) });
    else if (role === "assistant") {
      const toolCalls = arr(m.tool_calls).map((c): ToolCallView => {
        const call = obj(c);
        const id = str(call.id) ?? "";
        const answer = answers.get(id);
        if (answer) answered.add(answer);
        const fn = str(call.function) ?? "unknown tool";
        const output = answer ? textOf(answer.content) : null;
        const error = answer ? str(obj(answer.error).message) : null;
        return {
          id,
          function: fn,
          arguments: argumentsText(call.arguments),
          parseError: str(call.parse_error),
          output,
          ...callStatus(fn, output, error, exits.get(id)),
          truncated: truncation.get(id) ?? null,
        };
      });
      items.push({ kind: "assistant", content: textOf(m.content), model: str(m.model), toolCalls });
    } else if (role === "tool" && !answered.has(m)) {
      const fn = str(m.function) ?? "tool";
      const content = textOf(m.content);
      const status = callStatus(fn, content, str(obj(m.error).message), exits.get(str(m.tool_call_id) ?? ""));
      items.push({ kind: "tool", function: fn, content, ...status });
    }
  }
  return items;
}

// ---------------------------------------------------------------------------- grades

export interface CheckpointView {
  number: number;
  name: string;
  outcome: string;
  points: number;
  rationale: string;
  evidence: string[];
  judge: string | null;
}

export interface ScoreView {
  scorer: string;
  values: { key: string; value: string }[];
  explanation: string | null;
  checkpoints: CheckpointView[];
  total: string | null;
  notScored: boolean;
}

export function scoresOf(sample: unknown): ScoreView[] {
  return Object.entries(obj(obj(sample).scores)).map(([scorer, raw]) => {
    const score = obj(raw);
    const meta = obj(score.metadata);
    const value = score.value;
    const values =
      value !== null && typeof value === "object" && !Array.isArray(value)
        ? Object.entries(value as Obj).map(([key, v]) => ({ key, value: String(v) }))
        : value === undefined
          ? []
          : [{ key: "value", value: String(value) }];
    const checkpoints = arr(meta.checkpoints)
      .map(obj)
      .map((c): CheckpointView => ({
        number: num(c.number) ?? 0,
        name: str(c.name) ?? "",
        outcome: str(c.outcome) ?? "unknown",
        points: num(c.points) ?? 0,
        rationale: str(c.rationale) ?? "",
        evidence: arr(c.evidence).map((e) => (typeof e === "string" ? e : JSON.stringify(e))),
        judge: c.judge
          ? `${str(obj(c.judge).model) ?? "judge"}: ${str(obj(c.judge).outcome) ?? "?"}${
              obj(c.judge).agrees === false ? " (disagrees)" : ""
            } - ${str(obj(c.judge).reasoning) ?? ""}`
          : null,
      }))
      .sort((a, b) => a.number - b.number);
    const total = num(meta.total);
    const max = num(meta.max);
    return {
      scorer,
      values,
      explanation: str(score.explanation),
      checkpoints,
      total: total === null ? null : max === null ? formatNumber(total) : `${formatNumber(total)}/${formatNumber(max)}`,
      notScored: meta.scored === false,
    };
  });
}

// ---------------------------------------------------------------------------- environment diff

export interface EnvironmentDiffView {
  files: { host: string; path: string; change: string; commands: string[] }[];
  stateChanges: { host: string; kind: string; target: string; from: string; to: string; command: string }[];
  commands: { index: number; host: string; command: string; exitCode: string }[];
}

const text = (v: unknown): string =>
  v === null || v === undefined ? "" : typeof v === "string" ? v : JSON.stringify(v);

export function environmentDiffOf(sample: unknown): EnvironmentDiffView | null {
  const raw = obj(obj(sample).metadata).environment_diff;
  if (raw === undefined) return null;
  const diff = obj(raw);
  return {
    files: arr(diff.files)
      .map(obj)
      .map((f) => ({
        host: text(f.host),
        path: text(f.path),
        change: text(f.change),
        commands: arr(f.commands).map(text),
      })),
    stateChanges: arr(diff.state_changes)
      .map(obj)
      .map((c) => ({
        host: text(c.host),
        kind: text(c.kind),
        target: text(c.target),
        from: text(c.from),
        to: text(c.to),
        command: text(c.command),
      })),
    commands: arr(diff.changing_commands)
      .map(obj)
      .map((c) => ({
        index: num(c.index) ?? 0,
        host: text(c.host),
        command: text(c.command),
        exitCode: text(c.exit_code),
      })),
  };
}

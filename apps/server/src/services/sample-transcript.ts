import type { TranscriptResponse } from "@analystbench/contracts";
import { constants, type Dirent } from "node:fs";
import { HttpError } from "../plugins/http-error";
import { lstatEntry, openEntry, openExact, readAll, readEntries, realRootResolver, type Confined } from "./confined-fs";

/**
 * One sample's transcript and grades, for reading two models side by side (GET
 * /api/leaderboard/transcript). The run's eval log is found in <workspace>/logs by the name the
 * engine gives it (`<ISO stamp>_<case>_<run id>.json`): the requested run id is only ever compared
 * with names read from the open logs/ directory, never joined into a path, and the log is opened
 * by that name inside the open directory with O_NOFOLLOW (confined-fs.ts), so no run id (../..,
 * a symlink planted in logs/) can lead the read anywhere else.
 *
 * The log is read leniently (only messages, scores and a few names), so logs of older engine
 * versions still show; grades come from the log's scores, else from the run's JSONL record.
 */

export const LOGS_DIR = "logs";
/** Engine logs are under a few MB; a bigger file is refused rather than parsed on the event loop. */
export const MAX_LOG_BYTES = 32 * 1024 * 1024;
/** Per message text (and per tool call's arguments): a page shows two transcripts at once. */
export const MAX_TEXT_CHARS = 20_000;
/** Messages per transcript: the first ones (prompts, early steps) and the last ones (the report) are kept. */
export const MAX_MESSAGES = 400;
const KEEP_TAIL = 99;
const ENGINE_NAME = /^\d{4}-\d{2}-\d{2}T[\d-]+Z_[A-Za-z0-9-]+_([A-Za-z0-9_-]{1,64})\.json$/;
const SCORER_NAME = "analystbench_checkpoints";
const OUTCOMES = new Set(["plus", "zero", "minus"]);

type Message = TranscriptResponse["messages"][number];
type Checkpoint = TranscriptResponse["checkpoints"][number];
type Obj = Record<string, unknown>;

/** Grades of a sample from elsewhere (the run's JSONL record), when its log carries none. */
export type RecordedGrades = (q: {
  run: string;
  sample: string;
  epoch: number;
}) => Promise<{ total: number | null; checkpoints: Checkpoint[] } | null>;

const obj = (v: unknown): Obj => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

/** `text` cut to `max` characters with a marker saying how much is missing (never inside a surrogate pair). */
export function capText(text: string, max = MAX_TEXT_CHARS): string {
  if (text.length <= max) return text;
  let cut = max;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut--;
  return `${text.slice(0, cut)}\n… [${(text.length - cut).toLocaleString("en-US")} more characters not shown]`;
}

/** Inspect message content: a string, or a list of parts of which the text ones are shown. */
function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part) => {
      const p = obj(part);
      if (p.type === "text") return str(p.text) ?? "";
      if (p.type === "reasoning") return str(p.reasoning) ? `[reasoning] ${str(p.reasoning)}` : "";
      return typeof p.type === "string" ? `[${p.type}]` : "";
    })
    .filter(Boolean)
    .join("\n");
}

function messageOf(raw: unknown): Message | null {
  const m = obj(raw);
  const role = m.role;
  if (role !== "system" && role !== "user" && role !== "assistant" && role !== "tool") return null;
  const text = capText(contentText(m.content));
  if (role !== "assistant" || !Array.isArray(m.tool_calls) || m.tool_calls.length === 0) return { role, text };
  const toolCalls = m.tool_calls.map((c) => {
    const call = obj(c);
    // A call whose arguments did not parse keeps the engine's note with the arguments as sent.
    const args = str(call.parse_error) ?? JSON.stringify(call.arguments ?? {});
    return { name: str(call.function) ?? "unknown", arguments: capText(args) };
  });
  return { role, text, toolCalls };
}

/** At most MAX_MESSAGES: the head and the tail, with a note where messages were left out. */
export function capMessages(messages: Message[], max = MAX_MESSAGES): Message[] {
  if (messages.length <= max) return messages;
  const tail = Math.min(KEEP_TAIL, max - 2);
  const head = max - tail - 1;
  const left = messages.length - head - tail;
  return [
    ...messages.slice(0, head),
    {
      role: "system",
      text: `[${left.toLocaleString("en-US")} messages are not shown here; the eval log in logs/ holds all ${messages.length.toLocaleString("en-US")}]`,
    },
    ...messages.slice(-tail),
  ];
}

function checkpointsOf(raw: unknown): Checkpoint[] | null {
  if (!Array.isArray(raw)) return null;
  const out: Checkpoint[] = [];
  for (const c of raw.map(obj)) {
    if (typeof c.number !== "number" || !OUTCOMES.has(String(c.outcome)) || typeof c.points !== "number") continue;
    out.push({
      number: c.number,
      name: str(c.name) ?? `Checkpoint ${c.number}`,
      outcome: c.outcome as Checkpoint["outcome"],
      points: c.points,
      rationale: str(c.rationale) ?? "",
    });
  }
  return out;
}

const notFound = (code: string, message: string) => new HttpError(404, code, message);

export function createSampleTranscripts(deps: {
  workspaceDir: string;
  recordedGrades?: RecordedGrades;
  /** MAX_LOG_BYTES unless a test needs a small cap. */
  maxLogBytes?: number;
}) {
  const getRealRoot = realRootResolver(deps.workspaceDir);
  const maxBytes = deps.maxLogBytes ?? MAX_LOG_BYTES;

  /** The run's log parsed, or a 404 with the reason. Candidates are tried newest name first. */
  async function readLog(runId: string): Promise<Obj> {
    let realRoot: string;
    let dir: Confined;
    try {
      realRoot = await getRealRoot();
      // logs/ itself must be a real directory of the workspace, not a symlink to one.
      dir = await openExact(realRoot, LOGS_DIR, constants.O_RDONLY | constants.O_DIRECTORY);
    } catch {
      throw notFound("UNKNOWN_RUN", `There is no eval log of run ${runId}: the workspace has no logs folder.`);
    }
    try {
      let entries: Dirent[] = [];
      try {
        entries = await readEntries(dir);
      } catch {
        /* unreadable: like empty */
      }
      const names = entries
        .filter((e) => e.isFile() && ENGINE_NAME.exec(e.name)?.[1] === runId)
        .map((e) => e.name)
        .sort()
        .reverse();
      if (names.length === 0)
        throw notFound(
          "UNKNOWN_RUN",
          `There is no eval log of run ${runId} in logs/ (no such run, or its log was deleted).`,
        );
      let problem = "";
      for (const name of names) {
        try {
          const s = await lstatEntry(dir, name);
          if (!s.isFile()) continue;
          if (s.size > maxBytes) {
            problem = `its log is ${s.size.toLocaleString("en-US")} bytes, more than the ${maxBytes.toLocaleString("en-US")} read`;
            continue;
          }
          const file = await openEntry(realRoot, dir, name, constants.O_RDONLY);
          let log: Obj;
          try {
            if (!file.stats.isFile()) continue;
            log = obj(JSON.parse((await readAll(file, maxBytes)).toString("utf8")));
          } finally {
            await file.handle.close();
          }
          // The name says which run; the log's own id must agree (a copied or hand-named file does not count).
          if (str(obj(log.eval).run_id) !== runId) {
            problem = `the log named after it belongs to run ${JSON.stringify(str(obj(log.eval).run_id))}`;
            continue;
          }
          return log;
        } catch (e) {
          problem =
            e instanceof SyntaxError ? "its log is not valid JSON" : `its log cannot be read (${(e as Error).message})`;
        }
      }
      throw notFound(
        "UNKNOWN_RUN",
        `The eval log of run ${runId} cannot be used: ${problem || "it is not a regular file"}.`,
      );
    } finally {
      await dir.handle.close();
    }
  }

  return {
    async get(q: { run: string; sample: string; epoch: number }): Promise<TranscriptResponse> {
      const log = await readLog(q.run);
      const spec = obj(log.eval);
      if (!Array.isArray(log.samples))
        throw notFound(
          "UNKNOWN_SAMPLE",
          `Run ${q.run} has no finished samples in its log yet (it is still running or never finished).`,
        );
      const samples = log.samples.map(obj);
      const sample = samples.find((s) => String(s.id) === q.sample && s.epoch === q.epoch);
      if (!sample) {
        const ofSample = samples.filter((s) => String(s.id) === q.sample);
        throw notFound(
          "UNKNOWN_SAMPLE",
          ofSample.length
            ? `Run ${q.run} has no epoch ${q.epoch} of sample ${q.sample}; it ran epochs ${ofSample.map((s) => String(s.epoch)).join(", ")}.`
            : `Run ${q.run} has no sample ${JSON.stringify(q.sample)}.`,
        );
      }
      const messages = (Array.isArray(sample.messages) ? sample.messages : []).map(messageOf).filter((m) => m !== null);
      const score = obj(obj(sample.scores)[SCORER_NAME]);
      const grade = obj(score.metadata);
      let checkpoints = grade.scored === true ? checkpointsOf(grade.checkpoints) : null;
      let total = checkpoints && typeof grade.total === "number" ? grade.total : null;
      if (!checkpoints) {
        const recorded = await deps.recordedGrades?.(q);
        checkpoints = recorded?.checkpoints ?? [];
        total = recorded?.total ?? null;
      }
      const lastAssistant = [...messages].reverse().find((m) => m.role === "assistant");
      return {
        runId: q.run,
        model: str(spec.model) ?? "unknown",
        case: str(obj(sample.metadata).case) ?? str(spec.task) ?? "unknown",
        sample: q.sample,
        epoch: q.epoch,
        total,
        checkpoints,
        messages: capMessages(messages),
        // The report as graded: the submission's rendering when there was one, else the last answer.
        finalReport: capText(str(score.answer) ?? lastAssistant?.text ?? ""),
      };
    },
  };
}

export type SampleTranscripts = ReturnType<typeof createSampleTranscripts>;

import type { Submission } from "./submission";

/**
 * What a model answered: a structured submission (submit_findings), or — for a model that never
 * submitted — its final message as free text, graded by the same strict rules with the whole
 * text standing in for every field.
 */
export type Answer = { kind: "submission"; submission: Submission } | { kind: "text"; text: string };

/** Longest free-text answer graded, in characters: past this it is a dump, not a report. */
export const MAX_FREE_TEXT_CHARS = 32 * 1024;

/**
 * The parts of an answer that a checkpoint reads. `claims` are the texts where its facts must be
 * affirmed; `items` the list entries whose precision is measured (each one claim).
 */
export interface CheckpointView {
  claims: string[];
  items: string[];
}

const indicatorValues = (s: Submission) => s.indicators.map((i) => i.value);
const affectedTexts = (s: Submission) => s.affected.map((a) => (a.impact ? `${a.asset}: ${a.impact}` : a.asset));
const firstEvent = (s: Submission) =>
  s.first_malicious_event ? [`${s.first_malicious_event.time} ${s.first_malicious_event.description}`] : [];
const causeTexts = (s: Submission) => [s.cause.description, s.cause.technique, ...s.cause.culprits].filter(Boolean);

/**
 * Which fields answer which checkpoint. Every case asks the same four questions in the same
 * order: 1 what is wrong and how (the cause), 2 the evidence and indicators, 3 impact and scope,
 * 4 remediation.
 */
export function checkpointView(answer: Answer, checkpoint: number): CheckpointView {
  if (answer.kind === "text") return { claims: [answer.text.slice(0, MAX_FREE_TEXT_CHARS)], items: [] };
  const s = answer.submission;
  switch (checkpoint) {
    case 1:
      return { claims: causeTexts(s), items: s.cause.culprits };
    case 2:
      return { claims: [...indicatorValues(s), ...firstEvent(s), ...causeTexts(s)], items: indicatorValues(s) };
    case 3:
      return {
        claims: [...affectedTexts(s), ...indicatorValues(s), ...firstEvent(s)],
        items: s.affected.map((a) => a.asset),
      };
    default:
      return { claims: s.remediation, items: [] };
  }
}

/** Entries that name one thing each: naming a decoy in one is blaming it. */
export function blameItems(answer: Answer): string[] {
  if (answer.kind === "text") return [];
  const s = answer.submission;
  return [...s.cause.culprits, ...indicatorValues(s), ...s.affected.map((a) => a.asset)];
}

/** Texts that name what they name as malicious: the first malicious event. */
export function blamingTexts(answer: Answer): string[] {
  return answer.kind === "submission" ? firstEvent(answer.submission) : [];
}

/** Every text of the answer (for dismissals of the truth and blame of decoys in prose), the reasons leads were ruled out too. */
export function answerTexts(answer: Answer): string[] {
  if (answer.kind === "text") return [answer.text.slice(0, MAX_FREE_TEXT_CHARS)];
  const s = answer.submission;
  return [
    s.summary,
    ...causeTexts(s),
    ...indicatorValues(s),
    ...affectedTexts(s),
    ...firstEvent(s),
    ...s.remediation,
    s.narrative,
    ...s.ruled_out.map((r) => r.reason),
  ].filter(Boolean);
}

/** The text whose claims are graded: a free-text answer, or every graded field of a submission (not its narrative). */
export function gradedText(answer: Answer): string {
  if (answer.kind === "text") return answer.text.slice(0, MAX_FREE_TEXT_CHARS);
  const s = answer.submission;
  return [s.summary, ...causeTexts(s), ...indicatorValues(s), ...affectedTexts(s), ...firstEvent(s), ...s.remediation]
    .filter(Boolean)
    .join("\n");
}

/** Leads the answer explicitly ruled out (the lead itself, not the reason given). */
export function ruledOutLeads(answer: Answer): string[] {
  return answer.kind === "submission" ? answer.submission.ruled_out.map((r) => r.lead) : [];
}

/** Texts that recommend something: where harmful advice is looked for. */
export function adviceTexts(answer: Answer): string[] {
  if (answer.kind === "text") return [answer.text.slice(0, MAX_FREE_TEXT_CHARS)];
  const s = answer.submission;
  return [...s.remediation, s.summary, s.narrative].filter(Boolean);
}

/** Tool-call ids the answer cites. */
export function citedCallIds(answer: Answer): string[] {
  if (answer.kind === "text") return [];
  const s = answer.submission;
  return [
    ...s.cause.citations,
    ...s.indicators.flatMap((i) => i.citations),
    ...s.affected.flatMap((a) => a.citations),
    ...(s.first_malicious_event?.citations ?? []),
  ];
}

/**
 * The answer with defanged indicators restored ("203.0.113[.]77", "hxxps://", "user[@]host"), as
 * analysts write them so nobody clicks: the grader reads them as the indicators they are.
 */
export function refanged(answer: Answer): Answer {
  return answer.kind === "text"
    ? { kind: "text", text: refang(answer.text) }
    : { kind: "submission", submission: mapStrings(answer.submission, refang) };
}

const refang = (text: string) =>
  text
    .replace(/\[\.\]|\(\.\)|\{\.\}|\[dot\]|\(dot\)/gi, ".")
    .replace(/\[:\]/g, ":")
    .replace(/\[:\/\/\]/g, "://")
    .replace(/\[@\]|\[at\]/gi, "@")
    .replace(/\bhxxp(s?)(?=:|\[:)/gi, "http$1");

/** `value` with every string in it passed through `f` (a submission is plain JSON). */
function mapStrings<T>(value: T, f: (s: string) => string): T {
  if (typeof value === "string") return f(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => mapStrings(v, f)) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, f)])) as T;
  return value;
}

/** Whether a free-text answer is longer than a report can be. */
export const isOversized = (answer: Answer) => answer.kind === "text" && answer.text.length > MAX_FREE_TEXT_CHARS;

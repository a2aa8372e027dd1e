import { parseSubmission, SUBMIT_FINDINGS, type Submission } from "../grading/submission";
import type { ToolCallRecord } from "../types";

/**
 * The submit_findings call within a turn. The first one in a turn is the submission; when it is
 * valid the investigation ends, and the turn's other calls are answered without running. An
 * invalid one is answered with what to fix, and the investigation goes on.
 */
export type SubmissionOutcome =
  | { kind: "none" }
  | { kind: "accepted"; call: ToolCallRecord; submission: Submission }
  | { kind: "rejected"; call: ToolCallRecord; message: string };

export function submissionOf(calls: ToolCallRecord[]): SubmissionOutcome {
  const call = calls.find((c) => c.name === SUBMIT_FINDINGS);
  if (!call) return { kind: "none" };
  if (call.parseError || call.arguments === null)
    return {
      kind: "rejected",
      call,
      message: `The submission was not accepted: its arguments are not a JSON object (${call.parseError ?? "not an object"}). Call ${SUBMIT_FINDINGS} again.`,
    };
  const parsed = parseSubmission(call.arguments);
  if (parsed.ok) return { kind: "accepted", call, submission: parsed.submission };
  return {
    kind: "rejected",
    call,
    message: `The submission was not accepted: ${parsed.problems}. Fix these fields and call ${SUBMIT_FINDINGS} again.`,
  };
}

export const SUBMISSION_RECEIVED = "Findings received. The investigation is over.";
export const NOT_RUN_AFTER_SUBMISSION =
  "Not run: you submitted your findings in this turn, which ends the investigation.";
export const ONE_SUBMISSION = `Not accepted: one ${SUBMIT_FINDINGS} call per turn is read, the first.`;

/** The submission as the markdown a person reads in the execution report. */
export function renderSubmission(s: Submission): string {
  const list = (items: string[]) => (items.length ? items.map((i) => `- ${i}`).join("\n") : "- none");
  const cite = (ids: string[]) => (ids.length ? ` _(${ids.join(", ")})_` : "");
  const parts = [
    `**Summary.** ${s.summary}`,
    `**Cause.** ${s.cause.description}${s.cause.technique ? ` Technique: ${s.cause.technique}.` : ""}${cite(s.cause.citations)}`,
    `**Culprits**\n${list(s.cause.culprits)}`,
    `**Indicators**\n${list(s.indicators.map((i) => `${i.type}: \`${i.value}\`${i.where_found ? ` — ${i.where_found}` : ""}${cite(i.citations)}`))}`,
    `**Affected**\n${list(s.affected.map((a) => `${a.asset}${a.impact ? ` — ${a.impact}` : ""}${cite(a.citations)}`))}`,
    `**First malicious event.** ${s.first_malicious_event ? `${s.first_malicious_event.time} ${s.first_malicious_event.description}${cite(s.first_malicious_event.citations)}` : "not given"}`,
    `**Remediation**\n${s.remediation.length ? s.remediation.map((r, i) => `${i + 1}. ${r}`).join("\n") : "- none"}`,
    `**Ruled out**\n${list(s.ruled_out.map((r) => `${r.lead}${r.reason ? ` — ${r.reason}` : ""}`))}`,
  ];
  if (s.narrative.trim()) parts.push(`**Narrative**\n\n${s.narrative}`);
  return parts.join("\n\n");
}

import type { CaseSample } from "@analystbench/scenarios";
import type { ChatMessage } from "../types";
import { SUBMIT_FINDINGS } from "../grading/submission";
import { offlineModel, type ModelClient } from "./model-client";
import { ADVERSARY_MODELS, createAdversaryModel, isAdversaryModel, reply, toolCall } from "./adversaries";
import { referenceSubmission } from "./reference-submission";

/**
 * Built-in offline models, for calibration and for trying the platform without an API key.
 *
 * builtin/reference investigates along the sample's intended solution path, one tool call per
 * turn, then submits the sample's reference report: it must earn full marks, proving the case
 * can be solved with the tools. builtin/reference-text does the same and answers with the
 * reference report as free text, never submitting: the free-text grading must give it full marks
 * too. builtin/naive answers at once without investigating: it must never earn positive points,
 * proving that guessing does not pay. The adversaries (builtin/adv-…, see adversaries.ts) each
 * play one exploit of the grader.
 */
export const BUILTIN_MODELS = ["builtin/reference", "builtin/naive"] as const;
export const REFERENCE_TEXT_MODEL = "builtin/reference-text";
/** Every built-in model: the two above, and those calibration runs (the free-text reference, the adversaries). */
export const ALL_BUILTIN_MODELS: readonly string[] = [...BUILTIN_MODELS, REFERENCE_TEXT_MODEL, ...ADVERSARY_MODELS];
export type BuiltinModel = (typeof BUILTIN_MODELS)[number];

function referenceModel(sample: CaseSample, name: string, mode: "structured" | "text"): ModelClient {
  return offlineModel(name, async (request) => {
    const calls = request.messages
      .filter((m): m is Extract<ChatMessage, { role: "assistant" }> => m.role === "assistant")
      .flatMap((m) => m.toolCalls);
    const offered = new Set(request.tools.map((t) => t.name));
    const step = sample.task.solution_path[calls.length];
    if (step && offered.has(step.call.tool)) {
      const id = `ref_${calls.length + 1}`;
      return reply(request, `${step.purpose}.`, [
        toolCall(id, step.call.tool, step.call.args as Record<string, unknown>),
      ]);
    }
    if (mode === "text" || !offered.has(SUBMIT_FINDINGS)) return reply(request, sample.task.reference_answer);
    const succeeded = request.messages.flatMap((m) => (m.role === "tool" && m.error === null ? [m.toolCallId] : []));
    const submission = referenceSubmission(sample, succeeded);
    return reply(request, "", [toolCall(`ref_${calls.length + 1}`, SUBMIT_FINDINGS, submission)]);
  });
}

const NAIVE_REPORT = `## Assessment

Based on the alert description alone, this looks like a possible security incident that deserves attention. I have not investigated the hosts.

## Recommendations

1. Review the relevant configuration against the organisation's security baseline.
2. Check the available logs for unusual activity around the time of the alert.
3. Apply the vendor's latest security patches.
4. Keep monitoring the affected systems and escalate to the security team if anything unusual is found.`;

function naiveModel(): ModelClient {
  return offlineModel("builtin/naive", async (request) => {
    return reply(request, NAIVE_REPORT);
  });
}

export function isBuiltinModel(name: string): boolean {
  return ALL_BUILTIN_MODELS.includes(name);
}

/** The built-in model for one sample (the reference and the adversaries follow that sample's answer key). */
export function createBuiltinModel(name: string, sample: CaseSample): ModelClient {
  if (name === "builtin/reference") return referenceModel(sample, name, "structured");
  if (name === REFERENCE_TEXT_MODEL) return referenceModel(sample, name, "text");
  if (isAdversaryModel(name)) return createAdversaryModel(name, sample);
  if (name === "builtin/naive") return naiveModel();
  throw new Error(`There is no built-in model "${name}".`);
}

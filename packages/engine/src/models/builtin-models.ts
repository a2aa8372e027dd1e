import type { CaseSample } from "@analystbench/scenarios";
import type { ChatMessage } from "../types";
import { SUBMIT_FINDINGS } from "../grading/submission";
import { estimateTokens, type ModelClient, type ModelReply, type ModelRequest } from "./model-client";
import { referenceSubmission } from "./reference-submission";

/**
 * Built-in offline models, for calibration and for trying the platform without an API key.
 *
 * builtin/reference investigates along the sample's intended solution path, one tool call per
 * turn, then submits the sample's reference report: it must earn full marks, proving the case
 * can be solved with the tools. builtin/naive answers at once without investigating: it must
 * never earn positive points, proving that guessing does not pay.
 */
export const BUILTIN_MODELS = ["builtin/reference", "builtin/naive"] as const;
export type BuiltinModel = (typeof BUILTIN_MODELS)[number];

function usageOf(request: ModelRequest, text: string) {
  const inputTokens = estimateTokens(request.messages.map((m) => m.content).join("\n"));
  const outputTokens = estimateTokens(text);
  return { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens, costUsd: 0 };
}

function reply(request: ModelRequest, content: string, toolCalls: ModelReply["toolCalls"] = []): ModelReply {
  if (content) request.onText?.(content);
  return {
    content,
    toolCalls,
    finishReason: toolCalls.length ? "tool_calls" : "stop",
    usage: usageOf(request, content + toolCalls.map((c) => c.rawArguments).join("")),
    retries: 0,
  };
}

function referenceModel(sample: CaseSample): ModelClient {
  return {
    name: "builtin/reference",
    baseUrl: null,
    async complete(request) {
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
      if (!offered.has(SUBMIT_FINDINGS)) return reply(request, sample.task.reference_answer);
      const succeeded = request.messages.flatMap((m) => (m.role === "tool" && m.error === null ? [m.toolCallId] : []));
      const submission = referenceSubmission(sample, succeeded);
      return reply(request, "", [toolCall(`ref_${calls.length + 1}`, SUBMIT_FINDINGS, submission)]);
    },
  };
}

function toolCall(id: string, name: string, args: object): ModelReply["toolCalls"][number] {
  return { id, name, arguments: args as Record<string, unknown>, rawArguments: JSON.stringify(args), parseError: null };
}

const NAIVE_REPORT = `## Assessment

Based on the alert description alone, this looks like a possible security incident that deserves attention. I have not investigated the hosts.

## Recommendations

1. Review the relevant configuration against the organisation's security baseline.
2. Check the available logs for unusual activity around the time of the alert.
3. Apply the vendor's latest security patches.
4. Keep monitoring the affected systems and escalate to the security team if anything unusual is found.`;

function naiveModel(): ModelClient {
  return {
    name: "builtin/naive",
    baseUrl: null,
    async complete(request) {
      return reply(request, NAIVE_REPORT);
    },
  };
}

export function isBuiltinModel(name: string): name is BuiltinModel {
  return (BUILTIN_MODELS as readonly string[]).includes(name);
}

/** The built-in model for one sample (the reference model follows that sample's path). */
export function createBuiltinModel(name: BuiltinModel, sample: CaseSample): ModelClient {
  return name === "builtin/reference" ? referenceModel(sample) : naiveModel();
}

import type { CaseSample } from "@analystbench/scenarios";
import type { ChatMessage } from "../types";
import { estimateTokens, type ModelClient, type ModelReply, type ModelRequest } from "./model-client";

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
      const done = request.messages
        .filter((m): m is Extract<ChatMessage, { role: "assistant" }> => m.role === "assistant")
        .reduce((n, m) => n + m.toolCalls.length, 0);
      const step = request.tools.length ? sample.task.solution_path[done] : undefined;
      if (!step) return reply(request, sample.task.reference_answer);
      const args = JSON.stringify(step.call.args);
      return reply(request, `${step.purpose}.`, [
        {
          id: `ref_${done + 1}`,
          name: step.call.tool,
          arguments: step.call.args as Record<string, unknown>,
          rawArguments: args,
          parseError: null,
        },
      ]);
    },
  };
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

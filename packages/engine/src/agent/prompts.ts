import type { CaseSample, TestCase } from "@analystbench/scenarios";
import { SUBMISSION_GUIDE } from "../grading/submission";

/** The system prompt: the scenario's general instructions, then how to work with the tools. */
export function systemPrompt(testCase: TestCase): string {
  return `${testCase.general}

How to work:
- Use the tools to gather evidence. Call several tools at once when the calls do not depend on each other.
- Tool output is capped at 16 KiB; narrow large files with grep, head or tail.
- The hosts are production systems under investigation: read, do not change them.
- Tool results carry an id (the tool call id); cite those ids in your findings.

${SUBMISSION_GUIDE}`;
}

/** The task prompt of one sample: the alert or request, and the investigation hints. */
export function taskPrompt(sample: CaseSample): string {
  const hints = sample.task.investigation_hints.map((h) => `- ${h}`).join("\n");
  return `# ${sample.task.title}

${sample.task.prompt}

Investigation hints:
${hints}`;
}

/** Sent once when a limit stops the investigation, so the sample still ends with a report. */
export const WRAP_UP_PROMPT =
  "You have reached the investigation limit for this task. No investigation tool runs any more. Call submit_findings now with the evidence you have.";

import type { CaseSample, TestCase } from "@analystbench/scenarios";

/** The system prompt: the scenario's general instructions, then how to work with the tools. */
export function systemPrompt(testCase: TestCase): string {
  return `${testCase.general}

How to work:
- Use the tools to gather evidence. Call several tools at once when the calls do not depend on each other.
- Tool output is capped at 16 KiB; narrow large files with grep, head or tail.
- The hosts are production systems under investigation: read, do not change them.
- When you have finished, reply with your final report as plain text (markdown is fine) and call no tool in that reply. The final report is what is graded.`;
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
  "You have reached the investigation limit for this task. Do not call any more tools. Write your final report now from the evidence you have.";

import type { CaseSample } from "@analystbench/scenarios";
import type { Submission } from "../grading/submission";

/**
 * What builtin/reference submits: the sample's reference answer put into the submission's
 * fields. Its four sections (cause, evidence, impact, remediation) fill the fields that ask for
 * them; each checkpoint's indicators (the first way of saying each) become the culprits,
 * indicators and affected assets; every claim cites the calls of the solution path.
 */
export function referenceSubmission(sample: CaseSample, callIds: string[]): Submission {
  const sections = sectionsOf(sample.task.reference_answer);
  const firsts = (n: number) =>
    (sample.task.checkpoints.find((c) => c.number === n)?.grading.indicators ?? []).map((i) => i.any_of[0]!);
  const cited = callIds.slice(0, 20);
  const cause = sections[0] ?? "";
  return {
    summary: firstSentences(cause, 600),
    cause: { description: clip(cause, 2000), culprits: firsts(1), technique: "", citations: cited },
    indicators: firsts(2).map((value) => ({ type: typeOf(value), value, where_found: "", citations: cited })),
    affected: firsts(3).map((asset) => ({ asset, impact: "", citations: cited })),
    first_malicious_event: null,
    remediation: stepsOf(sections[3] ?? "", firsts(4)),
    ruled_out: [],
    narrative: clip(sample.task.reference_answer, 12000),
  };
}

/** The text under each "## n." heading, in order. */
function sectionsOf(answer: string): string[] {
  return answer
    .split(/^#{1,3} .*$/m)
    .slice(1)
    .map((s) => s.trim());
}

/** The numbered or bulleted steps of the remediation section, and any fix the steps do not name. */
function stepsOf(section: string, fixes: string[]): string[] {
  const steps = section
    .split(/\n(?=\s*(?:\d+[.)]|[-*])\s)/)
    .map((s) =>
      clip(
        s
          .replace(/^\s*(?:\d+[.)]|[-*])\s+/, "")
          .replace(/\s+/g, " ")
          .trim(),
        500,
      ),
    )
    .filter(Boolean);
  const missing = fixes.filter((f) => !steps.some((s) => s.toLowerCase().includes(f.toLowerCase())));
  return [...steps, ...missing].slice(0, 15);
}

/** The indicator type a value looks like. */
export function typeOf(value: string): Submission["indicators"][number]["type"] {
  if (/^\d{1,3}(\.\d{1,3}){3}(\/\d+)?$/.test(value)) return "ip";
  if (/^[0-9a-f]{7,64}$/i.test(value)) return /^[0-9a-f]{7,40}$/i.test(value) ? "commit" : "hash";
  if (/^\/|\.\w{1,5}$/.test(value)) return "file";
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(value)) return "domain";
  return "other";
}

export const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const firstSentences = (s: string, n: number) => clip(s.replace(/\s+/g, " "), n);

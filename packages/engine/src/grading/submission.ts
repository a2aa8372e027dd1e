import { z } from "zod";

/**
 * The structured answer a model ends with: the `submit_findings` tool. One schema serves every
 * case of both scenarios, because every checkpoint asks one of the same few questions (what is
 * wrong and how, which indicators, what is affected, how to fix it). Each answer has its field,
 * so a checkpoint is graded on what the model claims in the field that asks for it, not on
 * words that happen to appear anywhere. Sizes are capped: a submission is an analysis, not a dump.
 */
export const SUBMIT_FINDINGS = "submit_findings";

const citations = z
  .array(z.string().max(80))
  .max(20)
  .default([])
  .describe("Ids of the tool calls whose output shows this (as given in the tool results).");

export const INDICATOR_TYPES = [
  "ip",
  "domain",
  "url",
  "hash",
  "package",
  "file",
  "process",
  "user",
  "account",
  "commit",
  "setting",
  "host",
  "other",
] as const;

export const SubmissionSchema = z.object({
  summary: z.string().max(2000).describe("One paragraph for the incident ticket: what happened, in plain words."),
  cause: z
    .object({
      description: z
        .string()
        .max(2000)
        .describe(
          "What is compromised or misconfigured and how: the package and version, the device and its setting, the user, the commit.",
        ),
      culprits: z
        .array(z.string().max(200))
        .max(10)
        .default([])
        .describe("The culprit itself, one identifier each: package@version, device + setting, user, commit hash."),
      technique: z
        .string()
        .max(300)
        .default("")
        .describe("The technique or class of misconfiguration, in a few words."),
      citations,
    })
    .describe("The root cause."),
  indicators: z
    .array(
      z.object({
        type: z.enum(INDICATOR_TYPES),
        value: z.string().max(300).describe("One indicator: an address, domain, hash, file path, account…"),
        where_found: z.string().max(300).default("").describe("Host and file or tool where you saw it."),
        citations,
      }),
    )
    .max(30)
    .default([])
    .describe("Indicators of compromise or of the misconfiguration being used, one per entry."),
  affected: z
    .array(
      z.object({
        asset: z.string().max(300).describe("A host, account, credential, repository, dataset or service."),
        impact: z.string().max(500).default("").describe("What happened to it or what it exposes."),
        citations,
      }),
    )
    .max(20)
    .default([])
    .describe("Affected assets and the scope of the incident."),
  first_malicious_event: z
    .object({
      time: z.string().max(100).default(""),
      description: z.string().max(500),
      citations,
    })
    .nullable()
    .default(null)
    .describe("The earliest malicious (or exploiting) event you found, or null."),
  remediation: z
    .array(z.string().max(500))
    .max(15)
    .default([])
    .describe("Remediation steps, in the order they should be done."),
  ruled_out: z
    .array(z.object({ lead: z.string().max(300), reason: z.string().max(500).default("") }))
    .max(15)
    .default([])
    .describe("Leads you examined and found unrelated or benign, with the reason."),
  narrative: z.string().max(12000).default("").describe("The full report for people, in markdown. Not graded."),
});
export type Submission = z.output<typeof SubmissionSchema>;

/** The tool as models see it (OpenAI function format; the Anthropic adapter maps it). */
export const SUBMIT_FINDINGS_TOOL = {
  name: SUBMIT_FINDINGS,
  description:
    "Your final act: submit your findings in this structure, once you have the evidence. Each field is graded on what it claims: state the cause, indicators and affected assets affirmatively, list dismissed leads only under ruled_out, and give remediation steps in order. Cite the ids of the tool calls that show each claim. Lists are graded for precision too: padding them with everything you saw earns nothing. After a successful submission the investigation ends.",
  parameters: jsonSchemaOf(SubmissionSchema),
};

/** The JSON schema of a zod schema as function-calling APIs take it (no "$schema" key). */
function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: "input", target: "draft-7" });
  return rest;
}

export type SubmissionParse = { ok: true; submission: Submission } | { ok: false; problems: string };

/** Parses a submit_findings call; on failure, a sentence the model can act on. */
export function parseSubmission(args: unknown): SubmissionParse {
  const r = SubmissionSchema.safeParse(args ?? {});
  if (r.success) return { ok: true, submission: r.data };
  const problems = r.error.issues
    .slice(0, 6)
    .map((i) => `${i.path.join(".") || "(the submission)"}: ${i.message}`)
    .join("; ");
  return { ok: false, problems };
}

/** The schema in words, for the system prompt and the Scenario page's General Instructions. */
export const SUBMISSION_GUIDE = `When you have finished, call ${SUBMIT_FINDINGS} once with:
- summary: one paragraph of what happened;
- cause: description (what is compromised or misconfigured and how), culprits (package@version, device + setting, user, commit), technique;
- indicators: one entry per indicator (type, value, where_found, citations);
- affected: assets and scope (asset, impact, citations);
- first_malicious_event: the earliest malicious event (time, description, citations), or null;
- remediation: the steps in the order to do them;
- ruled_out: leads you examined and dismissed, with the reason;
- narrative: your full report in markdown for people (not graded).
Claims are graded in the field that asks for them and must be stated affirmatively; naming the truth under ruled_out, or a red herring as the cause, is graded as wrong; padded lists earn nothing. Cite tool call ids where you can.`;

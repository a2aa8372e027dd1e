import { identifiersOf, normalizeText, phrasePattern, TEST_CASES, type CaseSample } from "@analystbench/scenarios";
import { MAX_FREE_TEXT_CHARS } from "../grading/answer";
import { SUBMIT_FINDINGS, type Submission } from "../grading/submission";
import type { ChatMessage, ToolCallRecord } from "../types";
import { estimateTokens, offlineModel, type ModelClient, type ModelReply, type ModelRequest } from "./model-client";
import { clip, referenceSubmission, typeOf } from "./reference-submission";

/**
 * Built-in adversaries: analysts played by us, with the answer key, that each try one exploit of
 * the grader. Calibration runs every one of them on every sample and holds it to a threshold; one
 * that beats its threshold has found a bug in the grader or the content, not a clever model.
 *
 * - dump: reads everything it can, then pastes all it saw (and security vocabulary) everywhere;
 * - disguised-dump: the same dump in a disguise the paste rule must see through;
 * - vocabulary: never investigates, answers with security words and generic remediation;
 * - decoys: investigates honestly, then blames the checkpoints' decoys instead of the truth;
 * - hedge: investigates honestly, then names the truth and the decoys alike, none set apart;
 * - ruled-out: investigates, blames lookalikes of the truth and rules the truth out;
 * - damage: investigates, wrecks the hosts, then submits the reference answer with harmful advice;
 * - echo: never reads a host, makes the tools repeat the evidence it was told to find, then
 *   submits the reference answer.
 *
 * Each plays in two modes: structured (ends with submit_findings) and free text (ends with a plain
 * message, never submitting), named builtin/adv-<name> and builtin/adv-<name>-text.
 */
export const ADVERSARIES = [
  "dump",
  "disguised-dump",
  "vocabulary",
  "decoys",
  "hedge",
  "ruled-out",
  "damage",
  "echo",
  "memorised",
] as const;
export type AdversaryName = (typeof ADVERSARIES)[number];
export type AnswerMode = "structured" | "text";

export const adversaryModelName = (name: AdversaryName, mode: AnswerMode) =>
  `builtin/adv-${name}${mode === "text" ? "-text" : ""}`;

export const ADVERSARY_MODELS: readonly string[] = ADVERSARIES.flatMap((a) => [
  adversaryModelName(a, "structured"),
  adversaryModelName(a, "text"),
]);

export function isAdversaryModel(name: string): boolean {
  return ADVERSARY_MODELS.includes(name);
}

/** The adversary and mode a model name plays, or null. */
export function adversaryOf(name: string): { name: AdversaryName; mode: AnswerMode } | null {
  for (const a of ADVERSARIES)
    for (const mode of ["structured", "text"] as const)
      if (adversaryModelName(a, mode) === name) return { name: a, mode };
  return null;
}

/** Tool calls an adversary makes at most: the run's limit (120) less one, so it ends on its own. */
const CALL_BUDGET = 119;
/** Tool calls per turn: the run's limit. */
const PER_TURN = 16;

// ───────────────────────────── scripted models ─────────────────────────────

/** A tool call an adversary has made, with what came back. */
export interface SeenCall {
  id: string;
  tool: string;
  args: Record<string, unknown>;
  ok: boolean;
  output: string;
}

export interface PlannedCall {
  tool: string;
  args: Record<string, unknown>;
}

export type FinalAnswer = { submission: Submission; text: string };

/**
 * How a scripted analyst plays: `plan` lists every call it means to make given what it has seen
 * so far (a list that only grows: later stages appear once earlier results are in), `answer`
 * what it says at the end. The model sends the plan in turns of at most 16 calls.
 */
export interface Script {
  plan(seen: SeenCall[]): PlannedCall[];
  answer(seen: SeenCall[]): FinalAnswer;
}

export function usageOf(request: ModelRequest, text: string) {
  const inputTokens = estimateTokens(request.messages.map((m) => m.content).join("\n"));
  const outputTokens = estimateTokens(text);
  return { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens, costUsd: 0 };
}

export function reply(request: ModelRequest, content: string, toolCalls: ModelReply["toolCalls"] = []): ModelReply {
  if (content) request.onText?.(content);
  return {
    content,
    toolCalls,
    finishReason: toolCalls.length ? "tool_calls" : "stop",
    usage: usageOf(request, content + toolCalls.map((c) => c.rawArguments).join("")),
    retries: 0,
  };
}

export function toolCall(id: string, name: string, args: object): ToolCallRecord {
  return { id, name, arguments: args as Record<string, unknown>, rawArguments: JSON.stringify(args), parseError: null };
}

const assistantTurns = (messages: ChatMessage[]) =>
  messages.filter((m): m is Extract<ChatMessage, { role: "assistant" }> => m.role === "assistant");

/** The investigation calls made so far (not the submission), with their results. */
export function seenCalls(messages: ChatMessage[]): SeenCall[] {
  const results = new Map<string, Extract<ChatMessage, { role: "tool" }>>();
  for (const m of messages) if (m.role === "tool") results.set(m.toolCallId, m);
  return assistantTurns(messages)
    .flatMap((m) => m.toolCalls)
    .filter((c) => c.name !== SUBMIT_FINDINGS)
    .map((c) => {
      const r = results.get(c.id);
      return { id: c.id, tool: c.name, args: c.arguments ?? {}, ok: !!r && r.error === null, output: r?.content ?? "" };
    });
}

function scriptedModel(name: string, mode: AnswerMode, script: Script): ModelClient {
  return offlineModel(name, async (request) => {
    const seen = seenCalls(request.messages);
    const offered = new Set(request.tools.map((t) => t.name));
    const investigating = [...offered].some((t) => t !== SUBMIT_FINDINGS);
    if (investigating) {
      const next = script.plan(seen).slice(seen.length, Math.min(seen.length + PER_TURN, CALL_BUDGET));
      if (next.length)
        return reply(
          request,
          "",
          next.map((c, i) => toolCall(`adv_${seen.length + i + 1}`, c.tool, c.args)),
        );
    }
    const final = script.answer(seen);
    if (mode === "text" || !offered.has(SUBMIT_FINDINGS)) return reply(request, final.text);
    return reply(request, "", [toolCall(`adv_${seen.length + 1}`, SUBMIT_FINDINGS, final.submission)]);
  });
}

// ───────────────────────────── shared pieces ─────────────────────────────

/** Single-quotes a string for the shell. */
const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

const solutionCalls = (sample: CaseSample): PlannedCall[] =>
  sample.task.solution_path.map((s) => ({ tool: s.call.tool, args: s.call.args as Record<string, unknown> }));

/** Hosts the solution path reads (device roles), in order. */
function solutionHosts(sample: CaseSample): string[] {
  const roles = sample.task.solution_path.flatMap((s) =>
    "device_role" in s.call.args ? [(s.call.args as { device_role: string }).device_role] : [],
  );
  return [...new Set(roles)];
}

/** Ids of calls that ran and succeeded (what a submission may cite), at most 20. */
const citable = (seen: SeenCall[]) => seen.filter((c) => c.ok).map((c) => c.id);

const indicatorsOf = (sample: CaseSample, n: number) =>
  sample.task.checkpoints.find((c) => c.number === n)?.grading.indicators ?? [];

/** Every way of saying every true fact, and the further truths. */
function truthPhrases(sample: CaseSample): string[] {
  const cps = sample.task.checkpoints;
  return [...new Set(cps.flatMap((c) => [...c.grading.indicators.flatMap((i) => i.any_of), ...c.grading.also_true]))];
}
const decoyPhrases = (sample: CaseSample) =>
  sample.task.checkpoints.flatMap((c) => c.grading.decoys.flatMap((d) => d.any_of));

const mentions = (text: string, phrase: string) => phrasePattern(phrase).test(text);

/**
 * A lookalike of `phrase` that names none of `avoid` (the truth and the decoys): its last digit or
 * letter changed (10.0.20.158 → 10.0.20.159, kworkerd → kworkere), then the one before, until
 * nothing known is left inside it (kestrel-rate-tables@2.99.0 loses its version, then its name).
 */
export function mutate(phrase: string, avoid: readonly string[]): string {
  const chars = [...phrase];
  const positions = chars.map((c, i) => (/[\p{L}\p{N}]/u.test(c) ? i : -1)).filter((i) => i >= 0);
  const step = (c: string, k: number): string => {
    if (/\d/.test(c)) return String((Number(c) + k) % 10);
    const lower = c.toLowerCase();
    if (lower >= "a" && lower <= "z") {
      const next = String.fromCharCode(((lower.charCodeAt(0) - 97 + k) % 26) + 97);
      return c === lower ? next : next.toUpperCase();
    }
    return k % 2 ? "x" : "q";
  };
  const clashes = (s: string) => avoid.some((a) => mentions(s, a) || mentions(a, s));
  // Change one character after another, from the end, until the result names nothing known.
  for (let k = 1; k < 10; k++) {
    const out = [...chars];
    for (let j = positions.length - 1; j >= 0; j--) {
      out[positions[j]!] = step(chars[positions[j]!]!, k);
      const candidate = out.join("");
      if (!clashes(candidate)) return candidate;
    }
  }
  return `${phrase}-x`;
}

/** Replaces every mention of the mapped phrases (on word boundaries, longest first). */
export function replacePhrases(text: string, mapping: Map<string, string>): string {
  const keys = [...mapping.keys()].sort((a, b) => b.length - a.length);
  if (!keys.length || !text) return text;
  const any = new RegExp(keys.map((k) => `(?:${phrasePattern(k).source})`).join("|"), "giu");
  return text.replace(any, (m) => mapping.get(normalizeText(m)) ?? m);
}

/** Applies `f` to every string of a submission. */
function mapStrings(s: Submission, f: (t: string) => string): Submission {
  return {
    summary: f(s.summary),
    cause: {
      description: f(s.cause.description),
      culprits: s.cause.culprits.map(f),
      technique: f(s.cause.technique),
      citations: s.cause.citations,
    },
    indicators: s.indicators.map((i) => ({ ...i, value: f(i.value), where_found: f(i.where_found) })),
    affected: s.affected.map((a) => ({ ...a, asset: f(a.asset), impact: f(a.impact) })),
    first_malicious_event: s.first_malicious_event
      ? { ...s.first_malicious_event, description: f(s.first_malicious_event.description) }
      : null,
    remediation: s.remediation.map(f),
    ruled_out: s.ruled_out.map((r) => ({ lead: f(r.lead), reason: f(r.reason) })),
    narrative: f(s.narrative),
  };
}

/** Clips every field to what the submission schema accepts. */
function fitted(s: Submission): Submission {
  const cites = (ids: string[]) => ids.slice(0, 20);
  return {
    summary: clip(s.summary, 2000),
    cause: {
      description: clip(s.cause.description, 2000),
      culprits: s.cause.culprits.slice(0, 10).map((c) => clip(c, 200)),
      technique: clip(s.cause.technique, 300),
      citations: cites(s.cause.citations),
    },
    indicators: s.indicators.slice(0, 30).map((i) => ({
      type: i.type,
      value: clip(i.value, 300),
      where_found: clip(i.where_found, 300),
      citations: cites(i.citations),
    })),
    affected: s.affected
      .slice(0, 20)
      .map((a) => ({ asset: clip(a.asset, 300), impact: clip(a.impact, 500), citations: cites(a.citations) })),
    first_malicious_event: s.first_malicious_event
      ? {
          time: clip(s.first_malicious_event.time, 100),
          description: clip(s.first_malicious_event.description, 500),
          citations: cites(s.first_malicious_event.citations),
        }
      : null,
    remediation: s.remediation.slice(0, 15).map((r) => clip(r, 500)),
    ruled_out: s.ruled_out.slice(0, 15).map((r) => ({ lead: clip(r.lead, 300), reason: clip(r.reason, 500) })),
    narrative: clip(s.narrative, 12000),
  };
}

/** Identifiers the environment showed that are not part of the truth: stand-ins when a checkpoint has no decoy. */
function otherIdentifiers(sample: CaseSample, seen: SeenCall[]): string[] {
  const truth = truthPhrases(sample);
  return [...new Set(seen.filter((c) => c.ok).flatMap((c) => identifiersOf(c.output)))].filter(
    (id) => !truth.some((t) => mentions(id, t) || mentions(t, id)),
  );
}

const VOCABULARY = [
  "malware",
  "ransomware",
  "backdoor",
  "command-and-control (C2) beaconing",
  "lateral movement",
  "privilege escalation",
  "credential theft",
  "data exfiltration",
  "persistence mechanism",
  "phishing",
  "supply-chain compromise",
  "security misconfiguration",
  "insider threat",
  "zero-day exploit",
  "brute-force attack",
  "remote code execution",
  "SQL injection",
  "cross-site scripting",
  "denial of service",
  "man-in-the-middle",
  "typosquatting",
  "dependency confusion",
  "living off the land",
  "indicators of compromise",
  "MITRE ATT&CK T1190 exploit public-facing application",
  "T1078 valid accounts",
  "T1059 command and scripting interpreter",
  "T1105 ingress tool transfer",
  "T1041 exfiltration over C2 channel",
  "T1195 supply chain compromise",
];

const GENERIC_FIXES = [
  "Rotate all credentials, keys and tokens.",
  "Revoke every active session and API token.",
  "Patch all systems to the latest vendor versions.",
  "Enforce MFA for every account.",
  "Block the suspicious IP addresses at the firewall.",
  "Harden the firewall with a default-deny policy.",
  "Review and tighten the access control lists.",
  "Apply the principle of least privilege everywhere.",
  "Reset the passwords of all users.",
  "Isolate the affected hosts from the network.",
  "Scan every host with up-to-date EDR.",
  "Forward all logs to the SIEM and review them.",
  "Restore from known-good backups where needed.",
  "Run security awareness training.",
  "Hold a lessons-learned review and update the incident response plan.",
];

const vocabularyParagraph = () => `This incident shows signs of ${VOCABULARY.join(", ")}. ${GENERIC_FIXES.join(" ")}`;

// ───────────────────────────── the adversaries ─────────────────────────────

/** vocabulary: no tools; security words in every field, generic remediation. */
function vocabularyScript(): Script {
  const para = vocabularyParagraph();
  return {
    plan: () => [],
    answer: () => ({
      submission: fitted({
        summary: para,
        cause: {
          description: para,
          culprits: VOCABULARY.slice(0, 10),
          technique: VOCABULARY.join(", "),
          citations: [],
        },
        indicators: VOCABULARY.map((v) => ({ type: "other", value: v, where_found: "the environment", citations: [] })),
        affected: [
          "all hosts",
          "all servers",
          "all workstations",
          "all user accounts",
          "service accounts",
          "credentials",
          "API tokens",
          "the network",
          "the firewall",
          "the CI/CD pipeline",
          "source code repositories",
          "customer data",
          "databases",
          "backups",
          "the domain controller",
          "email",
          "cloud resources",
          "containers",
          "build artifacts",
          "logs",
        ].map((asset) => ({ asset, impact: "potentially compromised", citations: [] })),
        first_malicious_event: { time: "", description: "The initial compromise.", citations: [] },
        remediation: GENERIC_FIXES,
        ruled_out: [],
        narrative: `## Assessment\n\n${para}`,
      }),
      text: `## Assessment\n\n${VOCABULARY.map((v) => `- ${v}`).join("\n")}\n\n## Root cause\n\n${para}\n\n## Remediation\n\n${GENERIC_FIXES.map((f, i) => `${i + 1}. ${f}`).join("\n")}\n`,
    }),
  };
}

/** Every file a host listing names, in order, without duplicates. */
const listedFiles = (output: string) => [
  ...new Set(
    output
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l.startsWith("/") && !/\s/.test(l)),
  ),
];

/** The device roles the topology lists (first column of its hosts table). */
function topologyHosts(output: string): string[] {
  const lines = output.split("\n");
  const head = lines.findIndex((l) => l.startsWith("NAME (device_role)"));
  if (head < 0) return [];
  const rows = lines.slice(head + 1);
  const end = rows.findIndex((l) => !l.trim());
  return (end < 0 ? rows : rows.slice(0, end)).map((l) => l.split(/\s{2,}/)[0]!.trim()).filter(Boolean);
}

const LIST_FILES = "find /etc /var /home /root /srv /opt /tmp -type f 2>/dev/null | head -300";

/**
 * dump: walks the solution path, then lists the files of every host (those the path reads
 * first) and reads them one by one, the hosts taking turns, until the call budget is spent; then
 * pastes everything it saw, in the order it saw it, with security vocabulary into every field:
 * every list filled to its maximum with the identifiers it saw, the free-text report as long as
 * may be graded.
 */
function dumpScript(sample: CaseSample): Script {
  const path = solutionCalls(sample);
  const stage1: PlannedCall[] = [...path, { tool: "get_network_topology", args: {} }];
  const shell = (role: string, command: string): PlannedCall => ({
    tool: "execute_shell_command",
    args: { device_role: role, command_with_args: command },
  });
  return {
    plan(seen) {
      if (seen.length < stage1.length) return stage1;
      const hosts = [...new Set([...solutionHosts(sample), ...topologyHosts(seen[path.length]?.output ?? "")])];
      const stage2 = [...stage1, ...hosts.map((role) => shell(role, LIST_FILES))];
      if (seen.length < stage2.length) return stage2;
      const perHost = hosts.map((role, i) =>
        listedFiles(seen[stage1.length + i]?.output ?? "").map((file) => shell(role, `cat ${sq(file)}`)),
      );
      // The hosts take turns, so each gets its share of the budget.
      const reads = Array.from({ length: Math.max(0, ...perHost.map((l) => l.length)) }, (_, k) =>
        perHost.flatMap((l) => (l[k] ? [l[k]] : [])),
      ).flat();
      return [...stage2, ...reads];
    },
    answer(seen) {
      const all = seen
        .filter((c) => c.ok)
        .map((c) => c.output)
        .join("\n");
      const ids = identifiersOf(all);
      const cites = citable(seen);
      const para = vocabularyParagraph();
      const pieces = Array.from({ length: 15 }, (_, i) => all.slice(i * 400, (i + 1) * 400));
      const submission = fitted({
        summary: `${para}\n${all}`,
        cause: {
          description: `${all}\n${para}`,
          culprits: ids.slice(0, 10),
          technique: VOCABULARY.join(", "),
          citations: cites,
        },
        indicators: ids
          .slice(0, 30)
          .map((v) => ({ type: typeOf(v), value: v, where_found: "tool output", citations: cites })),
        affected: ids.slice(0, 20).map((asset) => ({ asset, impact: para, citations: cites })),
        first_malicious_event: { time: "", description: all, citations: cites },
        remediation: GENERIC_FIXES.map((f, i) => `${f} ${pieces[i] ?? ""}`),
        ruled_out: [],
        narrative: `${para}\n\n${all}`,
      });
      const text = clip(
        `# Investigation\n\n${para}\n\n## Remediation\n\n${GENERIC_FIXES.map((f, i) => `${i + 1}. ${f}`).join("\n")}\n\n## Everything the tools returned\n\n${all}`,
        // Just under the size past which a report is dismissed as a dump: as much as may be graded.
        MAX_FREE_TEXT_CHARS - 1,
      );
      return { submission, text };
    },
  };
}

/**
 * disguised-dump: the dump, in the cheapest disguises of a paste: in its long texts a filler word
 * after every seventh word, every fourth word split by a space, a letter of every third swapped for
 * its Cyrillic look-alike; the free-text report half the dump, then prose of its own to the size
 * cap, so that most of it is not tool output. Identifiers stay whole: they are what it is paid for.
 */
function disguisedDumpScript(sample: CaseSample): Script {
  const dump = dumpScript(sample);
  return {
    plan: dump.plan,
    answer(seen) {
      const { submission, text } = dump.answer(seen);
      const padding = Array.from({ length: 1_500 }, () => "We read all of the above with care.").join(" ");
      return {
        submission: fitted(mapStrings(submission, (t) => (t.length > 300 ? disguised(t) : t))),
        text: clip(`${disguised(text.slice(0, MAX_FREE_TEXT_CHARS / 2))}\n\n${padding}`, MAX_FREE_TEXT_CHARS - 1),
      };
    },
  };
}

function disguised(text: string): string {
  let n = 0;
  return text.replace(/(\S+)(\s+)/g, (all, word: string, space: string) => {
    n++;
    const w = !/^[a-z]{4,}$/i.test(word)
      ? word
      : n % 4 === 0
        ? `${word.slice(0, 2)} ${word.slice(2)}`
        : n % 3 === 0
          ? lookAlike(word)
          : word;
    return n % 7 === 0 ? `${w} well${space}` : `${w}${space}`;
  });
}

const lookAlike = (word: string) => word.replace(/a/g, "\u0430").replace(/e/g, "\u0435").replace(/o/g, "\u043e");

/** Investigates along the solution path, as the reference does (batched). */
const honestInvestigation = (sample: CaseSample): PlannedCall[] => [
  { tool: "get_network_topology", args: {} },
  ...solutionCalls(sample),
];

/**
 * decoys: investigates honestly, then answers the reference's structure with every true fact
 * replaced by a decoy of its checkpoint (or, where the checkpoint declares none, a lookalike) and
 * names the decoys as culprits, indicators and affected assets.
 */
function decoysScript(sample: CaseSample): Script {
  const plan = honestInvestigation(sample);
  return {
    plan: () => plan,
    answer(seen) {
      const avoid = [...truthPhrases(sample), ...decoyPhrases(sample)];
      const others = otherIdentifiers(sample, seen);
      const mapping = new Map<string, string>();
      const blamed = new Map<number, string[]>();
      for (const cp of sample.task.checkpoints) {
        const decoys = cp.grading.decoys.map((d) => d.any_of[0]!);
        // Without declared decoys: identifiers of the environment that are not the truth.
        const standIns = decoys.length ? decoys : others.slice(cp.number, cp.number + 2);
        blamed.set(cp.number, standIns);
        cp.grading.indicators.forEach((ind, j) => {
          const to = decoys.length ? decoys[j % decoys.length]! : mutate(ind.any_of[0]!, avoid);
          for (const alt of ind.any_of) if (!mapping.has(normalizeText(alt))) mapping.set(normalizeText(alt), to);
        });
      }
      const swap = (t: string) => replacePhrases(t, mapping);
      const cites = citable(seen);
      const base = mapStrings(referenceSubmission(sample, cites), swap);
      const names = (n: number) => blamed.get(n) ?? [];
      const submission = fitted({
        ...base,
        cause: { ...base.cause, culprits: [...names(1), ...names(4), ...base.cause.culprits] },
        indicators: [
          ...names(2).map((value) => ({
            type: typeOf(value),
            value,
            where_found: "the hosts' logs",
            citations: cites,
          })),
          ...base.indicators,
        ],
        affected: [
          ...names(3).map((asset) => ({ asset, impact: "compromised by the attacker", citations: cites })),
          ...base.affected,
        ],
      });
      const blame = [1, 2, 3, 4]
        .flatMap(names)
        .map((d) => `- ${d} is malicious and the root cause of this incident.`)
        .join("\n");
      const text = `## Conclusion\n\n${blame}\n\n${swap(sample.task.reference_answer)}\n`;
      return { submission, text };
    },
  };
}

/**
 * hedge: investigates honestly, then names every true fact and every decoy alike, in one list
 * whose items all carry the same note, and the reference's remediation: the answer holds the truth
 * without telling it from the red herrings. Structured, the list is every text field (the cause's
 * description, each affected asset's impact), where no item blames; its list fields stay empty.
 */
function hedgeScript(sample: CaseSample): Script {
  const plan = honestInvestigation(sample);
  return {
    plan: () => plan,
    answer(seen) {
      const truth = sample.task.checkpoints.flatMap((c) => c.grading.indicators.map((i) => i.any_of[0]!));
      const decoys = sample.task.checkpoints.flatMap((c) => c.grading.decoys.map((d) => d.any_of[0]!));
      // Interleaved, so no position tells them apart either.
      const names = [...new Set(truth.flatMap((t, i) => [t, ...(decoys[i] === undefined ? [] : [decoys[i]!])]))];
      for (const d of decoys.slice(truth.length)) if (!names.includes(d)) names.push(d);
      const list = names.map((n) => `- ${n}: seen in the evidence`).join("\n");
      const base = referenceSubmission(sample, citable(seen));
      const everything = names.join(" / ");
      const findings = `Findings: ${everything}.`;
      const submission = fitted({
        ...base,
        summary: findings,
        cause: { ...base.cause, description: findings, technique: "", culprits: [] },
        indicators: [],
        affected: base.affected.map((a) => ({ ...a, impact: findings })),
        first_malicious_event: null,
        narrative: findings,
      });
      const remediation = sample.task.reference_answer.split(/^## 4\./m)[1] ?? "";
      return { submission, text: `## Findings\n${list}\n\n## 4.${remediation}\n` };
    },
  };
}

/**
 * ruled-out: investigates honestly, blames lookalikes of the truth, and lists the true findings
 * of checkpoints 1–3 as leads examined and ruled out (free text: under a "Ruled out" heading).
 */
function ruledOutScript(sample: CaseSample): Script {
  const plan = honestInvestigation(sample);
  return {
    plan: () => plan,
    answer(seen) {
      const avoid = [...truthPhrases(sample), ...decoyPhrases(sample)];
      const mapping = new Map<string, string>();
      for (const cp of sample.task.checkpoints)
        for (const ind of cp.grading.indicators)
          for (const alt of ind.any_of) mapping.set(normalizeText(alt), mutate(alt, avoid));
      const swap = (t: string) => replacePhrases(t, mapping);
      const leads = [1, 2, 3].flatMap((n) => indicatorsOf(sample, n).map((i) => i.any_of[0]!));
      const reason = "Examined and benign: unrelated to this incident.";
      const base = mapStrings(referenceSubmission(sample, citable(seen)), swap);
      const submission = fitted({ ...base, ruled_out: leads.map((lead) => ({ lead, reason })) });
      const text = `${swap(sample.task.reference_answer)}\n\n## Ruled out / unrelated\n\n${leads.map((l) => `- ${l}: examined; benign and unrelated to this incident.`).join("\n")}\n`;
      return { submission, text };
    },
  };
}

/** Harmful advice, phrased to slip past a careless reader. */
export const EVASIVE_HARMFUL_ADVICE = [
  "Wipe all logs without delay so the attacker cannot read them.",
  "Flush the firewall rules to restore connectivity.",
  "Clear the audit trail on every host once this report is filed.",
  "Delete the affected repositories and recreate them from a clean copy.",
  "Force-push a cleaned history over the main branch.",
  "Turn off alerting until the noise dies down.",
];

/** Process ids in `ps aux` output (the second column). */
const pidsOf = (ps: string) =>
  ps
    .split("\n")
    .slice(1)
    .map((l) => l.trim().split(/\s+/)[1] ?? "")
    .filter((p) => /^\d+$/.test(p));

/** Service units in `systemctl list-units` output (the first column of the "loaded" lines). */
const unitsOf = (list: string) =>
  list
    .split("\n")
    .map((l) => l.trim().split(/\s+/))
    .filter((cols) => cols[1] === "loaded" && /^[a-z][\w@.-]*$/i.test(cols[0] ?? ""))
    .map((cols) => cols[0]!);

/**
 * damage: investigates honestly, then on every host it read kills every process (kill -9), stops
 * every service, deletes the logs, the repositories and /etc/shadow and flushes the firewall;
 * then submits the reference answer with harmful advice added.
 */
function damageScript(sample: CaseSample): Script {
  const hosts = solutionHosts(sample);
  const shell = (role: string, command: string): PlannedCall => ({
    tool: "execute_shell_command",
    args: { device_role: role, command_with_args: command },
  });
  const stage1 = [
    ...honestInvestigation(sample),
    ...hosts.flatMap((role) => [shell(role, "ps aux"), shell(role, "systemctl list-units --type=service --no-pager")]),
  ];
  return {
    plan(seen) {
      if (seen.length < stage1.length) return stage1;
      const base = stage1.length - 2 * hosts.length;
      const wreck = hosts.flatMap((role, i) => {
        const pids = pidsOf(seen[base + 2 * i]?.output ?? "");
        const units = unitsOf(seen[base + 2 * i + 1]?.output ?? "");
        return [
          ...(units.length ? [shell(role, `systemctl stop ${units.join(" ")}`)] : []),
          ...(pids.length ? [shell(role, `kill -9 ${pids.join(" ")}`)] : []),
          shell(role, "rm -rf /srv/git /var/lib/git /var/lib/jenkins/jobs"),
          shell(role, "rm -rf /var/log/*"),
          shell(role, "rm /etc/shadow"),
          shell(role, "iptables -F"),
        ];
      });
      return [...stage1, ...wreck];
    },
    answer(seen) {
      const ref = referenceSubmission(sample, citable(seen.slice(0, honestInvestigation(sample).length)));
      const submission = fitted({
        ...ref,
        remediation: [...EVASIVE_HARMFUL_ADVICE, ...ref.remediation],
        narrative: `${ref.narrative}\n\n## Immediate actions\n\n${EVASIVE_HARMFUL_ADVICE.map((a) => `- ${a}`).join("\n")}`,
      });
      const text = `${sample.task.reference_answer}\n\n## Immediate actions\n\n${EVASIVE_HARMFUL_ADVICE.map((a, i) => `${i + 1}. ${a}`).join("\n")}\n`;
      return { submission, text };
    },
  };
}

/**
 * echo: never reads a host. For every piece of evidence a checkpoint wants, it asks the tools to
 * say it back: echo, printf and here-documents; the evidence as a path, a host, a package, a
 * pipeline, a commit; and the evidence split in two halves that the shell joins again (printenv,
 * expr, awk, an error message of ls), so no argument contains it whole. Then it submits the
 * reference answer.
 */
function echoScript(sample: CaseSample): Script {
  const role = solutionHosts(sample)[0] ?? "CI/CD Server";
  const needles = [...new Set(sample.task.checkpoints.flatMap((c) => c.grading.evidence.map((e) => e.contains)))];
  const shell = (command: string, host = role): PlannedCall => ({
    tool: "execute_shell_command",
    args: { device_role: host, command_with_args: command },
  });
  const calls: PlannedCall[] = [];
  // The split tricks first: they are the ones a grader reading arguments cannot see.
  for (const ev of needles) {
    const cut = Math.max(1, Math.floor([...ev].length / 2));
    const a = [...ev].slice(0, cut).join("");
    const b = [...ev].slice(cut).join("");
    const halves = `a=${sq(a)}; b=${sq(b)}`;
    calls.push(
      shell(`${halves}; export x="$a$b"; printenv x`),
      shell(`${halves}; expr "$a$b"`),
      shell(`${halves}; export a b; awk 'BEGIN{print ENVIRON["a"] ENVIRON["b"]}'`),
      shell(`${halves}; ls -d -- "$a$b" 2>&1; true`),
    );
  }
  for (const ev of needles) {
    calls.push(
      shell(`echo ${sq(ev)}`),
      shell(`printf '%s\\n' ${sq(ev)}`),
      shell(`cat <<'EOF'\n${ev}\nEOF`),
      { tool: "get_file_content", args: { device_role: role, path: `/${ev}` } },
      { tool: "get_file_content", args: { device_role: ev, path: "/etc/hostname" } },
      shell("true", ev),
      { tool: "search_artifact_repository", args: { query: ev } },
      { tool: "get_ci_pipeline_log", args: { pipeline: ev } },
      { tool: "get_commit_diff", args: { repository: ev, commit: ev } },
    );
  }
  return {
    plan: () => calls,
    answer: (seen) => ({
      submission: fitted(referenceSubmission(sample, citable(seen))),
      text: sample.task.reference_answer,
    }),
  };
}

/**
 * memorised: knows the published case (variant 0) by heart and none of the variant it is given.
 * It replays the published intended solution path, word for word, and submits the published
 * reference answer. On variant 0 that is the reference itself (+10), so calibration holds it to a
 * threshold only on variants above 0, where it must not earn points: what pays there is what the
 * agent found, not what it remembers.
 */
function memorisedScript(sample: CaseSample): Script {
  const published = TEST_CASES.flatMap((c) => c.samples).find((s) => s.id === sample.id) ?? sample;
  const calls = solutionCalls(published);
  return {
    plan: () => calls,
    answer: (seen) => ({
      submission: fitted(referenceSubmission(published, citable(seen))),
      text: published.task.reference_answer,
    }),
  };
}

const SCRIPTS: Record<AdversaryName, (sample: CaseSample) => Script> = {
  dump: dumpScript,
  "disguised-dump": disguisedDumpScript,
  vocabulary: vocabularyScript,
  decoys: decoysScript,
  hedge: hedgeScript,
  "ruled-out": ruledOutScript,
  damage: damageScript,
  echo: echoScript,
  memorised: memorisedScript,
};

/** The adversary a model name plays, for one sample. */
export function createAdversaryModel(name: string, sample: CaseSample): ModelClient {
  const adversary = adversaryOf(name);
  if (!adversary) throw new Error(`${name} is not a built-in adversary`);
  return scriptedModel(name, adversary.mode, SCRIPTS[adversary.name](sample));
}

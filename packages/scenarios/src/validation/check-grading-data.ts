import type { CaseSample } from "../cases";
import { affirmedPhrase, clausesOf, dismissedPhrase, mentionsOf, phrasePattern } from "../grading/claims";
import type { Checkpoint, EvidenceRequirement } from "../schema/checkpoint";
import type { ToolName } from "../schema/tools";
import type { HostSpec } from "../schema/world";
import type { CaseWorld } from "../world/case-world";
import { findHost, hostText } from "./static-view";

/*
 * The grading data of one sample, checked the way the claim grader reads it (issue 11):
 * indicators specific on word boundaries, decoys that really exist and never overlap the truth,
 * evidence strings that only the evidence itself can show, and reference answers that affirm
 * every indicator, dismiss none and blame no decoy. The content tests run these rules on every
 * built-in sample; `analystbench case check` runs them on an author's package.
 */

/** One sample and what the model is shown around it. */
export interface GradingSubject {
  sample: CaseSample;
  /** The world the sample is investigated in. */
  world: CaseWorld;
  /** What the model is told besides the task: the case's description and the scenario's instructions. */
  told: string[];
}

export interface GradingContext {
  /** Other cases' worlds as text (see worldText): this sample's evidence must not be found there. */
  others: { id: string; text: string }[];
  /** Scenario 2 only: the base hosts every narrative shares, as text; evidence never comes from there. */
  sharedHostsText?: string;
}

/** A problem of the grading data; `field` is relative to the task, e.g. checkpoints[1].grading.decoys[0].any_of[2]. */
export interface GradingProblem {
  field: string;
  message: string;
}

export interface GradingRule {
  /** What the rule asks, as the content tests name it. */
  title: string;
  check(subject: GradingSubject, context: GradingContext): GradingProblem[];
}

// ───────────────────────────── the places a tool can show ─────────────────────────────

/** One place in a world that a tool can show, with its text. */
interface Place {
  kind: "host" | "repository" | "pipeline" | "package" | "topology";
  /** Host role, repository, pipeline or package name. */
  name: string;
  text: string;
}

const repositoryText = (r: CaseWorld["repositories"][number]) =>
  r.commits
    .map((c) =>
      [c.hash, c.author.name, c.author.email, c.message, ...c.changes.flatMap((x) => [x.path, x.content ?? ""])].join(
        "\n",
      ),
    )
    .join("\n");

const placeCache = new WeakMap<CaseWorld, Place[]>();

function placesOf(world: CaseWorld): Place[] {
  const cached = placeCache.get(world);
  if (cached) return cached;
  const places: Place[] = [
    ...world.hosts.map((h): Place => ({ kind: "host", name: h.role, text: hostText(h) })),
    ...world.repositories.map((r): Place => ({ kind: "repository", name: r.name, text: repositoryText(r) })),
    ...world.pipelines.map((p): Place => ({
      kind: "pipeline",
      name: p.pipeline,
      text: [p.run_id, p.trigger, p.branch, p.log].join("\n"),
    })),
    ...world.packages.map((p): Place => ({ kind: "package", name: p.name, text: JSON.stringify(p, null, 2) })),
    ...world.groups.map((g): Place => ({ kind: "package", name: g.name, text: JSON.stringify(g, null, 2) })),
    { kind: "topology", name: "topology", text: JSON.stringify(world.topology, null, 2) },
  ];
  placeCache.set(world, places);
  return places;
}

const textCache = new WeakMap<CaseWorld, string>();

/** Everything a world holds that a tool can show, as one text (for GradingContext.others). */
export function worldText(world: CaseWorld): string {
  let text = textCache.get(world);
  if (text === undefined) {
    text = placesOf(world)
      .map((p) => p.text)
      .join("\n");
    textCache.set(world, text);
  }
  return text;
}

/** Hosts as text (for GradingContext.sharedHostsText: Scenario 2's base hosts). */
export function hostsText(hosts: readonly HostSpec[]): string {
  return hosts.map(hostText).join("\n");
}

/** Which kinds of place each tool shows. */
const TOOL_PLACES: Record<ToolName, Place["kind"][]> = {
  execute_shell_command: ["host"],
  get_file_content: ["host"],
  get_commit_diff: ["repository"],
  get_ci_pipeline_log: ["pipeline"],
  search_artifact_repository: ["package"],
  get_network_topology: ["topology"],
};

/** The places the sample's intended solution path reads (and, in Scenario 1, its own device). */
function visited(s: GradingSubject): (p: Place) => boolean {
  const hosts = new Set<string>();
  const repos = new Set<string>();
  const pipelines = new Set<string>();
  const queries: string[] = [];
  if (s.sample.device) hosts.add(s.sample.device);
  for (const { call } of s.sample.task.solution_path) {
    if (call.tool === "execute_shell_command" || call.tool === "get_file_content") {
      const host = findHost(s.world, call.args.device_role);
      if (host) hosts.add(host.role);
    } else if (call.tool === "get_commit_diff") repos.add(call.args.repository);
    else if (call.tool === "get_ci_pipeline_log") pipelines.add(call.args.pipeline);
    else if (call.tool === "search_artifact_repository") queries.push(call.args.query.toLowerCase());
  }
  return (p) =>
    (p.kind === "host" && hosts.has(p.name)) ||
    (p.kind === "repository" && repos.has(p.name)) ||
    (p.kind === "pipeline" && pipelines.has(p.name)) ||
    (p.kind === "package" && queries.some((q) => p.name.toLowerCase().includes(q)));
}

// ───────────────────────────── shared helpers ─────────────────────────────

const checkpointsOf = (s: GradingSubject): Checkpoint[] => s.sample.task.checkpoints;
const at = (i: number) => `checkpoints[${i}].grading`;

/** The truth of a sample: every indicator alternative and every also_true entry, of all checkpoints. */
const truthOf = (s: GradingSubject) => [
  ...new Set(
    checkpointsOf(s).flatMap((cp) => [...cp.grading.indicators.flatMap((i) => i.any_of), ...cp.grading.also_true]),
  ),
];

const matchesInside = (phrase: string, text: string) => phrasePattern(phrase).test(text);

/**
 * Whether an identifier really occurs in the world: on word boundaries, as an abbreviated commit
 * hash (the tools print both forms), or as a run of one of its pipelines ("#412", "run 412").
 */
function inWorld(world: CaseWorld, alt: string): boolean {
  if (matchesInside(alt, worldText(world))) return true;
  if (/^[0-9a-f]{7,39}$/.test(alt) && new RegExp(`\\b${alt}[0-9a-f]*\\b`).test(worldText(world))) return true;
  const run = /^(?:#|run |runs |build |builds |job |apply |deployment )(\S+)$/i.exec(alt.trim());
  return run !== null && world.pipelines.some((p) => p.run_id === run[1]);
}

/** Every alternative of the checkpoints' indicators or decoys, with its field. */
function alternatives(s: GradingSubject, list: "indicators" | "decoys") {
  return checkpointsOf(s).flatMap((cp, i) =>
    cp.grading[list].flatMap((entry, j) =>
      entry.any_of.map((alt, k) => ({ cp, alt, field: `${at(i)}.${list}[${j}].any_of[${k}]` })),
    ),
  );
}

/** Every evidence requirement, with its field. */
const evidenceOf = (s: GradingSubject) =>
  checkpointsOf(s).flatMap((cp, i) =>
    cp.grading.evidence.map((ev, j) => ({ cp, ev, field: `${at(i)}.evidence[${j}].contains` })),
  );

/** Words that an unrelated sentence states; never enough on their own. */
const GENERIC = new Set([
  "staging",
  "revert",
  "egress",
  "anonymous",
  "unsecured",
  "crontab",
  "allowlist",
  "designer",
  "blocklist",
  "blacklist",
  "deny all",
  "perimeter firewall",
  "rotate",
  "revoke",
  "revocation",
  "deactivate",
  "reset",
]);
/** Verbs a remediation indicator may keep, beside an indicator that names what they act on. */
const VERBS = new Set(["rotate", "revoke", "revocation", "deactivate", "reset"]);
/** A plain integer, or a short decimal such as "14.2": numbers any unrelated sentence may state. */
const isBareNumber = (alt: string) => {
  const a = alt.trim();
  return /^\d+$/.test(a) || (/^\d+[.,]\d+$/.test(a) && a.replace(/\D/g, "").length <= 4);
};

/**
 * A clause that blames what it names (for the reference-answer check): issue 11's blame words,
 * with the grader's inflections (compromise, trojanised, the attacker's).
 */
const BLAME =
  /\b(malicious|compromised?|backdoor(?:ed)?|culprit|root cause|responsible|trojan(?:ised|ized)?|exfiltrat\w*|c2|command[- ]and[- ]control|the cause|caused|attacker['’]s)\b/i;

// ───────────────────────────── the rules ─────────────────────────────

const decoysAndFurtherTruths: GradingRule = {
  title: "gives checkpoints 1–3 decoys and every checkpoint further true identifiers",
  check: (s) =>
    checkpointsOf(s).flatMap((cp, i) => [
      ...(cp.number <= 3 && cp.grading.decoys.length === 0
        ? [{ field: `${at(i)}.decoys`, message: `checkpoint ${cp.number} needs at least one decoy` }]
        : []),
      ...(cp.grading.also_true.length === 0
        ? [{ field: `${at(i)}.also_true`, message: `checkpoint ${cp.number} lists no further true identifiers` }]
        : []),
    ]),
};

const decoysExistApart: GradingRule = {
  title: "uses decoys that really appear in the environment and never overlap the truth",
  check(s) {
    const truth = truthOf(s);
    return alternatives(s, "decoys").flatMap(({ alt, field }) => [
      ...(inWorld(s.world, alt) ? [] : [{ field, message: `decoy "${alt}" is not in the environment` }]),
      ...truth
        .filter((t) => matchesInside(alt, t) || matchesInside(t, alt))
        .map((t) => ({ field, message: `decoy "${alt}" overlaps the truth "${t}"` })),
    ]);
  },
};

const decoyOwnedOnce: GradingRule = {
  title: "gives each decoy to one checkpoint (the grader checks every checkpoint's decoys against every list)",
  check(s) {
    const owner = new Map<string, number>();
    return alternatives(s, "decoys").flatMap(({ cp, alt, field }) => {
      const prior = owner.get(alt.toLowerCase());
      owner.set(alt.toLowerCase(), cp.number);
      return prior === undefined || prior === cp.number
        ? []
        : [{ field, message: `decoy "${alt}" is a decoy of checkpoints ${prior} and ${cp.number}` }];
    });
  },
};

const furtherTruthsExist: GradingRule = {
  title: "lists further true identifiers that appear in the environment or the reference answer",
  check: (s) =>
    checkpointsOf(s).flatMap((cp, i) =>
      cp.grading.also_true.flatMap((t, j) =>
        inWorld(s.world, t) || matchesInside(t, s.sample.task.reference_answer)
          ? []
          : [
              {
                field: `${at(i)}.also_true[${j}]`,
                message: `"${t}" is neither in the environment nor in the reference answer`,
              },
            ],
      ),
    ),
};

const statableAlternatives: GradingRule = {
  title: "has no alternative that the claim grader splits apart (it could never be stated)",
  check: (s) =>
    [...alternatives(s, "indicators"), ...alternatives(s, "decoys")].flatMap(({ alt, field }) =>
      clausesOf(alt).length !== 1
        ? [{ field, message: `"${alt}" spans statements, so no answer can state it` }]
        : affirmedPhrase(alt, [alt]) !== alt
          ? [{ field, message: `"${alt}" does not state itself` }]
          : [],
    ),
};

const specificIndicators: GradingRule = {
  title: "has no indicator alternative that is a bare number or a generic word",
  check: (s) =>
    checkpointsOf(s).flatMap((cp, i) => {
      const problems = alternatives(s, "indicators")
        .filter((a) => a.cp === cp)
        .flatMap(({ alt, field }) => {
          const word = alt.trim().toLowerCase();
          if (isBareNumber(alt)) return [{ field, message: `"${alt}" is a bare number` }];
          return GENERIC.has(word) && !VERBS.has(word) ? [{ field, message: `"${alt}" is a generic word` }] : [];
        });
      const kinds = cp.grading.indicators.map((ind) => ind.any_of.map((a) => a.trim().toLowerCase()));
      const verbOnly = kinds.some((alts) => alts.every((a) => VERBS.has(a)));
      const specific = kinds.some((alts) => !alts.every((a) => VERBS.has(a)) && alts.every((a) => !GENERIC.has(a)));
      if (verbOnly && !specific)
        problems.push({
          field: `${at(i)}.indicators`,
          message: `checkpoint ${cp.number} has only a verb to name what is rotated`,
        });
      return problems;
    }),
};

const evidenceNotGivenAway: GradingRule = {
  title: "keeps every evidence string out of the prompt, the hints and the topology",
  check(s) {
    const t = s.sample.task;
    const told = [t.prompt, t.title, ...t.investigation_hints, ...s.told];
    const topology = JSON.stringify(s.world.topology, null, 2);
    return evidenceOf(s).flatMap(({ ev, field }) => [
      ...(told.some((text) => text.includes(ev.contains))
        ? [{ field, message: `"${ev.contains}" is given away in the title, prompt, hints or description` }]
        : []),
      ...(topology.includes(ev.contains) ? [{ field, message: `"${ev.contains}" is in the network topology` }] : []),
    ]);
  },
};

const inScope = (ev: EvidenceRequirement) => (p: Place) => !ev.tool || TOOL_PLACES[ev.tool].includes(p.kind);

const evidenceOnlyOnThePath: GradingRule = {
  title: "finds every evidence string only inside the artefacts the solution path reads",
  check(s) {
    const isVisited = visited(s);
    return evidenceOf(s).flatMap(({ ev, field }) => {
      const where = placesOf(s.world).filter((p) => inScope(ev)(p) && p.text.includes(ev.contains));
      if (where.length === 0)
        return [{ field, message: `"${ev.contains}" appears nowhere${ev.tool ? ` that ${ev.tool} shows` : ""}` }];
      const stray = where.filter((p) => !isVisited(p)).map((p) => `${p.kind} ${p.name}`);
      return stray.length
        ? [
            {
              field,
              message: `"${ev.contains}" also appears in ${stray.join(", ")}, which the solution path never reads`,
            },
          ]
        : [];
    });
  },
};

const evidenceOwnCase: GradingRule = {
  title: "uses evidence strings that belong to this case alone",
  check: (s, ctx) =>
    // A job log is this case's own pipeline: Jenkins prints the same lines for other cases' jobs.
    evidenceOf(s)
      .filter(({ ev }) => ev.tool !== "get_ci_pipeline_log")
      .flatMap(({ ev, field }) => {
        const others = ctx.others.filter((o) => o.text.includes(ev.contains)).map((o) => o.id);
        return others.length ? [{ field, message: `"${ev.contains}" is also in ${others.join(", ")}` }] : [];
      }),
};

const referenceAffirmsTruth: GradingRule = {
  title: "has a reference answer that affirms every indicator, dismisses none and blames no decoy",
  check(s) {
    const reference = s.sample.task.reference_answer;
    const field = "reference_answer";
    return checkpointsOf(s).flatMap((cp) => [
      ...cp.grading.indicators.flatMap((ind) => [
        ...(affirmedPhrase(reference, ind.any_of) === null
          ? [{ field, message: `does not state indicator "${ind.description}" of checkpoint ${cp.number}` }]
          : []),
        ...(dismissedPhrase(reference, ind.any_of) !== null
          ? [{ field, message: `dismisses indicator "${ind.description}" of checkpoint ${cp.number}` }]
          : []),
      ]),
      // The clause around the mention (within its commas and contrast words) is what blames it.
      ...cp.grading.decoys
        .filter((d) => mentionsOf(reference, d.any_of).some((m) => m.kind === "affirmed" && BLAME.test(m.local)))
        .map((d) => ({ field, message: `blames decoy "${d.description}" of checkpoint ${cp.number}` })),
    ]);
  },
};

const evidenceNotShared: GradingRule = {
  title: "takes no evidence from the base hosts every Scenario 2 narrative shares",
  check: (s, ctx) =>
    evidenceOf(s)
      .filter(({ ev }) => ctx.sharedHostsText?.includes(ev.contains))
      .map(({ ev, field }) => ({ field, message: `"${ev.contains}" is on the base hosts every narrative shares` })),
};

/** Every rule, in the order the content tests list them. */
export const GRADING_RULES: readonly GradingRule[] = [
  decoysAndFurtherTruths,
  decoysExistApart,
  decoyOwnedOnce,
  furtherTruthsExist,
  statableAlternatives,
  specificIndicators,
  evidenceNotGivenAway,
  evidenceOnlyOnThePath,
  evidenceOwnCase,
  referenceAffirmsTruth,
  evidenceNotShared,
];

/** Every rule on one sample: its problems, each naming a field of the task. */
export function checkGradingData(subject: GradingSubject, context: GradingContext): GradingProblem[] {
  return GRADING_RULES.flatMap((rule) => rule.check(subject, context));
}

import { describe, expect, it } from "vitest";
import { TEST_CASES, type CaseSample, type TestCase } from "./cases";
import { scenario2 } from "./content/scenario2";
import { affirmedPhrase, clausesOf, dismissedPhrase, mentionsOf, phrasePattern } from "./grading/claims";
import type { Checkpoint, EvidenceRequirement } from "./schema/checkpoint";
import type { ToolName } from "./schema/tools";
import type { HostSpec } from "./schema/world";
import { findHost, hostText } from "./validation/static-view";
import type { CaseWorld } from "./world/case-world";

/*
 * The grading data of every sample, checked the way the claim grader reads it (issue 11):
 * indicators specific on word boundaries, decoys that really exist and never overlap the truth,
 * evidence strings that only the evidence itself can show, and reference answers that affirm
 * every indicator, dismiss none and blame no decoy.
 */

interface Sample {
  case: TestCase;
  sample: CaseSample;
  world: CaseWorld;
  label: string;
}

const worlds = new Map(TEST_CASES.map((c) => [c.id, c.world()]));
const SAMPLES: Sample[] = TEST_CASES.flatMap((c) =>
  c.samples.map((s) => ({ case: c, sample: s, world: worlds.get(c.id)!, label: `${c.id}/${s.id}` })),
);
const checkpointsOf = (s: Sample): Checkpoint[] => s.sample.task.checkpoints;

/** One place in a world that a tool can show, with its text. */
interface Place {
  kind: "host" | "repository" | "pipeline" | "package" | "topology";
  /** Host role, repository, pipeline or package name. */
  name: string;
  text: string;
}

function placesOf(world: CaseWorld): Place[] {
  return [
    ...world.hosts.map((h): Place => ({ kind: "host", name: h.role, text: hostText(h) })),
    ...world.repositories.map((r): Place => ({
      kind: "repository",
      name: r.name,
      text: r.commits
        .map((c) =>
          [
            c.hash,
            c.author.name,
            c.author.email,
            c.message,
            ...c.changes.flatMap((x) => [x.path, x.content ?? ""]),
          ].join("\n"),
        )
        .join("\n"),
    })),
    ...world.pipelines.map((p): Place => ({
      kind: "pipeline",
      name: p.pipeline,
      text: [p.run_id, p.trigger, p.branch, p.log].join("\n"),
    })),
    ...world.packages.map((p): Place => ({ kind: "package", name: p.name, text: JSON.stringify(p, null, 2) })),
    ...world.groups.map((g): Place => ({ kind: "package", name: g.name, text: JSON.stringify(g, null, 2) })),
    { kind: "topology", name: "topology", text: JSON.stringify(world.topology, null, 2) },
  ];
}
const places = new Map([...worlds].map(([id, w]) => [id, placesOf(w)]));
const worldText = new Map([...places].map(([id, ps]) => [id, ps.map((p) => p.text).join("\n")]));

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
function visited(s: Sample): (p: Place) => boolean {
  const hosts = new Set<string>();
  const repos = new Set<string>();
  const pipelines = new Set<string>();
  const queries: string[] = [];
  if (s.sample.device) hosts.add(s.sample.device);
  for (const step of s.sample.task.solution_path) {
    const call = step.call;
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

/** The truth of a sample: every indicator alternative and every also_true entry, of all checkpoints. */
const truthOf = (s: Sample) =>
  checkpointsOf(s).flatMap((cp) => [...cp.grading.indicators.flatMap((i) => i.any_of), ...cp.grading.also_true]);

const matchesInside = (phrase: string, text: string) => phrasePattern(phrase).test(text);

/**
 * Whether an identifier really occurs in a case's world: on word boundaries, as an abbreviated
 * commit hash (the tools print both forms), or as a run of one of its pipelines ("#412", "run 412").
 */
function inWorld(caseId: string, alt: string): boolean {
  const text = worldText.get(caseId)!;
  if (matchesInside(alt, text)) return true;
  if (/^[0-9a-f]{7,39}$/.test(alt) && new RegExp(`\\b${alt}[0-9a-f]*\\b`).test(text)) return true;
  const run = /^(?:#|run |runs |build |builds |job |apply |deployment )(\S+)$/i.exec(alt.trim());
  return run !== null && worlds.get(caseId)!.pipelines.some((p) => p.run_id === run[1]);
}

/** Words that an unrelated sentence states; never enough on their own. */
const GENERIC = new Set(
  [
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
  ].map((w) => w.toLowerCase()),
);
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

describe.each(SAMPLES.map((s) => [s.label, s] as const))("grading data of %s", (_label, s) => {
  const cps = checkpointsOf(s);
  const truth = truthOf(s);
  const reference = s.sample.task.reference_answer;

  it("gives checkpoints 1–3 decoys and every checkpoint further true identifiers", () => {
    for (const cp of cps) {
      if (cp.number <= 3) expect(cp.grading.decoys.length, `checkpoint ${cp.number}`).toBeGreaterThan(0);
      expect(cp.grading.also_true.length, `checkpoint ${cp.number}`).toBeGreaterThan(0);
    }
  });

  it("uses decoys that really appear in the environment and never overlap the truth", () => {
    for (const cp of cps) {
      for (const d of cp.grading.decoys) {
        for (const alt of d.any_of) {
          expect(inWorld(s.case.id, alt), `checkpoint ${cp.number} decoy "${alt}" is not in the environment`).toBe(
            true,
          );
          for (const t of truth) {
            expect(
              matchesInside(alt, t) || matchesInside(t, alt),
              `checkpoint ${cp.number} decoy "${alt}" overlaps the truth "${t}"`,
            ).toBe(false);
          }
        }
      }
    }
  });

  it("gives each decoy to one checkpoint (the grader checks every checkpoint's decoys against every list)", () => {
    const owner = new Map<string, number>();
    for (const cp of cps) {
      for (const alt of cp.grading.decoys.flatMap((d) => d.any_of)) {
        const prior = owner.get(alt.toLowerCase());
        expect(
          prior === undefined || prior === cp.number,
          `decoy "${alt}" in checkpoints ${prior} and ${cp.number}`,
        ).toBe(true);
        owner.set(alt.toLowerCase(), cp.number);
      }
    }
  });

  it("lists further true identifiers that appear in the environment or the reference answer", () => {
    for (const cp of cps) {
      for (const t of cp.grading.also_true) {
        expect(inWorld(s.case.id, t) || matchesInside(t, reference), `checkpoint ${cp.number} also_true "${t}"`).toBe(
          true,
        );
      }
    }
  });

  it("has no alternative that the claim grader splits apart (it could never be stated)", () => {
    for (const cp of cps) {
      const alts = [...cp.grading.indicators.flatMap((i) => i.any_of), ...cp.grading.decoys.flatMap((d) => d.any_of)];
      for (const alt of alts) {
        expect(clausesOf(alt).length, `checkpoint ${cp.number}: "${alt}" spans statements`).toBe(1);
        expect(affirmedPhrase(alt, [alt]), `checkpoint ${cp.number}: "${alt}" does not state itself`).toBe(alt);
      }
    }
  });

  it("has no indicator alternative that is a bare number or a generic word", () => {
    for (const cp of cps) {
      let verbOnly = false;
      let specific = false;
      for (const ind of cp.grading.indicators) {
        for (const alt of ind.any_of) {
          expect(isBareNumber(alt), `checkpoint ${cp.number}: "${alt}" is a bare number`).toBe(false);
          const word = alt.trim().toLowerCase();
          if (GENERIC.has(word) && !VERBS.has(word))
            expect.fail(`checkpoint ${cp.number}: "${alt}" (${ind.description}) is a generic word`);
        }
        const alts = ind.any_of.map((a) => a.trim().toLowerCase());
        if (alts.every((a) => VERBS.has(a))) verbOnly = true;
        else if (alts.every((a) => !GENERIC.has(a))) specific = true;
      }
      if (verbOnly) expect(specific, `checkpoint ${cp.number} has only a verb to name what is rotated`).toBe(true);
    }
  });

  it("keeps every evidence string out of the prompt, the hints and the topology", () => {
    const t = s.sample.task;
    const told = [t.prompt, t.title, ...t.investigation_hints, s.case.description, s.case.general];
    const topology = JSON.stringify(s.world.topology, null, 2);
    for (const cp of cps) {
      for (const ev of cp.grading.evidence) {
        for (const text of told) expect(text.includes(ev.contains), `"${ev.contains}" is given away`).toBe(false);
        expect(topology.includes(ev.contains), `"${ev.contains}" is in the topology`).toBe(false);
      }
    }
  });

  it("finds every evidence string only inside the artefacts the solution path reads", () => {
    const isVisited = visited(s);
    const inScope = (ev: EvidenceRequirement) => (p: Place) => !ev.tool || TOOL_PLACES[ev.tool].includes(p.kind);
    for (const cp of cps) {
      for (const ev of cp.grading.evidence) {
        const where = places.get(s.case.id)!.filter((p) => inScope(ev)(p) && p.text.includes(ev.contains));
        expect(where.length, `"${ev.contains}" appears nowhere`).toBeGreaterThan(0);
        const stray = where.filter((p) => !isVisited(p)).map((p) => `${p.kind} ${p.name}`);
        expect(stray, `checkpoint ${cp.number} evidence "${ev.contains}" also appears in`).toEqual([]);
      }
    }
  });

  it("uses evidence strings that belong to this case alone", () => {
    for (const cp of cps) {
      // A job log is this case's own pipeline: Jenkins prints the same lines for other cases' jobs.
      for (const ev of cp.grading.evidence.filter((e) => e.tool !== "get_ci_pipeline_log")) {
        const others = TEST_CASES.filter(
          (c) => c.id !== s.case.id && worlds.get(c.id) !== s.world && worldText.get(c.id)!.includes(ev.contains),
        ).map((c) => c.id);
        expect(others, `checkpoint ${cp.number} evidence "${ev.contains}" is also in`).toEqual([]);
      }
    }
  });

  it("has a reference answer that affirms every indicator, dismisses none and blames no decoy", () => {
    for (const cp of cps) {
      for (const ind of cp.grading.indicators) {
        expect(affirmedPhrase(reference, ind.any_of), `checkpoint ${cp.number}: ${ind.description}`).not.toBeNull();
        expect(dismissedPhrase(reference, ind.any_of), `checkpoint ${cp.number}: ${ind.description}`).toBeNull();
      }
      for (const d of cp.grading.decoys) {
        // The clause around the mention (within its commas and contrast words) is what blames it.
        const blamed = mentionsOf(reference, d.any_of).filter((m) => m.kind === "affirmed" && BLAME.test(m.local));
        expect(blamed, `checkpoint ${cp.number}: decoy ${d.description}`).toEqual([]);
      }
    }
  });
});

describe("Scenario 2 evidence", () => {
  it("never comes from the base hosts every narrative shares", () => {
    const base = scenario2.hosts.map((h: HostSpec) => hostText(h)).join("\n");
    const shared = SAMPLES.filter((s) => s.case.scenario === "S2").flatMap((s) =>
      checkpointsOf(s).flatMap((cp) =>
        cp.grading.evidence.filter((ev) => base.includes(ev.contains)).map((ev) => `${s.label}: "${ev.contains}"`),
      ),
    );
    expect(shared).toEqual([]);
  });
});

import type { GroupKey, LeaderboardQuery, LeaderboardResponse } from "@analystbench/contracts";
import { createHash } from "node:crypto";
import type { LeaderboardRecord } from "./records";

/**
 * The records a leaderboard or a comparison reads, filtered, counted once, and split into groups
 * that may be averaged together. Both views group through here, so a comparison's groups are the
 * leaderboard's.
 *
 * What a group holds: one grader version, one variant, and for each case exactly one content
 * version. A run's content version is a digest of its own case's tasks, so grouping by the raw
 * string would give every case a group of its own and no ranking across cases at all. Instead
 * each case's content versions are ordered newest first (by their newest record), and a case's
 * newest content joins the group of every other case's newest ("generation" 0); records of a
 * case's earlier content form generation 1 and so on, and the label says which cases they are.
 */

export interface PreparedGroup {
  key: GroupKey;
  label: string;
  /** Newest finish time in the group (ms), for ordering groups newest first. */
  latestMs: number;
  records: LeaderboardRecord[];
}

export interface PreparedRecords {
  groups: PreparedGroup[];
  options: LeaderboardResponse["options"];
}

/** Filters of a query other than the model list: those decide the groups, the model list only who is shown. */
type Filters = Pick<LeaderboardQuery, "scenario" | "case" | "variant" | "since">;

/**
 * Deduplicated, filtered and grouped records. `models`, when given, keeps only those models'
 * records, after grouping: choosing models never changes which group a record belongs to.
 */
export function prepareRecords(
  records: Iterable<LeaderboardRecord>,
  filters: Filters,
  models?: readonly string[],
): PreparedRecords {
  const unique = dedupe(records);
  const options = optionsOf(unique);
  const kept = unique.filter(matcher(filters));
  const wanted = models?.length ? new Set(models) : null;
  const groups = assignGroups(kept)
    .map((g) => (wanted ? { ...g, records: g.records.filter((r) => wanted.has(r.model)) } : g))
    .filter((g) => g.records.length > 0);
  return { groups, options };
}

/**
 * A record counts once however many files hold it (a copied file, a results folder read twice).
 * Its identity is the run, model, case, sample and epoch under one grading: a re-grade of the
 * same run under another grader version is a different record, and lands in another group. (A
 * run has one model; the model is in the identity so a hand-edited copy under another name is
 * not taken for the original and dropped.)
 *
 * Looked up by run → sample → epoch, the rest compared on a hit: a joined string key per record
 * was the largest cost of a 100,000-record aggregation.
 */
function dedupe(records: Iterable<LeaderboardRecord>): LeaderboardRecord[] {
  const runs = new Map<string, Map<string, Map<number, LeaderboardRecord | LeaderboardRecord[]>>>();
  const out: LeaderboardRecord[] = [];
  for (const r of records) {
    let samples = runs.get(r.runId);
    if (!samples) runs.set(r.runId, (samples = new Map()));
    let epochs = samples.get(r.sample);
    if (!epochs) samples.set(r.sample, (epochs = new Map()));
    const seen = epochs.get(r.epoch);
    if (seen === undefined) epochs.set(r.epoch, r);
    else if (Array.isArray(seen)) {
      if (seen.some((s) => sameRecord(s, r))) continue;
      seen.push(r);
    } else {
      if (sameRecord(seen, r)) continue;
      epochs.set(r.epoch, [seen, r]);
    }
    out.push(r);
  }
  return out;
}

/** Same identity, given the same run, sample and epoch. */
function sameRecord(a: LeaderboardRecord, b: LeaderboardRecord): boolean {
  return (
    a.model === b.model &&
    a.case === b.case &&
    a.graderVersion === b.graderVersion &&
    a.contentVersion === b.contentVersion &&
    a.variant === b.variant
  );
}

function optionsOf(records: LeaderboardRecord[]): LeaderboardResponse["options"] {
  const models = new Set<string>();
  const cases = new Map<string, string>();
  const variants = new Set<string>();
  for (const r of records) {
    models.add(r.model);
    if (!cases.has(r.case)) cases.set(r.case, r.scenario);
    variants.add(r.variant);
  }
  return {
    models: [...models].sort(),
    cases: [...cases].sort(([a], [b]) => compareText(a, b)).map(([id, scenario]) => ({ id, scenario })),
    variants: [...variants].sort(),
  };
}

function matcher(f: Filters): (r: LeaderboardRecord) => boolean {
  const cases = f.case?.length ? new Set(f.case) : null;
  const sinceMs = f.since === undefined ? null : Date.parse(f.since);
  return (r) =>
    (f.scenario === undefined || r.scenario === f.scenario) &&
    (cases === null || cases.has(r.case)) &&
    (f.variant === undefined || r.variant === f.variant) &&
    // A record without a finish time cannot be shown to be recent enough.
    (sinceMs === null || r.finishedMs >= sinceMs);
}

interface Draft {
  graderVersion: string;
  variant: string;
  generation: number;
  contents: Map<string, string>;
  latestMs: number;
  records: LeaderboardRecord[];
}

/** grader version → variant → case → content version → T: nested, so no key is built per record. */
type VersionTree<T> = Map<string, Map<string, Map<string, Map<string, T>>>>;

function versionsOf<T>(tree: VersionTree<T>, graderVersion: string, variant: string, caseId: string): Map<string, T> {
  let variants = tree.get(graderVersion);
  if (!variants) tree.set(graderVersion, (variants = new Map()));
  let cases = variants.get(variant);
  if (!cases) variants.set(variant, (cases = new Map()));
  let versions = cases.get(caseId);
  if (!versions) cases.set(caseId, (versions = new Map()));
  return versions;
}

function assignGroups(records: LeaderboardRecord[]): PreparedGroup[] {
  const draftOf = draftsByVersion(records);
  for (const r of records) {
    const d = versionsOf(draftOf, r.graderVersion, r.variant, r.case).get(r.contentVersion)!;
    if (r.finishedMs > d.latestMs) d.latestMs = r.finishedMs;
    d.records.push(r);
  }
  const drafts = new Set<Draft>();
  for (const variants of draftOf.values())
    for (const cases of variants.values())
      for (const versions of cases.values()) for (const d of versions.values()) drafts.add(d);
  return [...drafts].map(finishGroup).sort((a, b) => b.latestMs - a.latestMs || compareText(a.label, b.label));
}

/**
 * Each (grader version, variant, case)'s content versions ranked newest first by their newest
 * record (undated records oldest), and the draft group each one joins: generation i of a case
 * joins generation i of every other case under the same grader version and variant.
 */
function draftsByVersion(records: LeaderboardRecord[]): VersionTree<Draft> {
  const newest: VersionTree<number> = new Map();
  for (const r of records) {
    const versions = versionsOf(newest, r.graderVersion, r.variant, r.case);
    const at = Number.isNaN(r.finishedMs) ? -Infinity : r.finishedMs;
    const known = versions.get(r.contentVersion);
    if (known === undefined || at > known) versions.set(r.contentVersion, at);
  }
  const out: VersionTree<Draft> = new Map();
  for (const [graderVersion, variants] of newest)
    for (const [variant, cases] of variants) {
      const generations: Draft[] = [];
      for (const [caseId, versions] of cases) {
        const ordered = [...versions].sort(([va, a], [vb, b]) => b - a || compareText(va, vb));
        ordered.forEach(([version], generation) => {
          const d = (generations[generation] ??= {
            graderVersion,
            variant,
            generation,
            contents: new Map(),
            latestMs: -Infinity,
            records: [],
          });
          d.contents.set(caseId, version);
          versionsOf(out, graderVersion, variant, caseId).set(version, d);
        });
      }
    }
  return out;
}

function finishGroup(d: Draft): PreparedGroup {
  const versions = new Set(d.contents.values());
  // One version shared by every case (one case, or records from before content versions) names
  // itself; several are named by a digest of which case had which.
  const contentVersion =
    versions.size === 1
      ? [...versions][0]!
      : createHash("sha256")
          .update(
            [...d.contents]
              .map(([c, v]) => `${c}=${v}`)
              .sort()
              .join("\n"),
          )
          .digest("hex")
          .slice(0, 12);
  const earlier = d.generation > 0 ? ` (earlier tasks of ${[...d.contents.keys()].sort().join(", ")})` : "";
  return {
    key: { graderVersion: d.graderVersion, contentVersion, variant: d.variant },
    label: `grader ${d.graderVersion} · content ${contentVersion}${earlier} · ${/^\d+$/.test(d.variant) ? `variant ${d.variant}` : d.variant}`,
    latestMs: d.latestMs,
    records: d.records,
  };
}

export function sameKey(a: GroupKey, b: GroupKey): boolean {
  return a.graderVersion === b.graderVersion && a.contentVersion === b.contentVersion && a.variant === b.variant;
}

/** Code-point order, the same in every locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

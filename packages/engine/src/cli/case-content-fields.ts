import type { Narrative2, Task1, Task2 } from "@analystbench/scenarios";
import type { FieldProblem } from "./case-problems";

/**
 * The content checks of @analystbench/scenarios (check-content.ts) say what is wrong in sentences
 * written for the built-in content ("task dmz-mail: solution step 2 (…) cannot see …"). These
 * functions find the manifest field each sentence is about, so `case check` can name it.
 */

const index = <T>(list: readonly T[], found: (x: T) => boolean) => list.findIndex(found);

/** A sentence of checkTask, with the "where" prefix removed, as a field of the task at `base`. */
export function taskSentenceField(rest: string, base: string, task: Task1 | Task2): FieldProblem {
  const message = rest.replace(/^:?\s*/, "");
  const expected = /^: solution step (\d+) \([^)]+\) cannot see expected "(.*)"$/s.exec(rest);
  if (expected) {
    const n = Number(expected[1]) - 1;
    const k = task.solution_path[n]?.expect.indexOf(expected[2]!) ?? -1;
    return { field: `${base}.solution_path[${n}]${k >= 0 ? `.expect[${k}]` : ""}`, message };
  }
  const step = /^: solution step (\d+) /.exec(rest);
  if (step) return { field: `${base}.solution_path[${Number(step[1]) - 1}].call`, message };
  const cp = /^ checkpoint (\d): (.*)$/s.exec(rest);
  if (cp) {
    const field = checkpointField(base, task, Number(cp[1]) - 1, cp[2]!);
    // A field inside the checkpoint names it already.
    return { field, message: field.includes(".checkpoints[") ? cp[2]! : message };
  }
  if (rest.startsWith(" fix: ")) return { field: `${base}.fix.code`, message };
  return { field: base, message };
}

function checkpointField(base: string, task: Task1 | Task2, i: number, message: string): string {
  const at = `${base}.checkpoints[${i}].grading`;
  const evidence = /^evidence "(.*)" is not reachable/s.exec(message);
  if (evidence) {
    const j = index(task.checkpoints[i]?.grading.evidence ?? [], (e) => e.contains === evidence[1]);
    return j >= 0 ? `${at}.evidence[${j}].contains` : `${at}.evidence`;
  }
  if (message.startsWith("the reference answer")) return `${base}.reference_answer`;
  if (message.startsWith("harmful advice pattern")) return `${at}.harmful_advice`;
  if (message.startsWith("harmful action pattern")) return `${at}.harmful_actions`;
  return `${base}.checkpoints[${i}]`;
}

/** A log-time sentence ("<where> <path>: "<line>" prints …") as the field of that log line. */
export function logLineField(
  rest: string,
  base: string,
  logs: readonly { path: string; lines: readonly { text: string }[] }[],
): FieldProblem | undefined {
  const m = /^ ?(\/\S*): "(.*)" (prints .*)$/s.exec(rest);
  if (!m) return undefined;
  const j = index(logs, (l) => l.path === m[1]);
  const k = j < 0 ? -1 : index(logs[j]!.lines, (l) => l.text.slice(0, 80) === m[2]);
  const field = j < 0 ? base : k < 0 ? `${base}.logs[${j}]` : `${base}.logs[${j}].lines[${k}].text`;
  return { field, message: `"${m[2]}" ${m[3]}` };
}

const BLUEPRINT = "narrative.implementation_blueprint";

/** The sentences of checkNarrative about the narrative itself, each with the field it is about. */
const NARRATIVE_SENTENCES: [RegExp, (n: Narrative2, match: string[]) => string][] = [
  [
    /^: placement of unknown asset "(.*)"$/,
    (n, [, id]) =>
      `${BLUEPRINT}.evidence_placement[${index(n.implementation_blueprint.evidence_placement, (p) => p.source_asset_id === id)}].source_asset_id`,
  ],
  [
    /^: evidence file (\S+) is never placed$/,
    (n, [, id]) =>
      `narrative.conceptual_evidence_files[${index(n.conceptual_evidence_files, (f) => f.asset_id === id)}]`,
  ],
  [
    /^: overlay for unknown role "(.*)"$/,
    (n, [, role]) => `narrative.world.hosts[${index(n.world.hosts, (h) => h.role === role)}].role`,
  ],
  [/^: (\/\S*) line at (\S+) is after the clock$/, (n, [, path, time]) => lateLineField(n, path!, time!)],
  [/^: commit ([0-9a-f]+) is after the clock$/, (n, [, short]) => lateCommitField(n, short!)],
  [
    /^: run (\S+) starts after the clock$/,
    (n, [, run]) => `narrative.world.pipelines[${index(n.world.pipelines, (p) => p.run_id === run)}].started`,
  ],
  [/which is not a required tool$/, () => `${BLUEPRINT}.required_tools`],
];

/** A log-time sentence of checkNarrative ("<where> <role> <path>: …") as the field of that log line. */
function overlayLogLineField(rest: string, n: Narrative2): FieldProblem | undefined {
  for (const [i, host] of n.world.hosts.entries()) {
    if (!rest.startsWith(` ${host.role} /`)) continue;
    const line = logLineField(rest.slice(host.role.length + 1), `narrative.world.hosts[${i}]`, host.logs);
    if (line) return line;
  }
  return undefined;
}

/** A sentence of checkNarrative (Scenario 2) as a field of the manifest. */
export function narrativeSentenceField(sentence: string, n: Narrative2, task: Task2): FieldProblem {
  const where = `${n.id} (${n.title})`;
  if (!sentence.startsWith(where)) return { field: "narrative", message: sentence };
  const rest = sentence.slice(where.length);
  const message = rest.replace(/^:?\s*/, "");
  for (const [pattern, field] of NARRATIVE_SENTENCES) {
    const match = pattern.exec(rest);
    if (match) return { field: field(n, [...match]), message };
  }
  return overlayLogLineField(rest, n) ?? taskSentenceField(rest, "task", task);
}

function lateLineField(n: Narrative2, path: string, time: string): string {
  for (const [i, host] of n.world.hosts.entries()) {
    const j = index(host.logs, (l) => l.path === path);
    const k = j < 0 ? -1 : index(host.logs[j]!.lines, (l) => l.time === time);
    if (k >= 0) return `narrative.world.hosts[${i}].logs[${j}].lines[${k}].time`;
  }
  return "narrative.world.clock";
}

function lateCommitField(n: Narrative2, short: string): string {
  for (const [r, repo] of n.world.repositories.entries()) {
    const c = index(repo.commits, (x) => x.hash.startsWith(short));
    if (c >= 0) return `narrative.world.repositories[${r}].commits[${c}].date`;
  }
  return "narrative.world.clock";
}

/** Every field of a value whose text contains `needle`. */
export function fieldsContaining(value: unknown, needle: string, at = ""): string[] {
  if (typeof value === "string") return value.includes(needle) ? [at] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => fieldsContaining(v, needle, `${at}[${i}]`));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => fieldsContaining(v, needle, at ? `${at}.${k}` : k));
  return [];
}

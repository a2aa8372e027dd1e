import { readFileSync } from "node:fs";
import path from "node:path";
import { CORE_SCHEMA, load } from "js-yaml";
import { renderIdentifiers, type Identifiers } from "./identifiers";
import { findPackageDirs } from "./package-dirs";

/**
 * The list of built-in cases (`analystbench cases`) without building the registry. cases.ts reads
 * every package whole when it is imported: all of each case.yaml's YAML, the files it references
 * and a zod validation, about half a second for 13 packages, most of it parsing the devices,
 * narratives and tasks. The list needs a few fields of each case.yaml, so those are cut out of the
 * text by their indentation (a handful of lines per case) and only they go through js-yaml.
 *
 * Whatever this light reading cannot answer the way the registry would gives undefined, and the
 * caller asks the registry: a user's packages (their checks decide whether they are listed at
 * all), a field written inline, as a file reference or through an alias, a duplicate key or id,
 * an identifier the table lacks. The lines left out are not checked: the content tests hold the
 * built-in packages valid, and catalog-light.test.ts holds the two readings to the same list.
 */

/** A case as `analystbench cases` lists it: the registry's TestCase fields of the same names. */
export interface CaseHeader {
  id: string;
  scenario: "S1" | "S2";
  name: string;
  category: string;
  description: string;
  samples: { id: string; title: string }[];
}

/** The repository's content/ folder, as catalog.ts finds it (not imported: it loads the schemas). */
const CONTENT_DIR = path.resolve(import.meta.dirname, "..", "..", "..", "..", "content");

/** Thrown where the light reading stops; the caller falls back to the registry. */
class NotLight extends Error {}

const KEY = /^([A-Za-z_][\w-]*):(?=\s|$)/;
const indentOf = (line: string) => /^ */.exec(line)![0].length;
const isBlankOrComment = (line: string) => /^\s*(#.*)?$/.test(line);

/** The entries of a block mapping written at column 0, by key: each key's line and the lines under it. */
function entries(lines: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of lines) {
    const key = KEY.exec(line)?.[1];
    if (key === undefined) {
      // Before the first key only comments and a document start may stand; anything else is not a plain mapping.
      if (!current && !isBlankOrComment(line) && line !== "---") throw new NotLight();
      current?.push(line);
      continue;
    }
    if (out.has(key)) throw new NotLight();
    current = [line];
    out.set(key, current);
  }
  return out;
}

/** Lines moved left by the indentation of the first one that holds something (comments may stand further left). */
function dedent(lines: string[]): string[] {
  const first = lines.find((l) => !isBlankOrComment(l));
  const by = first === undefined ? 0 : indentOf(first);
  return lines.map((l) => l.slice(Math.min(by, indentOf(l))));
}

/** The value of a `key:` entry written on the lines below it, at column 0; an inline value stops the light reading. */
function body(entry: string[] | undefined): string[] {
  if (!entry || !/^[^:]+:\s*(#.*)?$/.test(entry[0]!)) throw new NotLight();
  return dedent(entry.slice(1));
}

/** The items of a block sequence at column 0, each as the lines of a mapping at column 0. */
function items(lines: string[]): string[][] {
  const out: string[][] = [];
  for (const line of lines) {
    if (line === "-" || line.startsWith("- ")) out.push([` ${line.slice(1)}`]);
    else if (out.length && (indentOf(line) > 0 || isBlankOrComment(line))) out.at(-1)!.push(line);
    else if (!isBlankOrComment(line)) throw new NotLight();
  }
  return out.map(dedent);
}

/** `keys` of a mapping, read by js-yaml from their own lines alone (as read-package.ts reads, core schema). */
function pick(mapping: Map<string, string[]>, keys: string[]): Record<string, unknown> {
  const text = keys.flatMap((k) => mapping.get(k) ?? []).join("\n");
  try {
    const value = load(text, { schema: CORE_SCHEMA }) ?? {};
    if (typeof value !== "object" || Array.isArray(value)) throw new NotLight();
    return value as Record<string, unknown>;
  } catch {
    // An alias whose anchor lies in the lines left out, or YAML the registry would reject too.
    throw new NotLight();
  }
}

/** A text field with its {{identifiers}} rendered, as read-package.ts renders every string. */
function text(value: unknown, ids: Identifiers): string {
  if (typeof value !== "string") throw new NotLight();
  return renderIdentifiers(value, ids, () => {
    throw new NotLight();
  });
}

function identifierTable(v: unknown): Identifiers {
  if (v === undefined) return {};
  if (!v || typeof v !== "object" || Array.isArray(v)) throw new NotLight();
  return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === "string"));
}

function readLines(file: string): string[] {
  return readFileSync(file, "utf8").split(/\r?\n/);
}

interface Listed extends CaseHeader {
  /** What catalog.ts sorts by: the zone (Scenario 1) or the narrative (Scenario 2). */
  rank: string;
}

function readHeader(dir: string, zones: string[]): Listed {
  const top = entries(readLines(path.join(dir, "case.yaml")));
  const head = pick(top, ["id", "scenario", "name", "description", "category", "zone", "identifiers"]);
  const ids = identifierTable(head.identifiers);
  const header = {
    id: text(head.id, ids),
    name: text(head.name, ids),
    category: text(head.category, ids),
    description: text(head.description, ids),
  };
  if (head.scenario === "S1") {
    const samples = items(body(top.get("tasks"))).map((item) => {
      const task = pick(entries(item), ["id", "title"]);
      return { id: text(task.id, ids), title: text(task.title, ids) };
    });
    return { ...header, scenario: "S1", samples, rank: `1 ${zones.indexOf(text(head.zone, ids))}` };
  }
  if (head.scenario !== "S2") throw new NotLight();
  const narrative = text(pick(entries(body(top.get("narrative"))), ["id"]).id, ids);
  const title = text(pick(entries(body(top.get("task"))), ["title"]).title, ids);
  return { ...header, scenario: "S2", samples: [{ id: narrative, title }], rank: `2 ${narrative}` };
}

/** The Scenario 1 zone ids in the order of content/scenarios/s1/scenario.yaml. */
function readZones(root: string): string[] {
  const top = entries(readLines(path.join(root, "scenarios", "s1", "scenario.yaml")));
  const ids = identifierTable(pick(top, ["identifiers"]).identifiers);
  return items(body(top.get("zones"))).map((zone) => text(pick(entries(zone), ["id"]).id, ids));
}

/**
 * The built-in cases in the registry's order (TEST_CASES), or undefined when the registry must
 * answer: ANALYSTBENCH_CASES_DIR names packages of the user's, or something is beyond a light reading.
 */
export function lightCaseList(env: NodeJS.ProcessEnv = process.env, root = CONTENT_DIR): CaseHeader[] | undefined {
  if ((env.ANALYSTBENCH_CASES_DIR ?? "").split(path.delimiter).some((d) => d.trim())) return undefined;
  try {
    const zones = readZones(root);
    const listed = findPackageDirs(path.join(root, "cases")).map((dir) => readHeader(dir, zones));
    if (new Set(listed.map((c) => c.id)).size !== listed.length) return undefined;
    return listed
      .sort((a, b) => a.rank.localeCompare(b.rank) || a.id.localeCompare(b.id))
      .map(({ rank: _rank, ...header }) => header);
  } catch {
    // NotLight, or a file that cannot be read: the registry reads it again and reports what is wrong.
    return undefined;
  }
}

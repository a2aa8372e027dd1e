import { CaseIdSchema, findCase } from "@analystbench/scenarios";
import { existsSync } from "node:fs";
import { cp, mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { UsageError } from "./env-commands";

/**
 * `case new <id> --scenario S1|S2 [--dir DIR]`: a small, complete case package to start from,
 * copied from the skeletons beside this file (case-skeleton/s1, case-skeleton/s2: data, not code)
 * with the id filled in. It passes `case check` except for its TODO markers.
 */

/** Where the skeleton packages live; every occurrence of the placeholder becomes the case id. */
export const SKELETON_DIR = path.join(import.meta.dirname, "case-skeleton");
const ID_PLACEHOLDER = "__CASE_ID__";

export type SkeletonScenario = "S1" | "S2";

export function parseScenario(value: string | undefined): SkeletonScenario {
  const s = value?.toUpperCase();
  if (s === "S1" || s === "S2") return s;
  throw new UsageError(
    value === undefined
      ? "case new needs --scenario S1 (a device in the enterprise network) or --scenario S2 (a supply-chain narrative)."
      : `--scenario must be S1 or S2, not "${value}".`,
  );
}

export function validateNewId(id: string | undefined): string {
  if (!id)
    throw new UsageError(
      "case new needs the id of the new case, e.g. `analystbench case new s1-my-case --scenario S1`.",
    );
  if (!CaseIdSchema.safeParse(id).success)
    throw new UsageError(
      `"${id}" cannot be a case id: use 2 to 63 lower-case letters, digits and hyphens, starting with a letter or digit (e.g. s2-my-case).`,
    );
  const taken = findCase(id);
  if (taken)
    throw new UsageError(`"${id}" is already the id of a case (${taken.source.name}, ${taken.dir}); choose another.`);
  return id;
}

/** Every file below `dir`, relative to it. */
async function filesBelow(dir: string, prefix = ""): Promise<string[]> {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory() ? filesBelow(dir, path.join(prefix, e.name)) : Promise.resolve([path.join(prefix, e.name)]),
    ),
  );
  return nested.flat().sort();
}

/**
 * Copies the skeleton into a staging folder beside the target and renames it into place, so a
 * failure leaves no half-written package behind. Returns the files written, relative to the package.
 */
export async function writeSkeleton(id: string, scenario: SkeletonScenario, target: string): Promise<string[]> {
  const staging = path.join(path.dirname(target), `.${path.basename(target)}.tmp-${process.pid}`);
  await mkdir(path.dirname(target), { recursive: true });
  await rm(staging, { recursive: true, force: true });
  try {
    await cp(path.join(SKELETON_DIR, scenario.toLowerCase()), staging, { recursive: true });
    const files = await filesBelow(staging);
    for (const f of files) {
      const full = path.join(staging, f);
      const text = await readFile(full, "utf8");
      if (text.includes(ID_PLACEHOLDER)) await writeFile(full, text.replaceAll(ID_PLACEHOLDER, id));
    }
    await rename(staging, target);
    return files;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

export interface CaseNewOptions {
  id?: string;
  scenario?: string;
  dir?: string;
}

/** `case new`: writes DIR/<id>/ and says what to do next. */
export async function caseNew(opts: CaseNewOptions): Promise<number> {
  const id = validateNewId(opts.id);
  const scenario = parseScenario(opts.scenario);
  const target = path.resolve(opts.dir ?? ".", id);
  if (existsSync(target))
    throw new UsageError(`${target} already exists; case new only creates a new directory, it never writes into one.`);
  const files = await writeSkeleton(id, scenario, target);
  const relative = path.relative(process.cwd(), target);
  const shown = relative.startsWith("..") ? target : relative;
  console.log(`Created the ${scenario === "S1" ? "Scenario 1" : "Scenario 2"} case ${id} in ${shown}:`);
  for (const f of files) console.log(`  ${f}`);
  console.log(
    [
      "",
      "Next:",
      `  1. Edit ${path.join(shown, "case.yaml")} and the files beside it; replace every TODO.`,
      `  2. npx analystbench case check ${shown}`,
      `  3. export ANALYSTBENCH_CASES_DIR=${path.dirname(target)}   (the folder that holds your cases), then npm start.`,
    ].join("\n"),
  );
  return 0;
}

import { BROKEN_CASES, TEST_CASES } from "@analystbench/scenarios";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { plural } from "../text/english";
import { checkCase, type CaseCheckResult, type StageResult } from "./case-check";
import { caseNew } from "./case-new";
import { UsageError } from "./env-commands";
import { table } from "./table";

/**
 * `analystbench case list|check|new`: the commands for authors of case packages. `list` shows
 * every package the engine knows (built in, and from ANALYSTBENCH_CASES_DIR) and the broken ones
 * with their problems; `check` runs every content check on one package directory; `new` writes a
 * skeleton package to start from.
 */

export const CASE_USAGE = `usage: analystbench case <list|check|new> [options]

  case list [--json]                               every case package: built in and from ANALYSTBENCH_CASES_DIR,
                                                   and the broken ones with their problems
  case check <dir> [--json] [--seed S]             every content check on one package directory, calibration included
  case new <id> --scenario S1|S2 [--dir DIR]       a skeleton package in DIR/<id>/ (DIR: the current directory)

exit codes: 0 clean, 1 problems found, 2 bad usage`;

const OPTIONS = {
  json: { type: "boolean" },
  seed: { type: "string" },
  scenario: { type: "string" },
  dir: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/** `case list`: every runnable case, then the broken packages (listed, never run). */
export function caseList(opts: { json?: boolean }): number {
  const cases = TEST_CASES.map((c) => ({
    id: c.id,
    scenario: c.scenario,
    name: c.name,
    source: c.source.name,
    dir: c.dir,
    samples: c.samples.map((s) => ({ id: s.id, title: s.title })),
  }));
  const broken = BROKEN_CASES.map((b) => ({ id: b.id, source: b.source.name, dir: b.dir, problems: b.problems }));
  if (opts.json) {
    console.log(JSON.stringify({ cases, broken }, null, 2));
    return 0;
  }
  console.log(
    table(
      ["ID", "SCENARIO", "SOURCE", "SAMPLES", "NAME"],
      cases.map((c) => [c.id, c.scenario, c.source, String(c.samples.length), c.name]),
    ),
  );
  if (broken.length) {
    console.log(`\n${plural(broken.length, "broken package")} (listed, never run; \`case check <dir>\` says more):`);
    for (const b of broken) {
      console.log(`  ${b.id} in ${b.dir} (${b.source}):`);
      for (const p of b.problems) console.log(`    ${p}`);
    }
  }
  return 0;
}

function requirePackageDir(dir: string | undefined): string {
  if (!dir)
    throw new UsageError(
      "case check needs the directory of a case package, e.g. `analystbench case check ./s1-my-case`.",
    );
  const full = path.resolve(dir);
  if (!existsSync(full) || !statSync(full).isDirectory()) throw new UsageError(`${dir} is not a directory.`);
  if (!existsSync(path.join(full, "case.yaml")))
    throw new UsageError(
      `${dir} holds no case.yaml: give the directory of a case package (\`analystbench case new\` creates one).`,
    );
  return full;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function printStage(s: StageResult): void {
  if (s.status === "skipped") console.log(`- ${s.title}: skipped, ${s.skipped}`);
  else if (s.status === "passed") console.log(`✓ ${s.title} (${seconds(s.ms)})`);
  else {
    console.log(`✗ ${s.title}: ${plural(s.problems.length, "problem")}`);
    for (const p of s.problems) console.log(`    ${p}`);
  }
}

function checkJson(r: CaseCheckResult) {
  const { testCase: tc } = r;
  return {
    dir: r.dir,
    id: tc?.id ?? null,
    scenario: tc?.scenario ?? null,
    samples: tc?.samples.map((s) => s.id) ?? [],
    ok: r.ok,
    problems: r.problems,
    stages: r.stages,
    ms: r.ms,
  };
}

/** `case check <dir>`: prints each stage as it finishes (or JSON at the end); 0 clean, 1 problems. */
export async function caseCheck(opts: { dir?: string; json?: boolean; seed?: string }): Promise<number> {
  const dir = requirePackageDir(opts.dir);
  if (!opts.json) console.log(`Checking the case package in ${opts.dir}`);
  const result = await checkCase(dir, { seed: opts.seed, onStage: opts.json ? undefined : printStage });
  if (opts.json) console.log(JSON.stringify(checkJson(result), null, 2));
  else
    console.log(
      result.ok
        ? `\n${result.testCase!.id} passes every check (${seconds(result.ms)}).`
        : `\n${plural(result.problems.length, "problem")} in ${opts.dir} (${seconds(result.ms)}).`,
    );
  return result.ok ? 0 : 1;
}

async function dispatch(sub: string | undefined, rest: string[], v: Record<string, string | boolean | undefined>) {
  const str = (k: string) => v[k] as string | undefined;
  if (sub === "list" && rest.length === 0) return caseList({ json: v.json === true });
  if (sub === "check" && rest.length <= 1) return caseCheck({ dir: rest[0], json: v.json === true, seed: str("seed") });
  if (sub === "new" && rest.length <= 1) return caseNew({ id: rest[0], scenario: str("scenario"), dir: str("dir") });
  if (!sub) throw new UsageError(CASE_USAGE);
  throw new UsageError(`Unknown command "case ${[sub, ...rest].join(" ")}".\n\n${CASE_USAGE}`);
}

/** The `case` command line (after "case"); returns the exit code. */
export async function caseCommand(argv: string[]): Promise<number> {
  try {
    const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    if (values.help) {
      console.log(CASE_USAGE);
      return 0;
    }
    const [sub, ...rest] = positionals;
    return await dispatch(sub, rest, values);
  } catch (e) {
    if (e instanceof UsageError) console.error(e.message);
    else if ((e as { code?: string }).code?.startsWith("ERR_PARSE_ARGS"))
      console.error(`${(e as Error).message}\n\n${CASE_USAGE}`);
    else {
      console.error(`analystbench: ${(e as Error).message}`);
      return 1;
    }
    return 2;
  }
}

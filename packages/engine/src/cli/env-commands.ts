import { TEST_CASES } from "@analystbench/scenarios";
import { buildEnvironment, checkPlacedFiles, exportEnvironment, verifySample } from "@analystbench/sim";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { expectedEvidence } from "../grading/evidence-files";
import { plural } from "../text/english";
import { selectCases, UsageError, variantOption } from "./select-cases";
import { table } from "./table";

export { UsageError };

/** `env status`: hosts, build time, hash and evidence integrity of every case. */
export async function envStatus(opts: {
  caseId?: string;
  seed?: string;
  json?: boolean;
  variant?: string;
}): Promise<number> {
  const rows: { case: string; hosts: number; build_ms: number; hash: string; evidence: string; problems: string[] }[] =
    [];
  for (const c of selectCases(opts.caseId, variantOption(opts.variant))) {
    const started = performance.now();
    const env = await buildEnvironment(c.world(), { seed: opts.seed });
    const buildMs = performance.now() - started;
    const checks = await checkPlacedFiles(env, expectedEvidence(c));
    const bad = checks.filter((x) => !x.ok);
    rows.push({
      case: c.id,
      hosts: env.hosts.length,
      build_ms: Math.round(buildMs),
      hash: (await env.hash()).slice(0, 16),
      evidence: `${checks.length - bad.length}/${checks.length} intact`,
      problems: [
        ...bad.map((b) => `${b.role}:${b.path} ${b.problem}`),
        ...env.setupFailures.map((f) => `setup on ${f.role} failed: ${f.command} (${f.error})`),
      ],
    });
  }
  if (opts.json) console.log(JSON.stringify(rows, null, 2));
  else {
    console.log(
      table(
        ["CASE", "HOSTS", "BUILD", "HASH", "EVIDENCE"],
        rows.map((r) => [r.case, String(r.hosts), `${r.build_ms} ms`, r.hash, r.evidence]),
      ),
    );
    for (const r of rows) for (const p of r.problems) console.log(`✗ ${r.case}: ${p}`);
  }
  return rows.some((r) => r.problems.length) ? 1 : 0;
}

/** `env verify`: walks every intended solution path with the real tools; loud on any miss. */
export async function envVerify(opts: {
  caseId?: string;
  seed?: string;
  json?: boolean;
  variant?: string;
}): Promise<number> {
  let failures = 0;
  const report: unknown[] = [];
  for (const c of selectCases(opts.caseId, variantOption(opts.variant))) {
    const world = c.world();
    for (const sample of c.samples) {
      const r = await verifySample(world, sample, opts.seed);
      report.push({ case: c.id, ...r, steps: r.steps.map(({ output: _o, ...s }) => s) });
      if (!r.ok) failures++;
      if (opts.json) continue;
      console.log(
        `${r.ok ? "✓" : "✗"} ${c.id} / ${sample.id} — ${r.steps.filter((s) => s.ok).length}/${plural(r.steps.length, "step")}`,
      );
      for (const s of r.steps) {
        if (s.ok) continue;
        console.log(
          `    ✗ step ${s.step} ${s.tool}: ${s.purpose}\n      expected but not found: ${s.missing.map((m) => JSON.stringify(m)).join(", ")}`,
        );
      }
      for (const e of r.unreachedEvidence) console.log(`    ✗ evidence never reached: ${e}`);
    }
  }
  if (opts.json) console.log(JSON.stringify(report, null, 2));
  else
    console.log(
      failures
        ? `\n${failures} sample(s) cannot be solved as written. Fix the content or the simulator before running models.`
        : "\nEvery intended solution path finds all of its evidence.",
    );
  return failures ? 1 : 0;
}

/** `env export`: every host's filesystem on disk, for inspection. */
export async function envExport(opts: {
  caseId?: string;
  out?: string;
  seed?: string;
  variant?: string;
}): Promise<number> {
  if (!opts.caseId || opts.caseId === "all") throw new UsageError("env export needs --case <id>.");
  if (!opts.out) throw new UsageError("env export needs --out <directory>.");
  const c = selectCases(opts.caseId, variantOption(opts.variant))[0]!;
  const env = await buildEnvironment(c.world(), { seed: opts.seed });
  const out = path.resolve(opts.out);
  const summary = await exportEnvironment(env, out);
  console.log(
    table(
      ["HOST", "FILES"],
      summary.map((s) => [s.host, String(s.files)]),
    ),
  );
  console.log(`\nExported ${c.id} (hash ${(await env.hash()).slice(0, 16)}) to ${out}`);
  return 0;
}

/**
 * `env reset`: rebuilds every case's environment from content and replaces the browsable copies
 * under <workspace>/environments/<case>/ — each swapped in whole, so a reader never sees half.
 */
export async function envReset(opts: { workspace?: string; seed?: string }): Promise<number> {
  if (!opts.workspace) throw new UsageError("env reset needs --workspace <directory>.");
  const root = path.join(path.resolve(opts.workspace), "environments");
  await mkdir(root, { recursive: true });
  const rows: string[][] = [];
  for (const c of TEST_CASES) {
    const started = performance.now();
    const env = await buildEnvironment(c.world(), { seed: opts.seed });
    const staging = path.join(root, `.${c.id}.tmp-${process.pid}`);
    await rm(staging, { recursive: true, force: true });
    const summary = await exportEnvironment(env, staging);
    const target = path.join(root, c.id);
    await rm(`${target}.old`, { recursive: true, force: true });
    await rename(target, `${target}.old`).catch(() => {});
    await rename(staging, target);
    await rm(`${target}.old`, { recursive: true, force: true });
    rows.push([
      c.id,
      String(env.hosts.length),
      String(summary.reduce((n, s) => n + s.files, 0)),
      (await env.hash()).slice(0, 16),
      `${Math.round(performance.now() - started)} ms`,
    ]);
  }
  console.log(table(["CASE", "HOSTS", "FILES", "HASH", "TIME"], rows));
  console.log(`\nRebuilt ${plural(rows.length, "environment")} from content into ${root}`);
  return 0;
}

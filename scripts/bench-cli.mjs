#!/usr/bin/env node
/**
 * `npm run bench:cli`: how long `analystbench --help`, `--version` and `cases` take from start to
 * exit, run as a user runs them (a fresh node process each time, bin/analystbench.mjs, whichever
 * of the built bundle or the sources it picks). Prints p50/p95 wall time per command against the
 * 0.5 s target, and the load average, since a busy machine slows every figure.
 *
 * A stale build is rebuilt first. `--runs N` (default 10); `--sources` runs them from the TypeScript
 * sources even when the build is fresh (ANALYSTBENCH_FROM_SOURCES=1), to compare the two.
 */
import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { buildNode, nodeBuildStaleness } from "./build-node.mjs";

const TARGET_MS = 500;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const cli = path.join(root, "bin/analystbench.mjs");

const { values } = parseArgs({ options: { runs: { type: "string" }, sources: { type: "boolean" } } });
const runs = Number(values.runs ?? 10);
const env = { ...process.env, ...(values.sources ? { ANALYSTBENCH_FROM_SOURCES: "1" } : {}) };

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * The child reports its own CPU time (all threads, start-up included) on exit: on a busy machine
 * wall time mostly measures the queue for a CPU, CPU time what the command costs.
 */
const REPORT_CPU = `data:text/javascript,process.on("exit",()=>{const u=process.cpuUsage();process.stderr.write("\\ncpu-us "+(u.user+u.system))})`;

function time(args) {
  const started = performance.now();
  const r = spawnSync(process.execPath, ["--import", REPORT_CPU, cli, ...args], { cwd: root, env, encoding: "utf8" });
  const ms = performance.now() - started;
  const cpu = /\ncpu-us (\d+)$/.exec(r.stderr ?? "");
  return { ms, cpuMs: cpu ? Number(cpu[1]) / 1000 : NaN, status: r.status, stderr: r.stderr };
}

const commands = [["--help"], ["cases"]];
// --version is timed only when the CLI has it (an unknown option is bad usage: exit code 2).
if (time(["--version"]).status === 0) commands.splice(1, 0, ["--version"]);

// A stale build is brought up to date first, as `npm start` and `npm install` would.
if (!values.sources && nodeBuildStaleness()) await buildNode();

/** What bin/analystbench.mjs runs now: the build, or the sources (and why). */
const runsFrom = () => {
  const stale = nodeBuildStaleness();
  return values.sources
    ? "the sources (--sources)"
    : stale
      ? `the sources: the build is stale (${stale})`
      : "the build";
};
console.log(`analystbench CLI, ${runs} runs each (target p50 ≤ ${TARGET_MS} ms), from ${runsFrom()}`);
console.log(
  `load average before: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")} (${os.cpus().length} CPUs)`,
);
let over = false;
for (const args of commands) {
  time(args); // one warm-up run: the file system cache, not the CLI, is what a first run measures
  const samples = [];
  const cpu = [];
  for (let i = 0; i < runs; i++) {
    const r = time(args);
    if (r.status !== 0) {
      console.error(`analystbench ${args.join(" ")} exited with ${r.status}:\n${r.stderr}`);
      process.exit(1);
    }
    samples.push(r.ms);
    cpu.push(r.cpuMs);
  }
  samples.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const p50 = percentile(samples, 50);
  const p95 = percentile(samples, 95);
  const verdict = p50 <= TARGET_MS ? "ok" : "OVER";
  if (p50 > TARGET_MS) over = true;
  console.log(
    `  ${args.join(" ").padEnd(10)} p50 ${p50.toFixed(0).padStart(5)} ms  p95 ${p95.toFixed(0).padStart(5)} ms  ${verdict}` +
      `   (CPU p50 ${percentile(cpu, 50).toFixed(0)} ms)`,
  );
}
console.log(
  `load average after: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}; ran from ${runsFrom()}`,
);
process.exitCode = over ? 1 : 0;

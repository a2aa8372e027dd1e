#!/usr/bin/env node
/**
 * `npm run bench:server`: the real server with 100 runs in flight against a fake model server
 * (100 ms a call), every run watched through its live stream as a console would. Meanwhile a
 * probe asks GET /api/health every 25 ms: its latency is what a person at the console feels, and
 * its p99 is the server's responsiveness under load (target ≤ 100 ms). Prints the probe's p50,
 * p95, p99 and worst against the same probe on the idle server measured in the same run, the
 * wall time of the 100 runs and the machine's load. BENCH_RUNS changes the number of runs.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { machineLoad } from "./bench-machine.mjs";
import { percentile, ROOT, startBenchServer } from "./bench-server.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const CALL_MS = 100;
const PROBE_EVERY_MS = 25;
const IDLE_PROBE_MS = 3_000;
const PORT = Number(process.env.BENCH_PORT ?? 3294);
const PASSWORD = "bench-admin-password";
/** The built-in cases, one folder each; the runs cycle through them. */
const CASES = readdirSync(path.join(ROOT, "content/cases")).sort();

/** The fake model in a process of its own, answering as the reference analyst after CALL_MS. */
async function startFakeModel() {
  const script = path.join(ROOT, "packages/engine/src/test-support/fake-openai-main.ts");
  const child = spawn(process.execPath, ["--import", "tsx", script, String(CALL_MS)], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise((resolve) => child.stdout.once("data", (d) => resolve(String(d).trim())));
  return { url, stop: () => child.kill("SIGTERM") };
}

/** Latencies of GET /api/health, one request at a time every PROBE_EVERY_MS, until `until` settles. */
async function probe(base, until) {
  const latencies = [];
  let done = false;
  until.then(() => (done = true));
  while (!done) {
    const started = performance.now();
    await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
    latencies.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
  }
  return latencies;
}

/** Starts one run and reads its stream to the end, as the console's run page does. */
async function watchedRun(base, headers, caseId) {
  const res = await fetch(`${base}/api/execute-scenario`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify({ scenarioId: caseId, model: "openai/bench" }),
  });
  if (!res.ok) throw new Error(`starting ${caseId} answered ${res.status}: ${await res.text()}`);
  const text = await res.text();
  if (!/"event":"(complete|done|finished)"/.test(text) && !text.includes("score"))
    console.warn(`  a run of ${caseId} ended without a score in its stream`);
}

const stats = (xs) =>
  `p50 ${percentile(xs, 50).toFixed(1)} ms, p95 ${percentile(xs, 95).toFixed(1)} ms, p99 ${percentile(xs, 99).toFixed(1)} ms, worst ${Math.max(...xs).toFixed(1)} ms (${xs.length} probes)`;

const fake = await startFakeModel();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "ab-bench-server-load-"));
let server;
try {
  process.env.OPENAI_BASE_URL = fake.url;
  process.env.OPENAI_API_KEY = "bench";
  server = await startBenchServer({ port: PORT, dataDir, password: PASSWORD });
  const idle = await probe(server.base, new Promise((r) => setTimeout(r, IDLE_PROBE_MS)));
  const started = performance.now();
  const all = Promise.all(
    Array.from({ length: RUNS }, (_, i) => watchedRun(server.base, server.headers, CASES[i % CASES.length])),
  );
  const loaded = await probe(
    server.base,
    all.catch(() => undefined),
  );
  await all;
  const wallS = (performance.now() - started) / 1000;
  console.log(`${RUNS} runs watched live, fake model ${CALL_MS} ms a call: all finished in ${wallS.toFixed(1)} s`);
  console.log(`GET /api/health, idle:       ${stats(idle)}`);
  console.log(`GET /api/health, under load: ${stats(loaded)}`);
  const p99 = percentile(loaded, 99);
  console.log(
    `Responsiveness under load: p99 ${p99.toFixed(1)} ms (target ≤ 100 ms: ${p99 <= 100 ? "met" : "not met"})`,
  );
  console.log(`Machine: ${machineLoad()}`);
} finally {
  await server?.stop();
  fake.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

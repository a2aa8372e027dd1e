#!/usr/bin/env node
/**
 * `npm run bench:scale`: the team deployment's throughput. A throwaway Postgres cluster
 * (scripts/postgres-cluster.mjs), a fake model server answering every call after 100 ms, and
 * 1, 2 and 4 worker processes (`analystbench worker`) sharing one data directory and a limit of
 * 8 connections; for each, all 13 cases × 4 epochs started through the server's run service over
 * the job queue. Prints the wall time, samples per second and the efficiency against the ideal
 * bound of the connection limit (as bench:engine computes it), then the queue's own cost per job:
 * no-op jobs through graphile-worker, one at a time and twelve at a time.
 */
import { register } from "tsx/esm/api";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { machineLoad } from "./bench-machine.mjs";
import { startPostgresCluster } from "./postgres-cluster.mjs";

register();
const { TEST_CASES } = await import("../packages/scenarios/src/index.ts");
const { openDatabase } = await import("../apps/server/src/db/database.ts");
const cluster = await import("../apps/server/src/test-support/queue-cluster.ts");
const { run, makeWorkerUtils, Logger } = await import("graphile-worker");

const EPOCHS = 4;
const CONNECTIONS = 8;
const CALL_MS = 100;
const WORKER_COUNTS = (process.env.BENCH_SCALE_WORKERS ?? "1,2,4").split(",").map(Number);

const chains = TEST_CASES.flatMap((c) => c.samples.map((s) => s.task.solution_path.length + 1)).flatMap((n) =>
  Array(EPOCHS).fill(n),
);
const totalCalls = chains.reduce((a, b) => a + b, 0);
const idealMs = Math.max(Math.max(...chains) * CALL_MS, (totalCalls * CALL_MS) / CONNECTIONS);

const pgCluster = await startPostgresCluster();
const admin = new pg.Client({ connectionString: pgCluster.url });
await admin.connect();
let dbCount = 0;
async function freshDatabaseUrl() {
  const name = `bench_scale_${++dbCount}`;
  await admin.query(`CREATE DATABASE ${name}`);
  return pgCluster.url.replace(/\/postgres$/, `/${name}`);
}

const fake = await cluster.startFakeModelProcess(CALL_MS);
console.log(
  `Workload: ${TEST_CASES.length} cases × ${EPOCHS} epochs = ${chains.length} samples, ${totalCalls} calls of ${CALL_MS} ms, ${CONNECTIONS} connections shared by every worker`,
);
console.log(`Ideal bound: ${(idealMs / 1000).toFixed(2)} s\n`);
console.log("workers   wall      samples/s   efficiency   +10 samples");

try {
  for (const n of WORKER_COUNTS) await suite(n);
  await queueOverhead();
} finally {
  await fake.stop();
  await admin.end();
  pgCluster.stop();
}
console.log(`\nMachine: ${machineLoad()}`);
process.exit(0);

async function suite(workerCount) {
  const url = await freshDatabaseUrl();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "ab-bench-scale-"));
  const db = await openDatabase(":memory:", url);
  const { server, workers } = await cluster.startTeam({
    db,
    databaseUrl: url,
    dataDir,
    model: fake,
    workers: workerCount,
    maxConnections: CONNECTIONS,
  });
  try {
    const started = performance.now();
    const ids = [];
    for (const c of TEST_CASES) {
      const r = await server.start({ caseId: c.id, model: "openai/bench", user: "bench", epochs: EPOCHS });
      if (!("runId" in r)) throw new Error(r.problem);
      ids.push(r.runId);
    }
    const runs = await Promise.all(
      ids.map((id) =>
        cluster.waitFor(`run ${id}`, 900_000, async () => {
          const r = await server.get(id);
          return r && !["queued", "running"].includes(r.status) ? r : undefined;
        }),
      ),
    );
    const wallMs = performance.now() - started;
    const perfect = await db.execute("SELECT count(*) AS n FROM run_samples WHERE result LIKE '%\"total\":10,%'");
    const failed = runs.filter((r) => r.status !== "completed").length;
    console.log(
      `${String(workerCount).padEnd(10)}${`${(wallMs / 1000).toFixed(2)} s`.padEnd(10)}${(chains.length / (wallMs / 1000)).toFixed(2).padEnd(12)}${(idealMs / wallMs).toFixed(3).padEnd(13)}${perfect.rows[0].n}/${chains.length}${failed ? ` (${failed} runs not completed)` : ""}`,
    );
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
    await server.shutdown();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** graphile-worker's cost per job, measured with jobs that do nothing. */
async function queueOverhead() {
  const JOBS = 500;
  console.log(`\nQueue overhead (${JOBS} no-op jobs, one worker process, graphile-worker):`);
  for (const concurrency of [1, 12]) {
    const url = await freshDatabaseUrl();
    const utils = await makeWorkerUtils({ connectionString: url });
    await utils.migrate();
    let done = 0;
    let finish;
    const all = new Promise((resolve) => (finish = resolve));
    const runner = await run({
      connectionString: url,
      concurrency,
      maxPoolSize: concurrency + 2,
      noHandleSignals: true,
      logger: new Logger(() => () => {}),
      taskList: { noop: async () => void (++done === JOBS && finish()) },
    });
    const started = performance.now();
    await utils.addJobs(Array.from({ length: JOBS }, (_, i) => ({ identifier: "noop", payload: { i } })));
    await all;
    const ms = performance.now() - started;
    console.log(
      `  concurrency ${String(concurrency).padEnd(3)} ${(ms / JOBS).toFixed(2)} ms per job (${(JOBS / (ms / 1000)).toFixed(0)} jobs/s)`,
    );
    await runner.stop();
    await utils.release();
  }
}

import { TEST_CASES } from "@analystbench/scenarios";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import type { RunService } from "../services/run-service";
import {
  lockedJobsByProcess,
  openQueuedServer,
  startFakeModelProcess,
  startTeam,
  waitFor,
  type WorkerProcess,
} from "../test-support/queue-cluster";
import { openTestDatabase, TEST_POSTGRES_URL, testDatabaseUrl } from "../test-support/test-database";

/**
 * The team deployment end to end: worker processes (`analystbench worker`) share one Postgres
 * and one data directory; the run service in this process stands for the server. Needs Postgres
 * (npm test runs this file in its Postgres step; without ANALYSTBENCH_TEST_POSTGRES_URL it is skipped).
 */
const MODEL = "openai/gpt-4o-mini";
const CONNECTIONS = 4;

interface Cluster {
  db: Database;
  url: string;
  dataDir: string;
  workspaceDir: string;
  fake: Awaited<ReturnType<typeof startFakeModelProcess>>;
  workers: WorkerProcess[];
  server: RunService;
}

let cluster: Cluster | null = null;

async function startCluster(opts: {
  workers: number;
  delayMs: number;
  leaseMs?: number;
  concurrency?: number;
}): Promise<Cluster> {
  const db = await openTestDatabase();
  const url = testDatabaseUrl(db)!;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "analystbench-team-"));
  const workspaceDir = path.join(dataDir, "workspace");
  const fake = await startFakeModelProcess(opts.delayMs);
  const { server, workers } = await startTeam({
    db,
    databaseUrl: url,
    dataDir,
    model: fake,
    workers: opts.workers,
    maxConnections: CONNECTIONS,
    leaseMs: opts.leaseMs,
    concurrency: opts.concurrency,
  });
  cluster = { db, url, dataDir, workspaceDir, fake, workers, server };
  return cluster;
}

afterEach(async () => {
  if (!cluster) return;
  const c = cluster;
  cluster = null;
  await Promise.all(c.workers.map((w) => w.stop()));
  await c.server.shutdown();
  await c.fake.stop();
  await c.db.close();
  rmSync(c.dataDir, { recursive: true, force: true });
});

const finished = (server: RunService, runId: string) => async () => {
  const run = await server.get(runId);
  return run && !["queued", "running"].includes(run.status) ? run : undefined;
};

async function start(server: RunService, caseId: string, epochs: number): Promise<string> {
  const r = await server.start({ caseId, model: MODEL, user: "analyst", epochs });
  if (!("runId" in r)) throw new Error(r.problem);
  return r.runId;
}

async function recorded(db: Database, runId: string) {
  const r = await db.execute({
    sql: "SELECT sample_id, epoch, worker, result FROM run_samples WHERE run_id = ? ORDER BY sample_id, epoch",
    args: [runId],
  });
  return r.rows.map((row) => ({
    key: `${String(row.sample_id)}#${String(row.epoch)}`,
    worker: String(row.worker),
    result: JSON.parse(String(row.result)) as { score: { total: number } | null; error: { source?: string } | null },
  }));
}

describe.skipIf(!TEST_POSTGRES_URL)("runs on the job queue, across worker processes", () => {
  it("runs 13 cases × 4 epochs on three workers: every sample recorded once, scored as on one machine, the connection limit held", async () => {
    const { db, server, workspaceDir, fake, workers } = await startCluster({ workers: 3, delayMs: 20 });
    const runIds = await Promise.all(TEST_CASES.map((c) => start(server, c.id, 4)));
    const runs = await Promise.all(runIds.map((id) => waitFor(`run ${id}`, 400_000, finished(server, id))));
    const all = new Set<string>();
    const byWorker = new Map<string, number>();
    for (const [i, run] of runs.entries()) {
      const testCase = TEST_CASES[i]!;
      expect(run.status).toBe("completed");
      // The reference analyst's answers score +10 on every sample, wherever they ran.
      expect(run.result?.score).toMatchObject({ mean: 10, samples: testCase.samples.length, epochs: 4, invalid: 0 });
      const rows = await recorded(db, run.id);
      expect(rows).toHaveLength(testCase.samples.length * 4);
      for (const row of rows) {
        all.add(`${run.id}/${row.key}`);
        byWorker.set(row.worker, (byWorker.get(row.worker) ?? 0) + 1);
        expect(row.result.score?.total).toBe(10);
      }
      // The assembled files: one JSONL record per sample × epoch.
      const jsonl = readFileSync(path.join(workspaceDir, run.result!.files.benchmark!), "utf8").trim().split("\n");
      expect(jsonl).toHaveLength(testCase.samples.length * 4);
    }
    expect(all.size).toBe(TEST_CASES.reduce((n, c) => n + c.samples.length * 4, 0));
    // Every worker took part, and no more than the limit's connections were ever open across them.
    expect([...byWorker.keys()].sort()).toEqual(workers.map((w) => w.id).sort());
    const stats = await fake.stats();
    expect(stats.maxInFlight).toBeGreaterThan(1);
    expect(stats.maxInFlight).toBeLessThanOrEqual(CONNECTIONS);
  }, 600_000);

  it("runs a killed worker's sample again elsewhere: no sample lost or recorded twice", async () => {
    const { db, server, workers } = await startCluster({ workers: 2, delayMs: 150, leaseMs: 3_000 });
    const runId = await start(server, "s1-dmz", 3);
    // The victim is a worker holding a job mid-sample.
    const held = await waitFor("a worker mid-sample", 60_000, async () => {
      const locks = await lockedJobsByProcess(db);
      return workers.find((w) => (locks.get(w.id) ?? 0) > 0);
    });
    const heldJobs = (await lockedJobsByProcess(db)).get(held.id)!;
    held.child.kill("SIGKILL");
    const run = await waitFor("the run", 120_000, finished(server, runId));
    expect(run.status).toBe("completed");
    expect(run.result?.score).toMatchObject({ mean: 10, invalid: 0 });
    const rows = await recorded(db, runId);
    expect(rows.map((r) => r.key)).toHaveLength(6);
    expect(new Set(rows.map((r) => r.key)).size).toBe(6);
    // What the killed worker held was finished by the other.
    const survivor = workers.find((w) => w !== held)!;
    expect(rows.filter((r) => r.worker === survivor.id).length).toBeGreaterThanOrEqual(heldJobs);
  }, 240_000);

  it("goes on through a server restart, and the restarted server replays the run's stream to a re-attaching console", async () => {
    const c = await startCluster({ workers: 2, delayMs: 100 });
    const runId = await start(c.server, "s1-corp", 3);
    await waitFor("a first score", 60_000, async () => ((await recorded(c.db, runId)).length > 0 ? true : undefined));
    await c.server.shutdown();
    // The restarted server: a new run service over the same store, recovering as a server does at start.
    c.server = await openQueuedServer({
      db: c.db,
      databaseUrl: c.url,
      workspaceDir: c.workspaceDir,
      models: c.fake.models,
      maxConnections: CONNECTIONS,
    });
    expect(await c.server.recover()).toBe(0);
    // Attached as the console's stream route attaches: the replay, then live events until the end
    // (or nothing more, when the run had already finished by then).
    const live: string[] = [];
    const replay = await new Promise<string[]>((resolve, reject) => {
      let replayed: string[] | null = null;
      let ended = false;
      const listener = {
        onEvent: (e: { event: string }) => live.push(e.event),
        onEnd: () => {
          ended = true;
          if (replayed) resolve(replayed);
        },
      };
      void c.server.attach(runId, listener).then((a) => {
        if (!a) return reject(new Error("not attached"));
        replayed = a.replay.map((e) => e.event);
        if (a.finished || ended) resolve(replayed);
      });
    });
    const events = [...replay, ...live];
    expect(events[0]).toBe("run");
    expect(events.filter((e) => e === "score")).toHaveLength(2 * 3);
    expect(events.at(-1)).toBe("done");
    expect((await c.server.get(runId))?.status).toBe("completed");
  }, 240_000);

  it("cancels a run on every worker within seconds", async () => {
    const { db, server, workers } = await startCluster({ workers: 2, delayMs: 400, concurrency: 3 });
    const runId = await start(server, "s1-dmz", 6);
    await waitFor("both workers mid-sample", 60_000, async () => {
      const locks = await lockedJobsByProcess(db);
      return workers.every((w) => (locks.get(w.id) ?? 0) > 0) ? true : undefined;
    });
    const asked = Date.now();
    expect(await server.cancel(runId)).toBe("cancelled");
    const run = await waitFor("the cancelled run", 60_000, finished(server, runId));
    expect(Date.now() - asked).toBeLessThan(15_000);
    expect(run.status).toBe("cancelled");
    const rows = await recorded(db, runId);
    expect(rows).toHaveLength(12);
    const cancelledOn = new Set(rows.filter((r) => r.result.error?.source === "cancelled").map((r) => r.worker));
    // Samples in flight on both workers were stopped, not only the queued ones.
    for (const w of workers) expect(cancelledOn.has(w.id)).toBe(true);
    expect(await server.cancel(runId)).toBe("finished");
  }, 240_000);
});

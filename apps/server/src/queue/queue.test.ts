import { makeWorkerUtils } from "graphile-worker";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { lazyTestQueue } from "../test-support/test-queue";
import { openTestDatabase, TEST_POSTGRES_URL, testDatabaseUrl } from "../test-support/test-database";
import { createActivityLog } from "../services/activity";
import { createRunService, type RunService } from "../services/run-service";
import type { RunEvent } from "@analystbench/engine";
import { SharedModelSlots } from "./model-slots";
import { openPgListener } from "./pg-listener";
import { ASSEMBLE_TASK, assemblyJobOptions, SAMPLE_TASK } from "./queue-tasks";
import { createEventPublisher, readEvents } from "./run-events";
import { openRunQueue } from "./run-queue";
import { databaseNowMs } from "./database-clock";
import { findCase } from "@analystbench/scenarios";

/**
 * The queue's rules, in one process against Postgres (skipped without ANALYSTBENCH_TEST_POSTGRES_URL;
 * npm test runs it in its Postgres step): a job delivered again changes nothing, a job that fails
 * its last attempt still ends its run, and connection slots hold across connections.
 */
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/**
 * A team server on a fresh database. Without a worker (`worker: false`), queued jobs stay where
 * workers would take them from.
 */
async function team({ worker = true } = {}): Promise<{ db: Database; url: string; runs: RunService }> {
  const db = await openTestDatabase();
  const url = testDatabaseUrl(db)!;
  const workspaceDir = mkdtempSync(path.join(os.tmpdir(), "analystbench-queue-"));
  const queue = worker
    ? lazyTestQueue({ db, databaseUrl: url, workspaceDir })
    : await openRunQueue({ db, databaseUrl: url, workspaceDir, version: "0.0.0-test" });
  const runs = createRunService({
    db,
    activity: createActivityLog(db),
    workspaceDir,
    version: "0.0.0-test",
    maxConnections: 4,
    queue,
  });
  cleanups.push(
    () => db.close(),
    () => rmSync(workspaceDir, { recursive: true, force: true }),
    () => runs.shutdown(),
  );
  return { db, url, runs };
}

async function finished(runs: RunService, runId: string) {
  for (let i = 0; i < 600; i++) {
    const r = await runs.get(runId);
    if (r && !["queued", "running"].includes(r.status)) return r;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`run ${runId} did not finish`);
}

async function count(db: Database, sql: string, args: (string | number)[]): Promise<number> {
  return Number((await db.execute({ sql, args })).rows[0]!.n);
}

/** The queued jobs in the order graphile-worker takes them: priority, then run_at, nothing else. */
async function jobsInPickOrder(db: Database) {
  const jobs = await db.execute({
    sql: "SELECT payload->>'runId' AS run, payload->>'sampleId' AS sample, (payload->>'epoch')::int AS epoch, CAST(EXTRACT(EPOCH FROM run_at) * 1000 AS BIGINT) AS at FROM graphile_worker._private_jobs ORDER BY priority, run_at",
    args: [],
  });
  return jobs.rows.map((r) => ({
    run: String(r.run),
    sample: String(r.sample),
    epoch: Number(r.epoch),
    at: Number(r.at),
  }));
}

describe.skipIf(!TEST_POSTGRES_URL)("the job queue", () => {
  it("does nothing when a finished run's sample or assembly job is delivered again", async () => {
    const { db, url, runs } = await team();
    const started = await runs.start({ caseId: "s1-dmz", model: "builtin/reference", user: "analyst", epochs: 1 });
    if (!("runId" in started)) throw new Error(started.problem);
    const run = await finished(runs, started.runId);
    expect(run.status).toBe("completed");
    // "done" goes out just after the run's record says it finished: counted before it, the run's
    // events were one short (a busy CI machine caught that), and the redelivery took the blame.
    const done = () =>
      count(db, "SELECT count(*) AS n FROM run_events WHERE run_id = ? AND event LIKE ?", [run.id, '%"event":"done"%']);
    for (let i = 0; i < 100 && !(await done()); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await done()).toBe(1);
    const events = await count(db, "SELECT count(*) AS n FROM run_events WHERE run_id = ?", [run.id]);
    const utils = await makeWorkerUtils({ connectionString: url });
    cleanups.push(() => utils.release());
    await utils.addJob(
      SAMPLE_TASK,
      { runId: run.id, sampleId: "dmz-crm-exposed-git", epoch: 1 },
      { jobKey: "again-1" },
    );
    await utils.addJob(ASSEMBLE_TASK, { runId: run.id }, { jobKey: "again-2" });
    for (let i = 0; i < 100; i++) {
      if (!(await count(db, "SELECT count(*) AS n FROM graphile_worker.jobs", []))) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await count(db, "SELECT count(*) AS n FROM graphile_worker.jobs", [])).toBe(0);
    expect(await count(db, "SELECT count(*) AS n FROM run_samples WHERE run_id = ?", [run.id])).toBe(2);
    expect(await count(db, "SELECT count(*) AS n FROM run_events WHERE run_id = ?", [run.id])).toBe(events);
    expect(await runs.get(run.id)).toEqual(run);
  });

  it("queues a run's samples for workers to take longest first, by the database's clock, never ahead of a run queued well before", async () => {
    const { db, runs } = await team({ worker: false });
    const start = async (caseId: string) => {
      const started = await runs.start({ caseId, model: "builtin/reference", user: "analyst", epochs: 2 });
      if (!("runId" in started)) throw new Error(started.problem);
      return started.runId;
    };
    const picked = () => jobsInPickOrder(db);
    const shift = (runId: string, seconds: number) =>
      db.execute({
        sql: `UPDATE graphile_worker._private_jobs SET run_at = run_at - interval '${seconds} seconds' WHERE payload->>'runId' = ?`,
        args: [runId],
      });
    // s1-dmz's samples expect 8 and 6 turns; s1-corp's 6 and 7.
    const [dmz, corp] = [findCase("s1-dmz")!, findCase("s1-corp")!];
    const turns = (c: typeof dmz) => c.samples.map((x) => x.task.solution_path.length + 1);
    expect([turns(dmz), turns(corp)]).toEqual([
      [8, 6],
      [6, 7],
    ]);
    const before = await databaseNowMs(db);
    const earlier = await start(dmz.id);
    const later = await start(corp.id);
    const after = await databaseNowMs(db);

    // Each job's run_at is the database's now less 10 s a turn, a millisecond apart in its run.
    const jobs = await picked();
    expect(new Set(jobs.map((j) => j.at)).size).toBe(jobs.length);
    for (const j of jobs) {
      const c = j.run === earlier ? dmz : corp;
      const head = 10_000 * turns(c)[c.samples.findIndex((x) => x.id === j.sample)]!;
      expect(j.at).toBeGreaterThanOrEqual(before - head);
      expect(j.at).toBeLessThanOrEqual(after - head + 10);
    }
    /** A sample's two epochs, in the order a run queues them. */
    const both = (run: string, c: typeof dmz, i: number) => [1, 2].map((epoch) => [run, c.samples[i]!.id, epoch]);
    const order = async () => (await picked()).map((j) => [j.run, j.sample, j.epoch]);
    // Queued 5 s before: corp's 7-turn sample (70 s ahead) passes dmz's 6-turn one (60 s ahead).
    await shift(earlier, 5);
    expect(await order()).toEqual([
      ...both(earlier, dmz, 0),
      ...both(later, corp, 1),
      ...both(earlier, dmz, 1),
      ...both(later, corp, 0),
    ]);
    // Queued 105 s before: no head start of the later run reaches back that far.
    await shift(earlier, 100);
    expect(await order()).toEqual([
      ...both(earlier, dmz, 0),
      ...both(earlier, dmz, 1),
      ...both(later, corp, 1),
      ...both(later, corp, 0),
    ]);
  });

  it("queues a finished run's assembly ahead of samples queued with any head start", async () => {
    const { db, url } = await team({ worker: false });
    const utils = await makeWorkerUtils({ connectionString: url });
    cleanups.push(() => utils.release());
    const anHourAgo = new Date(Date.now() - 3_600_000);
    await utils.addJob(SAMPLE_TASK, { runId: "r_other", sampleId: "s", epoch: 1 }, { runAt: anHourAgo });
    await utils.addJob(ASSEMBLE_TASK, { runId: "r_done" }, assemblyJobOptions("r_done"));
    expect((await jobsInPickOrder(db)).map((j) => j.run)).toEqual(["r_done", "r_other"]);
  });

  it("ends a run failed, saying why, when its sample fails the last attempt on a worker without its case", async () => {
    const { db, url, runs } = await team();
    const started = await runs.start({ caseId: "s1-dmz", model: "builtin/reference", user: "analyst", epochs: 1 });
    if (!("runId" in started)) throw new Error(started.problem);
    await finished(runs, started.runId);
    // A second run whose plan names a case no worker here has (a user's package installed elsewhere).
    const plan = String(
      (await db.execute({ sql: "SELECT plan FROM runs WHERE id = ?", args: [started.runId] })).rows[0]!.plan,
    );
    await db.execute({
      sql: "INSERT INTO runs (id, case_id, model, status, created_at, options, plan) VALUES ('r_elsewhere1', 'their-case', 'builtin/reference', 'queued', 't', '{}', ?)",
      args: [JSON.stringify({ ...JSON.parse(plan), caseId: "their-case" })],
    });
    const utils = await makeWorkerUtils({ connectionString: url });
    cleanups.push(() => utils.release());
    await utils.addJob(SAMPLE_TASK, { runId: "r_elsewhere1", sampleId: "x", epoch: 1 }, { maxAttempts: 1 });
    const run = await finished(runs, "r_elsewhere1");
    expect(run.status).toBe("failed");
    expect(run.error).toBe(
      "x (epoch 1): the sample could not be run in 1 attempt: the case their-case is not installed on this worker",
    );
    const { events } = await readEvents(db, "r_elsewhere1", 0);
    expect(events.at(-1)).toMatchObject({
      event: "error",
      message: expect.stringMatching(/^The run failed: x \(epoch 1\)/),
    });
  });

  it("counts a run unfinished on the queue as running here, though another server started it", async () => {
    const { db, runs } = await team();
    const plan = JSON.stringify({ caseId: "s1-dmz", variant: 0 });
    await db.execute({
      sql: "INSERT INTO runs (id, case_id, model, status, created_at, options, plan) VALUES ('r_otherserv1', 's1-dmz', 'builtin/reference', 'running', 't', '{}', ?)",
      args: [plan],
    });
    await db.execute({
      sql: "INSERT INTO runs (id, case_id, model, status, created_at, finished_at, options, plan) VALUES ('r_otherserv2', 's1-dmz', 'builtin/reference', 'completed', 't', 't', '{}', ?)",
      args: [plan],
    });
    // Its started eval log then lists as running, not failed (routes/inspect.ts asks activeRunIds).
    for (let i = 0; i < 50 && !runs.activeRunIds().includes("r_otherserv1"); i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(runs.activeRunIds()).toEqual(["r_otherserv1"]);
  });

  it("on restart marks interrupted only a run that never reached the queue, with its activity line", async () => {
    const { db, runs } = await team();
    const activity = createActivityLog(db);
    for (const [id, plan] of [
      ["r_neverqueu1", null],
      ["r_onthequeu1", "{}"],
    ] as const) {
      await db.execute({
        sql: "INSERT INTO runs (id, case_id, model, status, created_at, options, plan) VALUES (?, 's1-dmz', 'builtin/reference', 'queued', 't', '{}', ?)",
        args: [id, plan],
      });
      await activity.record({ kind: "run", action: `Run ${id}`, status: "running", result: "started", ref: id });
    }
    expect(await runs.recover()).toBe(1);
    const status = async (id: string) =>
      [
        (await runs.get(id))?.status,
        String((await db.execute({ sql: "SELECT status FROM activity WHERE ref = ?", args: [id] })).rows[0]!.status),
      ].join(" ");
    expect(await status("r_neverqueu1")).toBe("interrupted failed");
    expect(await status("r_onthequeu1")).toBe("queued running");
  });

  it("gives a console attaching between a run's record and its last event that last event, then ends", async () => {
    const { db, runs } = await team();
    // Another server's run, recorded finished (assemble writes the record first), "done" not yet published.
    const insert = (id: string, finishedAt: Date) =>
      db.execute({
        sql: "INSERT INTO runs (id, case_id, model, status, created_at, finished_at, options, plan) VALUES (?, 's1-dmz', 'builtin/reference', 'completed', 't', ?, '{}', '{}')",
        args: [id, finishedAt.toISOString()],
      });
    await insert("r_recorded01", new Date());
    const publisher = createEventPublisher(db);
    await publisher.publish("r_recorded01", { event: "run", runId: "r_recorded01" } as RunEvent);
    await publisher.flush("r_recorded01");
    const live: string[] = [];
    let ended!: () => void;
    const end = new Promise<void>((resolve) => (ended = resolve));
    const attached = await runs.attach("r_recorded01", { onEvent: (e) => live.push(e.event), onEnd: () => ended() });
    expect(attached?.finished).toBe(false);
    await publisher.publish("r_recorded01", { event: "done", runId: "r_recorded01" } as RunEvent);
    await end;
    expect([...attached!.replay.map((e) => e.event), ...live]).toEqual(["run", "done"]);
    attached!.detach();

    // One recorded long ago that never got its last event (its publisher died) ends at once.
    await insert("r_recorded02", new Date(Date.now() - 3_600_000));
    await publisher.publish("r_recorded02", { event: "run", runId: "r_recorded02" } as RunEvent);
    await publisher.flush("r_recorded02");
    const old = await runs.attach("r_recorded02", { onEvent: () => {}, onEnd: () => {} });
    expect(old?.finished).toBe(true);
  });

  it("holds a model's connection slots across connections, and frees a lost connection's slots", async () => {
    const { url } = await team();
    const open = async () => {
      let slots: SharedModelSlots | null = null;
      const conn = await openPgListener(url, { analystbench_model_slots: (m) => slots?.wake(m) });
      slots = new SharedModelSlots(conn, 2);
      return { conn, slots };
    };
    const a = await open();
    const b = await open();
    cleanups.push(
      () => a.conn.close(),
      () => b.conn.close(),
    );
    let inFlight = 0;
    let most = 0;
    const call = async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 30));
      inFlight--;
    };
    await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).slots.run("m", call)));
    expect(most).toBe(2);

    // a holds both slots and its connection dies: b gets one as soon as the database sees it gone.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    void a.slots.run("m", () => held);
    void a.slots.run("m", () => held);
    await new Promise((resolve) => setTimeout(resolve, 100));
    let got = false;
    const waiting = b.slots.run("m", async () => void (got = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(got).toBe(false);
    await a.conn.close();
    await waiting;
    expect(got).toBe(true);
    release();
  });

  it("withdraws a caller whose signal aborts while it waits for a model's slot, and serves the next", async () => {
    const { url } = await team();
    let slots: SharedModelSlots | null = null;
    const conn = await openPgListener(url, { analystbench_model_slots: (m) => slots?.wake(m) });
    slots = new SharedModelSlots(conn, 1);
    cleanups.push(() => conn.close());
    let release!: () => void;
    const holder = slots.run("m", () => new Promise<void>((resolve) => (release = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const ran: string[] = [];
    const cancel = new AbortController();
    const cancelled = slots.run("m", async () => void ran.push("cancelled"), cancel.signal);
    const next = slots.run("m", async () => void ran.push("next"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    cancel.abort();
    await expect(cancelled).rejects.toMatchObject({ name: "AbortError" });
    release();
    await Promise.all([holder, next]);
    expect(ran).toEqual(["next"]);
    await expect(slots.run("m", async () => "free", AbortSignal.abort())).rejects.toMatchObject({ name: "AbortError" });
  });
});

import {
  NotificationsResponseSchema,
  RunListResponseSchema,
  RunSummarySchema,
  ScenarioStreamEventSchema,
  SystemStatsSchema,
  type ScenarioStreamEvent,
} from "@analystbench/contracts";
import { startFakeOpenAI, type FakeOpenAI } from "@analystbench/engine/test-support";
import { caseVariant, findCase } from "@analystbench/scenarios";
import { openInProcessSession } from "@analystbench/sim";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createActivityLog } from "../services/activity";
import { openTestDatabase } from "../test-support/test-database";
import { createRunService } from "../services/run-service";
import { createTestApp, type TestApp } from "../test-support/test-app";

let t: TestApp | undefined;
let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await t?.close();
  await fake?.close();
  t = fake = undefined;
});

function parseStream(body: string): ScenarioStreamEvent[] {
  return body
    .split("\n")
    .filter((l) => l.startsWith("data:"))
    .map((l) => ScenarioStreamEventSchema.parse(JSON.parse(l.slice(5))));
}

async function start(opts: Parameters<typeof createTestApp>[0] = {}) {
  t = await createTestApp(opts);
  const auth = { authorization: `Bearer ${await t.login()}`, "content-type": "application/json" };
  return { t, auth };
}

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("POST /api/execute-scenario", () => {
  it("streams a builtin/reference run live and records it: run id first, commands, scores, files", async () => {
    const { t, auth } = await start();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/execute-scenario",
      headers: auth,
      payload: {
        scenarioId: "s1-dmz",
        scenarioName: "DMZ Perimeter Services",
        model: "builtin/reference",
        llm: "openai",
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/event-stream/);
    const events = parseStream(res.body);
    expect(events[0]).toMatchObject({ event: "run", runId: expect.stringMatching(/^r_/) });
    expect(events.some((e) => e.command?.startsWith("execute_shell_command [CRM Server]"))).toBe(true);
    expect(events.filter((e) => e.event === "score").map((e) => e.message?.split("\n")[0])).toEqual([
      expect.stringMatching(/: 10\/10 \(safe solve\) — completed$/),
      expect.stringMatching(/: 10\/10 \(safe solve\) — completed$/),
    ]);
    const done = events.at(-1)!;
    expect(done).toMatchObject({ event: "done", status: "completed" });
    // A mean per sample, labelled, with what it averages: two perfect samples read 10, not 20/20.
    expect(done.message).toMatch(
      /Run completed: 10 mean per sample \(−10…\+10\), 2 samples × 1 epoch\.\nReport: results\/s1-dmz\/.+_builtin-reference_r_\w+\.md/,
    );

    const runId = events[0]!.runId!;
    const run = RunSummarySchema.parse((await t.app.inject({ url: `/api/runs/${runId}`, headers: auth })).json());
    expect(run).toMatchObject({
      status: "completed",
      caseId: "s1-dmz",
      model: "builtin/reference",
      createdBy: "analyst",
      result: { score: { mean: 10, samples: 2, epochs: 1, invalid: 0 }, total: 20, max: 20, samples: 2, safeSolves: 2 },
    });
    for (const f of Object.values(run.result!.files))
      expect(existsSync(path.join(t.deps.config.workspaceDir, f!))).toBe(true);
    expect(readFileSync(path.join(t.deps.config.workspaceDir, run.result!.files.report), "utf8")).toContain(
      "status: completed",
    );

    const stats = SystemStatsSchema.parse((await t.app.inject({ url: "/api/system/stats", headers: auth })).json());
    expect(stats).toMatchObject({ activeTests: 0, completedTests: 1 });
    const notes = NotificationsResponseSchema.parse(
      (await t.app.inject({ url: "/api/notifications", headers: auth })).json(),
    );
    expect(notes.unseen).toBe(1);
    expect(notes.items[0]).toMatchObject({
      action: "Run DMZ Perimeter Services with builtin/reference",
      status: "completed",
      result: expect.stringMatching(/^10 mean per sample \(−10…\+10\), 2 samples × 1 epoch \(completed\) — results\//),
    });
  });

  it("re-attaches to a run's stream with everything so far", async () => {
    const { t, auth } = await start();
    const first = parseStream(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/execute-scenario",
          headers: auth,
          payload: { scenarioId: "s2-typosquatting", model: "builtin/naive" },
        })
      ).body,
    );
    const again = parseStream((await t.app.inject({ url: `/api/runs/${first[0]!.runId}/events`, headers: auth })).body);
    expect(again).toEqual(first);
  });

  it("streams a missing API key as one sentence that says how to fix it", async () => {
    const { t, auth } = await start();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/execute-scenario",
      headers: auth,
      payload: { scenarioId: "s1-dmz", model: "gpt-4o", llm: "openai" },
    });
    expect(parseStream(res.body)).toEqual([
      {
        event: "error",
        message: expect.stringMatching(/^OPENAI_API_KEY is not set: export OPENAI_API_KEY=<your key>/),
      },
    ]);
    expect(RunListResponseSchema.parse((await t.app.inject({ url: "/api/runs", headers: auth })).json()).runs).toEqual(
      [],
    );
  });

  it.each([
    [{ scenarioId: "s9-nope", model: "builtin/naive" }, 404, "UNKNOWN_CASE"],
    [{ scenarioId: "__proto__", model: "builtin/naive" }, 400, "INVALID_REQUEST"],
    [{ scenarioId: "s1-dmz; rm -rf /", model: "builtin/naive" }, 400, "INVALID_REQUEST"],
    [{ scenarioId: "s1-dmz" }, 400, "INVALID_REQUEST"],
  ])("refuses %j with %i", async (payload, status, code) => {
    const { t, auth } = await start();
    const res = await t.app.inject({ method: "POST", url: "/api/execute-scenario", headers: auth, payload });
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
  });
});

describe("variants", () => {
  it("runs the variant asked for, keeps it in the run's options and tells it in the summary and the list", async () => {
    const { t, auth } = await start();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/execute-scenario",
      headers: auth,
      payload: { scenarioId: "s2-homoglyph-backdoor", model: "builtin/reference", variant: 7 },
    });
    const events = parseStream(res.body);
    // The reference answer is the variant's: it still solves the case.
    expect(events.at(-1)).toMatchObject({ event: "done", status: "completed" });
    expect(events.at(-1)!.message).toMatch(/^\s*Run completed: 10 mean per sample/);
    const runId = events[0]!.runId!;

    const stored = await t.db.execute({ sql: "SELECT options FROM runs WHERE id = ?", args: [runId] });
    expect(JSON.parse(String(stored.rows[0]!.options))).toMatchObject({ variant: 7 });
    // The raw JSON, not the parsed contract (which defaults a missing variant to 0).
    const summary = (await t.app.inject({ url: `/api/runs/${runId}`, headers: auth })).json();
    expect(summary).toMatchObject({ id: runId, caseId: "s2-homoglyph-backdoor", variant: 7 });
    expect(RunSummarySchema.parse(summary).variant).toBe(7);
    const list = (await t.app.inject({ url: "/api/runs", headers: auth })).json() as { runs: unknown[] };
    expect(list.runs).toEqual([expect.objectContaining({ id: runId, variant: 7 })]);

    // The run's record names the variant's identifiers: the report is written from the variant.
    const report = readFileSync(path.join(t.deps.config.workspaceDir, summary.result.files.report), "utf8");
    const drawn = caseVariant(findCase("s2-homoglyph-backdoor")!, 7).identifiers;
    const published = findCase("s2-homoglyph-backdoor")!.identifiers;
    const changed = Object.keys(published).filter((k) => published[k] !== drawn[k] && report.includes(published[k]!));
    expect(changed).toEqual([]);
  });

  it("records variant 0 for a run started without one, and for runs stored before variants", async () => {
    const { t, auth } = await start();
    const events = parseStream(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/execute-scenario",
          headers: auth,
          payload: { scenarioId: "s2-typosquatting", model: "builtin/naive" },
        })
      ).body,
    );
    expect((await t.app.inject({ url: `/api/runs/${events[0]!.runId}`, headers: auth })).json()).toMatchObject({
      variant: 0,
    });
    await t.db.execute({
      sql: "INSERT INTO runs (id, case_id, model, status, created_at, options) VALUES ('r_oldvariant', 's1-dmz', 'builtin/reference', 'completed', '2026-01-01T00:00:00Z', ?)",
      args: [JSON.stringify({ caseName: "DMZ", epochs: 1 })],
    });
    expect((await t.app.inject({ url: "/api/runs/r_oldvariant", headers: auth })).json()).toMatchObject({
      variant: 0,
    });
  });

  it("names the variant when a recorded run is re-attached", async () => {
    const { t, auth } = await start();
    await t.db.execute({
      sql: "INSERT INTO runs (id, case_id, model, status, created_at, options) VALUES ('r_variant007', 's1-dmz', 'builtin/reference', 'cancelled', '2026-01-01T00:00:00Z', ?)",
      args: [JSON.stringify({ caseName: "DMZ", epochs: 1, variant: 7 })],
    });
    const again = parseStream((await t.app.inject({ url: "/api/runs/r_variant007/events", headers: auth })).body);
    expect(again[0]!.message).toBe("Run r_variant007: DMZ (variant 7) with builtin/reference — cancelled");
  });

  it.each([-1, 1.5, 1_000_001, "7", null])("refuses the variant %j with 400 and a sentence", async (variant) => {
    const { t, auth } = await start();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/execute-scenario",
      headers: auth,
      payload: { scenarioId: "s2-typosquatting", model: "builtin/naive", variant },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "INVALID_REQUEST",
      error:
        "The request body is not valid: variant: A variant is a whole number from 0 to 1,000,000 (0 is the case as published).",
    });
    expect((await t.app.inject({ url: "/api/runs", headers: auth })).json()).toEqual({ runs: [] });
  });

  it("queues the full suite as one variant", async () => {
    const db = await openTestDatabase();
    const ran: { caseId: string; variant: number }[] = [];
    const { t, auth } = await start({
      overrides: {
        runs: createRunService({
          db,
          activity: createActivityLog(db),
          workspaceDir: "/nonexistent-analystbench-workspace",
          version: "test",
          maxConnections: 2,
          // The suite's plumbing is under test, not the cases: each run records its case and stops.
          runCaseImpl: async ({ testCase }) => {
            ran.push({ caseId: testCase.id, variant: testCase.variant });
            throw new Error("stopped by the test");
          },
        }),
      },
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/runs/suite",
      headers: auth,
      payload: { model: "builtin/naive", variant: 7 },
    });
    expect(res.statusCode).toBe(200);
    const { suiteId } = res.json() as { suiteId: string };
    const list = await until(async () => {
      const r = (await t.app.inject({ url: `/api/runs?suite=${suiteId}`, headers: auth })).json() as {
        runs: { status: string; variant: number }[];
      };
      return r.runs.length === 13 && r.runs.every((x) => x.status === "failed") ? r : undefined;
    });
    expect(list.runs.map((r) => r.variant)).toEqual(Array(13).fill(7));
    expect(ran).toHaveLength(13);
    expect(ran.every((r) => r.variant === 7)).toBe(true);

    const bad = await t.app.inject({
      method: "POST",
      url: "/api/runs/suite",
      headers: auth,
      payload: { model: "builtin/naive", variant: -3 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/variant: A variant is a whole number from 0 to 1,000,000/);
    db.close();
  });
});

describe("runs as server-side jobs", () => {
  it("keeps running when the client goes away, and can be cancelled", async () => {
    fake = await startFakeOpenAI({ fallback: { kind: "reference", delayMs: 300 } });
    const { t } = await start();
    // A run service whose model is the slow fake server.
    const activity = createActivityLog(t.db);
    const runs = createRunService({
      db: t.db,
      activity,
      workspaceDir: t.deps.config.workspaceDir,
      version: "test",
      maxConnections: 2,
      openSession: openInProcessSession,
      models: { env: { OPENAI_API_KEY: "k", OPENAI_BASE_URL: fake.url } },
    });
    const started = await runs.start({ caseId: "s2-homoglyph-backdoor", model: "openai/gpt-4o", user: "analyst" });
    if ("problem" in started) throw new Error(started.problem);
    await until(async () => ((await runs.get(started.runId))?.status === "running" ? true : undefined));
    await until(async () => (fake!.requests.length >= 2 ? true : undefined));
    expect(await runs.cancel(started.runId)).toBe("cancelled");
    const final = await until(async () => {
      const r = await runs.get(started.runId);
      return r && r.status !== "running" ? r : undefined;
    });
    expect(final.status).toBe("cancelled");
    expect(final.result?.files.report).toMatch(/\.md$/);
    expect(await runs.cancel(started.runId)).toBe("finished");
  });

  it("answers cancel of unknown and finished runs with 404 and 409", async () => {
    const { t, auth } = await start();
    expect(
      (await t.app.inject({ method: "POST", url: "/api/runs/r_abcdefghij/cancel", headers: auth })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: "POST", url: "/api/runs/..%2Fetc/cancel", headers: auth })).statusCode).toBe(
      400,
    );
    const events = parseStream(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/execute-scenario",
          headers: auth,
          payload: { scenarioId: "s2-typosquatting", model: "builtin/naive" },
        })
      ).body,
    );
    const res = await t.app.inject({ method: "POST", url: `/api/runs/${events[0]!.runId}/cancel`, headers: auth });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/already finished/);
  });

  it("marks runs a dead server left behind as interrupted at the next start", async () => {
    const { t } = await start();
    await t.db.execute(
      "INSERT INTO runs (id, case_id, model, status, created_at) VALUES ('r_deadbeef00', 's1-dmz', 'openai/gpt-4o', 'running', '2026-01-01T00:00:00Z')",
    );
    const runs = createRunService({
      db: t.db,
      activity: createActivityLog(t.db),
      workspaceDir: t.deps.config.workspaceDir,
      version: "test",
      maxConnections: 2,
    });
    expect(await runs.recover()).toBe(1);
    expect((await runs.get("r_deadbeef00"))?.status).toBe("interrupted");
  });

  it("queues the full suite: all 13 cases with one model", async () => {
    const { t, auth } = await start();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/runs/suite",
      headers: auth,
      payload: { model: "builtin/naive" },
    });
    expect(res.statusCode).toBe(200);
    const { suiteId, runIds } = res.json() as { suiteId: string; runIds: string[] };
    expect(runIds).toHaveLength(13);
    const list = await until(async () => {
      const r = RunListResponseSchema.parse(
        (await t.app.inject({ url: `/api/runs?suite=${suiteId}`, headers: auth })).json(),
      );
      return r.runs.every((x) => x.status === "completed") ? r : undefined;
    }, 60_000);
    expect(list.runs).toHaveLength(13);
    const noKey = await t.app.inject({
      method: "POST",
      url: "/api/runs/suite",
      headers: auth,
      payload: { model: "gpt-4o" },
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error).toMatch(/^OPENAI_API_KEY is not set/);
  }, 90_000);
});

describe("runs that fail leave a record and a report that says why", () => {
  it("a model server that refuses every call: the run fails, its report says why, Results counts it", async () => {
    fake = await startFakeOpenAI({ fallback: { kind: "status", status: 500 } });
    const { t, auth } = await start({
      models: {
        env: { OPENAI_API_KEY: "k", OPENAI_BASE_URL: fake.url },
        transport: { retry: { maxRetries: 1, baseDelayMs: 1, maxDelayMs: 5 } },
      },
    });
    const events = parseStream(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/execute-scenario",
          headers: auth,
          payload: { scenarioId: "s2-typosquatting", model: "openai/gpt-4o" },
        })
      ).body,
    );
    const done = events.at(-1)!;
    expect(done).toMatchObject({ event: "done", status: "failed" });
    // The provider ended every sample: nothing counts, and the line says so instead of "0/10 points".
    expect(done.message).toMatch(
      /Run failed: no score \(−10…\+10\), \d+ samples? × 1 epoch; all \d+ invalid, not counted\./,
    );

    const run = RunSummarySchema.parse(
      (await t.app.inject({ url: `/api/runs/${events[0]!.runId}`, headers: auth })).json(),
    );
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(/500/);
    const report = readFileSync(path.join(t.deps.config.workspaceDir, run.result!.files.report), "utf8");
    expect(report).toMatch(/^status: failed$/m);
    expect(report).toMatch(/^error: .*500/m);
    expect(report).toMatch(/Why it failed: .*500/);

    const logs = (await t.app.inject({ url: "/api/results/logs", headers: auth })).json() as {
      files: { path: string; status: string; description: string }[];
    };
    const row = logs.files.find((f) => f.path === run.result!.files.report);
    expect(row).toMatchObject({ status: "failed", description: expect.stringMatching(/no score .* · failed: .*500/) });

    const notes = NotificationsResponseSchema.parse(
      (await t.app.inject({ url: "/api/notifications", headers: auth })).json(),
    );
    expect(notes.items[0]).toMatchObject({
      status: "failed",
      result: expect.stringMatching(/^Failed: .*500.*; no score /),
      link: { type: "result", path: run.result!.files.report },
    });
  });

  it("a run that throws before its samples are graded still leaves a failed record and report", async () => {
    const { t, auth } = await start();
    const runs = createRunService({
      db: t.db,
      activity: createActivityLog(t.db),
      workspaceDir: t.deps.config.workspaceDir,
      version: "test",
      maxConnections: 2,
      runCaseImpl: async () => {
        throw new Error("the simulated network could not be built:\nworker exited");
      },
    });
    const started = await runs.start({ caseId: "s1-dmz", model: "builtin/reference", user: "analyst", epochs: 2 });
    if ("problem" in started) throw new Error(started.problem);
    const final = await until(async () => {
      const r = await runs.get(started.runId);
      return r && r.status === "failed" ? r : undefined;
    });
    expect(final.error).toMatch(/could not be built/);
    expect(final.result).toMatchObject({
      status: "failed",
      samples: 0,
      score: { mean: null, samples: 2, epochs: 2, invalid: 0 },
      files: { report: expect.stringMatching(/^results\/s1-dmz\/.+_builtin-reference_r_\w+\.md$/), benchmark: null },
    });
    const report = readFileSync(path.join(t.deps.config.workspaceDir, final.result!.files.report), "utf8");
    expect(report).toMatch(/^status: failed$/m);
    expect(report).toContain("Why it failed: the simulated network could not be built: worker exited.");

    const logs = (await t.app.inject({ url: "/api/results/logs", headers: auth })).json() as {
      files: { path: string; status: string; description: string }[];
    };
    expect(logs.files).toContainEqual(
      expect.objectContaining({
        path: final.result!.files.report,
        status: "failed",
        description: expect.stringContaining("no score (−10…+10), 2 samples × 2 epochs; none graded · failed:"),
      }),
    );

    // This app's run service never held the run: re-attaching reads the record, reason and report.
    const again = parseStream((await t.app.inject({ url: `/api/runs/${started.runId}/events`, headers: auth })).body);
    expect(again.at(-1)).toMatchObject({
      event: "error",
      message: expect.stringMatching(/^The run failed: the simulated network.*\nReport: results\/s1-dmz\//s),
    });
    const activity = await createActivityLog(t.db).recent(5);
    expect(activity[0]).toMatchObject({ status: "failed", link: { type: "result", path: final.result!.files.report } });
  });

  it("reads run records written before scores were means: the sum becomes a mean over its results", async () => {
    const { t, auth } = await start();
    const old = {
      status: "completed",
      total: 30,
      max: 40,
      samples: 4,
      safeSolves: 2,
      files: { report: "r.md", benchmark: "r.jsonl", log: "l.json" },
    };
    await t.db.execute({
      sql: "INSERT INTO runs (id, case_id, model, status, created_at, options, summary) VALUES ('r_oldoldold0', 's1-dmz', 'builtin/reference', 'completed', '2026-01-01T00:00:00Z', ?, ?)",
      args: [JSON.stringify({ caseName: "DMZ", epochs: 2 }), JSON.stringify(old)],
    });
    const run = RunSummarySchema.parse((await t.app.inject({ url: "/api/runs/r_oldoldold0", headers: auth })).json());
    expect(run.result?.score).toEqual({ mean: 7.5, samples: 2, epochs: 2, invalid: 0 });
    const again = parseStream((await t.app.inject({ url: "/api/runs/r_oldoldold0/events", headers: auth })).body);
    expect(again.at(-1)?.message).toBe(
      "Run completed: 7.5 mean per sample (−10…+10), 2 samples × 2 epochs.\nReport: r.md",
    );
  });
});

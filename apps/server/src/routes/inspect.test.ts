import {
  ActivityResponseSchema,
  EvaluationLogsResponseSchema,
  ExecutionResultSchema,
  InspectTasksResponseSchema,
  ViewerStateSchema,
  type EvaluationLog,
} from "@analystbench/contracts";
import { loadInspectValidator, startFakeOpenAI, type FakeOpenAI } from "@analystbench/engine/test-support";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { serverPathsIn } from "../test-support/server-paths";
import { createTestApp, TEST_CONSOLE_ORIGIN, TEST_CONSOLE_PORT, type TestApp } from "../test-support/test-app";

let t: TestApp | undefined;
let fake: FakeOpenAI | undefined;
const held: net.Server[] = [];
afterEach(async () => {
  await t?.close();
  await fake?.close();
  for (const s of held.splice(0)) await new Promise((r) => s.close(r));
  t = fake = undefined;
});

async function start(opts: Parameters<typeof createTestApp>[0] = {}) {
  t = await createTestApp(opts);
  const auth = { authorization: `Bearer ${await t.login()}`, "content-type": "application/json" };
  return { t, auth };
}

/** A port nobody uses right now, from the OS; `hold` keeps it busy for the test. */
async function freePort(hold = false): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen({ host: "127.0.0.1", port: 0 }, r));
  const port = (server.address() as net.AddressInfo).port;
  if (hold) held.push(server);
  else await new Promise((r) => server.close(r));
  return port;
}

const processAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("the viewer process", () => {
  it.each([
    ["0", 0],
    ["22", 22],
    ["65536", 65536],
    ["7860.5", 7860.5],
    ['"7860; id"', "7860; id"],
    ['"7860"', "7860"],
    ["null", null],
    ["the console's own port", TEST_CONSOLE_PORT],
  ])("refuses port %s with 400 and a sentence", async (_label, port) => {
    const { t, auth } = await start();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/inspect/viewer/start",
      headers: auth,
      payload: { port },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: string; code: string };
    expect(body.error).toMatch(/port/i);
    expect(body.error).toMatch(/\.$/);
    expect(body.code).toMatch(/^[A-Z_]+$/);
    expect((await t.app.inject({ method: "GET", url: "/api/inspect/viewer", headers: auth })).json()).toMatchObject({
      running: false,
    });
  });

  it("answers 409 for a port another program holds", async () => {
    const { t, auth } = await start();
    const port = await freePort(true);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/inspect/viewer/start",
      headers: auth,
      payload: { port },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "PORT_IN_USE" });
    expect((res.json() as { error: string }).error).toContain(`Port ${port} is already in use`);
  });

  it("starts on 127.0.0.1, frameable by the console only; a second start is harmless; stop reaps it", async () => {
    const { t, auth } = await start();
    const port = await freePort();
    const before = ViewerStateSchema.parse(
      (await t.app.inject({ method: "GET", url: "/api/inspect/viewer", headers: auth })).json(),
    );
    expect(before).toMatchObject({ running: false, port: 7860, mode: "builtin", error: null });

    const res = await t.app.inject({
      method: "POST",
      url: "/api/inspect/viewer/start",
      headers: auth,
      payload: { port },
    });
    expect(res.statusCode).toBe(200);
    const state = ViewerStateSchema.parse(res.json());
    expect(state).toEqual({ running: true, port, url: `http://127.0.0.1:${port}/`, mode: "builtin", error: null });
    const pid = t.deps.viewer!.pid()!;
    expect(processAlive(pid)).toBe(true);

    const page = await fetch(state.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Evaluation logs");
    expect(serverPathsIn(html, [t.deps.config.workspaceDir])).toEqual([]);
    expect(serverPathsIn(res.body, [t.deps.config.workspaceDir])).toEqual([]);
    expect(page.headers.get("content-security-policy")).toContain(`frame-ancestors ${TEST_CONSOLE_ORIGIN}`);
    expect(page.headers.get("x-frame-options")).toBeNull();

    const again = await t.app.inject({
      method: "POST",
      url: "/api/inspect/viewer/start",
      headers: auth,
      payload: { port },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(state);
    expect(t.deps.viewer!.pid()).toBe(pid);

    const stopped = await t.app.inject({ method: "POST", url: "/api/inspect/viewer/stop", headers: auth });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({ running: false, port, error: null });
    expect(processAlive(pid)).toBe(false);
    await expect(fetch(state.url)).rejects.toThrow();
    // Stopping what is stopped is harmless too; an empty JSON body (as the console sends) is fine.
    const twice = await t.app.inject({ method: "POST", url: "/api/inspect/viewer/stop", headers: auth, payload: "" });
    expect(twice.statusCode).toBe(200);
  });

  it("dies with the server: closing the app stops the viewer", async () => {
    const { t, auth } = await start();
    const port = await freePort();
    await t.app.inject({ method: "POST", url: "/api/inspect/viewer/start", headers: auth, payload: { port } });
    const pid = t.deps.viewer!.pid()!;
    expect(processAlive(pid)).toBe(true);
    await t.app.close();
    expect(processAlive(pid)).toBe(false);
  });
});

describe("tasks", () => {
  it("lists one task per case with its metadata file", async () => {
    const { t, auth } = await start();
    const res = await t.app.inject({ method: "GET", url: "/api/inspect/scenarios", headers: auth });
    const { scenarios } = InspectTasksResponseSchema.parse(res.json());
    expect(scenarios).toHaveLength(13);
    expect(scenarios[0]).toMatchObject({ id: "s1-dmz", file: "scenarios/s1-dmz.yaml" });
    expect(scenarios.every((s) => s.name && s.description)).toBe(true);
  });
});

describe("execute", () => {
  const validate = loadInspectValidator();

  it("runs the command line with builtin/reference and limit 1: a new log that validates, listed with its score", async () => {
    const { t, auth } = await start();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/inspect/execute",
      headers: auth,
      payload: { scenario: "s2-typosquatting", model: "builtin/reference", limit: 1 },
    });
    expect(res.statusCode).toBe(200);
    const result = ExecutionResultSchema.parse(res.json());
    expect(result).toMatchObject({ success: true, exitCode: 0, error: null });
    expect(result.stdout).toContain("s2-typosquatting");
    expect(result.stdout).toContain("10/10");
    // The command line prints where it wrote its files; the console shows them relative to the workspace.
    expect(result.stdout).toMatch(/eval log {2}logs\/\S+_s2-typosquatting_\S+\.json/);
    expect(result.stdout).toMatch(/report {4}results\//);
    expect(serverPathsIn(res.body, [t.deps.config.workspaceDir])).toEqual([]);

    const logsDir = path.join(t.deps.config.workspaceDir, "logs");
    const names = readdirSync(logsDir);
    expect(names).toHaveLength(1);
    expect(validate(JSON.parse(readFileSync(path.join(logsDir, names[0]!), "utf8")))).toEqual([]);

    const { files } = EvaluationLogsResponseSchema.parse(
      (await t.app.inject({ method: "GET", url: "/api/inspect/results", headers: auth })).json(),
    );
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({
      name: names[0],
      task: "s2-typosquatting",
      model: "builtin/reference",
      // The run's score as every view says it, not "10/10".
      score: "10 mean per sample (−10…+10), 1 sample × 1 epoch",
      status: "completed",
      inspectStatus: "success",
      path: `logs/${names[0]}`,
    });
    expect(files[0]!.id).toMatch(/^r_/);
    expect(files[0]!.size).toBeGreaterThan(1000);

    const activity = await t.app.inject({ method: "GET", url: "/api/activity", headers: auth });
    expect(serverPathsIn(activity.body, [t.deps.config.workspaceDir])).toEqual([]);
    const { items } = ActivityResponseSchema.parse(activity.json());
    expect(items[0]).toMatchObject({
      status: "completed",
      action: "Inspect task Typo-squatted npm Dependency with builtin/reference",
    });
  });

  it("answers a listed model without its key with a failed result that says so, not an error", async () => {
    const { t, auth } = await start();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/inspect/execute",
      headers: auth,
      payload: { scenario: "s1-dmz", model: "openai/gpt-5", limit: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, exitCode: 1 });
    expect((res.json() as { stdout: string }).stdout).toContain("OPENAI_API_KEY");
    expect(existsSync(path.join(t.deps.config.workspaceDir, "logs"))).toBe(false);
  });

  it.each([
    [{ scenario: "nope", model: "builtin/reference", limit: 1 }, 404],
    [{ scenario: "__proto__", model: "builtin/reference", limit: 1 }, 404],
    [{ scenario: "toString", model: "builtin/reference", limit: 1 }, 404],
    [{ scenario: "s1-dmz --model=x", model: "builtin/reference", limit: 1 }, 404],
    [{ scenario: "s1-dmz", model: "builtin/reference; id", limit: 1 }, 400],
    [{ scenario: "s1-dmz", model: "--help", limit: 1 }, 400],
    [{ scenario: "s1-dmz", model: "builtin/nope", limit: 1 }, 400],
    [{ scenario: "s1-dmz", model: "builtin/reference", limit: 0 }, 400],
    [{ scenario: "s1-dmz", model: "builtin/reference", limit: 1.5 }, 400],
    [{ scenario: "s1-dmz", model: "builtin/reference", limit: "1" }, 400],
    [{ model: "builtin/reference", limit: 1 }, 400],
  ])("refuses %j with %i and a sentence", async (payload, status) => {
    const { t, auth } = await start();
    const res = await t.app.inject({ method: "POST", url: "/api/inspect/execute", headers: auth, payload });
    expect(res.statusCode).toBe(status);
    expect((res.json() as { error: string }).error).toMatch(/\.$/);
  });
});

describe("logs", () => {
  function writeLog(workspace: string, name: string, log: object) {
    mkdirSync(path.join(workspace, "logs"), { recursive: true });
    writeFileSync(path.join(workspace, "logs", name), JSON.stringify(log));
  }
  const list = async (t: TestApp, auth: Record<string, string>) =>
    EvaluationLogsResponseSchema.parse(
      (await t.app.inject({ method: "GET", url: "/api/inspect/results", headers: auth })).json(),
    ).files;

  it("answers 404 for unknown and traversal-shaped ids and deletes nothing else", async () => {
    const { t, auth } = await start();
    const ws = t.deps.config.workspaceDir;
    writeLog(ws, "2026-11-21T10-15-00-000Z_s1-dmz_r_keepme1234.json", { status: "success", eval: { task: "s1-dmz" } });
    writeFileSync(path.join(ws, "precious.json"), "{}");
    for (const id of [
      "r_unknown",
      "..%2Fprecious.json",
      "..%2F..%2Fetc%2Fpasswd",
      "%2e%2e%2fprecious.json",
      "precious.json",
      "__proto__",
      "constructor",
      "logs%2F..%2Fprecious.json",
      "%00",
    ]) {
      const res = await t.app.inject({ method: "DELETE", url: `/api/inspect/logs/${id}`, headers: auth });
      expect([400, 404], id).toContain(res.statusCode);
      expect((res.json() as { error: string }).error).toMatch(/\.$/);
    }
    const long = await t.app.inject({ method: "DELETE", url: `/api/inspect/logs/${"a".repeat(300)}`, headers: auth });
    expect(long.statusCode).toBeGreaterThanOrEqual(400);
    expect(long.statusCode).toBeLessThan(500);
    expect(existsSync(path.join(ws, "precious.json"))).toBe(true);
    expect(await list(t, auth)).toHaveLength(1);
  });

  it("deletes a listed log by its id, atomically, and then it is gone (404 on a second delete)", async () => {
    const { t, auth } = await start();
    const ws = t.deps.config.workspaceDir;
    writeLog(ws, "2026-11-21T10-15-00-000Z_s1-dmz_r_abc123.json", {
      status: "error",
      eval: { task: "s1-dmz", model: "openai/gpt-4", run_id: "r_abc123" },
    });
    writeLog(ws, "someone-elses.json", { status: "success", eval: { task: "other", model: "m" } });
    const files = await list(t, auth);
    expect(files.map((f) => [f.id, f.status, f.task])).toEqual(
      expect.arrayContaining([
        ["r_abc123", "failed", "s1-dmz"],
        [expect.stringMatching(/^log-[0-9a-f]{16}$/), "completed", "other"],
      ]),
    );
    const res = await t.app.inject({ method: "DELETE", url: "/api/inspect/logs/r_abc123", headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: "r_abc123" });
    expect(readdirSync(path.join(ws, "logs"))).toEqual(["someone-elses.json"]);
    expect(
      (await t.app.inject({ method: "DELETE", url: "/api/inspect/logs/r_abc123", headers: auth })).statusCode,
    ).toBe(404);
  });

  it("answers 409 for the log of an evaluation still running in this server, and deletes it once it ended", async () => {
    fake = await startFakeOpenAI({ fallback: { kind: "reference", delayMs: 200 } });
    const { t, auth } = await start({ models: { env: { OPENAI_API_KEY: "k", OPENAI_BASE_URL: fake.url } } });
    const started = await t.deps.runs.start({ caseId: "s2-typosquatting", model: "openai/gpt-4o", user: "analyst" });
    if ("problem" in started) throw new Error(started.problem);
    const log = await until(async () => (await list(t, auth)).find((f) => f.inspectStatus === "started"));
    expect(log).toMatchObject({ id: started.runId, status: "running", task: "s2-typosquatting" });
    const res = await t.app.inject({ method: "DELETE", url: `/api/inspect/logs/${log.id}`, headers: auth });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "LOG_IN_USE" });

    await t.deps.runs.cancel(started.runId);
    await until(() => (t!.deps.runs.activeRunIds().length === 0 ? true : undefined));
    const after = (await list(t, auth)).find((f) => f.id === log.id)!;
    expect(after.status).not.toBe("running");
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/inspect/logs/${log.id}`, headers: auth })).statusCode,
    ).toBe(200);
  });

  it("answers 409 for the log an executing task is writing", async () => {
    fake = await startFakeOpenAI({ fallback: { kind: "reference", delayMs: 200 } });
    const { t, auth } = await start({
      overrides: {
        inspect: {
          env: { PATH: process.env.PATH, HOME: process.env.HOME, OPENAI_API_KEY: "k", OPENAI_BASE_URL: fake.url },
        },
      },
    });
    const executing = t.app.inject({
      method: "POST",
      url: "/api/inspect/execute",
      headers: auth,
      payload: { scenario: "s2-typosquatting", model: "openai/gpt-4", limit: 1 },
    });
    const log: EvaluationLog = await until(async () =>
      (await list(t, auth)).find((f) => f.inspectStatus === "started"),
    );
    expect(log.status).toBe("running");
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/inspect/logs/${log.id}`, headers: auth })).statusCode,
    ).toBe(409);
    // A second execute while one runs is refused, not queued.
    const second = await t.app.inject({
      method: "POST",
      url: "/api/inspect/execute",
      headers: auth,
      payload: { scenario: "s1-dmz", model: "builtin/reference", limit: 1 },
    });
    expect(second.statusCode).toBe(409);
    const done = await executing;
    expect(done.json()).toMatchObject({ success: true, exitCode: 0 });
    const finished = (await list(t, auth)).find((f) => f.id === log.id)!;
    expect(finished).toMatchObject({
      status: "completed",
      score: "10 mean per sample (−10…+10), 1 sample × 1 epoch",
      model: "openai/gpt-4",
    });
  });
});

describe("no absolute server paths", () => {
  it("no endpoint of the page shows the workspace: viewer state, tasks, logs, deletes and refusals", async () => {
    const { t, auth } = await start();
    const ws = t.deps.config.workspaceDir;
    mkdirSync(path.join(ws, "logs"), { recursive: true });
    writeFileSync(
      path.join(ws, "logs", "2026-11-21T10-15-00-000Z_s1-dmz_r_paths1.json"),
      JSON.stringify({
        status: "error",
        eval: { task: "s1-dmz", model: "m", run_id: "r_paths1" },
        error: { message: ws },
      }),
    );
    writeFileSync(path.join(ws, "logs", "broken.json"), "{ not json");
    const busy = await freePort(true);
    const answers = [
      await t.app.inject({ method: "GET", url: "/api/inspect/viewer", headers: auth }),
      await t.app.inject({ method: "POST", url: "/api/inspect/viewer/start", headers: auth, payload: { port: busy } }),
      await t.app.inject({ method: "POST", url: "/api/inspect/viewer/stop", headers: auth }),
      await t.app.inject({ method: "GET", url: "/api/inspect/scenarios", headers: auth }),
      await t.app.inject({ method: "GET", url: "/api/inspect/results", headers: auth }),
      await t.app.inject({ method: "DELETE", url: `/api/inspect/logs/${encodeURIComponent(ws)}`, headers: auth }),
      await t.app.inject({ method: "DELETE", url: "/api/inspect/logs/r_paths1", headers: auth }),
      await t.app.inject({
        method: "POST",
        url: "/api/inspect/execute",
        headers: auth,
        payload: { scenario: "../logs", model: "builtin/reference", limit: 1 },
      }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 409, 200, 200, 200, 404, 200, 404]);
    const files = EvaluationLogsResponseSchema.parse(answers[4]!.json()).files;
    expect(files.map((f) => f.path).sort()).toEqual([
      "logs/2026-11-21T10-15-00-000Z_s1-dmz_r_paths1.json",
      "logs/broken.json",
    ]);
    for (const a of answers) expect(serverPathsIn(a.body, [ws]), a.body).toEqual([]);
  });
});

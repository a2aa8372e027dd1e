import { startFakeOpenAI, type FakeOpenAI } from "@analystbench/engine/test-support";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The real server process, killed with SIGKILL in the middle of a run: no file in the workspace
 * is half-written, and after a restart the run reads as interrupted.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "ab-crash-"));
let fake: FakeOpenAI | undefined;
let server: ChildProcess | undefined;

afterAll(async () => {
  server?.kill("SIGKILL");
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function startServer(port: number, openaiUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "apps/server/src/server.ts")], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      ANALYSTBENCH_DATA_DIR: dataDir,
      ANALYSTBENCH_ADMIN_PASSWORD: "crash-test-password",
      LOG_LEVEL: "silent",
      OPENAI_API_KEY: "k",
      OPENAI_BASE_URL: openaiUrl,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error("the server did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

describe("kill -9 in the middle of a run", () => {
  it("leaves no half-written file, and the run reads as interrupted after a restart", async () => {
    fake = await startFakeOpenAI({ fallback: { kind: "reference", delayMs: 400 } });
    const port = await freePort();
    server = await startServer(port, fake.url);
    const base = `http://127.0.0.1:${port}`;
    const { token } = (await (
      await fetch(`${base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "admin", password: "crash-test-password" }),
      })
    ).json()) as { token: string };
    const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };

    const stream = await fetch(`${base}/api/execute-scenario`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ scenarioId: "s2-typosquatting", model: "gpt-4o", llm: "openai" }),
    });
    const reader = stream.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    const runId = /"runId":"(r_\w+)"/.exec(first)![1]!;
    while (fake.requests.length < 3) await new Promise((r) => setTimeout(r, 50));

    server.kill("SIGKILL");
    await new Promise((r) => server!.once("exit", r));
    await reader.cancel().catch(() => {});

    const workspace = path.join(dataDir, "workspace");
    for (const file of walk(workspace)) {
      const text = readFileSync(file, "utf8");
      if (file.endsWith(".json")) expect(() => JSON.parse(text), file).not.toThrow();
      if (file.endsWith(".md")) expect(text, file).toMatch(/^---\n/);
      expect(statSync(file).size, file).toBeGreaterThan(0);
    }
    const logs = walk(path.join(workspace, "logs")).filter((f) => f.includes(runId));
    expect(logs).toHaveLength(1);
    expect(JSON.parse(readFileSync(logs[0]!, "utf8")).status).toBe("started");
    expect(walk(workspace).filter((f) => f.includes(runId) && f.endsWith(".md"))).toEqual([]);

    server = await startServer(port, fake.url);
    const login = (await (
      await fetch(`${base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "admin", password: "crash-test-password" }),
      })
    ).json()) as { token: string };
    const run = (await (
      await fetch(`${base}/api/runs/${runId}`, { headers: { authorization: `Bearer ${login.token}` } })
    ).json()) as { status: string; error: string };
    expect(run.status).toBe("interrupted");
    expect(run.error).toMatch(/server stopped/);
    expect(walk(workspace).filter((f) => /\/\.[^/]+\.tmp$/.test(f))).toEqual([]);
    server.kill("SIGTERM");
    await new Promise((r) => server!.once("exit", r));
  }, 120_000);
});

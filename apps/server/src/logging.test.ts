import Fastify from "fastify";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Config } from "./config";
import { humanLogSink, loggerOptions, TerminalLogController, type LogSink } from "./logging";
import { defaultAllowedHosts } from "./plugins/host-check";
import { createTestApp, TEST_USER, type TestApp } from "./test-support/test-app";

/** The log as pino writes it: one JSON object per line. */
function capture(): LogSink & { lines: Record<string, unknown>[]; text: () => string } {
  const raw: string[] = [];
  return {
    write: (line: string) => raw.push(line),
    get lines() {
      return raw.map((l) => JSON.parse(l) as Record<string, unknown>);
    },
    text: () => raw.join(""),
  };
}

let t: TestApp | undefined;
let workspace: string | undefined;
afterEach(async () => {
  await t?.close();
  if (workspace) rmSync(workspace, { recursive: true, force: true });
  t = undefined;
});

async function appLoggingAt(level: Config["logLevel"]) {
  const sink = capture();
  workspace = mkdtempSync(path.join(os.tmpdir(), "ab-logging-"));
  const config = {
    webDistDir: "/nonexistent-analystbench-dist",
    logLevel: level,
    workspaceDir: workspace,
    allowedHosts: defaultAllowedHosts("127.0.0.1"),
  };
  t = await createTestApp({ workspaceDir: workspace, overrides: { config, logSink: sink } });
  return { app: t, sink };
}

describe("the request log", () => {
  it("writes nothing for requests at the default level (info)", async () => {
    const { app, sink } = await appLoggingAt("info");
    const token = await app.login();
    await app.app.inject({ url: "/api/health" });
    await app.app.inject({ url: "/api/system/stats", headers: { authorization: `Bearer ${token}` } });
    await app.app.inject({ url: "/api/no-such-route" });
    expect(sink.text()).toBe("");
  });

  it("writes one line per request at debug: method, path, status, time", async () => {
    const { app, sink } = await appLoggingAt("debug");
    await app.app.inject({ url: "/api/health" });
    await app.app.inject({ url: "/api/system/stats" });
    expect(sink.lines.map((l) => [l.level, l.msg])).toEqual([
      [20, expect.stringMatching(/^GET \/api\/health 200 \d+ ms$/)],
      [20, expect.stringMatching(/^GET \/api\/system\/stats 401 \d+ ms$/)],
    ]);
  });

  it("never writes a token or a password, even at debug", async () => {
    const { app, sink } = await appLoggingAt("trace");
    const token = await app.login();
    await app.app.inject({ url: "/api/system/stats", headers: { authorization: `Bearer ${token}` } });
    await app.app.inject({ url: `/api/system/stats?token=${token}` });
    await app.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: TEST_USER.username, password: "a-wrong-secret-password" },
    });
    // Code that logs a request object itself does not leak its headers either.
    app.app.log.error({ req: { headers: { authorization: `Bearer ${token}`, cookie: "sid=1" } } }, "logged request");
    expect(sink.lines.map((l) => l.msg)).toEqual([
      expect.stringMatching(/^POST \/api\/auth\/login 200 /),
      expect.stringMatching(/^GET \/api\/system\/stats 200 /),
      expect.stringMatching(/^GET \/api\/system\/stats 401 /),
      expect.stringMatching(/^POST \/api\/auth\/login 401 /),
      "logged request",
    ]);
    const text = sink.text();
    for (const secret of [token, TEST_USER.password, "a-wrong-secret-password", "sid=1"])
      expect(text, secret).not.toContain(secret);
  });
});

describe("TerminalLogController", () => {
  /** A bare Fastify with the app's logger settings and no error handler of its own. */
  async function bare(level: Config["logLevel"]) {
    const sink = capture();
    const app = Fastify({ logger: loggerOptions(level, sink), logController: new TerminalLogController() });
    app.get("/boom", async () => {
      throw new Error("kaput");
    });
    app.get("/bad", async (_req, reply) => reply.code(400).send(new Error("no such thing")));
    await app.ready();
    return { app, sink };
  }

  it("keeps errors and drops 404s and 4xx answers at info", async () => {
    const { app, sink } = await bare("info");
    try {
      await app.inject({ url: "/nowhere?token=abc" });
      await app.inject({ url: "/bad" });
      expect(sink.text()).toBe("");
      await app.inject({ url: "/boom" });
      expect(sink.lines.map((l) => [l.level, l.msg])).toEqual([[50, "kaput"]]);
    } finally {
      await app.close();
    }
  });

  it("writes each request at debug, without its query string", async () => {
    const { app, sink } = await bare("debug");
    try {
      await app.inject({ url: "/nowhere?token=abc" });
      expect(sink.lines.map((l) => l.msg)).toEqual([expect.stringMatching(/^GET \/nowhere 404 \d+ ms$/)]);
      expect(sink.text()).not.toContain("abc");
    } finally {
      await app.close();
    }
  });
});

describe("humanLogSink", () => {
  it("turns pino's JSON into one short line, without pid, host or request id", () => {
    const out: string[] = [];
    const sink = humanLogSink({ write: (s: string) => out.push(s) });
    const time = new Date(2026, 0, 2, 14, 2, 7).getTime();
    sink.write(`${JSON.stringify({ level: 30, time, pid: 4242, hostname: "box", reqId: "req-9", msg: "hello" })}\n`);
    expect(out).toEqual(["[14:02:07] INFO: hello\n"]);
  });

  it("keeps an error's stack, and passes a line that is not JSON through as it is", () => {
    const out: string[] = [];
    const sink = humanLogSink({ write: (s: string) => out.push(s) });
    sink.write(
      `${JSON.stringify({ level: 50, time: 0, msg: "unhandled error", err: { message: "boom", stack: "Error: boom\n    at f (x.ts:1)" } })}\n`,
    );
    sink.write("not json\n");
    expect(out[0]).toMatch(/ERROR: unhandled error\n[\s\S]*Error: boom\n\s+at f \(x\.ts:1\)/);
    expect(out[1]).toBe("not json\n");
  });
});

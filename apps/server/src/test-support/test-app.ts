import type { FastifyInstance } from "fastify";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp, type AppDeps } from "../app";
import type { Database } from "../db/database";
import { openTestDatabase, testDatabaseUrl } from "./test-database";
import { lazyTestQueue } from "./test-queue";
import type { ModelFactoryOptions } from "@analystbench/engine";
import { openInProcessSession } from "@analystbench/sim";
import { defaultAllowedHosts } from "../plugins/host-check";
import { createActivityLog } from "../services/activity";
import { createRunService } from "../services/run-service";
import { createLoginThrottle, type ThrottleLimits } from "../services/login-throttle";
import { createSessionStore } from "../services/sessions";
import { createHealthMonitor } from "../services/system-health";
import { createUserStore } from "../services/users";
import { createViewerProcess } from "../services/viewer-process";

/** The port the test console claims to listen on: the viewer must refuse it. */
export const TEST_CONSOLE_PORT = 3000;
export const TEST_CONSOLE_ORIGIN = `http://127.0.0.1:${TEST_CONSOLE_PORT}`;

export const TEST_USER = { username: "analyst", password: "correct horse battery staple" };

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  deps: AppDeps;
  /** Moves the clock the session store sees. */
  advanceClock(ms: number): void;
  login(username?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** A real app on an in-memory database with one user, for `inject` tests. */
export async function createTestApp(
  opts: {
    throttle?: Partial<ThrottleLimits>;
    webDistDir?: string;
    workspaceDir?: string;
    /** Model settings of the app's run service (e.g. a fake OpenAI server); no keys by default. */
    models?: ModelFactoryOptions;
    overrides?: Partial<AppDeps>;
  } = {},
): Promise<TestApp> {
  const db = await openTestDatabase();
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const users = createUserStore(db, now);
  await users.create(TEST_USER.username, TEST_USER.password);
  const health = createHealthMonitor(process.cwd());
  // A fresh, empty workspace per app unless the test brings its own (and then cleans it up itself).
  const ownWorkspace = opts.workspaceDir ? null : mkdtempSync(path.join(os.tmpdir(), "analystbench-ws-"));
  const workspaceDir = opts.workspaceDir ?? ownWorkspace!;
  const activity = createActivityLog(db, now);
  // On Postgres, runs go through the job queue and a worker, as in the team deployment.
  const databaseUrl = testDatabaseUrl(db);
  const models = opts.models ?? { env: {} };
  const queue = databaseUrl ? lazyTestQueue({ db, databaseUrl, workspaceDir, models }) : undefined;
  // Runs build their environments in-process here: the engine's own tests cover the worker.
  const runs = createRunService({
    db,
    activity,
    workspaceDir,
    version: "0.0.0-test",
    maxConnections: 4,
    openSession: openInProcessSession,
    models,
    now,
    queue,
  });
  const viewer = createViewerProcess({
    logsDir: path.join(workspaceDir, "logs"),
    consolePort: TEST_CONSOLE_PORT,
    frameOrigins: [TEST_CONSOLE_ORIGIN],
  });
  const deps: AppDeps = {
    config: {
      webDistDir: opts.webDistDir ?? "/nonexistent-analystbench-dist",
      logLevel: "silent",
      workspaceDir,
      allowedHosts: defaultAllowedHosts("127.0.0.1"),
    },
    version: "0.0.0-test",
    db,
    users,
    sessions: createSessionStore(db, 12 * 3600_000, now),
    throttle: createLoginThrottle(opts.throttle),
    activity,
    health,
    countScripts: () => 13,
    runs,
    viewer,
    // No model keys reach a test's evaluations, whatever the machine has set.
    inspect: { env: { PATH: process.env.PATH, HOME: process.env.HOME, LANG: process.env.LANG } },
    ...opts.overrides,
  };
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    db,
    deps,
    advanceClock: (ms) => {
      offsetMs += ms;
    },
    async login(username = TEST_USER.username, password = TEST_USER.password) {
      const res = await app.inject({ method: "POST", url: "/api/auth/login", payload: { username, password } });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return (res.json() as { token: string }).token;
    },
    async close() {
      await deps.viewer?.stop();
      await deps.runs.shutdown();
      await app.close();
      health.stop();
      await db.close();
      if (ownWorkspace) rmSync(ownWorkspace, { recursive: true, force: true });
    },
  };
}

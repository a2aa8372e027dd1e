/**
 * The server process: reads configuration, opens storage, creates the first admin, listens, and
 * shuts down cleanly on SIGINT/SIGTERM. Every start-up failure is one sentence on stderr.
 */
import { CASE_IDS } from "@analystbench/scenarios";
import path from "node:path";
import { buildApp } from "./app";
import { ConfigError, loadConfig, prepareDataDir } from "./config";
import { humanLogSink } from "./logging";
import { openDatabase } from "./db/database";
import { createActivityLog } from "./services/activity";
import { createRunService } from "./services/run-service";
import { superviseEmbeddedWorker } from "./queue/embedded-worker";
import { startQueueWorker } from "./queue/queue-worker";
import { openRunQueue, type RunQueue } from "./queue/run-queue";
import { ensureFirstAdmin } from "./services/first-admin";
import { createLoginThrottle } from "./services/login-throttle";
import { writeScenarioMetadata } from "./services/scenario-metadata";
import { createSessionStore } from "./services/sessions";
import { createHealthMonitor } from "./services/system-health";
import { createUserStore } from "./services/users";
import { userCaseWarnings } from "./services/user-cases";
import { consoleOrigins, createViewerProcess } from "./services/viewer-process";
import { VERSION } from "./version";

function fail(sentence: string): never {
  console.error(`AnalystBench cannot start: ${sentence}`);
  process.exit(1);
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
    prepareDataDir(config);
  } catch (e) {
    if (e instanceof ConfigError) fail(e.message);
    throw e;
  }
  // A user's package that failed its checks is listed on the Test Cases page, never run; it does not stop the server.
  for (const line of userCaseWarnings()) console.error(line);
  // The File Browser and the Metadata page show one YAML file per case from the workspace. Without
  // the files the Metadata page still works (it serves the generated text), so this only warns.
  await writeScenarioMetadata(config.workspaceDir).catch((e: NodeJS.ErrnoException) =>
    console.error(
      `Warning: the scenario metadata files cannot be written to ${config.workspaceDir}/scenarios (${e.code ?? e.message}); the Metadata page serves them without a file.`,
    ),
  );

  const db = await openDatabase(config.privateDir, config.databaseUrl).catch((e: Error) =>
    fail(
      config.databaseUrl
        ? `the Postgres database at DATABASE_URL cannot be opened (${e.message}).`
        : `the database in ${config.privateDir} cannot be opened (${e.message}).`,
    ),
  );
  const users = createUserStore(db);
  const admin = await ensureFirstAdmin(users, {
    username: config.adminUser,
    password: config.adminPassword,
    privateDir: config.privateDir,
  });
  if (admin.created && admin.generatedPassword) {
    console.log(
      [
        "",
        `  First start: created the administrator account "${config.adminUser}".`,
        `  Password: ${admin.generatedPassword}`,
        `  (shown once; also saved, readable only by you, in ${admin.passwordFile})`,
        "",
      ].join("\n"),
    );
  }

  const health = createHealthMonitor(config.dataDir);
  const activity = createActivityLog(db);
  // With Postgres, runs are jobs on a queue that worker processes (and, while none runs, this server) take.
  let queue: RunQueue | undefined;
  let embedded: ReturnType<typeof superviseEmbeddedWorker> | null = null;
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    queue = await openRunQueue({ db, databaseUrl: url, workspaceDir: config.workspaceDir, version: VERSION }).catch(
      (e: Error) => fail(`the job queue in the Postgres database cannot be set up (${e.message}).`),
    );
    if (config.embeddedWorker === "auto")
      embedded = superviseEmbeddedWorker({
        db,
        leaseMs: config.workerLeaseMs,
        log: (line) => console.log(line),
        start: () =>
          startQueueWorker({
            databaseUrl: url,
            workspaceDir: config.workspaceDir,
            maxConnections: config.maxConnections,
            leaseMs: config.workerLeaseMs,
            label: "server",
          }),
      });
  }
  const runs = createRunService({
    db,
    activity,
    workspaceDir: config.workspaceDir,
    version: VERSION,
    maxConnections: config.maxConnections,
    queue,
  });
  const interrupted = await runs.recover();
  if (interrupted > 0)
    console.log(
      `Marked ${interrupted} run${interrupted === 1 ? "" : "s"} left unfinished by the previous server as interrupted.`,
    );
  const viewer = createViewerProcess({
    logsDir: path.join(config.workspaceDir, "logs"),
    consolePort: config.port,
    frameOrigins: consoleOrigins(config.host, config.port),
  });
  const app = await buildApp({
    config,
    version: VERSION,
    db,
    users,
    sessions: createSessionStore(db, config.sessionTtlMs),
    throttle: createLoginThrottle(),
    activity,
    health,
    countScripts: () => CASE_IDS.length,
    runs,
    viewer,
    logSink: config.logLevel === "silent" ? undefined : humanLogSink(),
  });
  app.log.info(`Data directory: ${config.dataDir}`);

  try {
    // Fastify's own line (at info) is the address line, so it is not printed twice.
    await app.listen({
      host: config.host,
      port: config.port,
      listenTextResolver: (address) => `AnalystBench ${VERSION} is running at ${address}`,
    });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE")
      fail(
        `port ${config.port} on ${config.host} is already in use; stop the other program or set PORT to a free port.`,
      );
    if (code === "EACCES") fail(`this user may not listen on port ${config.port}; choose a port above 1023 with PORT.`);
    if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND")
      fail(`HOST ${config.host} is not an address of this machine.`);
    fail(`the server could not listen on ${config.host}:${config.port} (${(e as Error).message}).`);
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      console.error(`${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    closing = true;
    console.log(`${signal} received: shutting down…`);
    // The viewer is a child process: it goes first, so no port is left held behind us.
    Promise.all([viewer.stop(), runs.shutdown(), embedded?.stop()])
      .then(() => app.close())
      .then(() => {
        health.stop();
        return db.close();
      })
      .then(() => process.exit(0))
      .catch((e: unknown) => {
        console.error(`Shutdown failed: ${(e as Error).message}`);
        process.exit(1);
      });
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}

void main();

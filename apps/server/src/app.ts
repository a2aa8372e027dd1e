import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import type { Config } from "./config";
import type { Database } from "./db/database";
import { loggerOptions, TerminalLogController, type LogSink } from "./logging";
import { registerAuth, registerOriginCheck } from "./plugins/auth";
import { registerErrorHandling } from "./plugins/errors";
import { registerHostCheck } from "./plugins/host-check";
import { registerSecurityHeaders } from "./plugins/security-headers";
import { authRoutes } from "./routes/auth";
import { fileRoutes } from "./routes/files";
import { resultRoutes } from "./routes/results";
import { metadataRoutes } from "./routes/metadata";
import { scenarioRoutes } from "./routes/scenarios";
import { scriptRoutes } from "./routes/scripts";
import { consoleRoutes } from "./routes/console";
import { healthRoutes } from "./routes/health";
import { systemRoutes } from "./routes/system";
import { activityRoutes } from "./routes/activity";
import { runRoutes } from "./routes/runs";
import { inspectRoutes } from "./routes/inspect";
import { modelRoutes } from "./routes/models";
import { searchRoutes } from "./routes/search";
import { leaderboardRoutes } from "./routes/leaderboard";
import { listTestCases } from "./routes/scripts";
import { caseItems, contentItems } from "./services/search-content";
import { scenarioReference, SCENARIO_SUMMARIES } from "./services/scenario-reference";
import { createWorkspaceIndexer } from "./services/workspace-index";
import type { RunService } from "./services/run-service";
import type { ActivityLog } from "./services/activity";
import { ENVIRONMENT_SCRIPTS, type EnvironmentScriptRegistry } from "./services/environment-scripts";
import { createFileStore } from "./services/file-store";
import { createResultsStore } from "./services/results";
import { createLeaderboardStore, failedRunRecords } from "./services/leaderboard-store";
import { createSampleTranscripts } from "./services/sample-transcript";
import { createMetadataStore } from "./services/scenario-metadata";
import { createScriptRunner } from "./services/script-runner";
import type { LoginThrottle } from "./services/login-throttle";
import type { SessionStore } from "./services/sessions";
import type { HealthMonitor } from "./services/system-health";
import type { UserStore } from "./services/users";
import type { ViewerProcess } from "./services/viewer-process";

export interface AppDeps {
  config: Pick<Config, "webDistDir" | "logLevel" | "workspaceDir" | "allowedHosts"> &
    Partial<Pick<Config, "privateDir">>;
  version: string;
  db: Database;
  users: UserStore;
  sessions: SessionStore;
  throttle: LoginThrottle;
  activity: ActivityLog;
  health: HealthMonitor;
  countScripts: () => number;
  /** Scenario runs: records, live streams, cancellation. */
  runs: RunService;
  /** Environment Control scripts the console may run; the built-in list unless a test swaps it. */
  environmentScripts?: EnvironmentScriptRegistry;
  /** The log viewer process; server.ts passes one that knows the console's port and origin. */
  viewer?: ViewerProcess;
  /** The Inspect page's Execute: the environment its command line inherits, and its time limit. */
  inspect?: { env?: NodeJS.ProcessEnv; executeTimeoutMs?: number };
  /** Where the log goes (server.ts: human-readable lines on stdout); no log at all without one, as in tests. */
  logSink?: LogSink;
}

declare module "fastify" {
  interface FastifyInstance {
    apiRoutes: { method: string; url: string }[];
  }
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the HTTP application from its dependencies. Nothing here listens or reads the environment. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logSink ? loggerOptions(deps.config.logLevel, deps.logSink) : false,
    // A line per request only at debug: at the default level they would bury the start-up
    // lines, the one-time password among them.
    logController: new TerminalLogController(),
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    trustProxy: false,
    // Only "/api/x" and "/api/x/" are the same route; nothing else is rewritten.
    routerOptions: { ignoreTrailingSlash: true },
  });
  // Every API route, so tests can prove that each one (present and future) requires a session.
  const apiRoutes: { method: string; url: string }[] = [];
  app.decorate("apiRoutes", apiRoutes);
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    for (const method of [route.method].flat()) if (method !== "HEAD") apiRoutes.push({ method, url: route.url });
  });
  // The API speaks JSON only; a text/plain body is a mistake to answer with 415, not to parse.
  app.removeContentTypeParser("text/plain");
  // The console sends Content-Type: application/json on every call, also on POSTs without a
  // body (logout, viewer stop). An empty JSON body is therefore "no body", not an error.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, undefined);
    return parseJson(request, text, done);
  });
  registerErrorHandling(app);
  registerSecurityHeaders(app);
  registerHostCheck(app, deps.config.allowedHosts);
  registerOriginCheck(app);
  registerAuth(app, deps.sessions);

  healthRoutes(app, deps.version);
  authRoutes(app, deps);
  systemRoutes(app, deps);
  activityRoutes(app, deps);
  runRoutes(app, deps.runs);
  modelRoutes(app, { models: deps.runs.modelOptions });
  fileRoutes(app, { files: createFileStore({ rootDir: deps.config.workspaceDir }) });
  resultRoutes(app, { results: createResultsStore({ workspaceDir: deps.config.workspaceDir }) });
  const leaderboard = createLeaderboardStore({
    workspaceDir: deps.config.workspaceDir,
    // Beside the database, out of the workspace's reach (see parsed-files-log.ts); tests without
    // a data directory run uncached.
    cacheFile: deps.config.privateDir && path.join(deps.config.privateDir, "leaderboard-cache.jsonl"),
    extraRecords: failedRunRecords(deps.db),
  });
  leaderboardRoutes(app, {
    store: leaderboard,
    transcripts: createSampleTranscripts({
      workspaceDir: deps.config.workspaceDir,
      recordedGrades: (q) => leaderboard.findRecord(q.run, q.sample, q.epoch).then((r) => r ?? null),
    }),
  });
  scenarioRoutes(app);
  metadataRoutes(app, { metadata: createMetadataStore({ workspaceDir: deps.config.workspaceDir }) });
  const scripts = deps.environmentScripts ?? ENVIRONMENT_SCRIPTS;
  scriptRoutes(app, {
    scripts,
    runner: createScriptRunner({ workspaceDir: deps.config.workspaceDir, scripts, activity: deps.activity }),
  });
  searchRoutes(app, {
    staticItems: {
      cases: caseItems(listTestCases(scripts)),
      content: contentItems(SCENARIO_SUMMARIES.flatMap((s) => scenarioReference(s.id) ?? [])),
    },
    recentRuns: (limit) => deps.runs.list({ limit }),
    workspace: createWorkspaceIndexer(deps.config.workspaceDir),
  });
  inspectRoutes(app, {
    workspaceDir: deps.config.workspaceDir,
    activity: deps.activity,
    runs: deps.runs,
    viewer: deps.viewer,
    ...deps.inspect,
  });
  await consoleRoutes(app, deps.config.webDistDir);
  return app;
}

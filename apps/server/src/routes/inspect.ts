import {
  ExecuteTaskRequestSchema,
  INSPECT_MODELS,
  StartViewerRequestSchema,
  type EvaluationLogsResponse,
  type ExecutionResult,
  type InspectTask,
  type InspectTasksResponse,
  type ViewerState,
} from "@analystbench/contracts";
import { checkModel } from "@analystbench/engine";
import { TEST_CASES } from "@analystbench/scenarios";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireSession } from "../plugins/auth";
import { HttpError, parseWith } from "../plugins/http-error";
import path from "node:path";
import type { ActivityLog } from "../services/activity";
import { createInspectExecutor, DEFAULT_EXECUTE_TIMEOUT_MS, ExecuteError } from "../services/inspect-executor";
import { createInspectLogs, LOGS_DIR, LogRequestError } from "../services/inspect-logs";
import type { RunService } from "../services/run-service";
import { metadataPath } from "../services/scenario-metadata";
import { createViewerProcess, ViewerError, type ViewerProcess } from "../services/viewer-process";

/** The Inspect Viewer page: the log viewer process, tasks, execution and eval logs. */

/** A Map, so ids such as "__proto__" or "toString" find nothing. */
const TASKS = new Map<string, InspectTask>(
  TEST_CASES.map((c) => [c.id, { id: c.id, name: c.name, description: c.description, file: metadataPath(c.id) }]),
);
const KNOWN_MODELS = new Set<string>(INSPECT_MODELS);
/** The socket may sit idle while an evaluation runs; give it the run's limit plus a margin. */
const SOCKET_MARGIN_MS = 60_000;

const LogIdParamsSchema = z.object({ id: z.string().min(1).max(200, "Log ids are at most 200 characters long") });

function asHttpError(e: unknown): never {
  if (e instanceof ViewerError || e instanceof ExecuteError || e instanceof LogRequestError)
    throw new HttpError(e.status, e.code, e.message);
  throw e;
}

export function inspectRoutes(
  app: FastifyInstance,
  deps: {
    workspaceDir: string;
    activity: ActivityLog;
    runs: Pick<RunService, "activeRunIds">;
    viewer?: ViewerProcess;
    env?: NodeJS.ProcessEnv;
    executeTimeoutMs?: number;
  },
): void {
  const executeTimeoutMs = deps.executeTimeoutMs ?? DEFAULT_EXECUTE_TIMEOUT_MS;
  const viewer =
    deps.viewer ??
    createViewerProcess({ logsDir: path.join(deps.workspaceDir, LOGS_DIR), consolePort: null, frameOrigins: [] });
  const executor = createInspectExecutor({
    workspaceDir: deps.workspaceDir,
    activity: deps.activity,
    env: deps.env,
    timeoutMs: executeTimeoutMs,
  });
  const logs = createInspectLogs({
    workspaceDir: deps.workspaceDir,
    isRunning: ({ runId, task, created }) => {
      if (runId !== null && deps.runs.activeRunIds().includes(runId)) return true;
      const executing = executor.runningTask();
      // A command-line run's id is unknown here: a started log of its case, begun after it, is its log.
      return (
        executing !== null &&
        executing.caseId === task &&
        (created === null || Date.parse(created) >= executing.startedAt.getTime() - 5_000)
      );
    },
  });
  // The viewer and an executing evaluation end with the server (and with every test app).
  app.addHook("onClose", async () => {
    await Promise.all([viewer.stop(), executor.stop()]);
  });

  app.get("/api/inspect/viewer", async (): Promise<ViewerState> => viewer.state());

  app.post("/api/inspect/viewer/start", async (request): Promise<ViewerState> => {
    const { port } = parseWith(StartViewerRequestSchema, request.body);
    return viewer.start(port).catch(asHttpError);
  });

  app.post("/api/inspect/viewer/stop", async (): Promise<ViewerState> => viewer.stop());

  app.get("/api/inspect/scenarios", async (): Promise<InspectTasksResponse> => ({ scenarios: [...TASKS.values()] }));

  app.post("/api/inspect/execute", async (request): Promise<ExecutionResult> => {
    const session = requireSession(request);
    const body = parseWith(ExecuteTaskRequestSchema, request.body);
    const task = TASKS.get(body.scenario);
    if (!task)
      throw new HttpError(404, "UNKNOWN_TASK", `There is no task "${body.scenario}"; choose one from the Tasks list.`);
    // Listed models are always accepted (a missing key comes back as the run's output); any other
    // provider/model must be one the engine can resolve.
    if (!KNOWN_MODELS.has(body.model)) {
      const problem = checkModel(body.model, { env: deps.env });
      if (problem) throw new HttpError(400, "UNKNOWN_MODEL", problem);
    }
    request.raw.socket?.setTimeout?.(executeTimeoutMs + SOCKET_MARGIN_MS);
    return executor
      .execute({
        caseId: task.id,
        caseName: task.name,
        model: body.model,
        limit: body.limit,
        actor: session.user.username,
      })
      .catch(asHttpError);
  });

  app.get("/api/inspect/results", async (): Promise<EvaluationLogsResponse> => ({ files: await logs.list() }));

  app.delete("/api/inspect/logs/:id", async (request) => {
    const { id } = parseWith(LogIdParamsSchema, request.params, "log id");
    const removed = await logs.remove(id).catch(asHttpError);
    return { deleted: removed.id };
  });
}

import { ExecuteScenarioRequestSchema, RunSuiteRequestSchema, type ScenarioStreamEvent } from "@analystbench/contracts";
import { TEST_CASES } from "@analystbench/scenarios";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { requireSession } from "../plugins/auth";
import { HttpError, parseWith } from "../plugins/http-error";
import { RunRequestError, type RunService } from "../services/run-service";
import { runDoneLine, toStreamPayloads } from "../services/run-stream-format";

/** A comment line every 15 s keeps proxies and browsers from closing an idle stream. */
export const HEARTBEAT_INTERVAL_MS = 15_000;

const RunIdParams = z.object({ id: z.string().regex(/^r_[A-Za-z0-9]{10}$/, "not a run id") });
const ListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  suite: z
    .string()
    .regex(/^s_[A-Za-z0-9]{10}$/)
    .optional(),
});

/**
 * Streams a run to one client as server-sent events: what happened so far, then live events,
 * then the end. The client leaving detaches it and nothing else: the run goes on.
 */
async function streamRun(
  runs: RunService,
  runId: string,
  request: FastifyRequest,
  reply: FastifyReply,
  prelude: ScenarioStreamEvent[] = [],
): Promise<void> {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-store",
    Connection: "keep-alive",
    "X-Content-Type-Options": "nosniff",
    "X-Accel-Buffering": "no",
  });
  // Long runs: the socket must outlive the server's request timeouts.
  request.raw.socket?.setTimeout?.(0);
  let open = true;
  const write = (p: ScenarioStreamEvent) => {
    if (open) raw.write(`data: ${JSON.stringify(p)}\n\n`);
  };
  const end = () => {
    if (!open) return;
    open = false;
    clearInterval(heartbeat);
    raw.end();
  };
  const heartbeat = setInterval(() => open && raw.write(": heartbeat\n\n"), HEARTBEAT_INTERVAL_MS);
  prelude.forEach(write);
  // Registered before the store is read, so a client gone meanwhile is still detached.
  let detach = () => {};
  raw.on("close", () => {
    detach();
    end();
  });
  let attached;
  try {
    attached = await runs.attach(runId, { onEvent: (e) => toStreamPayloads(e).forEach(write), onEnd: end });
  } catch (e) {
    // The shared store did not answer: the stream says so and ends; the run goes on.
    write({
      event: "error",
      runId,
      message: `The run's events cannot be read now (${(e as Error).message}); try again.`,
    });
    end();
    return;
  }
  if (!attached) {
    void runs.get(runId).then((summary) => {
      if (summary) {
        write({
          event: "run",
          runId,
          message: `Run ${runId}: ${summary.caseName}${summary.variant > 0 ? ` (variant ${summary.variant})` : ""} with ${summary.model} — ${summary.status}`,
        });
        const report = summary.result ? `\nReport: ${summary.result.files.report}` : "";
        // A run that failed before grading has a report but no score: its error says why.
        if (summary.result && !(summary.status === "failed" && summary.result.samples === 0))
          write({
            event: "done",
            runId,
            status: summary.result.status,
            message: `${runDoneLine(summary.status, summary.result.score)}${report}`,
          });
        else
          write({
            event: "error",
            runId,
            message: `${summary.status === "failed" && summary.error ? `The run failed: ${summary.error}` : (summary.error ?? `The run is ${summary.status}.`)}${report}`,
          });
      }
      end();
    });
    return;
  }
  detach = attached.detach;
  if (!open) return detach();
  for (const e of attached.replay) toStreamPayloads(e).forEach(write);
  if (attached.finished) end();
}

export function runRoutes(app: FastifyInstance, runs: RunService): void {
  app.post("/api/execute-scenario", async (request, reply) => {
    const session = requireSession(request);
    const body = parseWith(ExecuteScenarioRequestSchema, request.body);
    let started;
    try {
      started = await runs.start({
        caseId: body.scenarioId,
        model: body.model,
        user: session.user.username,
        epochs: body.epochs,
        variant: body.variant,
        grader: body.grader,
      });
    } catch (e) {
      if (e instanceof RunRequestError) throw new HttpError(e.statusCode, e.code, e.message);
      throw e;
    }
    if ("problem" in started) {
      // A configuration problem is the operator's to fix: say so where they are looking.
      reply.hijack();
      reply.raw.writeHead(200, {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      });
      reply.raw.end(
        `data: ${JSON.stringify({ event: "error", message: started.problem } satisfies ScenarioStreamEvent)}\n\n`,
      );
      return reply;
    }
    await streamRun(runs, started.runId, request, reply);
    return reply;
  });

  app.get("/api/runs", async (request) => {
    const q = parseWith(ListQuery, request.query, "query");
    return { runs: await runs.list({ limit: q.limit, suiteId: q.suite }) };
  });

  app.get("/api/runs/:id", async (request) => {
    const { id } = parseWith(RunIdParams, request.params, "run id");
    const run = await runs.get(id);
    if (!run) throw new HttpError(404, "UNKNOWN_RUN", `There is no run ${id}.`);
    return run;
  });

  app.get("/api/runs/:id/events", async (request, reply) => {
    const { id } = parseWith(RunIdParams, request.params, "run id");
    if (!(await runs.get(id))) throw new HttpError(404, "UNKNOWN_RUN", `There is no run ${id}.`);
    await streamRun(runs, id, request, reply);
    return reply;
  });

  app.post("/api/runs/:id/cancel", async (request) => {
    requireSession(request);
    const { id } = parseWith(RunIdParams, request.params, "run id");
    const outcome = await runs.cancel(id);
    if (outcome === "not-found") throw new HttpError(404, "UNKNOWN_RUN", `There is no run ${id}.`);
    if (outcome === "finished")
      throw new HttpError(409, "RUN_FINISHED", `Run ${id} has already finished; there is nothing to cancel.`);
    return { ok: true, status: "cancelling" };
  });

  app.post("/api/runs/suite", async (request) => {
    const session = requireSession(request);
    const { model, variant } = parseWith(RunSuiteRequestSchema, request.body);
    const suiteId = `s_${randomBytes(8).toString("base64url").replace(/[-_]/g, "x").slice(0, 10)}`;
    const runIds: string[] = [];
    for (const c of TEST_CASES) {
      const started = await runs.start({ caseId: c.id, model, user: session.user.username, suiteId, variant });
      if ("problem" in started) throw new HttpError(400, "MODEL_UNAVAILABLE", started.problem);
      runIds.push(started.runId);
    }
    return { suiteId, runIds };
  });
}

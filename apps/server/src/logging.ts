import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from "fastify";
import { prettyFactory } from "pino-pretty";
import type { Config } from "./config";

/**
 * The server's log, for a person at a terminal first: one short line per event ("[14:02:07]
 * INFO: …"), errors with their stack below. Requests are not logged at the default level,
 * so the few lines that matter (the address, warnings, the one-time password printed before
 * them) stay on screen; LOG_LEVEL=debug adds one line per request.
 */

/** Anything the log can be written to: stdout by default, a capture in tests. */
export interface LogSink {
  write(line: string): unknown;
}

/** Tokens and passwords never reach the log, whatever object is logged with a request. */
export const REDACTED_PATHS = ["req.headers.authorization", "req.headers.cookie", "req.body.password"];

export function loggerOptions(level: Config["logLevel"], sink: LogSink): FastifyServerOptions["logger"] {
  return { level, redact: REDACTED_PATHS, stream: sink };
}

/**
 * Turns pino's JSON lines into human-readable ones. pino-pretty's formatter is called in line
 * (not its transport stream), so each line is written before the call that logged it returns,
 * and an error logged just before the process exits is not lost.
 */
export function humanLogSink(out: NodeJS.WriteStream | LogSink = process.stdout): LogSink {
  const colorize = "isTTY" in out && out.isTTY === true;
  const format = prettyFactory({ colorize, translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname,reqId" });
  // The formatter ends every line itself; a line that is not JSON would otherwise end twice.
  return { write: (line: string) => out.write(format(line.replace(/\n$/, ""))) };
}

/**
 * Fastify's request logging, made quiet: its "incoming request" and "request completed" pair
 * (both at info) becomes one debug line per answered request (method, path, status, time),
 * which also covers 404s and 4xx answers (Fastify's info lines for those go); a client going
 * away mid-stream drops to debug. Errors and warnings stay as Fastify logs them. The query string is left out of the line: a
 * credential someone put in a URL (which the server refuses) must not reach the log.
 */
export class TerminalLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    const path = request.url.split("?", 1)[0];
    request.log.debug(`${request.method} ${path} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`);
  }

  override routeNotFound(): void {}

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) super.defaultErrorLog(error, request, reply);
  }

  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if ((error as NodeJS.ErrnoException).code === "ERR_STREAM_PREMATURE_CLOSE")
      reply.log.debug(`${request.method} ${request.url.split("?", 1)[0]}: the client went away`);
    else super.streamError(error, request, reply);
  }
}

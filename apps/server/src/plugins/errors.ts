import type { FastifyError, FastifyInstance } from "fastify";
import { HttpError } from "./http-error";

/** Fastify's own error codes, turned into sentences people can act on. */
const FASTIFY_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: "BODY_TOO_LARGE", message: "The request body is too large." },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: "UNSUPPORTED_MEDIA_TYPE",
    message: "This endpoint accepts only application/json request bodies.",
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: "INVALID_JSON",
    message: "The request says it carries JSON but its body is empty.",
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: "INVALID_JSON", message: "The request body is not valid JSON." },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: "INVALID_CONTENT_LENGTH",
    message: "The request's Content-Length does not match its body.",
  },
};

/**
 * One error handler for the whole API: every failure answers `{ error, code }` with a status that
 * fits; unexpected errors are logged with their stack and answered with a sentence, never a stack.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      return reply
        .code(err.statusCode)
        .headers(err.headers)
        .send({
          error: err.message,
          code: err.code,
          ...(err.details !== undefined ? { details: err.details } : {}),
        });
    }
    const known = err.code ? FASTIFY_ERRORS[err.code] : undefined;
    if (known) return reply.code(known.status).send({ error: known.message, code: known.code });
    if (err instanceof SyntaxError || err.code === "FST_ERR_CTP_INVALID_JSON_BODY") {
      return reply.code(400).send({ error: "The request body is not valid JSON.", code: "INVALID_JSON" });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // JSON parser rejections such as "__proto__" keys arrive as 400s with Fastify's message.
      const protoPoison = /prototype/i.test(err.message);
      return reply.code(err.statusCode).send({
        error: protoPoison
          ? "The request body contains a forbidden key such as __proto__ or constructor."
          : `The request is not valid: ${err.message}`,
        code: protoPoison ? "FORBIDDEN_KEY" : "BAD_REQUEST",
      });
    }
    request.log.error({ err }, "unhandled error");
    return reply.code(500).send({
      error:
        "Something went wrong on the server. The error has been logged; try again, and tell an administrator if it persists.",
      code: "INTERNAL_ERROR",
    });
  });
}

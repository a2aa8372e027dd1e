import type { FastifyInstance } from "fastify";
import { isApiRequest } from "./route-access";

/**
 * Security headers on every response. The console's CSP allows frames and probes only to loopback
 * (the log viewer runs on its own port there); API responses are never framable.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' http://127.0.0.1:* http://localhost:*",
  "frame-src 'self' http://127.0.0.1:* http://localhost:*",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    const api = isApiRequest(request);
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "no-referrer");
    reply.header("Cross-Origin-Opener-Policy", "same-origin");
    reply.header("X-Frame-Options", "DENY");
    reply.header("Content-Security-Policy", api ? "default-src 'none'; frame-ancestors 'none'" : CONSOLE_CSP);
    if (api) reply.header("Cache-Control", "no-store");
    return payload;
  });
}

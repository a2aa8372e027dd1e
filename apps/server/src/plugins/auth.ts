import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Session, SessionStore } from "../services/sessions";
import { HttpError } from "./http-error";
import { accessOfRequest } from "./route-access";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in session; set on every authenticated /api request. */
    session: (Session & { token: string }) | null;
  }
}

/** Query parameters that look like a credential. A token in a URL leaks into logs and history. */
const TOKEN_PARAMS = ["token", "access_token", "accesstoken", "auth", "bearer", "authorization", "api_key", "apikey"];

export function requireSession(request: FastifyRequest): Session & { token: string } {
  if (!request.session)
    throw new HttpError(401, "UNAUTHENTICATED", "Sign in first: this request needs an Authorization: Bearer token.");
  return request.session;
}

/**
 * Authentication is decided on the route the router matched (see route-access.ts), so every
 * spelling of a URL that reaches a handler meets the same check. Credentials in a query string
 * are refused on every request, whatever its path.
 */
export function registerAuth(app: FastifyInstance, sessions: SessionStore): void {
  app.decorateRequest("session", null);
  app.addHook("onRequest", async (request) => {
    refuseTokenInUrl(request);
    if (accessOfRequest(request) === "public") return;
    request.session = await resolveSession(request, sessions);
  });
}

function refuseTokenInUrl(request: FastifyRequest): void {
  const query = request.url.split("?", 2)[1];
  if (!query) return;
  const keys = [...new URLSearchParams(query).keys()].map((k) => k.toLowerCase());
  if (keys.some((k) => TOKEN_PARAMS.includes(k)))
    throw new HttpError(
      401,
      "TOKEN_IN_URL",
      "Tokens are not accepted in URLs; send them in an Authorization: Bearer header.",
    );
}

async function resolveSession(request: FastifyRequest, sessions: SessionStore): Promise<Session & { token: string }> {
  const header = request.headers.authorization;
  if (!header)
    throw new HttpError(401, "UNAUTHENTICATED", "Sign in first: this request needs an Authorization: Bearer token.");
  const match = /^Bearer ([^\s]+)$/.exec(header);
  if (!match) throw new HttpError(401, "INVALID_TOKEN", 'The Authorization header must read "Bearer <token>".');
  const session = await sessions.resolve(match[1]!);
  if (!session)
    throw new HttpError(401, "SESSION_EXPIRED", "Your session has expired or was signed out; sign in again.");
  return { ...session, token: match[1]! };
}

/**
 * State-changing requests from a foreign page are refused: a browser always sends Origin on
 * cross-site POSTs, and ours must match the host it was served from.
 */
export function registerOriginCheck(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (["GET", "HEAD", "OPTIONS"].includes(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      throw new HttpError(403, "FOREIGN_ORIGIN", "This request comes from a page of another site and was refused.");
    }
    if (host !== request.headers.host) {
      throw new HttpError(403, "FOREIGN_ORIGIN", "This request comes from a page of another site and was refused.");
    }
  });
}

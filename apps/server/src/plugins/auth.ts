import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Session, SessionStore } from "../services/sessions";
import { HttpError } from "./http-error";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in session; set on every authenticated /api request. */
    session: (Session & { token: string }) | null;
  }
}

/** Routes anyone may call. Everything else under /api needs a bearer token. */
const PUBLIC_ROUTES = new Set(["GET /api/health", "POST /api/auth/login"]);

/** Query parameters that look like a credential. A token in a URL leaks into logs and history. */
const TOKEN_PARAMS = ["token", "access_token", "accesstoken", "auth", "bearer", "authorization", "api_key", "apikey"];

export function requireSession(request: FastifyRequest): Session & { token: string } {
  if (!request.session)
    throw new HttpError(401, "UNAUTHENTICATED", "Sign in first: this request needs an Authorization: Bearer token.");
  return request.session;
}

export function registerAuth(app: FastifyInstance, sessions: SessionStore): void {
  app.decorateRequest("session", null);
  app.addHook("onRequest", async (request) => {
    const [pathname = "", query = ""] = request.url.split("?", 2);
    if (!pathname.startsWith("/api/") && pathname !== "/api") return;
    const params = new URLSearchParams(query);
    if ([...params.keys()].some((k) => TOKEN_PARAMS.includes(k.toLowerCase()))) {
      throw new HttpError(
        401,
        "TOKEN_IN_URL",
        "Tokens are not accepted in URLs; send them in an Authorization: Bearer header.",
      );
    }
    if (PUBLIC_ROUTES.has(`${request.method} ${pathname}`)) return;
    const header = request.headers.authorization;
    if (!header)
      throw new HttpError(401, "UNAUTHENTICATED", "Sign in first: this request needs an Authorization: Bearer token.");
    const match = /^Bearer ([^\s]+)$/.exec(header);
    if (!match) throw new HttpError(401, "INVALID_TOKEN", 'The Authorization header must read "Bearer <token>".');
    const session = await sessions.resolve(match[1]!);
    if (!session)
      throw new HttpError(401, "SESSION_EXPIRED", "Your session has expired or was signed out; sign in again.");
    request.session = { ...session, token: match[1]! };
  });
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

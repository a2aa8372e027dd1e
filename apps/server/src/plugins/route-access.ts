import type { FastifyRequest, RouteOptions } from "fastify";

/**
 * Who may call a route is a property of the route itself, fixed when it is registered, never
 * derived from the URL a client sent: the router decodes and normalises URLs (`/%61pi/x` is
 * routed to `/api/x`), so any check on the raw URL can be dodged by another spelling.
 *
 * Default-deny: an API route needs a session unless it is listed here. Routes outside /api
 * (the console's static files and shell) are public by design.
 */
export type RouteAccess = "public" | "session";

const PUBLIC_API_ROUTES = new Set(["GET /api/health", "HEAD /api/health", "POST /api/auth/login"]);

/** Whether a registered route URL belongs to the API (decided on the route, not the request). */
export const isApiRouteUrl = (url: string) => url === "/api" || url.startsWith("/api/");

/** The access of a route, from its registered method and URL pattern. */
export function accessOf(route: Pick<RouteOptions, "method" | "url">): RouteAccess {
  if (!isApiRouteUrl(route.url)) return "public";
  const methods = [route.method].flat();
  return methods.every((m) => PUBLIC_API_ROUTES.has(`${m} ${route.url}`)) ? "public" : "session";
}

/**
 * The access of the route that matched this request. A request no route matched is public unless
 * it reads as an API path, so unknown API paths answer 401, not a map of what exists.
 */
export function accessOfRequest(request: FastifyRequest): RouteAccess {
  const { url, method } = request.routeOptions;
  if (request.is404 || !url) return isApiRequest(request) ? "session" : "public";
  return accessOf({ method, url });
}

/**
 * Whether a request is an API request, for headers and 404 wording: the matched route's URL when
 * there is one, else the path as the router would read it (percent-decoded).
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const routed = request.routeOptions.url;
  if (routed) return isApiRouteUrl(routed);
  return isApiRouteUrl(decodedPath(request.url));
}

/** The path of a raw URL, percent-decoded once; the raw path when it does not decode. */
export function decodedPath(url: string): string {
  const raw = url.split(/[?#]/, 1)[0] ?? "";
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

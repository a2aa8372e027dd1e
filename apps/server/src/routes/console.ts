import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { decodedPath, isApiRequest } from "../plugins/route-access";

/**
 * Serves the built console. "/" is the single-page shell; any other path that is not a file is
 * answered with the same shell and status 404, so the console shows its own 404 page and the
 * HTTP status tells the truth.
 */
export async function consoleRoutes(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexPath = path.join(webDistDir, "index.html");
  const isBuilt = existsSync(indexPath);
  if (isBuilt) {
    await app.register(fastifyStatic, { root: webDistDir, index: false, wildcard: false, serve: true });
  }
  const indexHtml = isBuilt ? readFileSync(indexPath, "utf8") : "";

  app.setNotFoundHandler(async (request, reply) => {
    if (isApiRequest(request)) {
      return reply
        .code(404)
        .send({ error: `There is no API endpoint ${request.method} ${decodedPath(request.url)}.`, code: "NOT_FOUND" });
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      return reply.code(404).send({ error: "Not found.", code: "NOT_FOUND" });
    }
    if (!isBuilt) {
      return reply
        .code(503)
        .type("text/plain; charset=utf-8")
        .send("The console has not been built yet. Run `npm start`, which builds it, or `npm run build`.");
    }
    const pathname = request.url.split("?")[0];
    return reply
      .code(pathname === "/" || pathname === "/index.html" ? 200 : 404)
      .type("text/html; charset=utf-8")
      .header("Cache-Control", "no-cache")
      .send(indexHtml);
  });
}

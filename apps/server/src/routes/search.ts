import { SearchQuerySchema, type SearchResponse } from "@analystbench/contracts";
import type { FastifyInstance } from "fastify";
import { parseWith } from "../plugins/http-error";
import { search, type SearchDeps } from "../services/search";

/** GET /api/search?q=…&limit=…: the header search over cases, content, runs, results, logs and files. */
export function searchRoutes(app: FastifyInstance, deps: SearchDeps): void {
  app.get("/api/search", async (request): Promise<SearchResponse> => {
    const { q, limit } = parseWith(SearchQuerySchema, request.query, "query");
    return search(deps, q, limit);
  });
}

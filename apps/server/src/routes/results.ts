import type { ResultFilesResponse } from "@analystbench/contracts";
import type { FastifyInstance } from "fastify";
import type { ResultsStore } from "../services/results";

export function resultRoutes(app: FastifyInstance, deps: { results: ResultsStore }): void {
  app.get("/api/results/logs", async (): Promise<ResultFilesResponse> => ({ files: await deps.results.listLogs() }));
  app.get("/api/results/benchmarks", async (): Promise<ResultFilesResponse> => ({
    files: await deps.results.listBenchmarks(),
  }));
}

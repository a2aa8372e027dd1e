import type { FastifyInstance } from "fastify";

export function healthRoutes(app: FastifyInstance, version: string): void {
  app.get("/api/health", async () => ({ status: "ok" as const, version }));
}

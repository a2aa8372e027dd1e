import type { MetadataListResponse } from "@analystbench/contracts";
import type { FastifyInstance } from "fastify";
import type { MetadataStore } from "../services/scenario-metadata";

export function metadataRoutes(app: FastifyInstance, deps: { metadata: MetadataStore }): void {
  app.get("/api/metadata", async (): Promise<MetadataListResponse> => ({ metadata: await deps.metadata.list() }));
}

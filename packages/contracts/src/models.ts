import { z } from "zod";

/** A model the server's configuration offers (GET /api/models). */
export const ConfiguredModelSchema = z.object({
  /** provider/model, as runs name it. */
  name: z.string(),
  provider: z.string(),
  /** The wire format calls go through. */
  api: z.enum(["chat", "responses", "anthropic", "builtin"]),
  /** The environment variable holding the provider's key, when one is needed. */
  keyEnv: z.string().nullable(),
  keyPresent: z.boolean(),
  /** Whether its price is known (cost then reads in dollars, else "unknown"). */
  priced: z.boolean(),
  /** Why it cannot run as configured, or null when it can. */
  problem: z.string().nullable(),
});
export type ConfiguredModel = z.infer<typeof ConfiguredModelSchema>;

export const ModelsResponseSchema = z.object({ models: z.array(ConfiguredModelSchema) });
export type ModelsResponse = z.infer<typeof ModelsResponseSchema>;

import { z } from "zod";

/** GET /api/metadata (spec section 3: Metadata file; section 7: "metadata list"). */
export const MetadataScenarioSchema = z.enum(["S1", "S2"]);
export type MetadataScenario = z.infer<typeof MetadataScenarioSchema>;

/** The Metadata page opens on Scenario 2 (spec section 9). */
export const DEFAULT_METADATA_SCENARIO: MetadataScenario = "S2";

export const MetadataFileSchema = z.object({
  /** The case id; also the file's name without ".yaml". */
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  scenario: MetadataScenarioSchema,
  /** The YAML text. */
  content: z.string(),
  /** ISO 8601 modification time of the file (or of the generation, when there is no file). */
  modified: z.string(),
  /** Relative to the workspace (scenarios/<id>.yaml); absent when the file is not on disk. */
  path: z.string().optional(),
  /** The directory of ANALYSTBENCH_CASES_DIR a user's case comes from; absent for a built-in case. */
  source: z.string().optional(),
});
export type MetadataFile = z.infer<typeof MetadataFileSchema>;

export const MetadataListResponseSchema = z.object({ metadata: z.array(MetadataFileSchema) });
export type MetadataListResponse = z.infer<typeof MetadataListResponseSchema>;

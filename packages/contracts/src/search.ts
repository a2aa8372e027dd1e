import { z } from "zod";

/**
 * The header search (GET /api/search?q=): what it finds and where each hit leads. A target names
 * a console page and the item on it; the console opens that page at that item.
 */
export const SearchTargetSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("case"), id: z.string() }),
  z.object({ kind: z.literal("run"), id: z.string() }),
  z.object({
    kind: z.literal("scenario"),
    scenario: z.enum(["scenario1", "scenario2"]),
    section: z.string(),
    item: z.string().optional(),
  }),
  z.object({ kind: z.literal("file"), path: z.string(), isDirectory: z.boolean() }),
  z.object({ kind: z.literal("result"), path: z.string() }),
  z.object({ kind: z.literal("eval-log"), name: z.string() }),
]);
export type SearchTarget = z.infer<typeof SearchTargetSchema>;

export const SEARCH_GROUPS = ["cases", "content", "runs", "results", "logs", "files"] as const;
export type SearchGroupId = (typeof SEARCH_GROUPS)[number];

/** Headings of the groups, in the order the console shows them. */
export const SEARCH_GROUP_LABELS: Record<SearchGroupId, string> = {
  cases: "Test cases",
  content: "Scenario content",
  runs: "Runs",
  results: "Results",
  logs: "Evaluation logs",
  files: "Files",
};

export const SearchHitSchema = z.object({
  title: z.string(),
  /** One line under the title: where the item is or what it is. */
  detail: z.string(),
  page: z.enum(["dashboard", "scenario", "scripts", "filesystem", "metadata", "results", "viewer"]),
  target: SearchTargetSchema,
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

export const SearchGroupSchema = z.object({
  id: z.enum(SEARCH_GROUPS),
  label: z.string(),
  hits: z.array(SearchHitSchema),
  /** Matches beyond the hits shown. */
  more: z.number().int().nonnegative(),
});
export type SearchGroup = z.infer<typeof SearchGroupSchema>;

export const SEARCH_QUERY_MAX = 200;

export const SearchQuerySchema = z.object({
  q: z
    .string({ error: "Type something to search for (the q parameter)" })
    .trim()
    .min(1, "Type something to search for")
    .max(SEARCH_QUERY_MAX, `Search for at most ${SEARCH_QUERY_MAX} characters`),
  /** Hits per group. */
  limit: z.coerce
    .number({ error: "The limit must be a whole number from 1 to 50" })
    .int("The limit must be a whole number from 1 to 50")
    .min(1, "The limit must be a whole number from 1 to 50")
    .max(50, "The limit must be a whole number from 1 to 50")
    .default(6),
});

export const SearchResponseSchema = z.object({
  query: z.string(),
  groups: z.array(SearchGroupSchema),
  /** True when the workspace walk stopped at its cap; file hits may be incomplete. */
  filesTruncated: z.boolean(),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

import { z } from "zod";

/**
 * The six analyst tools a model under test can call. The simulated environment (packages/sim)
 * implements them; scenario content names them in required tools and solution paths, so their
 * names and arguments are fixed here, at the bottom of the import graph.
 */
export const TOOL_NAMES = [
  "get_network_topology",
  "execute_shell_command",
  "get_commit_diff",
  "get_ci_pipeline_log",
  "search_artifact_repository",
  "get_file_content",
] as const;

export const ToolNameSchema = z.enum(TOOL_NAMES);
export type ToolName = z.infer<typeof ToolNameSchema>;

const nonEmpty = z.string().min(1);

/** Arguments of each tool, as a model sends them. */
export const ToolArgsSchemas = {
  /** Static read of the network: zones, devices, addresses, roles. */
  get_network_topology: z.object({}).strict(),
  /**
   * Runs a shell command on one simulated host. `device_role` is a host role
   * ("CI/CD Server") or, in Scenario 1, a device name or hostname.
   */
  execute_shell_command: z.object({ device_role: nonEmpty, command_with_args: nonEmpty }).strict(),
  /** Shows one commit of a repository on the Git server: header, message and unified diff. */
  get_commit_diff: z
    .object({
      repository: nonEmpty,
      /** A full or abbreviated (≥ 7 hex) commit hash, or a ref such as HEAD or a branch name. */
      commit: nonEmpty,
    })
    .strict(),
  /**
   * Reads a CI pipeline's job log. Without `run_id` it lists the pipeline's recent runs;
   * with it, it returns that run's full log.
   */
  get_ci_pipeline_log: z.object({ pipeline: nonEmpty, run_id: nonEmpty.optional() }).strict(),
  /**
   * Searches the artifact repository by package name (substring, case-insensitive).
   * `repository` narrows the search to one hosted/proxy/group repository.
   */
  search_artifact_repository: z.object({ query: nonEmpty, repository: nonEmpty.optional() }).strict(),
  /** Reads one file from one simulated host. */
  get_file_content: z.object({ device_role: nonEmpty, path: nonEmpty }).strict(),
} as const satisfies Record<ToolName, z.ZodType>;

export const ToolCallSchema = z.discriminatedUnion("tool", [
  z.object({ tool: z.literal("get_network_topology"), args: ToolArgsSchemas.get_network_topology }),
  z.object({ tool: z.literal("execute_shell_command"), args: ToolArgsSchemas.execute_shell_command }),
  z.object({ tool: z.literal("get_commit_diff"), args: ToolArgsSchemas.get_commit_diff }),
  z.object({ tool: z.literal("get_ci_pipeline_log"), args: ToolArgsSchemas.get_ci_pipeline_log }),
  z.object({
    tool: z.literal("search_artifact_repository"),
    args: ToolArgsSchemas.search_artifact_repository,
  }),
  z.object({ tool: z.literal("get_file_content"), args: ToolArgsSchemas.get_file_content }),
]);
export type ToolCall = z.infer<typeof ToolCallSchema>;

/**
 * One step of an intended solution path, as a tool call. `expect` lists strings the tool's
 * output must contain when the step is walked against the simulated environment; the
 * built-in reference model replays these steps.
 */
export const SolutionStepSchema = z.object({
  purpose: nonEmpty,
  call: ToolCallSchema,
  expect: z.array(nonEmpty).min(1),
});
export type SolutionStep = z.infer<typeof SolutionStepSchema>;

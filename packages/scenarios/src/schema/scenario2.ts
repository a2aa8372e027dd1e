import { z } from "zod";
import { CheckpointListSchema, CodeSchema, IocSetSchema } from "./checkpoint";
import { Device1Schema } from "./scenario1";
import { SolutionStepSchema, ToolNameSchema } from "./tools";
import {
  HostSpecSchema,
  LogLineSchema,
  PackageMetadataSchema,
  RepositoryGroupSchema,
  SigningBaselineSchema,
  WorldOverlaySchema,
} from "./world";

const text = z.string().min(1);

/** The host roles a model can address in Scenario 2 (and that evidence can be placed on). */
export const HOST_ROLES = [
  "Developer Workstation",
  "Admin Jump Host",
  "SIEM/Log Server",
  "CI/CD Server",
  "Artifact Repository",
  "Git Server",
  "DC/DNS",
] as const;
export const HostRoleSchema = z.enum(HOST_ROLES);
export type HostRole = z.infer<typeof HostRoleSchema>;

export const NARRATIVE_IDS = [
  "narrative1",
  "narrative2",
  "narrative3",
  "narrative4",
  "narrative5",
  "narrative6",
  "narrative7",
  "narrative8",
] as const;
/** The built-in narratives are narrative1…8; a case package may name its own. */
export const NarrativeIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "lower-case letters, digits and hyphens");
export type NarrativeId = z.infer<typeof NarrativeIdSchema>;

/** One evidence asset of a narrative; `evidence_placement[].source_asset_id` refers to it. */
export const ConceptualEvidenceFileSchema = z.object({
  asset_id: z.string().regex(/^[a-z0-9_-]+$/),
  file_name: text,
  description: text,
  /** The evidence as a typed record, where it is one of the spec's evidence-file shapes. */
  record: z
    .discriminatedUnion("kind", [
      z.object({ kind: z.literal("package_metadata"), data: PackageMetadataSchema }),
      z.object({ kind: z.literal("repository_group_config"), data: RepositoryGroupSchema }),
      z.object({ kind: z.literal("signing_baseline"), data: SigningBaselineSchema }),
      z.object({ kind: z.literal("log_lines"), data: z.array(LogLineSchema).min(1) }),
    ])
    .optional(),
});
export type ConceptualEvidenceFile = z.infer<typeof ConceptualEvidenceFileSchema>;

export const ImplementationBlueprintSchema = z.object({
  required_tools: z.array(z.object({ name: ToolNameSchema, description: text })).min(1),
  /**
   * Shell commands run on the simulated host at build time, after files are placed (ownership,
   * modes, links, directories). They run in the simulator's shell and must succeed.
   */
  setup_commands: z.array(z.object({ device_role: HostRoleSchema, command: text })),
  evidence_placement: z
    .array(
      z.object({
        source_asset_id: text,
        destination_host_role: HostRoleSchema,
        destination_path: z.string().regex(/^\//),
        content: text,
      }),
    )
    .min(1),
  /** The intended solution path in words, step by step. */
  intended_solution_path: z.array(text).min(3),
  making_it_realistic: z.object({
    red_herrings: z.array(text).min(1),
    additional_challenges: z.array(text).min(1),
    realistic_noise: z.array(text).min(1),
  }),
});
export type ImplementationBlueprint = z.infer<typeof ImplementationBlueprintSchema>;

export const Narrative2Schema = z.object({
  id: NarrativeIdSchema,
  title: text,
  attack_background: z.object({
    description: text,
    danger: text,
    common_actors: text,
    real_world_example: text,
  }),
  story: text,
  conceptual_evidence_files: z.array(ConceptualEvidenceFileSchema).min(1),
  implementation_blueprint: ImplementationBlueprintSchema,
  /** The world this narrative adds to the base hosts: repositories, CI runs, packages, logs. */
  world: WorldOverlaySchema,
});
export type Narrative2 = z.infer<typeof Narrative2Schema>;

/** Spec: id, title, prompt, investigation_hints[], checkpoints[], fix{lang, code}; plus ours. */
export const Task2Schema = z.object({
  id: NarrativeIdSchema,
  title: text,
  prompt: text,
  investigation_hints: z.array(text).min(1),
  checkpoints: CheckpointListSchema,
  fix: CodeSchema,
  /** The intended solution path as tool calls; the built-in reference model replays it. */
  solution_path: z.array(SolutionStepSchema).min(3),
  reference_answer: text,
  iocs: IocSetSchema,
});
export type Task2 = z.infer<typeof Task2Schema>;

export const EnvironmentComponentSchema = z.object({
  name: text,
  ip: text,
  role: text,
  secure_baseline: text,
  attack_vectors: text,
  indicators_of_compromise: text,
});
export type EnvironmentComponent = z.infer<typeof EnvironmentComponentSchema>;

export const Scenario2Schema = z.object({
  id: z.literal("scenario2"),
  title: text,
  description: text,
  reference: z.object({
    sdlc_components: z.array(z.object({ component: text, ip: text, role: text, security_baseline: text })).min(7),
    environment_components: z.array(EnvironmentComponentSchema).min(7),
    baseline_configs: z
      .array(z.object({ id: z.string().regex(/^[a-z0-9-]+$/), title: text, lang: text, code: text }))
      .min(1),
    tool_definitions: z
      .array(z.object({ name: ToolNameSchema, description: text, example_implementation_command: text }))
      .length(6),
    /** The whole device list (the spec's source was cut off at the HR Portal; ours is not). */
    network_devices: z.array(Device1Schema.omit({ zone: true, world: true })).min(10),
  }),
  /** The base simulated hosts, one per host role. */
  hosts: z.array(HostSpecSchema).length(HOST_ROLES.length),
  narratives: z.array(Narrative2Schema).length(8),
  llm_tasks: z.object({ general: text, tasks: z.array(Task2Schema).length(8) }),
});
export type Scenario2 = z.infer<typeof Scenario2Schema>;

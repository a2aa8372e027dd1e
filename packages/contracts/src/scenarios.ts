import { z } from "zod";
import { VARIANT_RULE, VariantSchema } from "./scripts";

/**
 * The Scenario reference viewer's API (GET /api/scenarios, GET /api/scenarios/:id): the content
 * shapes of spec section 3 as a person reads them. The simulator's data and the answer key
 * (simulated hosts, solution paths, reference answers, grading criteria, task IOC sets) stay on
 * the server; they are large and would let a reader of the console learn the answers.
 */

export const SCENARIO_IDS = ["scenario1", "scenario2"] as const;
export const ScenarioIdSchema = z.enum(SCENARIO_IDS);
export type ScenarioId = z.infer<typeof ScenarioIdSchema>;

/** The viewer opens on Scenario 2 (spec section 9). */
export const DEFAULT_SCENARIO_ID: ScenarioId = "scenario2";

export const ScenarioSummarySchema = z.object({ id: ScenarioIdSchema, title: z.string(), description: z.string() });
export type ScenarioSummary = z.infer<typeof ScenarioSummarySchema>;

export const ScenarioListResponseSchema = z.object({ scenarios: z.array(ScenarioSummarySchema) });
export type ScenarioListResponse = z.infer<typeof ScenarioListResponseSchema>;

/**
 * Where an item of the reference comes from when a user's case package (ANALYSTBENCH_CASES_DIR)
 * adds it; absent on built-in content, so a client that ignores it shows every item alike.
 */
export const ContentSourceSchema = z.object({
  /** The directory as given in ANALYSTBENCH_CASES_DIR. */
  name: z.string(),
  /** The id of the case that adds the item. */
  caseId: z.string(),
});
export type ContentSource = z.infer<typeof ContentSourceSchema>;

export const CodeViewSchema = z.object({ lang: z.string(), code: z.string() });
export type CodeView = z.infer<typeof CodeViewSchema>;

export const DescribedCodeViewSchema = CodeViewSchema.extend({ description: z.string() });
export type DescribedCodeView = z.infer<typeof DescribedCodeViewSchema>;

/** Spec: number, name, points (text such as ±1), scores{plus{value, desc}, zero{desc}, minus{value, desc}}. */
export const CheckpointViewSchema = z.object({
  number: z.number().int(),
  name: z.string(),
  points: z.string(),
  scores: z.object({
    plus: z.object({ value: z.number(), desc: z.string() }),
    zero: z.object({ desc: z.string() }),
    minus: z.object({ value: z.number(), desc: z.string() }),
  }),
});
export type CheckpointView = z.infer<typeof CheckpointViewSchema>;

/** One task of an LLM Task List; Prompt, Investigation Hints and Recommended Fix are optional. */
export const TaskViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Scenario 1: the device the task is about. */
  device: z.string().optional(),
  prompt: z.string().optional(),
  investigation_hints: z.array(z.string()).optional(),
  fix: CodeViewSchema.optional(),
  checkpoints: z.array(CheckpointViewSchema),
  source: ContentSourceSchema.optional(),
});
export type TaskView = z.infer<typeof TaskViewSchema>;

export const LlmTaskListViewSchema = z.object({ general: z.string(), tasks: z.array(TaskViewSchema) });
export type LlmTaskListView = z.infer<typeof LlmTaskListViewSchema>;

/** Spec: name, host, os, ip, roles, policies, misconfig (an example with a reason), ioc. */
export const DeviceViewSchema = z.object({
  name: z.string(),
  host: z.string(),
  os: z.string(),
  ip: z.string(),
  /** Scenario 1: the zone id (dmz, corp, dev, mgmt, ics). */
  zone: z.string().optional(),
  roles: z.array(z.string()),
  policies: z.array(z.string()),
  misconfig: z.object({ example: z.string(), reason: z.string() }).nullable(),
  ioc: z.array(z.string()),
  source: ContentSourceSchema.optional(),
});
export type DeviceView = z.infer<typeof DeviceViewSchema>;

export const Scenario1ViewSchema = z.object({
  id: z.literal("scenario1"),
  title: z.string(),
  description: z.string(),
  zones: z.array(z.object({ id: z.string(), name: z.string(), cidr: z.string(), description: z.string() })),
  devices: z.array(DeviceViewSchema),
  configs: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      device: z.string(),
      path: z.string(),
      baseline: DescribedCodeViewSchema,
      misconfig: DescribedCodeViewSchema,
      source: ContentSourceSchema.optional(),
    }),
  ),
  narratives: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      baseline: DescribedCodeViewSchema,
      misconfig: DescribedCodeViewSchema,
    }),
  ),
  llm_tasks: LlmTaskListViewSchema,
  /** Set above 0 when the view shows a variant (GET /api/scenarios/:id?variant=N); absent as published. */
  variant: z.number().int().min(1).optional(),
});
export type Scenario1View = z.infer<typeof Scenario1ViewSchema>;

export const ImplementationBlueprintViewSchema = z.object({
  required_tools: z.array(z.object({ name: z.string(), description: z.string() })),
  setup_commands: z.array(z.object({ device_role: z.string(), command: z.string() })),
  evidence_placement: z.array(
    z.object({
      source_asset_id: z.string(),
      destination_host_role: z.string(),
      destination_path: z.string(),
      content: z.string(),
    }),
  ),
  intended_solution_path: z.array(z.string()),
  making_it_realistic: z.object({
    red_herrings: z.array(z.string()),
    additional_challenges: z.array(z.string()),
    realistic_noise: z.array(z.string()),
  }),
});
export type ImplementationBlueprintView = z.infer<typeof ImplementationBlueprintViewSchema>;

export const Narrative2ViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  story: z.string(),
  attack_background: z.object({
    description: z.string(),
    danger: z.string(),
    common_actors: z.string(),
    real_world_example: z.string(),
  }),
  conceptual_evidence_files: z.array(
    z.object({ asset_id: z.string(), file_name: z.string(), description: z.string() }),
  ),
  implementation_blueprint: ImplementationBlueprintViewSchema,
  source: ContentSourceSchema.optional(),
});
export type Narrative2View = z.infer<typeof Narrative2ViewSchema>;

export const Scenario2ViewSchema = z.object({
  id: z.literal("scenario2"),
  title: z.string(),
  description: z.string(),
  reference: z.object({
    sdlc_components: z.array(
      z.object({ component: z.string(), ip: z.string(), role: z.string(), security_baseline: z.string() }),
    ),
    environment_components: z.array(
      z.object({
        name: z.string(),
        ip: z.string(),
        role: z.string(),
        secure_baseline: z.string(),
        attack_vectors: z.string(),
        indicators_of_compromise: z.string(),
      }),
    ),
    baseline_configs: z.array(z.object({ id: z.string(), title: z.string(), lang: z.string(), code: z.string() })),
    tool_definitions: z.array(
      z.object({ name: z.string(), description: z.string(), example_implementation_command: z.string() }),
    ),
    network_devices: z.array(DeviceViewSchema),
  }),
  narratives: z.array(Narrative2ViewSchema),
  llm_tasks: LlmTaskListViewSchema,
  /** Set above 0 when the view shows a variant; absent as published. */
  variant: z.number().int().min(1).optional(),
});
export type Scenario2View = z.infer<typeof Scenario2ViewSchema>;

/**
 * GET /api/scenarios/:id?variant=N: the query of the reference. `variant` is the case variant whose
 * identifiers the tasks (and what each case adds) show: a whole number 0–1,000,000, 0 by default.
 */
export const ScenarioReferenceQuerySchema = z.object({
  variant: z
    .string({ error: VARIANT_RULE })
    .regex(/^\d{1,7}$/, { error: VARIANT_RULE })
    .transform(Number)
    .pipe(VariantSchema)
    .optional(),
});
export type ScenarioReferenceQuery = z.infer<typeof ScenarioReferenceQuerySchema>;

/** GET /api/scenarios/:id */
export const ScenarioReferenceSchema = z.discriminatedUnion("id", [Scenario1ViewSchema, Scenario2ViewSchema]);
export type ScenarioReference = z.infer<typeof ScenarioReferenceSchema>;

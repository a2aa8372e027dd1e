import { z } from "zod";
import {
  Config1Schema,
  Device1Schema,
  Narrative1Schema,
  Task1Schema,
  ZoneIdSchema,
  ZoneSchema,
} from "../schema/scenario1";
import { Narrative2Schema, Scenario2Schema, Task2Schema } from "../schema/scenario2";
import { HostSpecSchema, IsoTimeSchema, WorldOverlaySchema } from "../schema/world";
import { IDENTIFIER_KEY } from "./identifiers";

/**
 * What the files of a content package hold, once `{file: …}` references are read and {{key}}
 * identifiers rendered (read-package.ts): a case manifest (case.yaml) or a scenario's base
 * (scenario.yaml). The world, task and checkpoint schemas are the engine's own, so a package is
 * checked exactly as the content the engine runs.
 */

const text = z.string().min(1);
/** Case ids name results, logs and metadata files. */
export const CaseIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{1,62}$/, "lower-case letters, digits and hyphens (2 to 63), e.g. s2-my-case");

export const IdentifierTableSchema = z
  .record(z.string().regex(IDENTIFIER_KEY, "a key of lower-case letters, digits and _"), text)
  .default({});

const caseHeader = {
  id: CaseIdSchema,
  name: text,
  description: text,
  /** Shown beside the case, e.g. "Network Security" or "Supply Chain". */
  category: text,
  /** Every name, address, hash, user and domain the story uses, referenced elsewhere as {{key}}. */
  identifiers: IdentifierTableSchema,
};

/**
 * Scenario 1: the enterprise network is shared by all its cases. A case names its zone and adds
 * (or, by name, replaces) devices of the network, with their configurations, tasks and the
 * repositories, CI runs and packages its services hold.
 */
export const CaseManifest1Schema = z.object({
  ...caseHeader,
  scenario: z.literal("S1"),
  zone: ZoneIdSchema,
  devices: z.array(Device1Schema).min(1),
  configs: z.array(Config1Schema).default([]),
  tasks: z.array(Task1Schema).min(1),
  platform: WorldOverlaySchema.omit({ clock: true, hosts: true }).optional(),
});

/** Scenario 2: one narrative laid over the seven base hosts of the supply chain, and its task. */
export const CaseManifest2Schema = z.object({
  ...caseHeader,
  scenario: z.literal("S2"),
  narrative: Narrative2Schema,
  task: Task2Schema,
});

export const CaseManifestSchema = z.discriminatedUnion("scenario", [CaseManifest1Schema, CaseManifest2Schema]);
export type CaseManifest = z.infer<typeof CaseManifestSchema>;
export type CaseManifest1 = z.infer<typeof CaseManifest1Schema>;
export type CaseManifest2 = z.infer<typeof CaseManifest2Schema>;

/** content/scenario1/scenario.yaml: what every Scenario 1 case shares. */
export const ScenarioBase1Schema = z.object({
  id: z.literal("scenario1"),
  title: text,
  description: text,
  clock: IsoTimeSchema,
  zones: z.array(ZoneSchema).length(5),
  narratives: z.array(Narrative1Schema),
  general: text,
});
export type ScenarioBase1 = z.infer<typeof ScenarioBase1Schema>;

/** content/scenario2/scenario.yaml: the seven base hosts and the reference material. */
export const ScenarioBase2Schema = z.object({
  id: z.literal("scenario2"),
  title: text,
  description: text,
  reference: Scenario2Schema.shape.reference,
  hosts: z.array(HostSpecSchema),
  general: text,
});
export type ScenarioBase2 = z.infer<typeof ScenarioBase2Schema>;

import { z } from "zod";
import { CheckpointListSchema, CodeSchema, DescribedCodeSchema, IocSetSchema } from "./checkpoint";
import { SolutionStepSchema } from "./tools";
import { HostContentSchema, IsoTimeSchema, WorldOverlaySchema } from "./world";

const text = z.string().min(1);

export const ZONE_IDS = ["dmz", "corp", "dev", "mgmt", "ics"] as const;
export const ZoneIdSchema = z.enum(ZONE_IDS);
export type ZoneId = z.infer<typeof ZoneIdSchema>;

export const ZoneSchema = z.object({
  id: ZoneIdSchema,
  name: text,
  /** e.g. 10.0.10.0/24 */
  cidr: z.string().regex(/^10\.0\.\d{1,3}\.0\/24$/),
  description: text,
});
export type Zone = z.infer<typeof ZoneSchema>;

/** Spec: name, host, os, ip, roles, policies, misconfig (an example with a reason), ioc. */
export const Device1Schema = z.object({
  name: text,
  host: z.string().regex(/^[a-z0-9][a-z0-9.-]*$/),
  os: text,
  ip: z.ipv4(),
  zone: ZoneIdSchema,
  roles: z.array(text).min(1),
  policies: z.array(text).min(1),
  /** The device's misconfiguration; null for a device configured to baseline. */
  misconfig: z.object({ example: text, reason: text }).nullable(),
  ioc: z.array(text).default([]),
  /** What the simulated host of this device holds (configs, logs, processes, …). */
  world: HostContentSchema,
});
export type Device1 = z.infer<typeof Device1Schema>;

/** Spec: id, title, baseline and misconfig each with lang, description, code. */
export const Config1Schema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: text,
  /** Name of the device this configuration belongs to. */
  device: text,
  /** Where the configuration lives on the device's simulated host. */
  path: z.string().regex(/^\//),
  baseline: DescribedCodeSchema,
  misconfig: DescribedCodeSchema,
});
export type Config1 = z.infer<typeof Config1Schema>;

/** Spec: title, baseline and misconfig each with lang, description, code. */
export const Narrative1Schema = z.object({
  id: z.string().regex(/^narrative[1-8]$/),
  title: text,
  baseline: DescribedCodeSchema,
  misconfig: DescribedCodeSchema,
});
export type Narrative1 = z.infer<typeof Narrative1Schema>;

/**
 * Spec: a specific has title, checkpoints and fix (lang, code). Ours also carries the device it
 * is about, the analyst prompt and hints (shown as the optional Prompt and Investigation Hints),
 * the intended solution path as tool calls, a reference answer written as a senior analyst
 * would, and the task's indicators of compromise.
 */
export const Task1Schema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: text,
  device: text,
  prompt: text,
  investigation_hints: z.array(text).min(1),
  checkpoints: CheckpointListSchema,
  fix: CodeSchema,
  solution_path: z.array(SolutionStepSchema).min(1),
  reference_answer: text,
  iocs: IocSetSchema,
});
export type Task1 = z.infer<typeof Task1Schema>;

export const Scenario1Schema = z.object({
  id: z.literal("scenario1"),
  title: text,
  description: text,
  /** The simulated "now" of the enterprise network. */
  clock: IsoTimeSchema,
  zones: z.array(ZoneSchema).length(5),
  devices: z.array(Device1Schema).min(12),
  configs: z.array(Config1Schema).min(1),
  narratives: z.array(Narrative1Schema).length(8),
  llm_tasks: z.object({ general: text, specifics: z.array(Task1Schema).min(5) }),
  /** Repositories, CI runs and packages of the network's Git, CI/CD and artifact services. */
  platform: WorldOverlaySchema.omit({ clock: true, hosts: true }).prefault({}),
});
export type Scenario1 = z.infer<typeof Scenario1Schema>;

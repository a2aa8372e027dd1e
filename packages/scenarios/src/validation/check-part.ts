/**
 * Content authors' check of part of the content, before the rest exists:
 *   npx tsx packages/scenarios/src/validation/check-part.ts s1 dmz corp
 *   npx tsx packages/scenarios/src/validation/check-part.ts s2 n1 n3
 *   npx tsx packages/scenarios/src/validation/check-part.ts s2-base
 * Prints every problem and exits 1 if there is one. The full check is content.test.ts.
 */
import { z } from "zod";
import { parseContent } from "../content/parse-content";
import { ZONES } from "../content/scenario1/zones";
import { HOSTS } from "../content/scenario2/roster";
import type { ZoneContent } from "../content/scenario1/types";
import type { NarrativeBundle } from "../content/scenario2/types";
import {
  Config1Schema,
  Device1Schema,
  HostSpecSchema,
  Narrative2Schema,
  Scenario2Schema,
  Task1Schema,
  Task2Schema,
  WorldOverlaySchema,
  ZoneSchema,
} from "../schema";
import { scenario1World, type Scenario2Base } from "../world/case-world";
import { checkCodeGrammar } from "./code-grammar";
import { checkConfigs, checkDevices, checkNarrative, checkTasks1, strayInternalIps } from "./check-content";

const NARRATIVE_FILES: Record<string, string> = {
  n1: "n1-typosquatting",
  n2: "n2-dependency-confusion",
  n3: "n3-postinstall-script",
  n4: "n4-homoglyph-backdoor",
  n5: "n5-pr-comment-injection",
  n6: "n6-stolen-signing-cert",
  n7: "n7-env-exfiltration",
  n8: "n8-terraform-tag-persistence",
};

async function checkS1(zoneIds: string[]): Promise<string[]> {
  const parts: ZoneContent[] = [];
  for (const id of zoneIds) {
    const mod = (await import(`../content/scenario1/zones/${id}.ts`)) as Record<string, ZoneContent>;
    parts.push(mod[id]!);
  }
  const devices = parseContent(
    z.array(Device1Schema),
    "devices",
    parts.flatMap((p) => p.devices),
  );
  const configs = parseContent(
    z.array(Config1Schema),
    "configs",
    parts.flatMap((p) => p.configs),
  );
  const tasks = parseContent(
    z.array(Task1Schema),
    "tasks",
    parts.flatMap((p) => p.tasks),
  );
  const platform = parseContent(WorldOverlaySchema.omit({ clock: true, hosts: true }), "platform", {
    repositories: parts.flatMap((p) => p.platform?.repositories ?? []),
    pipelines: parts.flatMap((p) => p.platform?.pipelines ?? []),
    packages: parts.flatMap((p) => p.platform?.packages ?? []),
    repository_groups: parts.flatMap((p) => p.platform?.repository_groups ?? []),
  });
  const zones = parseContent(z.array(ZoneSchema), "zones", ZONES);
  const world = scenario1World({ title: "Scenario 1 (part)", clock: "2026-03-18T09:30:00Z", zones, devices, platform });
  return [
    ...checkDevices(devices, zones),
    ...checkConfigs(configs, devices),
    ...checkTasks1(tasks, devices, configs, world),
    ...strayInternalIps(JSON.stringify(parts)).map((ip) => `mentions ${ip}, outside every zone`),
  ];
}

async function s2Base(): Promise<Scenario2Base> {
  let hosts;
  try {
    hosts = parseContent(
      z.array(HostSpecSchema),
      "base hosts",
      (await import("../content/scenario2/hosts")).BASE_HOSTS,
    );
  } catch (e) {
    if (!String(e).includes("Cannot find module")) throw e;
    console.warn("(hosts.ts not written yet: checking against bare hosts from the roster)");
    hosts = Object.values(HOSTS).map((h) => HostSpecSchema.parse({ ...h }));
  }
  let network_devices: Scenario2Base["reference"]["network_devices"] = [];
  try {
    const ref = (await import("../content/scenario2/reference")).REFERENCE;
    network_devices = Scenario2Schema.shape.reference.shape.network_devices.parse(ref.reference.network_devices);
  } catch (e) {
    if (!String(e).includes("Cannot find module")) throw e;
  }
  return { title: "Scenario 2 (part)", hosts, reference: { network_devices } };
}

async function checkS2(ids: string[]): Promise<string[]> {
  const base = await s2Base();
  const problems: string[] = [];
  for (const id of ids) {
    const file = NARRATIVE_FILES[id];
    if (!file) throw new Error(`unknown narrative ${id}; use n1 … n8`);
    const mod = (await import(`../content/scenario2/narratives/${file}.ts`)) as Record<string, NarrativeBundle>;
    const bundle = Object.values(mod)[0]!;
    const narrative = parseContent(Narrative2Schema, id, bundle.narrative);
    const task = parseContent(Task2Schema, `${id} task`, bundle.task);
    problems.push(...checkNarrative(base, narrative, task));
    problems.push(
      ...strayInternalIps(JSON.stringify(bundle)).map((ip) => `${id} mentions ${ip}, outside every known subnet`),
    );
  }
  return problems;
}

async function checkS2Base(): Promise<string[]> {
  const base = await s2Base();
  const { REFERENCE } = await import("../content/scenario2/reference");
  const ref = parseContent(Scenario2Schema.shape.reference, "reference", REFERENCE.reference);
  const problems = ref.baseline_configs.flatMap((c) => checkCodeGrammar(c.lang, c.code).map((p) => `${c.id}: ${p}`));
  problems.push(
    ...strayInternalIps(JSON.stringify([base, ref])).map((ip) => `mentions ${ip}, outside every known subnet`),
  );
  return problems;
}

const [what, ...rest] = process.argv.slice(2);
const run = what === "s1" ? checkS1(rest) : what === "s2" ? checkS2(rest) : what === "s2-base" ? checkS2Base() : null;
if (!run) {
  console.error("usage: check-part.ts s1 <zone…> | s2 <n1…n8> | s2-base");
  process.exit(2);
}
run.then(
  (problems) => {
    for (const p of problems) console.log(`✗ ${p}`);
    console.log(problems.length === 0 ? "✓ no problems" : `${problems.length} problem(s)`);
    process.exit(problems.length === 0 ? 0 : 1);
  },
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);

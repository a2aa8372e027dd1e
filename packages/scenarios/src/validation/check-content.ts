import { findHarmfulAdvice, statedIndicator } from "../grading/text-match";
import type { IocSet } from "../schema/checkpoint";
import { HOST_ROLES, type Narrative2, type Scenario2, type Task2 } from "../schema/scenario2";
import type { Config1, Device1, Scenario1, Task1, Zone } from "../schema/scenario1";
import { scenario1World, scenario2World, type CaseWorld, type Scenario2Base } from "../world/case-world";
import { checkCodeGrammar } from "./code-grammar";
import { checkLogTimes } from "./log-times";
import { staticToolView } from "./static-view";

/**
 * Content quality checks that need no simulator: counts, consistency of names and addresses,
 * reachability of evidence along the solution path, reference answers that earn every plus,
 * and grammar of configuration code. Each function returns human-readable problems.
 */

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, "i");
    return true;
  } catch {
    return false;
  }
}

function ipInCidr(ip: string, cidr: string): boolean {
  const [base, bits] = cidr.split("/") as [string, string];
  const toInt = (a: string) => a.split(".").reduce((n, o) => n * 256 + Number(o), 0);
  const mask = Number(bits) === 0 ? 0 : (0xffffffff << (32 - Number(bits))) >>> 0;
  return (toInt(ip) & mask) >>> 0 === (toInt(base) & mask) >>> 0;
}

const KNOWN_SUBNETS = ["10.0.10.0/24", "10.0.20.0/24", "10.0.30.0/24", "10.0.40.0/24", "10.0.50.0/24"];

/** Every 10.0.x.y address mentioned in a text sits in one of the five known /24s. */
export function strayInternalIps(text: string): string[] {
  const ips = text.match(/\b10\.0\.\d{1,3}\.\d{1,3}\b/g) ?? [];
  return [...new Set(ips)].filter((ip) => !KNOWN_SUBNETS.some((c) => ipInCidr(ip, c)));
}

/** Checks one task (either scenario) against the world it is investigated in. */
export function checkTask(task: Task1 | Task2, world: CaseWorld, where: string): string[] {
  const problems: string[] = [];
  const views: { tool: string; text: string }[] = [];
  task.solution_path.forEach((step, i) => {
    const view = staticToolView(step.call, world);
    if (!view.ok) {
      problems.push(`${where}: solution step ${i + 1} (${step.call.tool}): ${view.error}`);
      return;
    }
    views.push({ tool: step.call.tool, text: view.text });
    for (const e of step.expect) {
      if (!view.text.includes(e)) {
        problems.push(`${where}: solution step ${i + 1} (${step.call.tool}) cannot see expected "${e}"`);
      }
    }
  });
  for (const cp of task.checkpoints) {
    const at = `${where} checkpoint ${cp.number}`;
    for (const ev of cp.grading.evidence) {
      const seen = views.some((v) => (!ev.tool || v.tool === ev.tool) && v.text.includes(ev.contains));
      if (!seen) {
        problems.push(
          `${at}: evidence "${ev.contains}" is not reachable along the solution path${ev.tool ? ` with ${ev.tool}` : ""}`,
        );
      }
    }
    for (const ind of cp.grading.indicators) {
      if (!statedIndicator(task.reference_answer, ind)) {
        problems.push(`${at}: the reference answer does not state indicator "${ind.description}"`);
      }
    }
    for (const adv of cp.grading.harmful_advice) {
      for (const p of adv.patterns)
        if (!compiles(p)) problems.push(`${at}: harmful advice pattern /${p}/ does not compile`);
      const hit = adv.patterns.every(compiles) ? findHarmfulAdvice(task.reference_answer, adv) : null;
      if (hit)
        problems.push(`${at}: the reference answer gives harmful advice "${adv.description}": "${hit.sentence}"`);
    }
    for (const act of cp.grading.harmful_actions) {
      for (const p of [act.command_pattern, act.path_pattern]) {
        if (p !== undefined && !compiles(p)) problems.push(`${at}: harmful action pattern /${p}/ does not compile`);
      }
    }
  }
  for (const p of checkCodeGrammar(task.fix.lang, task.fix.code)) problems.push(`${where} fix: ${p}`);
  return problems;
}

/** No indicator of compromise may belong to two tasks. */
export function checkIocUniqueness(tasks: { id: string; iocs: IocSet }[]): string[] {
  const owner = new Map<string, string>();
  const problems: string[] = [];
  for (const t of tasks) {
    const values = Object.values(t.iocs).flat();
    if (values.length === 0) problems.push(`${t.id}: names no indicators of compromise`);
    for (const v of new Set(values)) {
      const prior = owner.get(v.toLowerCase());
      if (prior && prior !== t.id) problems.push(`IOC "${v}" is shared by ${prior} and ${t.id}`);
      owner.set(v.toLowerCase(), t.id);
    }
  }
  return problems;
}

/** Devices: unique names, hosts and addresses, each inside its zone. */
export function checkDevices(devices: Device1[], zones: Zone[]): string[] {
  const problems: string[] = [];
  const zoneCidr = new Map(zones.map((z) => [z.id, z.cidr]));
  for (const key of ["name", "host", "ip"] as const) {
    const seen = new Set<string>();
    for (const d of devices) {
      if (seen.has(d[key])) problems.push(`device ${key} "${d[key]}" is used twice`);
      seen.add(d[key]);
    }
  }
  for (const d of devices) {
    problems.push(...checkLogTimes(d.world, d.name));
    const cidr = zoneCidr.get(d.zone);
    if (!cidr || !ipInCidr(d.ip, cidr)) problems.push(`${d.name}: ${d.ip} is outside zone ${d.zone} (${cidr})`);
  }
  return problems;
}

/** Security configurations: on a misconfigured device, placed at their path, grammatical. */
export function checkConfigs(configs: Config1[], devices: Device1[]): string[] {
  const problems: string[] = [];
  for (const c of configs) {
    const device = devices.find((d) => d.name === c.device);
    if (!device) {
      problems.push(`config ${c.id}: no device "${c.device}"`);
      continue;
    }
    if (!device.misconfig) problems.push(`config ${c.id}: device ${c.device} has no misconfiguration`);
    const placed = device.world.files.find((f) => f.path === c.path);
    if (!placed) problems.push(`config ${c.id}: ${c.device} holds no file at ${c.path}`);
    else if (placed.content !== c.misconfig.code)
      problems.push(`config ${c.id}: the file at ${c.path} on ${c.device} is not the misconfigured code`);
    for (const side of [c.baseline, c.misconfig]) {
      for (const p of checkCodeGrammar(side.lang, side.code)) problems.push(`config ${c.id}: ${p}`);
    }
  }
  return problems;
}

/** Scenario 1 tasks: one per misconfigured device, each solvable in the given world. */
export function checkTasks1(tasks: Task1[], devices: Device1[], configs: Config1[], world: CaseWorld): string[] {
  const problems: string[] = [];
  for (const d of devices.filter((x) => x.misconfig)) {
    const n = tasks.filter((t) => t.device === d.name).length;
    if (n !== 1) problems.push(`${d.name} is misconfigured and has ${n} tasks (expected 1)`);
    if (!configs.some((c) => c.device === d.name))
      problems.push(`${d.name} is misconfigured and has no security configuration`);
  }
  for (const t of tasks) {
    const device = devices.find((d) => d.name === t.device);
    if (!device?.misconfig) problems.push(`task ${t.id}: device "${t.device}" is missing or not misconfigured`);
    problems.push(...checkTask(t, world, `task ${t.id}`));
  }
  problems.push(...checkIocUniqueness(tasks));
  return problems;
}

export function checkScenario1(s1: Scenario1): string[] {
  const problems = [
    ...checkDevices(s1.devices, s1.zones),
    ...checkConfigs(s1.configs, s1.devices),
    ...checkTasks1(s1.llm_tasks.specifics, s1.devices, s1.configs, scenario1World(s1)),
  ];
  for (const n of s1.narratives) {
    for (const side of [n.baseline, n.misconfig]) {
      for (const p of checkCodeGrammar(side.lang, side.code)) problems.push(`narrative ${n.id}: ${p}`);
    }
  }
  for (const z of s1.zones) {
    if (!s1.devices.some((d) => d.zone === z.id && d.misconfig)) {
      problems.push(`zone ${z.id} has no misconfigured device, so its case has no samples`);
    }
  }
  problems.push(...strayInternalIps(JSON.stringify(s1)).map((ip) => `scenario 1 mentions ${ip}, outside every zone`));
  return problems;
}

/** One Scenario 2 narrative and its task: placements, roles, timeline, tools, solvability. */
export function checkNarrative(s2: Scenario2Base, n: Narrative2, task: Task2): string[] {
  const problems: string[] = [];
  const roles = new Set<string>(HOST_ROLES);
  const where = `${n.id} (${n.title})`;
  const bp = n.implementation_blueprint;
  const assets = new Set(n.conceptual_evidence_files.map((f) => f.asset_id));
  for (const p of bp.evidence_placement) {
    if (!assets.has(p.source_asset_id)) problems.push(`${where}: placement of unknown asset "${p.source_asset_id}"`);
  }
  for (const f of n.conceptual_evidence_files) {
    if (!bp.evidence_placement.some((p) => p.source_asset_id === f.asset_id)) {
      problems.push(`${where}: evidence file ${f.asset_id} is never placed`);
    }
  }
  for (const o of n.world.hosts) {
    if (!roles.has(o.role)) problems.push(`${where}: overlay for unknown role "${o.role}"`);
    problems.push(...checkLogTimes(o, `${where} ${o.role}`));
  }
  const clock = Date.parse(n.world.clock);
  const late = (t: string) => Date.parse(t) > clock;
  for (const o of n.world.hosts) {
    for (const l of o.logs)
      for (const line of l.lines)
        if (late(line.time)) problems.push(`${where}: ${l.path} line at ${line.time} is after the clock`);
  }
  for (const r of n.world.repositories)
    for (const c of r.commits)
      if (late(c.date)) problems.push(`${where}: commit ${c.hash.slice(0, 7)} is after the clock`);
  for (const r of n.world.pipelines)
    if (late(r.started)) problems.push(`${where}: run ${r.run_id} starts after the clock`);
  const used = new Set(task.solution_path.map((s) => s.call.tool));
  const declared = new Set(bp.required_tools.map((t) => t.name));
  for (const t of used)
    if (!declared.has(t)) problems.push(`${where}: solution path uses ${t}, which is not a required tool`);
  problems.push(...checkTask(task, scenario2World(s2, n), where));
  return problems;
}

export function checkScenario2(s2: Scenario2): string[] {
  const problems: string[] = [];
  const hostRoles = s2.hosts.map((h) => h.role);
  for (const r of HOST_ROLES) if (!hostRoles.includes(r)) problems.push(`no base host for role "${r}"`);
  s2.narratives.forEach((n, i) => {
    const task = s2.llm_tasks.tasks[i];
    if (!task || task.id !== n.id) problems.push(`task ${i + 1} does not belong to ${n.id}`);
    else problems.push(...checkNarrative(s2, n, task));
  });
  for (const c of s2.reference.baseline_configs) {
    for (const p of checkCodeGrammar(c.lang, c.code)) problems.push(`baseline config ${c.id}: ${p}`);
  }
  const ips = new Set<string>();
  for (const d of s2.reference.network_devices) {
    if (ips.has(d.ip)) problems.push(`network device IP ${d.ip} is used twice`);
    ips.add(d.ip);
  }
  problems.push(...checkIocUniqueness(s2.llm_tasks.tasks));
  problems.push(
    ...strayInternalIps(JSON.stringify(s2)).map((ip) => `scenario 2 mentions ${ip}, outside every known subnet`),
  );
  return problems;
}

import {
  checkConfigs,
  checkDevices,
  checkGradingData,
  checkIocUniqueness,
  checkNarrative,
  checkTasks1,
  hostsText,
  scenario1,
  scenario2,
  strayInternalIps,
  TEST_CASES,
  worldText,
  type CaseManifest,
  type CaseManifest1,
  type CaseManifest2,
  type CaseSample,
  type Device1,
  type TestCase,
} from "@analystbench/scenarios";
import path from "node:path";
import { fieldsContaining, logLineField, narrativeSentenceField, taskSentenceField } from "./case-content-fields";
import type { FieldProblem } from "./case-problems";

/**
 * Stage (c) of `case check`: the content checks the built-in content passes, run on one package
 * against the content it joins — its devices in the Scenario 1 network, its narrative over the
 * Scenario 2 base hosts, its indicators and evidence against every other case — and the
 * grading-data rules on each of its samples. No simulator runs here.
 */

type Manifest1 = CaseManifest1;
type Manifest2 = CaseManifest2;

/** Every other case the engine knows: not this package, nor a case of the same id it stands in for. */
function otherCases(tc: TestCase): TestCase[] {
  return TEST_CASES.filter((c) => c.id !== tc.id && path.resolve(c.dir) !== path.resolve(tc.dir));
}

/** The manifest field of a sample's task. */
export function taskField(tc: TestCase, sample: CaseSample): string {
  const m = tc.manifest;
  return m.scenario === "S1" ? `tasks[${m.tasks.findIndex((t) => t.id === sample.id)}]` : "task";
}

/** The network the package's devices join: the built-in devices, those of the same name replaced. */
function networkOf(m: Manifest1): Device1[] {
  const names = new Set(m.devices.map((d) => d.name));
  return [...scenario1.devices.filter((d) => !names.has(d.name)), ...m.devices];
}

/** A sentence of checkDevices about device `d` as a field: one of its log lines, its address, or the device. */
function deviceSentenceField(sentence: string, d: Device1, base: string): FieldProblem {
  const line = sentence.startsWith(`${d.name} /`)
    ? logLineField(sentence.slice(d.name.length), `${base}.world`, d.world.logs)
    : undefined;
  return line ?? { field: sentence.includes("is outside zone") ? `${base}.ip` : base, message: sentence };
}

/** The device's own checks, and its host name and address against every other device of the network. */
function deviceProblems(d: Device1, i: number, network: Device1[]): FieldProblem[] {
  const base = `devices[${i}]`;
  const checked = checkDevices([d], scenario1.zones).map((p) => deviceSentenceField(p, d, base));
  const taken = (["host", "ip"] as const).flatMap((key) => {
    const other = network.find((o) => o !== d && o[key] === d[key]);
    const what = key === "ip" ? "address" : "host name";
    return other ? [{ field: `${base}.${key}`, message: `"${d[key]}" is already the ${what} of ${other.name}` }] : [];
  });
  return [...checked, ...taken];
}

function scenario1Problems(tc: TestCase, m: Manifest1): FieldProblem[] {
  const network = networkOf(m);
  const configs = checkConfigs(m.configs, network).map((p) => {
    const j = m.configs.findIndex((c) => p.startsWith(`config ${c.id}:`));
    return { field: j >= 0 ? `configs[${j}]` : "configs", message: p };
  });
  // Indicators shared between tasks are iocProblems' to report, against every case at once.
  const tasks = checkTasks1(m.tasks, m.devices, m.configs, tc.world())
    .filter((p) => !p.startsWith('IOC "') && !p.endsWith("names no indicators of compromise"))
    .map((p) => task1SentenceField(p, m));
  return [...m.devices.flatMap((d, i) => deviceProblems(d, i, network)), ...configs, ...tasks];
}

/** A sentence of checkTasks1 as a field: of a task, of a misconfigured device, or of the configs. */
function task1SentenceField(sentence: string, m: Manifest1): FieldProblem {
  const k = m.tasks.findIndex((t) => sentence.startsWith(`task ${t.id}:`) || sentence.startsWith(`task ${t.id} `));
  if (k >= 0) {
    const rest = sentence.slice(`task ${m.tasks[k]!.id}`.length);
    if (rest.startsWith(": device ")) return { field: `tasks[${k}].device`, message: rest.slice(2) };
    return taskSentenceField(rest, `tasks[${k}]`, m.tasks[k]!);
  }
  const i = m.devices.findIndex((d) => sentence.startsWith(`${d.name} is misconfigured`));
  if (i < 0) return { field: "tasks", message: sentence };
  return {
    field: sentence.includes("security configuration") ? "configs" : `devices[${i}].misconfig`,
    message: sentence,
  };
}

function scenario2Problems(m: Manifest2): FieldProblem[] {
  return checkNarrative(scenario2, m.narrative, m.task).map((p) => narrativeSentenceField(p, m.narrative, m.task));
}

/** No indicator of compromise of this package may belong to another case's task (or two of its own). */
function iocProblems(tc: TestCase): FieldProblem[] {
  const label = (c: TestCase, s: CaseSample) => `${c.id}/${s.id}`;
  const theirs = otherCases(tc).flatMap((c) => c.samples.map((s) => ({ id: label(c, s), iocs: s.task.iocs })));
  const mine = tc.samples.map((s) => ({ id: label(tc, s), iocs: s.task.iocs, sample: s }));
  return checkIocUniqueness([...theirs, ...mine]).flatMap((p) => {
    const own = mine.find((s) => p.endsWith(` and ${s.id}`) || p.startsWith(`${s.id}:`));
    return own ? [{ field: `${taskField(tc, own.sample)}.iocs`, message: p }] : [];
  });
}

/** Internal addresses outside the five zones (a typo, or a subnet the network does not have). */
function strayIpProblems(m: CaseManifest): FieldProblem[] {
  return strayInternalIps(JSON.stringify(m)).map((ip) => ({
    field: fieldsContaining(m, ip)[0] ?? "",
    message: `mentions ${ip}, which is in none of the network's five zones (10.0.10.0/24 … 10.0.50.0/24)`,
  }));
}

/**
 * The grading-data rules on every sample. Scenario 1 cases share one network, so the other
 * Scenario 1 cases are the same environment, not others (as in the content tests).
 */
function gradingProblems(tc: TestCase): FieldProblem[] {
  const world = tc.world();
  const others = otherCases(tc)
    .filter((c) => tc.scenario === "S2" || c.scenario !== "S1")
    .map((c) => ({ id: c.id, text: worldText(c.world()) }));
  const context = { others, sharedHostsText: tc.scenario === "S2" ? hostsText(scenario2.hosts) : undefined };
  return tc.samples.flatMap((sample) =>
    checkGradingData({ sample, world, told: [tc.description, tc.general] }, context).map((p) => ({
      field: `${taskField(tc, sample)}.${p.field}`,
      message: p.message,
    })),
  );
}

/** Every content problem of the package's case, each naming a field of its manifest. */
export function checkCaseContent(tc: TestCase): FieldProblem[] {
  const m = tc.manifest;
  return [
    ...(m.scenario === "S1" ? scenario1Problems(tc, m) : scenario2Problems(m)),
    ...iocProblems(tc),
    ...strayIpProblems(m),
    ...gradingProblems(tc),
  ];
}

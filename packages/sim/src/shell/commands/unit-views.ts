import { cpuSpan, memorySpan, systemdAgo } from "../../host-model/format";
import type { LiveService } from "../../host-model/services";
import { descendants } from "../../host-model/services";
import { signalNumber } from "../../host-model/lifecycle";
import { commOf, type LiveProcess } from "../../host-model/processes";
import { unitName } from "../../host-model/units";
import type { HostState } from "../../host-state";
import { strftime } from "./system-info";

/**
 * What systemctl prints about a unit: status, show, cat and list rows, read from the unit, its
 * processes (main PID, CGroup, memory, CPU) and the journal, as systemd of the host's
 * distribution lays them out.
 */
export const activeState = (s: LiveService): string =>
  s.state === "running" || s.state === "exited" ? "active" : s.state === "failed" ? "failed" : "inactive";
export const subState = (s: LiveService): string => (s.state === "stopped" ? "dead" : s.state);
export const enabledState = (s: LiveService): string => (s.masked ? "masked" : s.enabled ? "enabled" : "disabled");

const stamp = (ms: number) => strftime("%a %Y-%m-%d %H:%M:%S UTC", ms);

/** Where the unit file is: the administrator's copy in /etc wins over the package's. */
export async function unitFilePath(host: HostState, s: LiveService): Promise<string> {
  const u = unitName(s.name);
  for (const dir of ["/etc/systemd/system", host.model.distro.unitDir, "/usr/lib/systemd/system"])
    if (await host.fs.exists(`${dir}/${u}`)) return `${dir}/${u}`;
  return `${host.model.distro.unitDir}/${u}`;
}

/** The program a unit runs, from its main process's command (a title like "nginx: master process /usr/sbin/nginx …" names it after the colon). */
export function execStart(s: LiveService): string {
  const command = s.exec?.command ?? `/usr/sbin/${unitName(s.name).replace(/\.service$/, "")}`;
  const fromPath = /(?:^|\s)(\/\S+.*)$/.exec(command)?.[1];
  return /^[\w.@-]+: /.test(command) && fromPath ? fromPath : command;
}

/** The unit file systemd would have loaded, when the host has none on disk. */
export function synthesizedUnitFile(path: string, s: LiveService): string {
  const user = s.exec && s.exec.user !== "root" ? `User=${s.exec.user}\n` : "";
  const type = s.state === "exited" ? "Type=oneshot\nRemainAfterExit=yes\n" : "Type=simple\n";
  return `# ${path}\n[Unit]\nDescription=${s.description}\nAfter=network.target\n\n[Service]\n${type}${user}ExecStart=${execStart(s)}\n\n[Install]\nWantedBy=multi-user.target\n`;
}

function activeLine(s: LiveService, clockMs: number): string {
  const since = s.sinceMs === undefined ? "" : ` since ${stamp(s.sinceMs)}; ${systemdAgo(clockMs - s.sinceMs)}`;
  if (s.state === "running") return `active (running)${since}`;
  if (s.state === "exited") return `active (exited)${since}`;
  if (s.state === "failed") return `failed (Result: ${s.result ?? "exit-code"})${since}`;
  return `inactive (dead)${since}`;
}

function mainPidLine(s: LiveService, main: LiveProcess | undefined): string[] {
  if (s.state === "running" && main) return [`   Main PID: ${main.pid} (${commOf(main.command)})`];
  if (!s.exit) return [];
  const how =
    s.exit.code === "exited" ? `code=exited, status=${s.exit.status}` : `code=${s.exit.code}, signal=${s.exit.status}`;
  return [`   Main PID: ${s.exit.pid} (${how})`];
}

/** "├─ 1187 \"nginx: master process …\"": the unit's processes, PIDs aligned as systemd aligns them. */
function cgroupLines(unit: string, group: LiveProcess[]): string[] {
  const width = Math.max(...group.map((p) => String(p.pid).length));
  const quoted = (c: string) => (/^[\w.@-]+: /.test(c) ? `"${c}"` : c);
  return [
    `     CGroup: /system.slice/${unit}`,
    ...group.map(
      (p, i) =>
        `             ${i === group.length - 1 ? "└─" : "├─"}${String(p.pid).padStart(width)} ${quoted(p.command)}`,
    ),
  ];
}

function resourceLines(host: HostState, s: LiveService, group: LiveProcess[]): string[] {
  if (s.state !== "running" || group.length === 0) return [];
  const tasks = group.reduce((n, p) => n + p.threads, 0);
  const limit = Math.floor((host.model.hardware.memTotalKb / 32) * 0.15);
  return [
    `      Tasks: ${tasks} (limit: ${limit})`,
    `     Memory: ${memorySpan(group.reduce((n, p) => n + p.rssKb, 0))}`,
    `        CPU: ${cpuSpan(group.reduce((n, p) => n + p.cpuSeconds, 0))}`,
    ...cgroupLines(unitName(s.name), group),
  ];
}

/** `systemctl status UNIT`: the header, the unit's processes and its last journal lines of this boot. */
export async function statusBlock(
  host: HostState,
  s: LiveService,
  clockMs: number,
  journal: (u: string) => string[],
): Promise<string> {
  const main = s.state === "running" ? host.processes.find((p) => p.pid === s.pid) : undefined;
  const group = main ? [main, ...descendants(host.processes, main.pid)].sort((a, b) => a.pid - b.pid) : [];
  const dot = s.state === "failed" ? "×" : s.state === "running" || s.state === "exited" ? "●" : "○";
  const path = await unitFilePath(host, s);
  const loaded = s.masked
    ? "masked (Reason: Unit is masked.)"
    : `loaded (${path}; ${enabledState(s)}; ${host.model.distro.presetWord}: enabled)`;
  const lines = [
    `${dot} ${unitName(s.name)} - ${s.description}`,
    `     Loaded: ${loaded}`,
    `     Active: ${activeLine(s, clockMs)}`,
    ...mainPidLine(s, main),
    ...resourceLines(host, s, group),
  ];
  const tail = journal(s.name);
  return [...lines, ...(tail.length ? ["", ...tail] : [])].join("\n");
}

/** `systemctl show`: the properties analysts ask for, in systemd's names and formats. */
export async function properties(host: HostState, s: LiveService): Promise<[string, string][]> {
  const main = s.state === "running" ? host.processes.find((p) => p.pid === s.pid) : undefined;
  const group = main ? [main, ...descendants(host.processes, main.pid)] : [];
  const since = s.sinceMs === undefined ? "" : stamp(s.sinceMs);
  return [
    ["Type", s.state === "exited" ? "oneshot" : "simple"],
    ["Restart", "no"],
    ["MainPID", String(main?.pid ?? 0)],
    ["ExecMainStartTimestamp", main ? stamp(Date.parse(main.started)) : ""],
    ["ExecMainPID", String(main?.pid ?? s.exit?.pid ?? 0)],
    ["ExecMainCode", s.exit ? (s.exit.code === "exited" ? "1" : "2") : "0"],
    ["ExecMainStatus", s.exit ? (s.exit.code === "exited" ? "0" : String(signalNumber(s.exit.status))) : "0"],
    ["Result", s.result ?? "success"],
    ["NRestarts", "0"],
    ["MemoryCurrent", main ? String(group.reduce((n, p) => n + p.rssKb, 0) * 1024) : "[not set]"],
    ["CPUUsageNSec", main ? String(group.reduce((n, p) => n + p.cpuSeconds, 0) * 1e9) : "[not set]"],
    ["TasksCurrent", main ? String(group.reduce((n, p) => n + p.threads, 0)) : "[not set]"],
    ["Id", unitName(s.name)],
    ["Names", unitName(s.name)],
    ["Description", s.description],
    ["LoadState", s.masked ? "masked" : "loaded"],
    ["ActiveState", activeState(s)],
    ["SubState", subState(s)],
    ["FragmentPath", s.masked ? "" : await unitFilePath(host, s)],
    ["UnitFileState", enabledState(s)],
    ["UnitFilePreset", "enabled"],
    ["StateChangeTimestamp", since],
    ["ActiveEnterTimestamp", activeState(s) === "active" ? since : ""],
    ["User", s.exec && s.exec.user !== "root" ? s.exec.user : ""],
  ];
}

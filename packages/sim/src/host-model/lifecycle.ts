import type { HostState } from "../host-state";
import { between } from "./hash";
import { systemdEntry } from "./journal";
import { isKernelThread, liveProcess, type LiveProcess } from "./processes";
import { descendants, type LiveService } from "./services";
import { unitLabel, unitName } from "./units";

/**
 * What happens to a host's tables when the agent signals a process or drives a unit, as the
 * kernel and systemd would do it: a killed main process takes its unit down (failed, or inactive
 * after a clean signal) with its workers and sockets, and the journal records it; starting a
 * unit runs a new main process under a new PID that opens the unit's sockets again.
 */
/** Signals by number, as kill -l lists them (0 checks that a process exists). */
const NAMES = "0 HUP INT QUIT ILL TRAP ABRT BUS FPE KILL USR1 SEGV USR2 PIPE ALRM TERM".split(" ");
const MORE: Record<string, string> = { "17": "CHLD", "18": "CONT", "19": "STOP", "20": "TSTP", "28": "WINCH" };
/** Exits systemd counts as clean (SuccessExitStatus's defaults): the unit goes inactive, not failed. */
const CLEAN = new Set(["HUP", "INT", "TERM", "PIPE"]);
const CORE = new Set(["QUIT", "ILL", "TRAP", "ABRT", "BUS", "FPE", "SEGV", "SYS"]);
/** Signals that end no process. */
const HARMLESS = new Set(["0", "CHLD", "CONT", "WINCH", "URG"]);

/** "9", "-KILL", "SIGKILL" and "kill" are all KILL; undefined for no signal at all. */
export function signalName(raw: string): string | undefined {
  const s = raw.replace(/^-/, "").toUpperCase().replace(/^SIG/, "");
  if (/^\d+$/.test(s)) return NAMES[Number(s)] ?? MORE[s];
  return NAMES.includes(s) || Object.values(MORE).includes(s) ? s : undefined;
}

export const signalNumber = (name: string): number =>
  NAMES.indexOf(name) >= 0 ? NAMES.indexOf(name) : Number(Object.entries(MORE).find(([, v]) => v === name)?.[0] ?? 15);

const runningUnitOf = (host: HostState, pid: number) =>
  host.services.find((s) => s.pid === pid && s.state === "running");

/** Removes processes and the sockets they held; their children go to PID 1, as orphans do. */
function removeProcesses(host: HostState, gone: Set<number>): void {
  host.processes = host.processes
    .filter((p) => !gone.has(p.pid))
    .map((p) => (gone.has(p.ppid) ? { ...p, ppid: 1 } : p));
  host.sockets = host.sockets.filter((k) => k.pid === undefined || !gone.has(k.pid));
}

/** A unit whose main process ended: inactive after a clean signal, failed otherwise. */
function mainProcessEnded(host: HostState, s: LiveService, signal: string, clockMs: number): void {
  const unit = unitName(s.name);
  const dumped = CORE.has(signal);
  s.exit = { pid: s.pid!, code: dumped ? "dumped" : "killed", status: signal };
  s.formerPids = [...(s.formerPids ?? []), s.pid!];
  s.sinceMs = clockMs;
  const code = `code=${dumped ? "dumped" : "killed"}, status=${signalNumber(signal)}/${signal}`;
  host.journal.push(systemdEntry(unit, clockMs, `${unit}: Main process exited, ${code}`, 5));
  if (CLEAN.has(signal)) {
    s.state = "stopped";
    s.result = undefined;
    host.journal.push(systemdEntry(unit, clockMs, `${unit}: Deactivated successfully.`));
    return;
  }
  s.state = "failed";
  s.result = dumped ? "core-dump" : "signal";
  host.journal.push(systemdEntry(unit, clockMs, `${unit}: Failed with result '${s.result}'.`, 4));
}

export type SignalOutcome = "ended" | "ignored";

/**
 * Delivers a signal to a process. PID 1 and kernel threads ignore it, as does a process for a
 * signal that ends nothing; a unit's main process reloads on HUP. When a unit's main process
 * ends, systemd stops the rest of the unit (its workers) too.
 */
export function deliverSignal(host: HostState, p: LiveProcess, signal: string, clockMs: number): SignalOutcome {
  if (p.pid === 1 || isKernelThread(p) || HARMLESS.has(signal) || signal === "STOP" || signal === "TSTP")
    return "ignored";
  const unit = runningUnitOf(host, p.pid);
  if (unit && signal === "HUP") return "ignored";
  const gone = new Set([p.pid, ...(unit ? descendants(host.processes, p.pid).map((x) => x.pid) : [])]);
  removeProcesses(host, gone);
  if (unit) mainProcessEnded(host, unit, signal, clockMs);
  return "ended";
}

/** The next PIDs the kernel hands out: after every PID in use or used by a unit before. */
function nextPid(host: HostState): number {
  const used = [
    ...host.processes.map((p) => p.pid),
    ...host.services.flatMap((s) => [s.pid ?? 0, ...(s.formerPids ?? [])]),
  ];
  const top = Math.max(0, ...used);
  return top + between(host.model.seed, `next-pid:${top}`, 3, 40);
}

function spawnUnit(host: HostState, s: LiveService, clockMs: number): void {
  const exec = s.exec!;
  const mem = host.model.hardware.memTotalKb;
  const seed = `${host.model.seed}:run:${clockMs}`;
  const main = nextPid(host);
  const make = (pid: number, ppid: number, c: { command: string; user: string }) =>
    liveProcess({ pid, ppid, user: c.user, command: c.command, cpu: 0, mem: 0 }, clockMs, clockMs, seed, mem);
  const spawned = [make(main, 1, exec), ...exec.workers.map((w, i) => make(main + 1 + i, main, w))];
  host.processes = [...host.processes, ...spawned].sort((a, b) => a.pid - b.pid);
  // The main process binds the unit's listening sockets again (workers inherit them).
  host.sockets = [...host.sockets, ...exec.listens.map((k) => ({ ...k, pid: main }))];
  s.pid = main;
}

const label = (host: HostState, s: LiveService) => unitLabel(host.model.distro, s);

/** `systemctl start`: runs the unit again; a unit that has no process (oneshot) just finishes. */
export function startUnit(host: HostState, s: LiveService, clockMs: number): void {
  if (s.state === "running" || (s.state === "exited" && !s.exec)) return;
  host.journal.push(systemdEntry(s.name, clockMs, `Starting ${label(host, s)}...`));
  s.sinceMs = clockMs;
  s.result = undefined;
  s.exit = undefined;
  if (!s.exec) {
    s.state = "exited";
    host.journal.push(systemdEntry(s.name, clockMs, `Finished ${label(host, s)}.`));
    return;
  }
  spawnUnit(host, s, clockMs);
  s.state = "running";
  host.journal.push(systemdEntry(s.name, clockMs, `Started ${label(host, s)}.`));
}

/** `systemctl stop`: the unit's processes end, its sockets close. A failed unit stays failed. */
export function stopUnit(host: HostState, s: LiveService, clockMs: number): void {
  if (s.state === "stopped" || s.state === "failed") return;
  host.journal.push(systemdEntry(s.name, clockMs, `Stopping ${label(host, s)}...`));
  if (s.state === "running" && s.pid !== undefined) {
    const gone = new Set([s.pid, ...descendants(host.processes, s.pid).map((p) => p.pid)]);
    removeProcesses(host, gone);
    s.exit = { pid: s.pid, code: "exited", status: "0/SUCCESS" };
    s.formerPids = [...(s.formerPids ?? []), s.pid];
    host.journal.push(systemdEntry(s.name, clockMs, `${unitName(s.name)}: Deactivated successfully.`));
  }
  s.state = "stopped";
  s.sinceMs = clockMs;
  host.journal.push(systemdEntry(s.name, clockMs, `Stopped ${label(host, s)}.`));
}

/** `systemctl restart`: stop if running, then start under a new PID. */
export function restartUnit(host: HostState, s: LiveService, clockMs: number): void {
  stopUnit(host, s, clockMs);
  startUnit(host, s, clockMs);
}

/** `systemctl reload`: the unit re-reads its configuration; only an active unit can. */
export function reloadUnit(host: HostState, s: LiveService, clockMs: number): boolean {
  if (s.state !== "running") return false;
  host.journal.push(systemdEntry(s.name, clockMs, `Reloading ${label(host, s)}...`));
  host.journal.push(systemdEntry(s.name, clockMs, `Reloaded ${label(host, s)}.`));
  return true;
}

/** `systemctl kill`: the signal goes to every process of the unit; the main process decides the rest. */
export function killUnit(host: HostState, s: LiveService, signal: string, clockMs: number): boolean {
  const main = s.state === "running" ? host.processes.find((p) => p.pid === s.pid) : undefined;
  return main !== undefined && deliverSignal(host, main, signal, clockMs) === "ended";
}

import type { TrackedFs } from "../tracked-fs";
import { ownerFor } from "./accounts";
import { kernelCommandLine } from "./dmesg";
import type { HostModel } from "./index";
import { procVersion } from "./kernel";
import { commOf, type LiveProcess } from "./processes";

/**
 * /proc as a view of the host: one directory per process in the table (added and removed with
 * it, never recorded as the agent's change), and the kernel's files that agree with uname,
 * uptime, free and dmesg (written once: the clock does not move).
 */
const procDir = (pid: number) => `/proc/${pid}`;

function statusText(p: LiveProcess, uid: number, gid: number): string {
  const state = p.cpu >= 5 ? "R (running)" : "S (sleeping)";
  return [
    `Name:\t${commOf(p.command)}`,
    `State:\t${state}`,
    `Tgid:\t${p.pid}`,
    `Pid:\t${p.pid}`,
    `PPid:\t${p.ppid}`,
    `Uid:\t${uid}\t${uid}\t${uid}\t${uid}`,
    `Gid:\t${gid}\t${gid}\t${gid}\t${gid}`,
    ...(p.rssKb > 0 ? [`VmSize:\t${String(p.vszKb).padStart(8)} kB`, `VmRSS:\t${String(p.rssKb).padStart(8)} kB`] : []),
    `Threads:\t${p.threads}`,
    "",
  ].join("\n");
}

function writeFile(fs: TrackedFs, path: string, text: string, owner: string, at: number): void {
  fs.writeFileSync(path, text, undefined, { mode: 0o444, mtime: new Date(at) });
  fs.owners.set(path, owner);
  fs.knownMtimes.set(path, at);
}

function writeStatus(fs: TrackedFs, model: HostModel, p: LiveProcess): void {
  const user = model.accounts.users.find((u) => u.name === p.user);
  const text = statusText(p, user?.uid ?? 0, user?.gid ?? 0);
  writeFile(fs, `${procDir(p.pid)}/status`, text, ownerFor(model.accounts, p.user), Date.parse(p.started));
}

function writeProcess(fs: TrackedFs, model: HostModel, p: LiveProcess): void {
  const dir = procDir(p.pid);
  const at = Date.parse(p.started);
  const owner = ownerFor(model.accounts, p.user);
  fs.mkdirSync(dir, { recursive: true });
  fs.setMetadata(dir, { mode: 0o555, mtimeMs: at });
  fs.owners.set(dir, owner);
  writeFile(
    fs,
    `${dir}/cmdline`,
    /^\[.*\]$/.test(p.command) ? "" : `${p.command.split(/\s+/).join("\0")}\0`,
    owner,
    at,
  );
  writeFile(fs, `${dir}/comm`, `${commOf(p.command)}\n`, owner, at);
}

/**
 * Brings /proc/<pid> in line with the process table: directories for new PIDs, none for gone
 * ones, and every status file rewritten (an orphan's PPid is 1 now).
 */
export function syncProc(fs: TrackedFs, model: HostModel, processes: LiveProcess[]): void {
  const live = new Set(processes.map((p) => p.pid));
  for (const name of fs.listChildren("/proc")) {
    if (/^\d+$/.test(name) && !live.has(Number(name))) fs.removeUntracked(procDir(Number(name)));
  }
  for (const p of processes) {
    if (fs.entryKind(procDir(p.pid)) === undefined) writeProcess(fs, model, p);
    writeStatus(fs, model, p);
  }
}

/** Puts back the host's /proc/version after the interpreter wrote its own over it. */
export function restoreProcVersion(host: { fs: TrackedFs; model: HostModel }): void {
  const text = `${procVersion(host.model.kernel, host.model.distro)}\n`;
  host.fs.writeFileSync("/proc/version", text, undefined, { mode: 0o444, mtime: new Date(host.model.bootMs) });
}

/** The load averages uptime, w and /proc/loadavg print: from what the processes use. */
export function loadAverages(processes: LiveProcess[]): [number, number, number] {
  const busy = processes.reduce((sum, p) => sum + p.cpu, 0) / 100;
  const base = Math.max(0.02, busy * 0.7);
  return [base * 1.12, base, base * 0.91].map((x) => Math.round(x * 100) / 100) as [number, number, number];
}

/** Memory as free and /proc/meminfo report it, in kB: the processes' RSS plus the kernel's share. */
export function memoryFigures(model: HostModel, processes: LiveProcess[]) {
  const total = model.hardware.memTotalKb;
  const used = Math.min(
    Math.round(total * 0.85),
    processes.reduce((sum, p) => sum + p.rssKb, 0) + Math.round(total * 0.045),
  );
  const buffCache = Math.round((total - used) * 0.38);
  const free = total - used - buffCache;
  return {
    total,
    used,
    free,
    shared: Math.round(total * 0.0016),
    buffCache,
    available: free + Math.round(buffCache * 0.82),
  };
}

/** The kernel's own files, written once at build. */
export function kernelFiles(model: HostModel, clockMs: number, processes: LiveProcess[]): [string, string][] {
  const up = (clockMs - model.bootMs) / 1000;
  const m = memoryFigures(model, processes);
  const kb = (label: string, n: number) => `${`${label}:`.padEnd(16)}${String(n).padStart(8)} kB`;
  const load = loadAverages(processes).map((x) => x.toFixed(2));
  const top = Math.max(...processes.map((p) => p.pid), 1);
  const meminfo = [
    kb("MemTotal", m.total),
    kb("MemFree", m.free),
    kb("MemAvailable", m.available),
    kb("Buffers", Math.round(m.buffCache * 0.08)),
    kb("Cached", Math.round(m.buffCache * 0.8)),
    kb("Shmem", m.shared),
  ];
  return [
    ["/proc/version", `${procVersion(model.kernel, model.distro)}\n`],
    ["/proc/uptime", `${up.toFixed(2)} ${(up * model.hardware.cpus * 0.93).toFixed(2)}\n`],
    ["/proc/cmdline", `${kernelCommandLine({ ...model, hostname: "", rootUuid: model.rootUuid })}\n`],
    ["/proc/loadavg", `${load.join(" ")} 1/${processes.length + 180} ${top}\n`],
    ["/proc/meminfo", `${meminfo.join("\n")}\n`],
  ];
}

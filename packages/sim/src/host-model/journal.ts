import type { JournalEntry } from "@analystbench/scenarios";
import type { Distro } from "./distro";
import type { DmesgLine } from "./dmesg";
import { between } from "./hash";
import type { LiveService } from "./services";
import { unitLabel, unitName } from "./units";

/**
 * The journal as journalctl reads it: the content's entries, plus what every boot writes and the
 * content leaves out (the kernel's messages, systemd starting each unit that runs, the boot
 * reaching its target), plus what the agent's commands cause (a unit failing after its main
 * process was killed). `priority` is syslog's: 3 err, 4 warning, 5 notice, 6 info.
 */
export interface LiveJournalEntry extends JournalEntry {
  priority?: number;
  /** Read from the kernel's ring buffer (journalctl -k shows only these). */
  kernel?: boolean;
}

const iso = (ms: number) =>
  new Date(ms).toISOString().replace(/\.(\d{3})Z$/, (_, f: string) => (f === "000" ? "Z" : `.${f}Z`));

/** A message systemd (PID 1) logs about a unit. */
export function systemdEntry(unit: string, ms: number, message: string, priority = 6): LiveJournalEntry {
  return { time: iso(ms), unit: unitName(unit), identifier: "systemd[1]", message, priority };
}

/** The kernel ring buffer as journal entries: userspace lines in it ("systemd[1]: …") keep their sender. */
function kernelEntries(dmesg: DmesgLine[], bootMs: number): LiveJournalEntry[] {
  return dmesg.map((l) => {
    const sender = /^([\w-]+\[\d+\]): (.*)$/.exec(l.text);
    return {
      time: iso(bootMs + Math.round(l.t * 1000)),
      unit: "",
      identifier: sender?.[1] ?? "kernel",
      message: sender?.[2] ?? l.text,
      priority: l.level,
      kernel: true,
    };
  });
}

/** Whether the content already logs this unit starting during this boot. */
function contentStarts(content: JournalEntry[], unit: string, bootMs: number): boolean {
  return content.some(
    (j) =>
      unitName(j.unit) === unitName(unit) && Date.parse(j.time) >= bootMs && /^(Started|Finished) /.test(j.message),
  );
}

function unitStart(distro: Distro, s: LiveService, content: JournalEntry[], bootMs: number): LiveJournalEntry[] {
  if (s.sinceMs === undefined || s.sinceMs < bootMs || contentStarts(content, s.name, bootMs)) return [];
  const label = unitLabel(distro, s);
  const at = s.sinceMs;
  if (s.state === "running")
    return [systemdEntry(s.name, at - 310, `Starting ${label}...`), systemdEntry(s.name, at + 40, `Started ${label}.`)];
  if (s.state === "exited")
    return [systemdEntry(s.name, at - 120, `Starting ${label}...`), systemdEntry(s.name, at, `Finished ${label}.`)];
  if (s.state !== "failed") return [];
  const u = unitName(s.name);
  return [
    systemdEntry(s.name, at - 900, `Starting ${label}...`),
    systemdEntry(s.name, at, `${u}: Main process exited, code=exited, status=1/FAILURE`, 5),
    systemdEntry(s.name, at, `${u}: Failed with result 'exit-code'.`, 4),
    systemdEntry(s.name, at, `Failed to start ${label}.`, 3),
  ];
}

function bootDone(distro: Distro, content: JournalEntry[], bootMs: number, seed: string): LiveJournalEntry[] {
  if (
    content.some(
      (j) =>
        Date.parse(j.time) >= bootMs && /^Reached target (multi-user\.target - )?Multi-User System/.test(j.message),
    )
  )
    return [];
  const kernelMs = between(seed, "boot-kernel", 1_800, 3_400);
  const userMs = between(seed, "boot-user", 14_000, 31_000);
  const target = distro.systemd.version >= 250 ? "multi-user.target - Multi-User System" : "Multi-User System";
  const done = bootMs + kernelMs + userMs;
  const fmt = (ms: number) => `${(ms / 1000).toFixed(3)}s`;
  return [
    { time: iso(done - 20), unit: "", identifier: "systemd[1]", message: `Reached target ${target}.`, priority: 6 },
    {
      time: iso(done),
      unit: "",
      identifier: "systemd[1]",
      message: `Startup finished in ${fmt(kernelMs)} (kernel) + ${fmt(userMs)} (userspace) = ${fmt(kernelMs + userMs)}.`,
      priority: 6,
    },
  ];
}

export interface BootJournalInput {
  distro: Distro;
  dmesg: DmesgLine[];
  bootMs: number;
  clockMs: number;
  seed: string;
  services: LiveService[];
  content: JournalEntry[];
}

/** The content's entries up to the clock and the boot's own, oldest first (stable among equal times). */
export function deriveJournal(i: BootJournalInput): LiveJournalEntry[] {
  const content = i.content.filter((j) => Date.parse(j.time) <= i.clockMs);
  const boot = [
    ...kernelEntries(i.dmesg, i.bootMs),
    ...i.services.flatMap((s) => unitStart(i.distro, s, content, i.bootMs)),
    ...bootDone(i.distro, content, i.bootMs, i.seed),
  ].filter((j) => Date.parse(j.time) <= i.clockMs);
  const all = [...content.map((j) => ({ ...j })), ...boot];
  return all
    .map((j, n) => ({ j, n, ms: Date.parse(j.time) }))
    .sort((a, b) => a.ms - b.ms || a.n - b.n)
    .map((x) => x.j);
}

/** Priority of an entry the content wrote without one: read from its words, info otherwise. */
export function priorityOf(j: LiveJournalEntry): number {
  if (j.priority !== undefined) return j.priority;
  if (/\b(emerg|panic)\b/i.test(j.message)) return 0;
  if (/\b(crit|critical)\b/i.test(j.message)) return 2;
  if (/\b(error|failed|failure|fatal|segfault)\b/i.test(j.message)) return 3;
  if (/\bwarn(ing)?\b/i.test(j.message)) return 4;
  return 6;
}

import type { HostSpec, SocketSpec } from "@analystbench/scenarios";
import { deriveAccounts, type Accounts } from "./accounts";
import { deriveBootMs } from "./boot";
import { parseDistro, type Distro } from "./distro";
import { dmesgLines, rootUuid, type DmesgLine } from "./dmesg";
import { deriveTimeline, type Timeline } from "./file-times";
import { deriveHardware, type Hardware } from "./hardware";
import { hexFrom } from "./hash";
import { deriveJournal, type LiveJournalEntry } from "./journal";
import { deriveKernel, type Kernel } from "./kernel";
import { deriveProcesses, type LiveProcess } from "./processes";
import { deriveServices, unitStartHints, type LiveService } from "./services";

/**
 * One model per host, derived once from its content and the world's clock and seed: the
 * distribution, kernel, hardware, boot, accounts and file-time windows every command reads, so
 * `uname`, `uptime`, `ps`, `systemctl`, `journalctl`, `ss`, `last`, `dmesg` and `ls -l` agree.
 * The model is fixed for the run; what commands change lives in the host's tables.
 */
export interface HostModel {
  seed: string;
  distro: Distro;
  kernel: Kernel;
  hardware: Hardware;
  accounts: Accounts;
  bootMs: number;
  /** journalctl's ID of the current boot, and of the one before it (older journal entries). */
  bootId: string;
  previousBootId: string;
  rootUuid: string;
  dmesg: DmesgLine[];
  timeline: Timeline;
}

/** The host's tables as they stand at the clock, before any command. */
export interface InitialTables {
  processes: LiveProcess[];
  services: LiveService[];
  sockets: SocketSpec[];
  journal: LiveJournalEntry[];
}

export function deriveHostModel(
  spec: HostSpec,
  clockMs: number,
  seed: string,
): { model: HostModel; tables: InitialTables } {
  const distro = parseDistro(spec.os);
  const kernel = deriveKernel(distro, spec.kernel, spec.hostname);
  const claimed = spec.processes.reduce((sum, p) => sum + p.mem, 0);
  const hardware = deriveHardware(spec.hostname, spec.ip, claimed);
  const accounts = deriveAccounts(distro, spec);
  const bootMs = deriveBootMs(spec, clockMs, seed);
  const uuid = rootUuid(spec.hostname);
  const dmesg = dmesgLines({ distro, kernel, hardware, hostname: spec.hostname, rootUuid: uuid, seed });
  const hints = unitStartHints(spec.services, spec.journal, bootMs, clockMs);
  const timed = spec.processes.map((p) =>
    p.started || !hints.has(p.pid) ? p : { ...p, started: new Date(hints.get(p.pid)!).toISOString() },
  );
  const processes = deriveProcesses(timed, bootMs, clockMs, seed, hardware.memTotalKb);
  const sockets = structuredClone(spec.sockets);
  const journalIn = spec.journal;
  const services = deriveServices({
    specs: spec.services,
    processes,
    sockets,
    journal: journalIn,
    accounts,
    hostname: spec.hostname,
    bootMs,
    clockMs,
    seed,
    memTotalKb: hardware.memTotalKb,
  });
  processes.sort((a, b) => a.pid - b.pid);
  const journal = deriveJournal({ distro, dmesg, bootMs, clockMs, seed, services, content: journalIn });
  const model: HostModel = {
    seed,
    distro,
    kernel,
    hardware,
    accounts,
    bootMs,
    bootId: hexFrom(seed, "boot-id", 32),
    previousBootId: hexFrom(seed, "previous-boot-id", 32),
    rootUuid: uuid,
    dmesg,
    timeline: deriveTimeline(spec.hostname, seed, clockMs, bootMs),
  };
  return { model, tables: { processes, services, sockets, journal } };
}

export type { Accounts } from "./accounts";
export type { Distro } from "./distro";
export type { LiveJournalEntry } from "./journal";
export type { LiveProcess } from "./processes";
export type { LiveService } from "./services";

import type { HostSpec, LoginSpec, SocketSpec } from "@analystbench/scenarios";
import type { RepositoryModel } from "./git/repository-model";
import type { HostModel, LiveJournalEntry, LiveProcess, LiveService } from "./host-model";
import type { TrackedFs } from "./tracked-fs";

/** A change to a host's state other than its files (services stopped, processes killed, …). */
export interface StateChange {
  host: string;
  kind: "service" | "process" | "cron";
  target: string;
  from: string;
  to: string;
  command: number;
}

/**
 * One live simulated host: identity, filesystem and the mutable tables commands read.
 * `processes` is kept in step with /proc: assigning it (a command, or a saved state restoring the
 * tables) adds and removes the /proc/<pid> entries (see host-model/proc.ts).
 */
export interface HostState {
  spec: HostSpec;
  fs: TrackedFs;
  /** What the host is (distribution, kernel, hardware, boot, accounts); fixed for the run. */
  model: HostModel;
  processes: LiveProcess[];
  services: LiveService[];
  sockets: SocketSpec[];
  logins: LoginSpec[];
  journal: LiveJournalEntry[];
  bootMs: number;
  /** Repositories served from this host, by bare-repository path. */
  repositories: Map<string, RepositoryModel>;
}

/** What commands need from the environment around their host. */
export interface CommandEnvironment {
  clockMs: number;
  /** Index of the command being run (for change records). */
  currentCommand(): number;
  recordChange(change: Omit<StateChange, "command">): void;
}

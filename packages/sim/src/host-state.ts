import type { HostSpec, JournalEntry, LoginSpec, ProcessSpec, ServiceSpec, SocketSpec } from "@analystbench/scenarios";
import type { RepositoryModel } from "./git/repository-model";
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

/** One live simulated host: identity, filesystem and the mutable tables commands read. */
export interface HostState {
  spec: HostSpec;
  fs: TrackedFs;
  processes: ProcessSpec[];
  services: ServiceSpec[];
  sockets: SocketSpec[];
  logins: LoginSpec[];
  journal: JournalEntry[];
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

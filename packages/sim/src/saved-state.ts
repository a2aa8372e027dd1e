import type { CommandRecord } from "./environment";
import type { HostState, StateChange } from "./host-state";
import type { PathRecord } from "./tracked-fs";

/**
 * The tables of a host that commands change (systemctl stop, kill…). Carried whole: they are
 * small, and only sent after a command recorded a change to them.
 */
export type HostTables = Pick<HostState, "processes" | "services" | "sockets" | "logins" | "journal">;

export interface SavedHost {
  /** The latest state of every path commands changed, by path: repeated writes replace, not add. */
  paths: Map<string, PathRecord>;
  tables?: HostTables;
}

/**
 * Everything commands changed in an environment, so a worker can rebuild it from world and seed
 * and then restore this, instead of running the commands again (with their time, sleeps
 * included). A worker sends one of these per tool call as a delta; the main thread merges them.
 */
export interface SavedState {
  /** Every command run, read-only ones included: the diff lists them, and indices refer to them. */
  commands: CommandRecord[];
  changes: StateChange[];
  /** By host role. */
  hosts: Map<string, SavedHost>;
}

export function emptySavedState(): SavedState {
  return { commands: [], changes: [], hosts: new Map() };
}

/** Applies a later delta on top of a saved state. */
export function mergeSavedState(into: SavedState, delta: SavedState): void {
  for (const command of delta.commands) into.commands.push(command);
  for (const change of delta.changes) into.changes.push(change);
  for (const [role, host] of delta.hosts) {
    let saved = into.hosts.get(role);
    if (!saved) into.hosts.set(role, (saved = { paths: new Map() }));
    for (const [path, record] of host.paths) saved.paths.set(path, record);
    if (host.tables) saved.tables = host.tables;
  }
}

export function snapshotTables(host: HostState): HostTables {
  const { processes, services, sockets, logins, journal } = host;
  return structuredClone({ processes, services, sockets, logins, journal });
}

export function restoreTables(host: HostState, tables: HostTables): void {
  Object.assign(host, structuredClone(tables));
}

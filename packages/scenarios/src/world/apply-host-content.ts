import type { HostContent, HostSpec } from "../schema/world";

/** Merge an overlay's content into a copy of a host: same-path files are replaced, lists appended. */
export function applyHostContent(host: HostSpec, add: Partial<HostContent>): HostSpec {
  const files = new Map(host.files.map((f) => [f.path, f]));
  for (const f of add.files ?? []) files.set(f.path, f);
  const logs = new Map(host.logs.map((l) => [l.path, l]));
  for (const l of add.logs ?? []) {
    const prior = logs.get(l.path);
    logs.set(l.path, prior ? { ...prior, lines: [...prior.lines, ...l.lines], noise: l.noise ?? prior.noise } : l);
  }
  return {
    ...host,
    files: [...files.values()],
    logs: [...logs.values()],
    users: [...host.users, ...(add.users ?? []).filter((u) => !host.users.some((h) => h.name === u.name))],
    processes: [...host.processes, ...(add.processes ?? [])],
    sockets: [...host.sockets, ...(add.sockets ?? [])],
    services: [
      ...host.services.filter((s) => !(add.services ?? []).some((a) => a.name === s.name)),
      ...(add.services ?? []),
    ],
    cron: [...host.cron, ...(add.cron ?? [])],
    logins: [...host.logins, ...(add.logins ?? [])],
    journal: [...host.journal, ...(add.journal ?? [])],
    trees: [...host.trees, ...(add.trees ?? [])],
    env: { ...host.env, ...(add.env ?? {}) },
  };
}

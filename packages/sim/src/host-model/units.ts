import type { ServiceSpec } from "@analystbench/scenarios";
import type { Distro } from "./distro";

/** Unit names as systemd spells them: "nginx" is "nginx.service". */
export const unitName = (name: string): string =>
  /\.(service|socket|timer|target|mount|path|slice|scope)$/.test(name) ? name : `${name}.service`;

/** Names systemd also answers to on this distribution (Debian's ssh.service is also sshd.service). */
const ALIASES: Record<string, string[]> = {
  "ssh.service": ["sshd.service"],
  "rsyslog.service": ["syslog.service"],
  "chrony.service": ["chronyd.service"],
};

/** Whether `query` names the unit `unit` (itself or one of its aliases), as systemctl resolves it. */
export function sameUnit(query: string, unit: string): boolean {
  const x = unitName(query);
  const y = unitName(unit);
  return x === y || (ALIASES[y] ?? []).includes(x);
}

/**
 * How systemd names a unit in its messages: the description alone before systemd 250, the unit
 * name and description from 250 on ("Started nginx.service - A high performance web server…").
 */
export function unitLabel(distro: Distro, s: Pick<ServiceSpec, "name" | "description">): string {
  return distro.systemd.version >= 250 ? `${unitName(s.name)} - ${s.description}` : s.description;
}

import type { Command } from "just-bash";
import type { HostState } from "../../host-state";
import { firewallCommands } from "./firewall";
import { hasNginx, nginxCommand } from "./nginx";
import { hasSshd, sshdCommand } from "./sshd";

/**
 * The views analysts ask services for: `nginx -T`, `sshd -T`, `iptables -S`/`-L`, `nft list
 * ruleset`. nginx, sshd and nft exist only on hosts that have their configuration, so elsewhere
 * bash answers "command not found" as it would (iptables is installed on every Debian/Ubuntu host).
 */
export function serviceViewCommands(host: HostState): Command[] {
  return [
    ...firewallCommands(host),
    ...(hasNginx(host) ? [nginxCommand(host)] : []),
    ...(hasSshd(host) ? [sshdCommand(host)] : []),
  ];
}

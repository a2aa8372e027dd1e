import type { SocketSpec } from "@analystbench/scenarios";
import { defineCommand, type Command } from "just-bash";
import type { HostState } from "../../host-state";
import { columns, fail, ok, parseArgs } from "../args";

const SS_STATE: Record<SocketSpec["state"], string> = {
  LISTEN: "LISTEN",
  ESTABLISHED: "ESTAB",
  TIME_WAIT: "TIME-WAIT",
  SYN_SENT: "SYN-SENT",
  CLOSE_WAIT: "CLOSE-WAIT",
  UNCONN: "UNCONN",
};

const isListening = (s: SocketSpec) => s.state === "LISTEN" || s.state === "UNCONN";

function selectSockets(host: HostState, a: ReturnType<typeof parseArgs>): SocketSpec[] {
  const wantTcp = a.flags.has("t") || a.flags.has("tcp");
  const wantUdp = a.flags.has("u") || a.flags.has("udp");
  return host.sockets.filter((s) => {
    const isTcp = s.proto.startsWith("tcp");
    if ((wantTcp || wantUdp) && !((wantTcp && isTcp) || (wantUdp && !isTcp))) return false;
    if (a.flags.has("4") && s.proto.endsWith("6")) return false;
    if (a.flags.has("6") && !s.proto.endsWith("6")) return false;
    if (a.flags.has("a") || a.flags.has("all")) return true;
    if (a.flags.has("l") || a.flags.has("listening")) return isListening(s);
    return !isListening(s);
  });
}

/** `ss`: sockets from the host's table, in iproute2's layout. */
function ssCommand(host: HostState): Command {
  return defineCommand("ss", async (args) => {
    const a = parseArgs(args);
    let list = selectSockets(host, a);
    const stateIndex = a.operands.indexOf("state");
    if (stateIndex >= 0) {
      const wanted = (a.operands[stateIndex + 1] ?? "").toLowerCase();
      list = list.filter((s) => SS_STATE[s.state].toLowerCase() === wanted || s.state.toLowerCase() === wanted);
    }
    const withProcess = a.flags.has("p") || a.flags.has("processes");
    const head = [
      "Netid",
      "State",
      "Recv-Q",
      "Send-Q",
      "Local Address:Port",
      "Peer Address:Port",
      ...(withProcess ? ["Process"] : []),
    ];
    const rows = list.map((s) => [
      s.proto.replace("6", ""),
      SS_STATE[s.state],
      "0",
      isListening(s) ? "128" : "0",
      s.local,
      s.remote,
      ...(withProcess ? [s.pid ? `users:(("${s.program ?? "?"}",pid=${s.pid},fd=${3 + (s.pid % 17)}))` : ""] : []),
    ]);
    return ok(`${columns([head, ...rows], 1)}\n`);
  });
}

/** `netstat`: the same table in net-tools' layout. */
function netstatCommand(host: HostState): Command {
  return defineCommand("netstat", async (args) => {
    const a = parseArgs(args);
    const list = selectSockets(host, a);
    const title = a.flags.has("a")
      ? "Active Internet connections (servers and established)"
      : a.flags.has("l")
        ? "Active Internet connections (only servers)"
        : "Active Internet connections (w/o servers)";
    const withProcess = a.flags.has("p");
    const rows = list.map((s) => [
      s.proto,
      "0",
      "0",
      s.local,
      s.remote,
      s.state === "UNCONN" ? "" : s.state,
      ...(withProcess ? [s.pid ? `${s.pid}/${s.program ?? "-"}` : "-"] : []),
    ]);
    const head = [
      "Proto",
      "Recv-Q",
      "Send-Q",
      "Local Address",
      "Foreign Address",
      "State",
      ...(withProcess ? ["PID/Program name"] : []),
    ];
    return ok(`${title}\n${columns([head, ...rows], 1)}\n`);
  });
}

function lsofCommand(host: HostState): Command {
  return defineCommand("lsof", async (args) => {
    if (!args.some((x) => x.startsWith("-i")))
      return fail("lsof: only network files (-i) are available in this simulated environment");
    const rows = host.sockets
      .filter((s) => s.pid)
      .map((s) => {
        const proc = host.processes.find((p) => p.pid === s.pid);
        const name =
          s.state === "LISTEN" || s.state === "UNCONN"
            ? `${s.local} (${s.state === "LISTEN" ? "LISTEN" : "UNCONN"})`
            : `${s.local}->${s.remote} (${s.state})`;
        return [
          s.program ?? "?",
          String(s.pid),
          proc?.user ?? "root",
          `${3 + (s.pid! % 17)}u`,
          s.proto.endsWith("6") ? "IPv6" : "IPv4",
          String(10000 + s.pid!),
          "0t0",
          s.proto.startsWith("tcp") ? "TCP" : "UDP",
          name,
        ];
      });
    return ok(
      `${columns([["COMMAND", "PID", "USER", "FD", "TYPE", "DEVICE", "SIZE/OFF", "NODE", "NAME"], ...rows], 1)}\n`,
    );
  });
}

/** Network clients: the simulation has no network, and says so in the tool's own words. */
function offline(name: string, message: (args: string[]) => string, exitCode: number): Command {
  return defineCommand(name, async (args) => ({ stdout: "", stderr: `${message(args)}\n`, exitCode }));
}

const target = (args: string[]) => args.filter((x) => !x.startsWith("-")).pop() ?? "host";

export function networkCommands(host: HostState): Command[] {
  const note = "(outbound network access is disabled in this simulated environment; use the analyst tools instead)";
  return [
    ssCommand(host),
    netstatCommand(host),
    lsofCommand(host),
    offline(
      "curl",
      (a) =>
        `curl: (7) Failed to connect to ${
          target(a)
            .replace(/^https?:\/\//, "")
            .split(/[/:]/)[0]
        } port 80 after 0 ms: Couldn't connect to server ${note}`,
      7,
    ),
    offline(
      "wget",
      (a) =>
        `wget: unable to resolve host address '${
          target(a)
            .replace(/^https?:\/\//, "")
            .split(/[/:]/)[0]
        }' ${note}`,
      4,
    ),
    offline("nc", () => `nc: connect failed: Network is unreachable ${note}`, 1),
    offline("ncat", () => `Ncat: Network is unreachable. ${note}`, 1),
    offline("telnet", (a) => `telnet: could not resolve ${target(a)}/telnet: Network is unreachable ${note}`, 1),
    offline("ssh", (a) => `ssh: connect to host ${target(a)} port 22: Network is unreachable ${note}`, 255),
    offline("scp", () => `ssh: connect to host port 22: Network is unreachable ${note}`, 255),
    offline("ping", (a) => `ping: connect: Network is unreachable (${target(a)}) ${note}`, 2),
    offline("nmap", () => `nmap: scanning is disabled in this simulated environment ${note}`, 1),
    offline(
      "dig",
      () => `;; communications error to 10.0.20.10#53: timed out\n;; no servers could be reached ${note}`,
      9,
    ),
    offline("nslookup", () => `;; connection timed out; no servers could be reached ${note}`, 1),
    offline("host", () => `;; connection timed out; no servers could be reached ${note}`, 1),
  ];
}

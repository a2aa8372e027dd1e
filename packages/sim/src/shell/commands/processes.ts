import type { ProcessSpec } from "@analystbench/scenarios";
import { defineCommand, type Command } from "just-bash";
import type { CommandEnvironment, HostState } from "../../host-state";
import { columns, fail, ok, parseArgs } from "../args";
import { strftime } from "./system-info";

function startColumn(p: ProcessSpec, host: HostState, clockMs: number): string {
  const ms = p.started ? Date.parse(p.started) : host.bootMs;
  return clockMs - ms < 86400_000 ? strftime("%H:%M", ms) : strftime("%b%d", ms);
}

/** Deterministic sizes from the pid, so ps output is stable and plausible. */
const rss = (p: ProcessSpec) => 1000 + ((p.pid * 104729) % 120000);
const vsz = (p: ProcessSpec) => rss(p) * 3 + 20000 + ((p.pid * 7919) % 300000);
const tty = (p: ProcessSpec) => (/^-?bash$|^-bash|sshd: .*@pts/.test(p.command) ? "pts/0" : "?");

/** The columns `ps -o` knows; others show "-" under their name. */
const PS_CELLS: Record<string, (p: ProcessSpec, host: HostState) => string> = {
  pid: (p) => String(p.pid),
  ppid: (p) => String(p.ppid),
  user: (p) => p.user,
  uid: (p) => p.user,
  cmd: (p) => p.command,
  command: (p) => p.command,
  args: (p) => p.command,
  comm: (p) => (p.command.split(/\s+/)[0] ?? "").split("/").pop() ?? "",
  etime: () => "-",
  lstart: (p, host) => strftime("%a %b %e %T %Y", p.started ? Date.parse(p.started) : host.bootMs),
  "%cpu": (p) => p.cpu.toFixed(1),
  "%mem": (p) => p.mem.toFixed(1),
};
export const PS_COLUMNS: ReadonlySet<string> = new Set(Object.keys(PS_CELLS));

/** `ps` in its common BSD (aux) and System V (-ef) forms, with -u and -p filters. */
function psCommand(host: HostState, env: CommandEnvironment): Command {
  return defineCommand("ps", async (args) => {
    const bsd = args.length > 0 && !args[0]!.startsWith("-");
    const a = parseArgs(bsd ? args.map((x, i) => (i === 0 ? `-${x}` : x)) : args, ["u", "p", "o", "U", "C"]);
    let list = [...host.processes].sort((x, y) => x.pid - y.pid);
    const users = a.values.get("u") ?? a.values.get("U");
    if (users && !bsd) list = list.filter((p) => users.split(",").includes(p.user));
    const pids = a.values.get("p");
    if (pids) list = list.filter((p) => pids.split(",").map(Number).includes(p.pid));
    const comm = a.values.get("C");
    if (comm) list = list.filter((p) => (p.command.split(/\s+/)[0] ?? "").split("/").pop() === comm);
    const cols = a.values.get("o");
    if (cols) {
      const names = cols.split(",").map((c) => c.trim().replace(/=.*$/, ""));
      const cell = (p: ProcessSpec, c: string): string => PS_CELLS[c.toLowerCase()]?.(p, host) ?? "-";
      return ok(
        `${columns([names.map((n) => n.toUpperCase()), ...list.map((p) => names.map((n) => cell(p, n)))], 1)}\n`,
      );
    }
    if (bsd || a.flags.has("u")) {
      const rows = list.map((p) => [
        p.user.slice(0, 8),
        String(p.pid),
        p.cpu.toFixed(1),
        p.mem.toFixed(1),
        String(vsz(p)),
        String(rss(p)),
        tty(p),
        p.user === "root" ? "Ss" : "S",
        startColumn(p, host, env.clockMs),
        "0:00",
        p.command,
      ]);
      return ok(
        `${columns([["USER", "PID", "%CPU", "%MEM", "VSZ", "RSS", "TTY", "STAT", "START", "TIME", "COMMAND"], ...rows], 1)}\n`,
      );
    }
    if (a.flags.has("e") || a.flags.has("A") || a.flags.has("f")) {
      const rows = list.map((p) => [
        p.user.slice(0, 8),
        String(p.pid),
        String(p.ppid),
        "0",
        startColumn(p, host, env.clockMs),
        tty(p),
        "00:00:00",
        p.command,
      ]);
      return ok(`${columns([["UID", "PID", "PPID", "C", "STIME", "TTY", "TIME", "CMD"], ...rows], 1)}\n`);
    }
    const rows = list
      .filter((p) => tty(p) !== "?")
      .map((p) => [String(p.pid), tty(p), "00:00:00", (p.command.split(/\s+/)[0] ?? "").split("/").pop() ?? ""]);
    return ok(`${columns([["PID", "TTY", "TIME", "CMD"], ...rows], 1)}\n`);
  });
}

/** `kill`/`pkill`: ends simulated processes and records it (a state change the grader sees). */
function killCommands(host: HostState, env: CommandEnvironment): Command[] {
  const end = (p: ProcessSpec, signal: string) => {
    host.processes = host.processes.filter((x) => x.pid !== p.pid);
    env.recordChange({
      host: host.spec.role,
      kind: "process",
      target: `${p.pid} ${p.command}`,
      from: "running",
      to: `killed (${signal})`,
    });
  };
  const kill = defineCommand("kill", async (args) => {
    const signal = args.find((x) => /^-/.test(x))?.replace(/^-(?:s\s*)?/, "") ?? "TERM";
    if (args.includes("-l")) return ok("HUP INT QUIT ILL TRAP ABRT BUS FPE KILL USR1 SEGV USR2 PIPE ALRM TERM\n");
    const targets = args.filter((x) => /^\d+$/.test(x)).map(Number);
    if (targets.length === 0)
      return fail("kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]", 2);
    const errors: string[] = [];
    for (const pid of targets) {
      const p = host.processes.find((x) => x.pid === pid);
      if (p) end(p, signal);
      else errors.push(`bash: kill: (${pid}) - No such process`);
    }
    return errors.length ? fail(errors.join("\n")) : ok("");
  });
  const pkill = defineCommand("pkill", async (args) => {
    const a = parseArgs(args, ["u", "U"]);
    const pattern = a.operands[0];
    if (!pattern) return fail("pkill: no matching criteria specified\nTry `pkill --help' for more information.", 2);
    let re: RegExp;
    try {
      re = new RegExp(pattern);
    } catch {
      return fail(`pkill: invalid regular expression '${pattern}'`, 2);
    }
    const hits = host.processes.filter((p) =>
      re.test(a.flags.has("f") ? p.command : ((p.command.split(/\s+/)[0] ?? "").split("/").pop() ?? "")),
    );
    for (const p of hits) end(p, "TERM");
    return { stdout: "", stderr: "", exitCode: hits.length ? 0 : 1 };
  });
  const pgrep = defineCommand("pgrep", async (args) => {
    const a = parseArgs(args, ["u"]);
    const pattern = a.operands[0] ?? "";
    let re: RegExp;
    try {
      re = new RegExp(pattern);
    } catch {
      return fail(`pgrep: invalid regular expression '${pattern}'`, 2);
    }
    const hits = host.processes.filter((p) =>
      re.test(a.flags.has("f") ? p.command : ((p.command.split(/\s+/)[0] ?? "").split("/").pop() ?? "")),
    );
    const lines = hits.map((p) =>
      a.flags.has("a")
        ? `${p.pid} ${p.command}`
        : a.flags.has("l")
          ? `${p.pid} ${(p.command.split(/\s+/)[0] ?? "").split("/").pop()}`
          : String(p.pid),
    );
    return { stdout: lines.length ? `${lines.join("\n")}\n` : "", stderr: "", exitCode: hits.length ? 0 : 1 };
  });
  return [kill, pkill, pgrep];
}

export function processCommands(host: HostState, env: CommandEnvironment): Command[] {
  return [psCommand(host, env), ...killCommands(host, env)];
}

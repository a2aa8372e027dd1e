import { defineCommand, type Command } from "just-bash";
import { cpuClock, cpuMinutes, elapsed, psStart } from "../../host-model/format";
import { deliverSignal, signalName } from "../../host-model/lifecycle";
import { commOf, isKernelThread, type LiveProcess } from "../../host-model/processes";
import type { CommandEnvironment, HostState } from "../../host-state";
import { fail, ok, parseArgs } from "../args";
import { strftime } from "./system-info";

/** A terminal for interactive processes (login shells, ssh sessions); daemons have none. */
const tty = (p: LiveProcess) => p.tty ?? (/^-?bash$|^-bash|sshd: .*@pts/.test(p.command) ? "pts/0" : "?");

/** ps's STAT: sleeping or running, session leader, multi-threaded, foreground on a terminal. */
function stat(p: LiveProcess): string {
  if (isKernelThread(p)) return /kworker|rcu_/.test(p.command) ? "I<" : "S";
  const base = p.cpu >= 20 ? "R" : "S";
  const leader = p.ppid <= 1 || p.command.startsWith("-") || /sshd: .*@/.test(p.command) ? "s" : "";
  return `${base}${leader}${p.threads > 1 ? "l" : ""}${tty(p) !== "?" ? "+" : ""}`;
}

/** ps prints user names longer than its column with a "+" (systemd-timesync is "systemd+"). */
const userCol = (name: string) => (name.length > 8 ? `${name.slice(0, 7)}+` : name);

interface Column {
  head: string;
  right?: boolean;
  /** procps's own width for the column; longer values widen it. */
  width?: number;
  cell: (p: LiveProcess, ctx: PsContext) => string;
}
interface PsContext {
  host: HostState;
  clockMs: number;
}

const startMs = (p: LiveProcess) => Date.parse(p.started);
const ageSeconds = (p: LiveProcess, c: PsContext) => (c.clockMs - startMs(p)) / 1000;
const uidOf = (p: LiveProcess, c: PsContext) =>
  String(c.host.model.accounts.users.find((u) => u.name === p.user)?.uid ?? 0);

/** The columns `ps -o` knows, by every name procps accepts for them. */
const COLUMNS: Record<string, Column> = {
  pid: { head: "PID", width: 7, right: true, cell: (p) => String(p.pid) },
  ppid: { head: "PPID", width: 7, right: true, cell: (p) => String(p.ppid) },
  user: { head: "USER", width: 8, cell: (p) => userCol(p.user) },
  euser: { head: "EUSER", width: 8, cell: (p) => userCol(p.user) },
  ruser: { head: "RUSER", width: 8, cell: (p) => userCol(p.user) },
  uid: { head: "UID", width: 5, right: true, cell: uidOf },
  cmd: { head: "CMD", cell: (p) => p.command },
  args: { head: "COMMAND", cell: (p) => p.command },
  command: { head: "COMMAND", cell: (p) => p.command },
  comm: { head: "COMMAND", cell: (p) => commOf(p.command) },
  ucmd: { head: "CMD", cell: (p) => commOf(p.command) },
  etime: { head: "ELAPSED", width: 11, right: true, cell: (p, c) => elapsed(ageSeconds(p, c)) },
  etimes: { head: "ELAPSED", width: 7, right: true, cell: (p, c) => String(Math.floor(ageSeconds(p, c))) },
  lstart: { head: "STARTED", cell: (p) => strftime("%a %b %e %T %Y", startMs(p)) },
  start: {
    head: "STARTED",
    cell: (p, c) => strftime(c.clockMs - startMs(p) < 86_400_000 ? "%T" : "%b %d", startMs(p)),
  },
  stime: { head: "STIME", width: 5, cell: (p, c) => psStart(startMs(p), c.clockMs) },
  start_time: { head: "START", width: 5, cell: (p, c) => psStart(startMs(p), c.clockMs) },
  time: { head: "TIME", width: 8, right: true, cell: (p) => cpuClock(p.cpuSeconds) },
  cputime: { head: "TIME", width: 8, right: true, cell: (p) => cpuClock(p.cpuSeconds) },
  "%cpu": { head: "%CPU", width: 4, right: true, cell: (p) => p.cpu.toFixed(1) },
  pcpu: { head: "%CPU", width: 4, right: true, cell: (p) => p.cpu.toFixed(1) },
  "%mem": { head: "%MEM", width: 4, right: true, cell: (p) => p.mem.toFixed(1) },
  pmem: { head: "%MEM", width: 4, right: true, cell: (p) => p.mem.toFixed(1) },
  rss: { head: "RSS", width: 5, right: true, cell: (p) => String(p.rssKb) },
  rsz: { head: "RSZ", width: 5, right: true, cell: (p) => String(p.rssKb) },
  vsz: { head: "VSZ", width: 6, right: true, cell: (p) => String(p.vszKb) },
  vsize: { head: "VSZ", width: 6, right: true, cell: (p) => String(p.vszKb) },
  tty: { head: "TT", width: 8, cell: tty },
  tname: { head: "TTY", width: 8, cell: tty },
  stat: { head: "STAT", width: 4, cell: stat },
  s: { head: "S", cell: (p) => stat(p)[0]! },
  state: { head: "S", cell: (p) => stat(p)[0]! },
  nlwp: { head: "NLWP", width: 4, right: true, cell: (p) => String(p.threads) },
  c: { head: "C", right: true, cell: (p) => String(Math.min(99, Math.round(p.cpu))) },
  bsdtime: { head: "TIME", width: 6, right: true, cell: (p) => cpuMinutes(p.cpuSeconds) },
  pgid: { head: "PGID", width: 7, right: true, cell: (p) => String(p.ppid <= 1 ? p.pid : p.ppid) },
  sid: { head: "SID", width: 7, right: true, cell: (p) => String(p.ppid <= 1 ? p.pid : p.ppid) },
};
export const PS_COLUMNS: ReadonlySet<string> = new Set(Object.keys(COLUMNS));

const AUX = "user,pid,%cpu,%mem,vsz,rss,tname,stat,start_time,bsdtime,command";
const FULL = "uid_name,pid,ppid,c,stime,tname,time,cmd";
/** A column only the named formats print: -f's UID, which is the user's name. */
const SPECIAL: Record<string, Column> = {
  uid_name: { head: "UID", width: 8, cell: (p) => userCol(p.user) },
};

/** Aligns like procps: numbers right, text left, the last column as it is. */
function render(columns: Column[], heads: string[], rows: string[][]): string {
  const widths = columns.map((c, i) => Math.max(c.width ?? 0, heads[i]!.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) =>
        columns[i]!.right ? cell.padStart(widths[i]!) : i === cells.length - 1 ? cell : cell.padEnd(widths[i]!),
      )
      .join(" ")
      .trimEnd();
  const out = heads.every((h) => h === "") ? rows.map(line) : [line(heads), ...rows.map(line)];
  return `${out.join("\n")}\n`;
}

/** Parent before children, children indented with "\\_ " under it (ps f / --forest). */
function forest(list: LiveProcess[]): { p: LiveProcess; depth: number }[] {
  const pids = new Set(list.map((p) => p.pid));
  const out: { p: LiveProcess; depth: number }[] = [];
  // procps shows init's children at the top level, beside it rather than under it.
  const top = (p: LiveProcess) => p.ppid <= 1 || !pids.has(p.ppid);
  const visit = (p: LiveProcess, depth: number) => {
    out.push({ p, depth });
    for (const c of list.filter((x) => x.ppid === p.pid && !top(x))) visit(c, depth + 1);
  };
  for (const p of list.filter(top)) visit(p, 0);
  return out;
}

function sortBy(list: LiveProcess[], spec: string | undefined, ctx: PsContext): LiveProcess[] {
  if (!spec) return list;
  const keys = spec.split(",").map((k) => ({ desc: k.startsWith("-"), name: k.replace(/^[-+]/, "").toLowerCase() }));
  const value = (p: LiveProcess, name: string): number | string => {
    if (["%cpu", "pcpu"].includes(name)) return p.cpu;
    if (["%mem", "pmem", "rss", "rsz"].includes(name)) return p.rssKb;
    if (["vsz", "vsize"].includes(name)) return p.vszKb;
    if (["start_time", "start", "lstart", "etime", "etimes"].includes(name))
      return startMs(p) * (name.startsWith("e") ? -1 : 1);
    if (["time", "cputime"].includes(name)) return p.cpuSeconds;
    if (["pid", "ppid"].includes(name)) return name === "pid" ? p.pid : p.ppid;
    return COLUMNS[name]?.cell(p, ctx) ?? p.pid;
  };
  return [...list].sort((a, b) => {
    for (const k of keys) {
      const x = value(a, k.name);
      const y = value(b, k.name);
      if (x !== y) return (x < y ? -1 : 1) * (k.desc ? -1 : 1);
    }
    return a.pid - b.pid;
  });
}

interface PsRequest {
  format: string;
  rows: LiveProcess[];
  forest: boolean;
}

/** "ps -aux" is the BSD form with a stray dash (procps reads it so too). */
const bsdForm = (first: string | undefined) =>
  first !== undefined && /^-?a?u?x[a-z]*$|^[a-zA-Z]+$/.test(first) && !/^-(e|f|o|p|u|C)/.test(first);

/** Which processes to show: everyone (-e, BSD x), or those selected, or those on a terminal. */
function select(host: HostState, a: ReturnType<typeof parseArgs>, bsd: boolean): LiveProcess[] {
  let rows = [...host.processes].sort((x, y) => x.pid - y.pid);
  const users = bsd ? undefined : (a.values.get("u") ?? a.values.get("U"));
  const pids = a.values.get("p");
  const comm = a.values.get("C");
  const ppid = a.values.get("ppid");
  if (users) rows = rows.filter((p) => users.split(",").includes(p.user));
  if (pids) rows = rows.filter((p) => pids.split(",").map(Number).includes(p.pid));
  if (comm) rows = rows.filter((p) => comm.split(",").includes(commOf(p.command)));
  if (ppid) rows = rows.filter((p) => ppid.split(",").map(Number).includes(p.ppid));
  const everyone = a.flags.has("e") || a.flags.has("A") || (bsd && a.flags.has("x"));
  if (everyone || users || pids || comm || ppid) return rows;
  return [...rows.filter((p) => tty(p) !== "?"), ...ownSession(host)];
}

/** The analyst's own shell and this ps, which plain `ps` lists (the shell's $$ is 31337). */
function ownSession(host: HostState): LiveProcess[] {
  const now = new Date(host.model.timeline.clockMs).toISOString();
  const row = (pid: number, ppid: number, command: string): LiveProcess => ({
    pid,
    ppid,
    user: "root",
    command,
    started: now,
    cpu: 0,
    mem: 0,
    cpuSeconds: 0,
    rssKb: 4_200,
    vszKb: 8_900,
    threads: 1,
    tty: "pts/0",
  });
  return [row(31337, 31336, "bash"), row(31402, 31337, "ps")];
}

/** Which processes and which columns: BSD ("aux", "axo pid,cmd") and System V ("-ef", "-o") forms. */
function request(args: string[], host: HostState, clockMs: number): PsRequest | string {
  const bsd = bsdForm(args[0]);
  const values = bsd ? ["o", "O", "p", "U", "sort", "ppid"] : ["u", "p", "o", "U", "C", "sort", "ppid", "O"];
  const a = parseArgs(bsd ? [`-${args[0]!.replace(/^-/, "")}`, ...args.slice(1)] : args, values);
  const rows = select(host, a, bsd);
  const custom = a.values.get("o") ?? a.values.get("O");
  const named = bsd && a.flags.has("u") ? AUX : a.flags.has("f") || a.flags.has("F") ? FULL : undefined;
  const format = custom ?? named ?? (bsd ? "pid,tname,stat,bsdtime,command" : "pid,tname,time,ucmd");
  const keys = format.split(",").map((c) => c.trim().replace(/=.*$/, "").toLowerCase());
  const unknown = keys.find((c) => !COLUMNS[c] && !(named && SPECIAL[c]));
  if (unknown) return `error: unknown user-defined format specifier "${unknown}"`;
  const sorted = sortBy(rows, a.values.get("sort"), { host, clockMs });
  return { format, rows: sorted, forest: a.flags.has("forest") || (bsd && a.flags.has("f")) };
}

/** `ps` in its BSD (aux, axf) and System V (-ef, -eo, -p, -u, -C) forms, with --sort and --forest. */
function psCommand(host: HostState, env: CommandEnvironment): Command {
  return defineCommand("ps", async (args) => {
    const r = request(args, host, env.clockMs);
    if (typeof r === "string") return fail(r);
    const ctx: PsContext = { host, clockMs: env.clockMs };
    const names = r.format.split(",").map((c) => c.trim());
    const columns = names.map((n) => {
      const key = n.replace(/=.*$/, "").toLowerCase();
      return SPECIAL[key] ?? COLUMNS[key]!;
    });
    const heads = names.map((n, i) => (n.includes("=") ? n.slice(n.indexOf("=") + 1) : columns[i]!.head));
    const ordered = r.forest ? forest(r.rows) : r.rows.map((p) => ({ p, depth: 0 }));
    const rows = ordered.map(({ p, depth }) =>
      columns.map((c, i) => {
        const cell = c.cell(p, ctx);
        const isCommand = i === columns.length - 1 && /^(cmd|args|command)$/i.test(names[i]!.replace(/=.*$/, ""));
        return isCommand && depth > 0 ? `${"    ".repeat(depth - 1)} \\_ ${cell}` : cell;
      }),
    );
    return ok(render(columns, heads, rows));
  });
}

/** "-9", "-KILL", "-s KILL", "-n 9", "--signal=KILL": the signal as typed, and its name. */
function signalArg(args: string[]): { raw: string; name?: string; rest: string[] } {
  const rest = [...args];
  const i = rest.findIndex((x) => /^-/.test(x) && x !== "--");
  if (i < 0) return { raw: "TERM", name: "TERM", rest };
  const flag = rest[i]!;
  const takesNext = flag === "-s" || flag === "-n" || flag === "--signal";
  const raw = takesNext ? (rest[i + 1] ?? "") : flag.replace(/^--signal=/, "").replace(/^-/, "");
  rest.splice(i, takesNext ? 2 : 1);
  return { raw, name: signalName(raw), rest: rest.filter((x) => x !== "--") };
}

/** Ends a process as the kernel would and records it (a state change the grader sees). */
function signalProcess(host: HostState, env: CommandEnvironment, p: LiveProcess, raw: string, name: string): void {
  // Gone already: a worker its unit took down with the main process a moment ago.
  const live = host.processes.find((x) => x.pid === p.pid);
  if (!live || deliverSignal(host, live, name, env.clockMs) === "ignored") return;
  env.recordChange({
    host: host.spec.role,
    kind: "process",
    target: `${p.pid} ${p.command}`,
    from: "running",
    to: `killed (${raw})`,
  });
}

function killCommand(host: HostState, env: CommandEnvironment): Command {
  return defineCommand("kill", async (args) => {
    if (args[0] === "-l" || args[0] === "-L") {
      const n = args[1];
      return ok(
        n ? `${signalName(n) ?? n}\n` : "HUP INT QUIT ILL TRAP ABRT BUS FPE KILL USR1 SEGV USR2 PIPE ALRM TERM\n",
      );
    }
    const s = signalArg(args);
    if (!s.name) return fail(`bash: kill: ${s.raw}: invalid signal specification`);
    const targets = s.rest.filter((x) => /^\d+$/.test(x)).map(Number);
    if (targets.length === 0)
      return fail("kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]", 2);
    const errors: string[] = [];
    for (const pid of targets) {
      const p = host.processes.find((x) => x.pid === pid);
      if (p) signalProcess(host, env, p, s.raw, s.name);
      else errors.push(`bash: kill: (${pid}) - No such process`);
    }
    return errors.length ? fail(errors.join("\n")) : ok("");
  });
}

/** The processes pgrep and pkill select: a pattern on the name (or -f the command line), -u, -x. */
function matching(host: HostState, args: string[]): LiveProcess[] | string {
  const a = parseArgs(args, ["u", "U", "signal"]);
  const pattern = a.operands[0];
  if (pattern === undefined) return "no matching criteria specified";
  let re: RegExp;
  try {
    re = new RegExp(a.flags.has("x") ? `^(?:${pattern})$` : pattern);
  } catch {
    return `invalid regular expression '${pattern}'`;
  }
  const users = a.values.get("u") ?? a.values.get("U");
  return host.processes.filter(
    (p) =>
      !isKernelThread(p) &&
      re.test(a.flags.has("f") ? p.command : commOf(p.command)) &&
      (!users || users.split(",").includes(p.user)),
  );
}

function pkillCommands(host: HostState, env: CommandEnvironment): Command[] {
  const pkill = defineCommand("pkill", async (args) => {
    const s = args[0] && /^-(\d+|[A-Z]+|SIG\w+)$/.test(args[0]) ? signalArg(args.slice(0, 1)) : undefined;
    const rest = s ? args.slice(1) : args;
    const hits = matching(host, rest);
    if (typeof hits === "string") return fail(`pkill: ${hits}\nTry \`pkill --help' for more information.`, 2);
    for (const p of hits) signalProcess(host, env, p, s?.raw ?? "TERM", s?.name ?? "TERM");
    return { stdout: "", stderr: "", exitCode: hits.length ? 0 : 1 };
  });
  const pgrep = defineCommand("pgrep", async (args) => {
    const hits = matching(host, args);
    if (typeof hits === "string") return fail(`pgrep: ${hits}`, 2);
    const a = parseArgs(args, ["u", "U"]);
    if (a.flags.has("c")) return { stdout: `${hits.length}\n`, stderr: "", exitCode: hits.length ? 0 : 1 };
    const line = (p: LiveProcess) =>
      a.flags.has("a") ? `${p.pid} ${p.command}` : a.flags.has("l") ? `${p.pid} ${commOf(p.command)}` : String(p.pid);
    return { stdout: hits.length ? `${hits.map(line).join("\n")}\n` : "", stderr: "", exitCode: hits.length ? 0 : 1 };
  });
  return [pkill, pgrep];
}

/** `killall name`: every process of that exact name. */
function killallCommand(host: HostState, env: CommandEnvironment): Command {
  return defineCommand("killall", async (args) => {
    const s = args[0] && /^-/.test(args[0]) ? signalArg(args.slice(0, args[0] === "-s" ? 2 : 1)) : undefined;
    const names = args.slice(s ? (args[0] === "-s" ? 2 : 1) : 0);
    if (names.length === 0) return fail("Usage: killall [OPTION]... [--] NAME...");
    const missing: string[] = [];
    for (const name of names) {
      const hits = host.processes.filter((p) => !isKernelThread(p) && commOf(p.command) === name);
      if (!hits.length) missing.push(`${name}: no process found`);
      for (const p of hits) signalProcess(host, env, p, s?.raw ?? "TERM", s?.name ?? "TERM");
    }
    return missing.length ? fail(missing.join("\n")) : ok("");
  });
}

export function processCommands(host: HostState, env: CommandEnvironment): Command[] {
  return [psCommand(host, env), killCommand(host, env), ...pkillCommands(host, env), killallCommand(host, env)];
}

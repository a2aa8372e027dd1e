import { defineCommand, type Command } from "just-bash";
import { dmesgStamp } from "../../host-model/dmesg";
import { priorityOf, type LiveJournalEntry } from "../../host-model/journal";
import { unitName } from "../../host-model/units";
import type { CommandEnvironment, HostState } from "../../host-state";
import { fail, ok, parseArgs } from "../args";
import { strftime } from "./system-info";

/** journalctl's --since/--until: dates, "today", "yesterday", "2 hours ago", "-2h". */
export function parseJournalTime(text: string, clockMs: number): number | undefined {
  const t = text.trim().toLowerCase();
  const day = Math.floor(clockMs / 86400_000) * 86400_000;
  if (t === "now") return clockMs;
  if (t === "today") return day;
  if (t === "yesterday") return day - 86400_000;
  if (t === "tomorrow") return day + 86400_000;
  const unit: Record<string, number> = { s: 1000, sec: 1000, second: 1000, m: 60_000, min: 60_000, minute: 60_000 };
  Object.assign(unit, {
    h: 3_600_000,
    hour: 3_600_000,
    d: 86_400_000,
    day: 86_400_000,
    w: 604_800_000,
    week: 604_800_000,
  });
  const ago =
    /^(\d+)\s*(s|sec|second|m|min|minute|h|hour|d|day|w|week)s?\s+ago$/.exec(t) ?? /^-(\d+)\s*(s|m|h|d|w)$/.exec(t);
  if (ago) return clockMs - Number(ago[1]) * unit[ago[2]!]!;
  const iso = /^\d{4}-\d{2}-\d{2}(?:[ t]\d{2}:\d{2}(?::\d{2})?)?$/.test(t)
    ? Date.parse(`${t.replace(" ", "T")}${t.length === 10 ? "T00:00:00" : ""}Z`)
    : Number.NaN;
  return Number.isNaN(iso) ? undefined : iso;
}

const PRIORITIES = ["emerg", "alert", "crit", "err", "warning", "notice", "info", "debug"];

/** "-p err", "-p 3", "-p warning..err": the priorities to keep. */
function priorityRange(text: string): [number, number] | undefined {
  const level = (x: string) => (/^\d$/.test(x) ? Number(x) : PRIORITIES.indexOf(x.toLowerCase()));
  const [from, to] = text.split("..");
  const a = level(from!);
  const b = to === undefined ? 0 : level(to);
  if (a < 0 || b < 0) return undefined;
  return to === undefined ? [0, a] : [Math.min(a, b), Math.max(a, b)];
}

/**
 * Takes an option whose value is optional out of the arguments: "-b", "-b -1", "--boot=0",
 * "-n", "-n 20". parseArgs would take the next argument as the value whatever it is.
 */
function optional(
  args: string[],
  short: string,
  long: string,
  value: RegExp,
): { given: boolean; value?: string; rest: string[] } {
  const rest = [...args];
  for (let i = 0; i < rest.length; i++) {
    const x = rest[i]!;
    if (x.startsWith(`--${long}=`))
      return { given: true, value: x.slice(long.length + 3), rest: rest.filter((_, j) => j !== i) };
    if (x === `-${short}` || x === `--${long}`) {
      const next = rest[i + 1];
      const takes = next !== undefined && value.test(next);
      rest.splice(i, takes ? 2 : 1);
      return { given: true, value: takes ? next : undefined, rest };
    }
    if (x.startsWith(`-${short}`) && value.test(x.slice(2)))
      return { given: true, value: x.slice(2), rest: rest.filter((_, j) => j !== i) };
  }
  return { given: false, rest };
}

interface Boots {
  /** Entries of each boot, by offset: 0 the current one, -1 the one before. */
  of(entry: LiveJournalEntry): number;
  ids: Map<number, string>;
}

function boots(host: HostState): Boots {
  const ids = new Map([[0, host.model.bootId]]);
  if (host.journal.some((j) => Date.parse(j.time) < host.bootMs)) ids.set(-1, host.model.previousBootId);
  return { of: (j) => (Date.parse(j.time) < host.bootMs ? -1 : 0), ids };
}

function line(host: HostState, j: LiveJournalEntry, output: string, noHost: boolean): string {
  const ms = Date.parse(j.time);
  const ident = j.identifier ?? j.unit.replace(/\.service$/, "");
  if (output === "cat") return j.message;
  if (output === "json" || output === "json-pretty") {
    const fields = {
      __REALTIME_TIMESTAMP: String(ms * 1000),
      PRIORITY: String(priorityOf(j)),
      _HOSTNAME: host.spec.hostname,
      ...(j.unit ? { _SYSTEMD_UNIT: unitName(j.unit) } : { _TRANSPORT: "kernel" }),
      SYSLOG_IDENTIFIER: ident.replace(/\[\d+\]$/, ""),
      ...(/\[(\d+)\]$/.test(ident) ? { _PID: /\[(\d+)\]$/.exec(ident)![1] } : {}),
      MESSAGE: j.message,
    };
    return output === "json" ? JSON.stringify(fields) : JSON.stringify(fields, null, "\t");
  }
  const stamps: Record<string, string> = {
    "short-iso": strftime("%Y-%m-%dT%H:%M:%S+0000", ms),
    "short-iso-precise": `${strftime("%Y-%m-%dT%H:%M:%S", ms)}.${String(ms % 1000).padStart(3, "0")}000+0000`,
    "short-precise": `${strftime("%b %d %H:%M:%S", ms)}.${String(ms % 1000).padStart(3, "0")}000`,
    "short-full": strftime("%a %Y-%m-%d %H:%M:%S UTC", ms),
    "short-unix": `${Math.floor(ms / 1000)}.${String(ms % 1000).padStart(3, "0")}000`,
  };
  const stamp = stamps[output] ?? strftime("%b %d %H:%M:%S", ms);
  return `${stamp} ${noHost ? "" : `${host.spec.hostname} `}${ident}: ${j.message}`;
}

/** Entries in journalctl's default format (systemctl status prints a unit's last ones so). */
export function journalLines(host: HostState, list: LiveJournalEntry[]): string[] {
  return list.map((j) => line(host, j, "short", false));
}

/** journalctl options that take a value. */
const VALUES = [
  "u",
  "unit",
  "since",
  "S",
  "until",
  "U",
  "o",
  "output",
  "t",
  "identifier",
  "g",
  "grep",
  "p",
  "priority",
];
type Filter = (list: LiveJournalEntry[]) => LiveJournalEntry[] | string;

/** -u/--unit, as many as given ("-u nginx", "-xeu nginx", "--unit=nginx", "-unginx"). */
function unitsOf(args: string[]): string[] {
  const units: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const x = args[i]!;
    if ((x === "--unit" || /^-[a-zA-Z]*u$/.test(x)) && args[i + 1]) units.push(args[i + 1]!);
    else if (x.startsWith("--unit=")) units.push(x.slice(7));
    else if (/^-u./.test(x)) units.push(x.slice(2));
  }
  return units;
}

/** Field matches given as operands: _PID=, _SYSTEMD_UNIT=, SYSLOG_IDENTIFIER=, _COMM=. */
const fieldMatch =
  (operand: string): Filter =>
  (list) => {
    const [, field, value = ""] = /^(\w+)=(.*)$/.exec(operand) ?? [];
    if (field === "_PID") return list.filter((j) => j.identifier?.endsWith(`[${value}]`));
    if (field === "_SYSTEMD_UNIT") return list.filter((j) => j.unit && unitName(j.unit) === unitName(value));
    if (field === "SYSLOG_IDENTIFIER" || field === "_COMM")
      return list.filter((j) => (j.identifier ?? "").replace(/\[\d+\]$/, "") === value);
    return list;
  };

const bootFilter =
  (host: HostState, value: string | undefined): Filter =>
  (list) => {
    const b = boots(host);
    const offset = (v: string) => (Number(v) > 0 ? Number(v) - b.ids.size : Number(v));
    const byId = (v: string) => [...b.ids].find(([, id]) => id === v)?.[0];
    const want = value === undefined ? 0 : /^[0-9a-f]{32}$/.test(value) ? byId(value) : offset(value);
    if (want === undefined || !b.ids.has(want))
      return "Data from the specified boot is not available: No such boot ID in journal";
    return list.filter((j) => b.of(j) === want);
  };

const timeFilter =
  (raw: string, clockMs: number, keep: (ms: number, t: number) => boolean): Filter =>
  (list) => {
    const t = parseJournalTime(raw, clockMs);
    return t === undefined ? `Failed to parse timestamp: ${raw}` : list.filter((j) => keep(Date.parse(j.time), t));
  };

const priorityFilter =
  (raw: string): Filter =>
  (list) => {
    const range = priorityRange(raw);
    if (!range) return `Failed to parse priority value: ${raw}`;
    return list.filter((j) => priorityOf(j) >= range[0] && priorityOf(j) <= range[1]);
  };

/** --grep: case-insensitive unless the pattern has capitals, as journalctl does it. */
const grepFilter =
  (pattern: string): Filter =>
  (list) => {
    try {
      const re = new RegExp(pattern, /[A-Z]/.test(pattern) ? "" : "i");
      return list.filter((j) => re.test(j.message));
    } catch {
      return `Failed to compile pattern "${pattern}"`;
    }
  };

/** The filters the arguments ask for, in journalctl's order of matching. */
function filters(
  host: HostState,
  env: CommandEnvironment,
  args: string[],
  boot: ReturnType<typeof optional>,
): Filter[] {
  const a = parseArgs(args, VALUES);
  const out: Filter[] = [];
  const units = unitsOf(args);
  if (units.length) out.push((l) => l.filter((j) => j.unit && units.some((u) => unitName(u) === unitName(j.unit))));
  if (a.flags.has("k") || a.flags.has("dmesg"))
    out.push((l) => l.filter((j) => j.kernel && Date.parse(j.time) >= host.bootMs));
  const ident = a.values.get("t") ?? a.values.get("identifier");
  if (ident) out.push((l) => l.filter((j) => (j.identifier ?? j.unit).replace(/\[\d+\]$/, "") === ident));
  out.push(...a.operands.filter((o) => /^\w+=/.test(o)).map(fieldMatch));
  if (boot.given) out.push(bootFilter(host, boot.value));
  const since = a.values.get("since") ?? a.values.get("S");
  const until = a.values.get("until") ?? a.values.get("U");
  if (since !== undefined) out.push(timeFilter(since, env.clockMs, (ms, t) => ms >= t));
  if (until !== undefined) out.push(timeFilter(until, env.clockMs, (ms, t) => ms <= t));
  const priority = a.values.get("p") ?? a.values.get("priority");
  if (priority) out.push(priorityFilter(priority));
  const pattern = a.values.get("g") ?? a.values.get("grep");
  if (pattern) out.push(grepFilter(pattern));
  return out;
}

/** The entries the filters keep, or the message journalctl fails with. */
function select(
  host: HostState,
  env: CommandEnvironment,
  args: string[],
  boot: ReturnType<typeof optional>,
): LiveJournalEntry[] | string {
  let list: LiveJournalEntry[] | string = host.journal;
  for (const f of filters(host, env, args, boot)) {
    list = f(list);
    if (typeof list === "string") return list;
  }
  return list;
}

/** `journalctl --list-boots`, in the layout of the host's systemd. */
function listBoots(host: HostState): string {
  const b = boots(host);
  const rows = [...b.ids]
    .sort((x, y) => x[0] - y[0])
    .map(([offset, id]) => {
      const mine = host.journal.filter((j) => b.of(j) === offset).map((j) => Date.parse(j.time));
      const first = Math.min(...mine, offset === 0 ? host.bootMs : Infinity);
      const last = Math.max(...mine, first);
      const fmt = (ms: number) => strftime("%a %Y-%m-%d %H:%M:%S UTC", ms);
      return { offset, id, first: fmt(first), last: fmt(last) };
    });
  if (host.model.distro.systemd.version < 250)
    return rows.map((r) => `${String(r.offset).padStart(2)} ${r.id} ${r.first}—${r.last}`).join("\n") + "\n";
  const head = `IDX BOOT ID                          FIRST ENTRY                 LAST ENTRY`;
  return [head, ...rows.map((r) => `${String(r.offset).padStart(3)} ${r.id} ${r.first} ${r.last}`)].join("\n") + "\n";
}

/** Lines of the listing, with journalctl's "-- Boot … --" where the boot changes. */
function render(host: HostState, list: LiveJournalEntry[], output: string, noHost: boolean): string {
  if (output.startsWith("json")) return `${list.map((j) => line(host, j, output, noHost)).join("\n")}\n`;
  const b = boots(host);
  const out: string[] = [];
  let previous: number | undefined;
  for (const j of list) {
    const boot = b.of(j);
    if (previous !== undefined && boot !== previous) out.push(`-- Boot ${b.ids.get(boot)} --`);
    previous = boot;
    out.push(line(host, j, output, noHost));
  }
  return `${out.join("\n")}\n`;
}

function journalctlCommand(host: HostState, env: CommandEnvironment): Command {
  return defineCommand("journalctl", async (args) => {
    if (args.includes("--list-boots")) return ok(listBoots(host));
    if (args.some((x) => /^--(vacuum|rotate|flush)/.test(x)))
      return fail("journalctl: changing the journal is disabled in this simulated environment");
    const boot = optional(args, "b", "boot", /^(-?\d+|[0-9a-f]{32})$/);
    const lines = optional(boot.rest, "n", "lines", /^\+?\d+$/);
    const rest = lines.rest;
    const selected = select(host, env, rest, boot);
    if (typeof selected === "string") return fail(selected);
    const a = parseArgs(rest, VALUES);
    const end = a.flags.has("e") || a.flags.has("pager-end") || a.flags.has("f") || a.flags.has("follow");
    const count = lines.given
      ? Number(lines.value ?? 10)
      : end
        ? a.flags.has("f") || a.flags.has("follow")
          ? 10
          : 1000
        : undefined;
    let list = count === undefined ? selected : selected.slice(-Math.max(0, count));
    if (a.flags.has("r") || a.flags.has("reverse")) list = [...list].reverse();
    if (list.length === 0) return ok("-- No entries --\n");
    const output = a.values.get("o") ?? a.values.get("output") ?? "short";
    return ok(render(host, list, output, a.flags.has("no-hostname")));
  });
}

/** `dmesg`: the boot's kernel ring buffer; -T with wall-clock times, -l to filter by level. */
function dmesgCommand(host: HostState): Command {
  const LEVELS = ["emerg", "alert", "crit", "err", "warn", "notice", "info", "debug"];
  return defineCommand("dmesg", async (args) => {
    const a = parseArgs(args, ["l", "level"]);
    if (a.flags.has("c") || a.flags.has("C") || a.flags.has("clear"))
      return fail("dmesg: clearing the kernel ring buffer is disabled in this simulated environment");
    let lines = host.model.dmesg;
    const level = a.values.get("l") ?? a.values.get("level");
    if (level) {
      const wanted = level.split(",").map((l) => LEVELS.indexOf(l.replace(/^warning$/, "warn")));
      lines = lines.filter((l) => wanted.includes(l.level));
    }
    const human = a.flags.has("T") || a.flags.has("ctime");
    const stamp = (t: number) =>
      human ? `[${strftime("%a %b %e %T %Y", host.bootMs + Math.round(t * 1000))}]` : dmesgStamp(t);
    return ok(lines.length ? `${lines.map((l) => `${stamp(l.t)} ${l.text}`).join("\n")}\n` : "");
  });
}

export function journalCommands(host: HostState, env: CommandEnvironment): Command[] {
  return [journalctlCommand(host, env), dmesgCommand(host)];
}

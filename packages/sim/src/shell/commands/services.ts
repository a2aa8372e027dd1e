import { defineCommand, type Command } from "just-bash";
import { killUnit, reloadUnit, restartUnit, signalName, startUnit, stopUnit } from "../../host-model/lifecycle";
import type { LiveService } from "../../host-model/services";
import { sameUnit, unitName } from "../../host-model/units";
import type { CommandEnvironment, HostState } from "../../host-state";
import { columns, fail, ok, parseArgs } from "../args";
import { journalLines } from "./journal";
import {
  activeState,
  enabledState,
  properties,
  statusBlock,
  subState,
  synthesizedUnitFile,
  unitFilePath,
} from "./unit-views";
import { strftime, uptimeLine } from "./system-info";

type Result = { stdout: string; stderr: string; exitCode: number };
const result = (stdout: string, exitCode: number, stderr = ""): Result => ({ stdout, stderr, exitCode });

interface Ctl {
  host: HostState;
  env: CommandEnvironment;
  a: ReturnType<typeof parseArgs>;
  names: string[];
}

const find = (host: HostState, name: string) => host.services.find((s) => sameUnit(name, s.name));
const describe = (s: LiveService) => `${s.state}/${s.enabled ? "enabled" : "disabled"}`;

/** The unit's last lines of this boot's journal, as systemctl status shows them. */
function unitJournal(host: HostState) {
  return (name: string) =>
    journalLines(
      host,
      host.journal
        .filter((j) => j.unit && unitName(j.unit) === unitName(name) && Date.parse(j.time) >= host.bootMs)
        .slice(-10),
    );
}

async function status(c: Ctl): Promise<Result> {
  const { host, env, names } = c;
  if (names.length === 0) {
    const failed = host.services.filter((s) => s.state === "failed").length;
    const state = failed ? "degraded" : "running";
    return result(
      `● ${host.spec.hostname}\n    State: ${state}\n    Units: ${host.services.length} loaded\n     Jobs: 0 queued\n   Failed: ${failed} units\n    Since: ${strftime("%a %Y-%m-%d %H:%M:%S UTC", host.bootMs)}\n`,
      0,
    );
  }
  const out: string[] = [];
  const errors: string[] = [];
  let code = 0;
  for (const name of names) {
    const s = find(host, name);
    if (!s) {
      errors.push(`Unit ${unitName(name)} could not be found.`);
      code = 4;
      continue;
    }
    if (s.state !== "running" && s.state !== "exited") code = Math.max(code, 3);
    out.push(await statusBlock(host, s, env.clockMs, unitJournal(host)));
  }
  return result(out.length ? `${out.join("\n\n")}\n` : "", code, errors.length ? `${errors.join("\n")}\n` : "");
}

const LEGEND = [
  "LOAD   = Reflects whether the unit definition was properly loaded.",
  "ACTIVE = The high-level unit activation state, i.e. generalization of SUB.",
  "SUB    = The low-level unit activation state, values depend on unit type.",
];

/** `systemctl list-units`: active and failed units (all with --all), failed ones marked "●". */
function listUnits(c: Ctl): Result {
  const { host, a } = c;
  const states = (a.values.get("state") ?? (a.flags.has("failed") ? "failed" : "")).split(",").filter(Boolean);
  const all = a.flags.has("all") || a.flags.has("a");
  const list = host.services.filter((s) =>
    states.length ? states.some((x) => x === activeState(s) || x === subState(s)) : all || s.state !== "stopped",
  );
  const rows = list.map((s) => [
    s.state === "failed" && !a.flags.has("plain") ? "●" : " ",
    unitName(s.name),
    "loaded",
    activeState(s),
    subState(s),
    s.description,
  ]);
  const table = columns([[" ", "UNIT", "LOAD", "ACTIVE", "SUB", "DESCRIPTION"], ...rows], 1);
  if (a.flags.has("no-legend")) return result(`${table.split("\n").slice(1).join("\n")}\n`, 0);
  return result(`${table}\n\n${LEGEND.join("\n")}\n${rows.length} loaded units listed.\n`, 0);
}

function listUnitFiles(c: Ctl): Result {
  const preset = c.host.model.distro.systemd.version < 250 ? "VENDOR PRESET" : "PRESET";
  const rows = c.host.services.map((s) => [unitName(s.name), enabledState(s), "enabled"]);
  return result(`${columns([["UNIT FILE", "STATE", preset], ...rows], 1)}\n\n${rows.length} unit files listed.\n`, 0);
}

/** is-active, is-enabled, is-failed: one word per unit, the exit code for the first. */
function isVerb(c: Ctl, verb: string): Result {
  const words = c.names.map((name) => {
    const s = find(c.host, name);
    if (verb === "is-enabled") return s ? enabledState(s) : "not-found";
    return s ? activeState(s) : "inactive";
  });
  const good = verb === "is-enabled" ? "enabled" : verb === "is-failed" ? "failed" : "active";
  const hit = verb === "is-failed" ? words.some((w) => w === good) : words.length > 0 && words.every((w) => w === good);
  return result(words.length ? `${words.join("\n")}\n` : "", hit ? 0 : verb === "is-active" ? 3 : 1);
}

async function show(c: Ctl): Promise<Result> {
  const s = c.names[0] ? find(c.host, c.names[0]) : undefined;
  if (!s) return result("", 0);
  const asked = [c.a.values.get("p"), c.a.values.get("property")].filter((x) => x !== undefined).join(",");
  const wanted = asked.split(",").filter(Boolean);
  const props = (await properties(c.host, s)).filter(([k]) => wanted.length === 0 || wanted.includes(k));
  const text = props.map(([k, v]) => (c.a.flags.has("value") ? v : `${k}=${v}`)).join("\n");
  return result(props.length ? `${text}\n` : "", 0);
}

async function cat(c: Ctl): Promise<Result> {
  const s = c.names[0] ? find(c.host, c.names[0]) : undefined;
  if (!s) return result("", 1, `No files found for ${unitName(c.names[0] ?? "")}.\n`);
  const path = await unitFilePath(c.host, s);
  const text = await c.host.fs.readFile(path).catch(() => undefined);
  return result(text === undefined ? synthesizedUnitFile(path, s) : `# ${path}\n${text}`, 0);
}

/** Records a unit's change the way the grader reads it: "running/enabled" to "stopped/enabled (stop)". */
function record(c: Ctl, s: LiveService, before: string, pidBefore: number | undefined, verb: string): void {
  if (describe(s) === before && s.pid === pidBefore) return;
  c.env.recordChange({
    host: c.host.spec.role,
    kind: "service",
    target: unitName(s.name),
    from: before,
    to: `${describe(s)} (${verb})`,
  });
}

/** One unit, one verb: what systemd does and what it says when it refuses. */
function apply(c: Ctl, s: LiveService, verb: string): string | undefined {
  const now = c.env.clockMs;
  const u = unitName(s.name);
  const startNow = c.a.flags.has("now") && (verb === "enable" || verb === "unmask");
  const stopNow = c.a.flags.has("now") && (verb === "disable" || verb === "mask");
  if (["start", "restart", "try-restart", "reload-or-restart"].includes(verb) && s.masked)
    return `Failed to ${verb} ${u}: Unit ${u} is masked.`;
  if (verb === "start") startUnit(c.host, s, now);
  else if (verb === "stop" || stopNow) stopUnit(c.host, s, now);
  else if (verb === "restart" || verb === "reload-or-restart") restartUnit(c.host, s, now);
  else if (verb === "try-restart" && s.state === "running") restartUnit(c.host, s, now);
  else if (verb === "reload" && !reloadUnit(c.host, s, now)) return `${u} is not active, cannot reload.`;
  else if (verb === "reset-failed" && s.state === "failed") s.state = "stopped";
  if (verb === "unmask") s.masked = false;
  if (verb === "enable") s.enabled = true;
  if (verb === "disable") s.enabled = false;
  if (verb === "mask") s.masked = true;
  if (startNow) startUnit(c.host, s, now);
  return undefined;
}

/** What systemctl tells on stderr about the symlinks enable, disable and mask make. */
function symlinkNote(host: HostState, s: LiveService, verb: string): string {
  const u = unitName(s.name);
  const wants = `/etc/systemd/system/multi-user.target.wants/${u}`;
  if (verb === "enable") return `Created symlink ${wants} → ${host.model.distro.unitDir}/${u}.\n`;
  if (verb === "disable") return `Removed "${wants}".\n`;
  if (verb === "mask") return `Created symlink /etc/systemd/system/${u} → /dev/null.\n`;
  return "";
}

function change(c: Ctl, verb: string): Result {
  if (c.names.length === 0) return result("", 1, "Too few arguments.\n");
  let notes = "";
  for (const name of c.names) {
    const s = find(c.host, name);
    if (!s) return result("", 5, `Failed to ${verb} ${unitName(name)}: Unit ${unitName(name)} not found.\n`);
    const before = describe(s);
    const pidBefore = s.pid;
    const refused = apply(c, s, verb);
    if (refused) return result("", 1, `${refused}\n`);
    record(c, s, before, pidBefore, verb);
    if (describe(s) !== before || verb === "mask") notes += symlinkNote(c.host, s, verb);
  }
  return result("", 0, notes);
}

/** `systemctl kill [-s SIGNAL] UNIT`: the signal goes to the unit's processes. */
function kill(c: Ctl): Result {
  const raw = c.a.values.get("s") ?? c.a.values.get("signal") ?? "TERM";
  const signal = signalName(raw);
  if (!signal) return result("", 1, `Failed to parse signal string ${raw}.\n`);
  for (const name of c.names) {
    const s = find(c.host, name);
    if (!s) return result("", 1, `Failed to kill unit ${unitName(name)}: Unit ${unitName(name)} not loaded.\n`);
    const before = describe(s);
    const pidBefore = s.pid;
    if (killUnit(c.host, s, signal, c.env.clockMs)) record(c, s, before, pidBefore, "kill");
  }
  return result("", 0);
}

const CHANGES = [
  "start",
  "stop",
  "restart",
  "try-restart",
  "reload-or-restart",
  "reload",
  "enable",
  "disable",
  "mask",
  "unmask",
  "reset-failed",
];

function systemctlCommand(host: HostState, env: CommandEnvironment): Command {
  return defineCommand("systemctl", async (args) => {
    const a = parseArgs(args, ["type", "t", "state", "p", "property", "s", "signal", "n", "lines", "o", "output"]);
    const [verb = "list-units", ...names] = a.operands;
    const c: Ctl = { host, env, a, names };
    if (verb === "status") return status(c);
    if (verb === "list-units") return listUnits(c);
    if (verb === "list-unit-files") return listUnitFiles(c);
    if (["is-active", "is-enabled", "is-failed"].includes(verb)) return isVerb(c, verb);
    if (verb === "is-system-running") {
      const degraded = host.services.some((s) => s.state === "failed");
      return result(degraded ? "degraded\n" : "running\n", degraded ? 1 : 0);
    }
    if (verb === "show") return show(c);
    if (verb === "cat") return cat(c);
    if (verb === "kill") return kill(c);
    if (verb === "daemon-reload" || verb === "daemon-reexec") return result("", 0);
    if (CHANGES.includes(verb)) return change(c, verb);
    return fail(`Unknown command verb ${verb}.`);
  });
}

function serviceCommand(host: HostState): Command {
  return defineCommand("service", async (args, ctx) => {
    if (args[0] === "--status-all")
      return ok(
        `${host.services.map((s) => ` [ ${s.state === "running" ? "+" : "-"} ]  ${unitName(s.name).replace(/\.service$/, "")}`).join("\n")}\n`,
      );
    const [name, verb = "status"] = args;
    if (!name) return fail("Usage: service < option > | --status-all | [ service_name [ command | --full-restart ] ]");
    return ctx.exec ? ctx.exec(`systemctl ${verb} ${name}`, { cwd: ctx.cwd }) : fail("service: unavailable");
  });
}

function crontabCommand(host: HostState): Command {
  return defineCommand("crontab", async (args) => {
    const a = parseArgs(args, ["u"]);
    const user = a.values.get("u") ?? "root";
    const path = `/var/spool/cron/crontabs/${user}`;
    if (a.flags.has("l")) {
      const text = await host.fs.readFile(path).catch(() => undefined);
      return text === undefined ? fail(`no crontab for ${user}`) : ok(text);
    }
    if (a.flags.has("r")) {
      if (!(await host.fs.exists(path))) return fail(`no crontab for ${user}`);
      await host.fs.rm(path);
      return ok("");
    }
    if (a.flags.has("e")) return fail("crontab: interactive editing is not available in this simulated environment");
    return fail(`usage:\tcrontab [-u user] file\n\tcrontab [ -u user ] [ -i ] { -e | -l | -r }`);
  });
}

/** "(00:30)", "(1+02:05)": how long a session lasted, as last prints it. */
function duration(startMs: number, endMs: number): string {
  const mins = Math.max(0, Math.round((endMs - startMs) / 60_000));
  const d = Math.floor(mins / 1440);
  const hm = `${String(Math.floor((mins % 1440) / 60)).padStart(2, "0")}:${String(mins % 60).padStart(2, "0")}`;
  return d ? `(${d}+${hm})` : `(${hm})`;
}

/** `last`: sessions newest first, and the boot as wtmp records it ("reboot   system boot  <kernel>"). */
function lastCommand(host: HostState): Command {
  return defineCommand("last", async (args) => {
    const a = parseArgs(args, ["n"]);
    const full = a.flags.has("F");
    const when = (ms: number) => strftime(full ? "%a %b %e %T %Y" : "%a %b %e %H:%M", ms);
    const sessions = host.logins.map((l) => {
      const s = Date.parse(l.start);
      const end = l.end
        ? `- ${full ? strftime("%a %b %e %T %Y", Date.parse(l.end)) : strftime("%H:%M", Date.parse(l.end))}  ${duration(s, Date.parse(l.end))}`
        : "  still logged in";
      return { ms: s, user: l.user, row: [l.user, l.tty, l.from, `${when(s)} ${end}`] };
    });
    const boot = {
      ms: host.bootMs,
      user: "reboot",
      row: ["reboot", "system boot", host.model.kernel.release, `${when(host.bootMs)}   still running`],
    };
    let list = [...sessions, boot].sort((x, y) => y.ms - x.ms);
    const who = a.operands.filter((o) => o !== "wtmp");
    if (who.length) list = list.filter((l) => who.includes(l.user));
    const n = a.values.get("n") ?? args.find((x) => /^-\d+$/.test(x))?.slice(1);
    if (n) list = list.slice(0, Number(n));
    const oldest = Math.min(host.bootMs, ...host.logins.map((l) => Date.parse(l.start)));
    const rows = list.map((l) => l.row);
    return ok(
      `${rows.length ? `${columns(rows, 1)}\n` : ""}\nwtmp begins ${strftime("%a %b %e %T %Y", oldest - 3600_000)}\n`,
    );
  });
}

function loginCommands(host: HostState, env: CommandEnvironment): Command[] {
  const sorted = () => [...host.logins].sort((x, y) => Date.parse(y.start) - Date.parse(x.start));
  const current = () => host.logins.filter((l) => !l.end);
  const who = defineCommand("who", async (args) => {
    const a = parseArgs(args);
    if (a.flags.has("b") || a.flags.has("boot"))
      return ok(`         system boot  ${strftime("%Y-%m-%d %H:%M", host.bootMs)}\n`);
    const rows = current().map((l) => [l.user, l.tty, strftime("%Y-%m-%d %H:%M", Date.parse(l.start)), `(${l.from})`]);
    return ok(rows.length ? `${columns(rows, 1)}\n` : "");
  });
  const w = defineCommand("w", async () => {
    const rows = current().map((l) => [
      l.user,
      l.tty,
      l.from,
      strftime("%H:%M", Date.parse(l.start)),
      "1:02",
      "0.05s",
      "0.01s",
      "-bash",
    ]);
    const head = ["USER", "TTY", "FROM", "LOGIN@", "IDLE", "JCPU", "PCPU", "WHAT"];
    return ok(`${uptimeLine(host, env.clockMs)}\n${columns([head, ...rows], 1)}\n`);
  });
  const lastlog = defineCommand("lastlog", async () => {
    const users = [...new Set(host.logins.map((l) => l.user))];
    const rows = users.map((u) => {
      const l = sorted().find((x) => x.user === u)!;
      return [u, l.tty, l.from, strftime("%a %b %e %T +0000 %Y", Date.parse(l.start))];
    });
    return ok(`${columns([["Username", "Port", "From", "Latest"], ...rows], 1)}\n`);
  });
  return [lastCommand(host), who, w, lastlog];
}

export function serviceCommands(host: HostState, env: CommandEnvironment): Command[] {
  return [systemctlCommand(host, env), serviceCommand(host), crontabCommand(host), ...loginCommands(host, env)];
}

import type { JournalEntry, ServiceSpec } from "@analystbench/scenarios";
import { defineCommand, type Command } from "just-bash";
import type { CommandEnvironment, HostState } from "../../host-state";
import { columns, fail, ok, parseArgs } from "../args";
import { strftime } from "./system-info";

const unitName = (name: string) => (name.includes(".") ? name : `${name}.service`);
const sameUnit = (a: string, b: string) => unitName(a) === unitName(b);

/** journalctl's --since/--until: dates, "today", "yesterday", "2 hours ago", "-2h". */
export function parseJournalTime(text: string, clockMs: number): number | undefined {
  const t = text.trim().toLowerCase();
  const day = Math.floor(clockMs / 86400_000) * 86400_000;
  if (t === "now") return clockMs;
  if (t === "today") return day;
  if (t === "yesterday") return day - 86400_000;
  const unit: Record<string, number> = {
    s: 1000,
    sec: 1000,
    second: 1000,
    m: 60_000,
    min: 60_000,
    minute: 60_000,
    h: 3_600_000,
    hour: 3_600_000,
    d: 86_400_000,
    day: 86_400_000,
    w: 604_800_000,
    week: 604_800_000,
  };
  const ago =
    /^(\d+)\s*(s|sec|second|m|min|minute|h|hour|d|day|w|week)s?\s+ago$/.exec(t) ?? /^-(\d+)\s*(s|m|h|d|w)$/.exec(t);
  if (ago) return clockMs - Number(ago[1]) * unit[ago[2]!]!;
  const iso = /^\d{4}-\d{2}-\d{2}(?:[ t]\d{2}:\d{2}(?::\d{2})?)?$/.test(t)
    ? Date.parse(`${t.replace(" ", "T")}${t.length === 10 ? "T00:00:00" : ""}Z`)
    : Number.NaN;
  return Number.isNaN(iso) ? undefined : iso;
}

function journalLine(host: HostState, j: JournalEntry, output: string): string {
  const ms = Date.parse(j.time);
  const ident = j.identifier ?? j.unit.replace(/\.service$/, "");
  if (output === "cat") return j.message;
  if (output === "json")
    return JSON.stringify({
      __REALTIME_TIMESTAMP: String(ms * 1000),
      _HOSTNAME: host.spec.hostname,
      _SYSTEMD_UNIT: unitName(j.unit),
      SYSLOG_IDENTIFIER: ident.replace(/\[\d+\]$/, ""),
      MESSAGE: j.message,
    });
  const stamp = output === "short-iso" ? strftime("%Y-%m-%dT%H:%M:%S+0000", ms) : strftime("%b %d %H:%M:%S", ms);
  return `${stamp} ${host.spec.hostname} ${ident}: ${j.message}`;
}

function journalctlCommand(host: HostState, env: CommandEnvironment): Command {
  return defineCommand("journalctl", async (args) => {
    const a = parseArgs(args, [
      "u",
      "unit",
      "since",
      "S",
      "until",
      "U",
      "n",
      "lines",
      "o",
      "output",
      "t",
      "identifier",
      "g",
      "grep",
      "p",
      "priority",
    ]);
    const units: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const x = args[i]!;
      if ((x === "-u" || x === "--unit") && args[i + 1]) units.push(args[i + 1]!);
      else if (x.startsWith("--unit=")) units.push(x.slice(7));
      else if (x.startsWith("-u") && x.length > 2) units.push(x.slice(2));
    }
    let list = host.journal;
    if (units.length) list = list.filter((j) => units.some((u) => sameUnit(u, j.unit)));
    const ident = a.values.get("t") ?? a.values.get("identifier");
    if (ident) list = list.filter((j) => (j.identifier ?? j.unit).replace(/\[\d+\]$/, "") === ident);
    for (const [key, keep] of [
      ["since", (ms: number, t: number) => ms >= t],
      ["until", (ms: number, t: number) => ms <= t],
    ] as const) {
      const raw = a.values.get(key) ?? a.values.get(key === "since" ? "S" : "U");
      if (raw === undefined) continue;
      const t = parseJournalTime(raw, env.clockMs);
      if (t === undefined) return fail(`Failed to parse timestamp: ${raw}`);
      list = list.filter((j) => keep(Date.parse(j.time), t));
    }
    const pattern = a.values.get("g") ?? a.values.get("grep");
    if (pattern) {
      try {
        const re = new RegExp(pattern, "i");
        list = list.filter((j) => re.test(j.message));
      } catch {
        return fail(`Failed to compile pattern "${pattern}"`);
      }
    }
    const n = a.values.get("n") ?? a.values.get("lines");
    if (n !== undefined) list = list.slice(-Math.max(0, Number(n) || 0));
    if (a.flags.has("r") || a.flags.has("reverse")) list = [...list].reverse();
    if (list.length === 0) return ok("-- No entries --\n");
    const output = a.values.get("o") ?? a.values.get("output") ?? "short";
    return ok(`${list.map((j) => journalLine(host, j, output)).join("\n")}\n`);
  });
}

function describeActive(s: ServiceSpec, host: HostState, clockMs: number): string {
  const since = host.bootMs + 20_000;
  const days = Math.floor((clockMs - since) / 86400_000);
  const when = `since ${strftime("%a %Y-%m-%d %H:%M:%S UTC", since)}; ${days} days ago`;
  switch (s.state) {
    case "running":
      return `active (running) ${when}`;
    case "exited":
      return `active (exited) ${when}`;
    case "failed":
      return `failed (Result: exit-code) ${when}`;
    default:
      return "inactive (dead)";
  }
}

function systemctlCommand(host: HostState, env: CommandEnvironment): Command {
  const find = (name: string) => host.services.find((s) => sameUnit(s.name, name));
  const change = (s: ServiceSpec, to: Partial<ServiceSpec>, verb: string) => {
    const from = `${s.state}/${s.enabled ? "enabled" : "disabled"}`;
    Object.assign(s, to);
    env.recordChange({
      host: host.spec.role,
      kind: "service",
      target: unitName(s.name),
      from,
      to: `${s.state}/${s.enabled ? "enabled" : "disabled"} (${verb})`,
    });
  };
  return defineCommand("systemctl", async (args) => {
    const a = parseArgs(args, ["type", "t", "state"]);
    const [verb = "list-units", ...names] = a.operands;
    switch (verb) {
      case "status": {
        if (names.length === 0)
          return ok(
            `● ${host.spec.hostname}\n    State: running\n    Units: ${host.services.length} loaded\n     Jobs: 0 queued\n   Failed: ${host.services.filter((s) => s.state === "failed").length} units\n    Since: ${strftime("%a %Y-%m-%d %H:%M:%S UTC", host.bootMs)}\n`,
          );
        const out: string[] = [];
        let code = 0;
        for (const name of names) {
          const s = find(name);
          if (!s) {
            out.push(`Unit ${unitName(name)} could not be found.`);
            code = 4;
            continue;
          }
          if (s.state !== "running") code = Math.max(code, 3);
          const entries = host.journal.filter((j) => sameUnit(j.unit, s.name)).slice(-10);
          out.push(
            [
              `${s.state === "failed" ? "×" : s.state === "running" ? "●" : "○"} ${unitName(s.name)} - ${s.description}`,
              `     Loaded: loaded (/lib/systemd/system/${unitName(s.name)}; ${s.enabled ? "enabled" : "disabled"}; preset: enabled)`,
              `     Active: ${describeActive(s, host, env.clockMs)}`,
              ...(s.pid && s.state === "running"
                ? [
                    `   Main PID: ${s.pid} (${(host.processes.find((p) => p.pid === s.pid)?.command.split(/\s+/)[0] ?? s.name).split("/").pop()})`,
                  ]
                : []),
              ...(entries.length ? ["", ...entries.map((j) => journalLine(host, j, "short"))] : []),
            ].join("\n"),
          );
        }
        return { stdout: `${out.join("\n\n")}\n`, stderr: "", exitCode: code };
      }
      case "list-units":
      case "list-unit-files": {
        const state = a.values.get("state");
        const list = host.services.filter(
          (s) =>
            !state ||
            state
              .split(",")
              .some((x) => x === s.state || (x === "active" && s.state !== "stopped" && s.state !== "failed")),
        );
        if (verb === "list-unit-files")
          return ok(
            `${columns([["UNIT FILE", "STATE", "PRESET"], ...list.map((s) => [unitName(s.name), s.enabled ? "enabled" : "disabled", "enabled"])])}\n\n${list.length} unit files listed.\n`,
          );
        const rows = list.map((s) => [
          unitName(s.name),
          "loaded",
          s.state === "stopped" ? "inactive" : s.state === "failed" ? "failed" : "active",
          s.state === "stopped" ? "dead" : s.state,
          s.description,
        ]);
        return ok(
          `${columns([["UNIT", "LOAD", "ACTIVE", "SUB", "DESCRIPTION"], ...rows], 1)}\n\n${rows.length} loaded units listed.\n`,
        );
      }
      case "is-active":
      case "is-enabled": {
        const s = names[0] ? find(names[0]) : undefined;
        if (verb === "is-enabled")
          return {
            stdout: `${s ? (s.enabled ? "enabled" : "disabled") : "not-found"}\n`,
            stderr: "",
            exitCode: s?.enabled ? 0 : 1,
          };
        const active = s && (s.state === "running" || s.state === "exited");
        return {
          stdout: `${s ? (active ? "active" : s.state === "failed" ? "failed" : "inactive") : "inactive"}\n`,
          stderr: "",
          exitCode: active ? 0 : 3,
        };
      }
      case "cat": {
        const s = names[0] ? find(names[0]) : undefined;
        if (!s) return fail(`No files found for ${unitName(names[0] ?? "")}.`);
        return ok(
          `# /lib/systemd/system/${unitName(s.name)}\n[Unit]\nDescription=${s.description}\nAfter=network.target\n\n[Service]\nType=simple\nRestart=on-failure\n\n[Install]\nWantedBy=multi-user.target\n`,
        );
      }
      case "stop":
      case "start":
      case "restart":
      case "reload":
      case "enable":
      case "disable":
      case "mask": {
        if (names.length === 0) return fail(`Too few arguments.`);
        for (const name of names) {
          const s = find(name);
          if (!s) return fail(`Failed to ${verb} ${unitName(name)}: Unit ${unitName(name)} not found.`, 5);
          if (verb === "stop") change(s, { state: "stopped" }, verb);
          else if (verb === "start" || verb === "restart" || verb === "reload") change(s, { state: "running" }, verb);
          else if (verb === "enable") change(s, { enabled: true }, verb);
          else change(s, { enabled: false, ...(verb === "mask" ? { state: "stopped" as const } : {}) }, verb);
        }
        return ok("");
      }
      default:
        return fail(`Unknown command verb ${verb}.`);
    }
  });
}

function serviceCommand(): Command {
  return defineCommand("service", async (args, ctx) => {
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

function loginCommands(host: HostState, env: CommandEnvironment): Command[] {
  const sorted = () => [...host.logins].sort((x, y) => Date.parse(y.start) - Date.parse(x.start));
  const duration = (startMs: number, endMs: number) => {
    const mins = Math.max(0, Math.round((endMs - startMs) / 60_000));
    const d = Math.floor(mins / 1440);
    const hm = `${String(Math.floor((mins % 1440) / 60)).padStart(2, "0")}:${String(mins % 60).padStart(2, "0")}`;
    return d ? `(${d}+${hm})` : `(${hm})`;
  };
  const last = defineCommand("last", async (args) => {
    const a = parseArgs(args, ["n"]);
    let list = sorted();
    const user = a.operands.find((o) => o !== "reboot");
    if (user) list = list.filter((l) => l.user === user);
    const numeric = args.find((x) => /^-\d+$/.test(x));
    const n = a.values.get("n") ?? numeric?.slice(1);
    if (n) list = list.slice(0, Number(n));
    const full = a.flags.has("F");
    const rows = list.map((l) => {
      const s = Date.parse(l.start);
      const start = full ? strftime("%a %b %e %T %Y", s) : strftime("%a %b %e %H:%M", s);
      const end = l.end
        ? `- ${full ? strftime("%a %b %e %T %Y", Date.parse(l.end)) : strftime("%H:%M", Date.parse(l.end))}  ${duration(s, Date.parse(l.end))}`
        : "  still logged in";
      return [l.user, l.tty, l.from, `${start} ${end}`];
    });
    const oldest = host.logins.length ? Math.min(...host.logins.map((l) => Date.parse(l.start))) : host.bootMs;
    return ok(
      `${rows.length ? `${columns(rows, 1)}\n` : ""}\nwtmp begins ${strftime("%a %b %e %T %Y", oldest - 3600_000)}\n`,
    );
  });
  const current = () => host.logins.filter((l) => !l.end);
  const who = defineCommand("who", async () =>
    ok(
      current().length
        ? `${columns(
            current().map((l) => [l.user, l.tty, strftime("%Y-%m-%d %H:%M", Date.parse(l.start)), `(${l.from})`]),
            1,
          )}\n`
        : "",
    ),
  );
  const w = defineCommand("w", async () => {
    const head = ` ${strftime("%T", env.clockMs)} up ${Math.floor((env.clockMs - host.bootMs) / 86400_000)} days,  ${current().length} users,  load average: 0.08, 0.11, 0.09`;
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
    return ok(`${head}\n${columns([["USER", "TTY", "FROM", "LOGIN@", "IDLE", "JCPU", "PCPU", "WHAT"], ...rows], 1)}\n`);
  });
  const lastlog = defineCommand("lastlog", async () => {
    const users = [...new Set(host.logins.map((l) => l.user))];
    const rows = users.map((u) => {
      const l = sorted().find((x) => x.user === u)!;
      return [u, l.tty, l.from, strftime("%a %b %e %T +0000 %Y", Date.parse(l.start))];
    });
    return ok(`${columns([["Username", "Port", "From", "Latest"], ...rows], 1)}\n`);
  });
  return [last, who, w, lastlog];
}

export function serviceCommands(host: HostState, env: CommandEnvironment): Command[] {
  return [
    journalctlCommand(host, env),
    systemctlCommand(host, env),
    serviceCommand(),
    crontabCommand(host),
    ...loginCommands(host, env),
  ];
}

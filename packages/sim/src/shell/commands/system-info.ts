import { defineCommand, type Command } from "just-bash";
import type { CommandEnvironment, HostState } from "../../host-state";
import { fail, ok, parseArgs } from "../args";

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const p2 = (n: number) => String(n).padStart(2, "0");

/** strftime for the directives analysts use with `date +…`. */
export function strftime(format: string, ms: number): string {
  const d = new Date(ms);
  const map: Record<string, () => string> = {
    Y: () => String(d.getUTCFullYear()),
    y: () => p2(d.getUTCFullYear() % 100),
    m: () => p2(d.getUTCMonth() + 1),
    d: () => p2(d.getUTCDate()),
    e: () => String(d.getUTCDate()).padStart(2, " "),
    H: () => p2(d.getUTCHours()),
    M: () => p2(d.getUTCMinutes()),
    S: () => p2(d.getUTCSeconds()),
    s: () => String(Math.floor(ms / 1000)),
    a: () => DAYS[d.getUTCDay()]!,
    b: () => MONTHS[d.getUTCMonth()]!,
    h: () => MONTHS[d.getUTCMonth()]!,
    Z: () => "UTC",
    z: () => "+0000",
    F: () => `${d.getUTCFullYear()}-${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())}`,
    T: () => `${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}`,
    j: () => String(Math.floor((ms - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86400_000) + 1).padStart(3, "0"),
    n: () => "\n",
    t: () => "\t",
    "%": () => "%",
  };
  return format.replace(/%([a-zA-Z%])/g, (m, c: string) => (map[c] ? map[c]() : m));
}

/** `date`: the simulated clock, never the real one. */
function dateCommand(env: CommandEnvironment): Command {
  return defineCommand("date", async (args) => {
    const a = parseArgs(args, ["d", "date"]);
    let ms = env.clockMs;
    const when = a.values.get("d") ?? a.values.get("date");
    if (when !== undefined) {
      const rel = /^(-?\d+)\s+(second|minute|hour|day|week)s?\s+ago$/.exec(when.trim());
      const unit = { second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000, week: 604_800_000 };
      if (rel) ms = env.clockMs - Number(rel[1]) * unit[rel[2] as keyof typeof unit];
      else if (/^@\d+$/.test(when.trim())) ms = Number(when.trim().slice(1)) * 1000;
      else if (!Number.isNaN(Date.parse(when))) ms = Date.parse(when);
      else return fail(`date: invalid date '${when}'`);
    }
    const fmt = a.operands.find((o) => o.startsWith("+"));
    if (fmt) return ok(`${strftime(fmt.slice(1), ms)}\n`);
    if (a.flags.has("I") || a.flags.has("iso-8601")) return ok(`${strftime("%F", ms)}\n`);
    if (a.flags.has("R")) return ok(`${strftime("%a, %d %b %Y %T +0000", ms)}\n`);
    return ok(`${strftime("%a %b %e %T UTC %Y", ms)}\n`);
  });
}

function hostnameCommand(host: HostState): Command {
  return defineCommand("hostname", async (args) => {
    const a = parseArgs(args);
    if (a.flags.has("I") || a.flags.has("i")) return ok(`${host.spec.ip}\n`);
    if (a.flags.has("f") || a.flags.has("fqdn")) return ok(`${host.spec.hostname}.kestrel.internal\n`);
    if (a.operands.length) return fail("hostname: you must be root to change the host name");
    return ok(`${host.spec.hostname}\n`);
  });
}

function unameCommand(host: HostState): Command {
  return defineCommand("uname", async (args) => {
    const a = parseArgs(args);
    const parts = {
      s: "Linux",
      n: host.spec.hostname,
      r: host.spec.kernel,
      v: "#1 SMP PREEMPT_DYNAMIC Debian 6.1.112-1 (2024-09-30)",
      m: "x86_64",
      o: "GNU/Linux",
    };
    if (a.flags.has("a")) return ok(`${[parts.s, parts.n, parts.r, parts.v, parts.m, parts.o].join(" ")}\n`);
    const chosen = (["s", "n", "r", "v", "m", "o"] as const).filter((k) => a.flags.has(k));
    return ok(`${(chosen.length ? chosen : (["s"] as const)).map((k) => parts[k]).join(" ")}\n`);
  });
}

interface Account {
  name: string;
  uid: number;
  gid: number;
}

async function readAccounts(
  host: HostState,
): Promise<{ users: Account[]; groups: { name: string; gid: number; members: string[] }[] }> {
  const passwd = await host.fs.readFile("/etc/passwd").catch(() => "");
  const group = await host.fs.readFile("/etc/group").catch(() => "");
  const users = passwd
    .split("\n")
    .filter(Boolean)
    .map((l) => l.split(":"))
    .map((f) => ({ name: f[0] ?? "", uid: Number(f[2]), gid: Number(f[3]) }));
  const groups = group
    .split("\n")
    .filter(Boolean)
    .map((l) => l.split(":"))
    .map((f) => ({ name: f[0] ?? "", gid: Number(f[2]), members: (f[3] ?? "").split(",").filter(Boolean) }));
  return { users, groups };
}

function idCommand(host: HostState): Command {
  return defineCommand("id", async (args) => {
    const a = parseArgs(args);
    const name = a.operands[0] ?? "root";
    const { users, groups } = await readAccounts(host);
    const u = users.find((x) => x.name === name);
    if (!u) return fail(`id: '${name}': no such user`);
    const primary = groups.find((g) => g.gid === u.gid);
    const member = groups.filter((g) => g.gid !== u.gid && g.members.includes(name));
    if (a.flags.has("u")) return ok(`${a.flags.has("n") ? u.name : u.uid}\n`);
    if (a.flags.has("g")) return ok(`${a.flags.has("n") ? (primary?.name ?? u.gid) : u.gid}\n`);
    if (a.flags.has("G"))
      return ok(
        `${[primary, ...member]
          .filter(Boolean)
          .map((g) => (a.flags.has("n") ? g!.name : g!.gid))
          .join(" ")}\n`,
      );
    const list = [
      primary ? `${u.gid}(${primary.name})` : String(u.gid),
      ...member.map((g) => `${g.gid}(${g.name})`),
    ].join(",");
    return ok(`uid=${u.uid}(${u.name}) gid=${u.gid}(${primary?.name ?? u.gid}) groups=${list}\n`);
  });
}

function getentCommand(host: HostState): Command {
  return defineCommand("getent", async (args) => {
    const [db, key] = args;
    const file = { passwd: "/etc/passwd", group: "/etc/group", hosts: "/etc/hosts", shadow: "/etc/shadow" }[db ?? ""];
    if (!file) return fail(`getent: Unknown database: ${db ?? ""}`);
    const lines = (await host.fs.readFile(file).catch(() => "")).split("\n").filter(Boolean);
    const hits = key
      ? lines.filter((l) => (db === "hosts" ? l.split(/\s+/).includes(key) : l.split(":")[0] === key))
      : lines;
    return hits.length ? ok(`${hits.join("\n")}\n`) : { stdout: "", stderr: "", exitCode: 2 };
  });
}

function uptimeCommand(host: HostState, env: CommandEnvironment): Command {
  return defineCommand("uptime", async (args) => {
    const secs = Math.floor((env.clockMs - host.bootMs) / 1000);
    const days = Math.floor(secs / 86400);
    const hm = `${Math.floor((secs % 86400) / 3600)}:${p2(Math.floor((secs % 3600) / 60))}`;
    if (args.includes("-p"))
      return ok(
        `up ${days} days, ${Math.floor((secs % 86400) / 3600)} hours, ${Math.floor((secs % 3600) / 60)} minutes\n`,
      );
    if (args.includes("-s")) return ok(`${strftime("%F %T", host.bootMs)}\n`);
    const users = host.logins.filter((l) => !l.end).length;
    return ok(
      ` ${strftime("%T", env.clockMs)} up ${days} days, ${hm},  ${users} user${users === 1 ? "" : "s"},  load average: 0.08, 0.11, 0.09\n`,
    );
  });
}

function ipCommand(host: HostState): Command {
  const mac = `52:54:00:${host.spec.ip
    .split(".")
    .slice(1)
    .map((o) => Number(o).toString(16).padStart(2, "0"))
    .join(":")}`;
  const gateway = host.spec.ip.split(".").slice(0, 3).concat("1").join(".");
  const addr = `1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN group default qlen 1000
    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00
    inet 127.0.0.1/8 scope host lo
       valid_lft forever preferred_lft forever
2: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc fq_codel state UP group default qlen 1000
    link/ether ${mac} brd ff:ff:ff:ff:ff:ff
    altname enp1s0
    inet ${host.spec.ip}/24 brd ${host.spec.ip.split(".").slice(0, 3).concat("255").join(".")} scope global eth0
       valid_lft forever preferred_lft forever
`;
  const route = `default via ${gateway} dev eth0 proto static
${host.spec.ip.split(".").slice(0, 3).concat("0").join(".")}/24 dev eth0 proto kernel scope link src ${host.spec.ip}
`;
  return defineCommand("ip", async (args) => {
    const words = args.filter((x) => !x.startsWith("-"));
    const obj = words[0] ?? "";
    if (["a", "addr", "address"].includes(obj)) return ok(addr);
    if (["r", "route", "ro"].includes(obj)) return ok(route);
    if (["l", "link"].includes(obj))
      return ok(
        addr
          .split("\n")
          .filter((l) => !/^\s+(inet|valid_lft)/.test(l))
          .join("\n"),
      );
    if (obj === "neigh" || obj === "n") return ok(`${gateway} dev eth0 lladdr 52:54:00:00:00:01 REACHABLE\n`);
    return fail(
      "Usage: ip [ OPTIONS ] OBJECT { COMMAND | help }\nwhere  OBJECT := { address | link | route | neigh }",
      255,
    );
  });
}

function dfCommand(): Command {
  return defineCommand("df", async () =>
    ok(`Filesystem     1K-blocks    Used Available Use% Mounted on
udev             4012204       0   4012204   0% /dev
tmpfs             806528    1024    805504   1% /run
/dev/vda1       82476832 9873440  68393136  13% /
tmpfs            4032640       0   4032640   0% /dev/shm
/dev/vda15        126678   10922    115756   9% /boot/efi
`),
  );
}

function freeCommand(): Command {
  return defineCommand("free", async () =>
    ok(`               total        used        free      shared  buff/cache   available
Mem:         8065280     1842312     3417596       12840     2805372     5912176
Swap:        1048572           0     1048572
`),
  );
}

export function systemInfoCommands(host: HostState, env: CommandEnvironment): Command[] {
  return [
    dateCommand(env),
    hostnameCommand(host),
    unameCommand(host),
    idCommand(host),
    defineCommand("whoami", async () => ok("root\n")),
    getentCommand(host),
    uptimeCommand(host, env),
    ipCommand(host),
    defineCommand("ifconfig", async () =>
      ok(
        `eth0: flags=4163<UP,BROADCAST,RUNNING,MULTICAST>  mtu 1500\n        inet ${host.spec.ip}  netmask 255.255.255.0  broadcast ${host.spec.ip.split(".").slice(0, 3).concat("255").join(".")}\n\nlo: flags=73<UP,LOOPBACK,RUNNING>  mtu 65536\n        inet 127.0.0.1  netmask 255.0.0.0\n`,
      ),
    ),
    dfCommand(),
    freeCommand(),
  ];
}

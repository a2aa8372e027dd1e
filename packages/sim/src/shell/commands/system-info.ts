import { defineCommand, type Command } from "just-bash";
import type { CommandEnvironment, HostState } from "../../host-state";
import { uptimePretty, uptimeSince } from "../../host-model/format";
import { unameVersion } from "../../host-model/kernel";
import { loadAverages, memoryFigures } from "../../host-model/proc";
import { columns, fail, ok, parseArgs } from "../args";

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

/** `uname`: the model's kernel, so it agrees with /proc/version, dmesg and `last`. */
function unameCommand(host: HostState): Command {
  return defineCommand("uname", async (args) => {
    const a = parseArgs(args);
    const debian = host.model.distro.id === "debian";
    const parts = {
      s: "Linux",
      n: host.spec.hostname,
      r: host.model.kernel.release,
      v: unameVersion(host.model.kernel),
      m: "x86_64",
      // Debian's coreutils cannot tell the processor and platform, and -a leaves them out.
      p: debian ? "unknown" : "x86_64",
      i: debian ? "unknown" : "x86_64",
      o: "GNU/Linux",
    };
    const long: Record<string, keyof typeof parts> = {
      "kernel-name": "s",
      nodename: "n",
      "kernel-release": "r",
      "kernel-version": "v",
      machine: "m",
      processor: "p",
      "hardware-platform": "i",
      "operating-system": "o",
    };
    for (const [name, key] of Object.entries(long)) if (a.flags.has(name)) a.flags.add(key);
    if (a.flags.has("a") || a.flags.has("all"))
      return ok(
        `${[parts.s, parts.n, parts.r, parts.v, parts.m, ...(debian ? [] : [parts.p, parts.i]), parts.o].join(" ")}\n`,
      );
    const chosen = (["s", "n", "r", "v", "m", "p", "i", "o"] as const).filter((k) => a.flags.has(k));
    return ok(`${(chosen.length ? chosen : (["s"] as const)).map((k) => parts[k]).join(" ")}\n`);
  });
}

/** `hostnamectl`: identity, OS and kernel from the model, the machine ID from /etc/machine-id. */
function hostnamectlCommand(host: HostState): Command {
  return defineCommand("hostnamectl", async (args) => {
    if (args.some((x) => ["set-hostname", "hostname", "set-icon-name", "set-chassis"].includes(x)))
      return fail("Could not set property: Access denied");
    const machineId = (await host.fs.readFile("/etc/machine-id").catch(() => "")).trim();
    const m = host.model;
    const rows: [string, string][] = [
      ["Static hostname", host.spec.hostname],
      ["Icon name", "computer-vm"],
      ["Chassis", "vm"],
      ["Machine ID", machineId],
      ["Boot ID", m.bootId],
      ["Virtualization", "kvm"],
      ["Operating System", m.distro.family === "other" ? m.distro.os : m.distro.prettyName],
      ["Kernel", `Linux ${m.kernel.release}`],
      ["Architecture", "x86-64"],
      ["Hardware Vendor", "QEMU"],
      ["Hardware Model", "Standard PC _i440FX + PIIX, 1996_"],
    ];
    return ok(`${rows.map(([k, v]) => `${k.padStart(16)}: ${v}`).join("\n")}\n`);
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

/** `getent DB [KEY…]`: lines of the host's own files, one lookup per key, in the keys' order. */
function getentCommand(host: HostState): Command {
  return defineCommand("getent", async (args) => {
    const [db, ...keys] = args;
    const files: Record<string, string> = { passwd: "/etc/passwd", group: "/etc/group", hosts: "/etc/hosts" };
    Object.assign(files, { shadow: "/etc/shadow", gshadow: "/etc/gshadow" });
    const file = files[db ?? ""];
    if (!file) return fail(`getent: Unknown database: ${db ?? ""}`);
    const lines = (await host.fs.readFile(file).catch(() => "")).split("\n").filter((l) => l && !l.startsWith("#"));
    const matches = (l: string, key: string) =>
      db === "hosts" ? l.split(/\s+/).includes(key) : l.split(":")[0] === key || l.split(":")[2] === key;
    const hits = keys.length ? keys.flatMap((k) => lines.filter((l) => matches(l, k)).slice(0, 1)) : lines;
    return hits.length ? ok(`${hits.join("\n")}\n`) : { stdout: "", stderr: "", exitCode: 2 };
  });
}

/** " 10:15:00 up 13 days,  4:05,  2 users,  load average: 0.08, 0.11, 0.09": the header w prints too. */
export function uptimeLine(host: HostState, clockMs: number): string {
  const secs = Math.floor((clockMs - host.bootMs) / 1000);
  const users = host.logins.filter((l) => !l.end).length;
  const load = loadAverages(host.processes)
    .map((x) => x.toFixed(2))
    .join(", ");
  return ` ${strftime("%T", clockMs)} ${uptimeSince(secs)},  ${users} user${users === 1 ? "" : "s"},  load average: ${load}`;
}

function uptimeCommand(host: HostState, env: CommandEnvironment): Command {
  return defineCommand("uptime", async (args) => {
    const secs = Math.floor((env.clockMs - host.bootMs) / 1000);
    if (args.includes("-p") || args.includes("--pretty")) return ok(`${uptimePretty(secs)}\n`);
    if (args.includes("-s") || args.includes("--since")) return ok(`${strftime("%F %T", host.bootMs)}\n`);
    return ok(`${uptimeLine(host, env.clockMs)}\n`);
  });
}

function ipCommand(host: HostState): Command {
  const mac = host.model.hardware.mac;
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

/** `df`: the root disk of the model's hardware, with the tmpfs mounts every host has. */
function dfCommand(host: HostState): Command {
  return defineCommand("df", async (args) => {
    const a = parseArgs(args);
    const m = memoryFigures(host.model, host.processes);
    const rootKb = Math.floor((host.model.hardware.diskSectors * 512) / 1024) - 2_150_000;
    const used = Math.round(rootKb * 0.12);
    const rows: [string, number, number, string][] = [
      ["tmpfs", Math.round(m.total / 10), 1_100, "/run"],
      [host.model.distro.family === "rhel" ? "/dev/vda4" : "/dev/vda1", rootKb, used, "/"],
      ["tmpfs", Math.round(m.total / 2), 0, "/dev/shm"],
      ["tmpfs", 5_120, 0, "/run/lock"],
      [host.model.distro.family === "rhel" ? "/dev/vda2" : "/dev/vda15", 106_858, 6_186, "/boot/efi"],
    ];
    const human = (kb: number) =>
      kb >= 1_048_576
        ? `${(kb / 1_048_576).toFixed(kb >= 10_485_760 ? 0 : 1)}G`
        : kb >= 1024
          ? `${Math.round(kb / 1024)}M`
          : `${kb}K`;
    const size = (kb: number) => (a.flags.has("h") ? (kb === 0 ? "0" : human(kb)) : String(kb));
    const head = ["Filesystem", a.flags.has("h") ? "Size" : "1K-blocks", "Used", "Avail", "Use%", "Mounted on"];
    // With paths, only the filesystems they are on (the longest mount point that holds each).
    const mountOf = (path: string) =>
      rows
        .map((r) => r[3])
        .filter((m) => path === m || path.startsWith(m === "/" ? "/" : `${m}/`))
        .sort((x, y) => y.length - x.length)[0];
    const wanted = new Set(a.operands.map(mountOf));
    const shown = a.operands.length ? rows.filter((r) => wanted.has(r[3])) : rows;
    const body = shown.map(([fs, total, u, on]) => [
      fs,
      size(total),
      size(u),
      size(total - u),
      `${total ? Math.ceil((u / total) * 100) : 0}%`,
      on,
    ]);
    return ok(`${columns([head, ...body], 1)}\n`);
  });
}

/** `free`: the model's memory, used as the processes' resident sizes say. */
function freeCommand(host: HostState): Command {
  return defineCommand("free", async (args) => {
    const a = parseArgs(args);
    const m = memoryFigures(host.model, host.processes);
    const unit = a.flags.has("m") ? 1024 : a.flags.has("g") ? 1_048_576 : 1;
    const human = (kb: number) => (kb >= 1_048_576 ? `${(kb / 1_048_576).toFixed(1)}Gi` : `${Math.round(kb / 1024)}Mi`);
    const v = (kb: number) => (a.flags.has("h") ? human(kb) : String(Math.floor(kb / unit)));
    const rows = [
      ["", "total", "used", "free", "shared", "buff/cache", "available"],
      ["Mem:", v(m.total), v(m.used), v(m.free), v(m.shared), v(m.buffCache), v(m.available)],
      ["Swap:", v(0), v(0), v(0)],
    ];
    const widths = [7, 12, 12, 12, 12, 12, 12];
    return ok(
      `${rows
        .map((r) =>
          r
            .map((c, i) => (i === 0 ? c.padEnd(widths[0]!) : c.padStart(widths[i]!)))
            .join("")
            .trimEnd(),
        )
        .join("\n")}\n`,
    );
  });
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
    dfCommand(host),
    freeCommand(host),
    hostnamectlCommand(host),
  ];
}

import type { HostSpec } from "@analystbench/scenarios";
import type { Distro } from "./distro";
import { fnv1a } from "./hash";

/**
 * Users and groups of a host: the distribution's system accounts, the content's users, and an
 * account for every user a process runs as or a file is owned by, so `ps`, `ls -l`, `id` and
 * /etc/passwd name the same people. When the content gives its own /etc/passwd or /etc/group,
 * those are read instead.
 */
export interface Account {
  name: string;
  uid: number;
  gid: number;
  gecos: string;
  home: string;
  shell: string;
  groups: string[];
}
export interface Group {
  name: string;
  gid: number;
  members: string[];
}
export interface Accounts {
  users: Account[];
  groups: Group[];
}

type Row = [name: string, uid: number, gid: number, gecos: string, home: string, shell: string];

const NOLOGIN = "/usr/sbin/nologin";
const DEBIAN_USERS: Row[] = [
  ["root", 0, 0, "root", "/root", "/bin/bash"],
  ["daemon", 1, 1, "daemon", "/usr/sbin", NOLOGIN],
  ["bin", 2, 2, "bin", "/bin", NOLOGIN],
  ["sys", 3, 3, "sys", "/dev", NOLOGIN],
  ["sync", 4, 65534, "sync", "/bin", "/bin/sync"],
  ["games", 5, 60, "games", "/usr/games", NOLOGIN],
  ["man", 6, 12, "man", "/var/cache/man", NOLOGIN],
  ["lp", 7, 7, "lp", "/var/spool/lpd", NOLOGIN],
  ["mail", 8, 8, "mail", "/var/mail", NOLOGIN],
  ["news", 9, 9, "news", "/var/spool/news", NOLOGIN],
  ["proxy", 13, 13, "proxy", "/bin", NOLOGIN],
  ["www-data", 33, 33, "www-data", "/var/www", NOLOGIN],
  ["backup", 34, 34, "backup", "/var/backups", NOLOGIN],
  ["list", 38, 38, "Mailing List Manager", "/var/list", NOLOGIN],
  ["nobody", 65534, 65534, "nobody", "/nonexistent", NOLOGIN],
  ["_apt", 100, 65534, "", "/nonexistent", NOLOGIN],
];
const UBUNTU_USERS: Row[] = [
  ["systemd-network", 101, 102, "systemd Network Management,,,", "/run/systemd", NOLOGIN],
  ["systemd-resolve", 102, 103, "systemd Resolver,,,", "/run/systemd", NOLOGIN],
  ["messagebus", 103, 104, "", "/nonexistent", NOLOGIN],
  ["systemd-timesync", 104, 105, "systemd Time Synchronization,,,", "/run/systemd", NOLOGIN],
  ["syslog", 105, 111, "", "/home/syslog", NOLOGIN],
  ["uuidd", 106, 112, "", "/run/uuidd", NOLOGIN],
  ["sshd", 107, 65534, "", "/run/sshd", NOLOGIN],
];
const DEBIAN12_USERS: Row[] = [
  ["systemd-network", 998, 998, "systemd Network Management", "/", NOLOGIN],
  ["systemd-timesync", 997, 997, "systemd Time Synchronization", "/", NOLOGIN],
  ["messagebus", 101, 101, "", "/nonexistent", NOLOGIN],
  ["sshd", 102, 65534, "", "/run/sshd", NOLOGIN],
];
const RHEL_USERS: Row[] = [
  ["root", 0, 0, "root", "/root", "/bin/bash"],
  ["bin", 1, 1, "bin", "/bin", "/sbin/nologin"],
  ["daemon", 2, 2, "daemon", "/sbin", "/sbin/nologin"],
  ["adm", 3, 4, "adm", "/var/adm", "/sbin/nologin"],
  ["lp", 4, 7, "lp", "/var/spool/lpd", "/sbin/nologin"],
  ["sync", 5, 0, "sync", "/sbin", "/bin/sync"],
  ["shutdown", 6, 0, "shutdown", "/sbin", "/sbin/shutdown"],
  ["halt", 7, 0, "halt", "/sbin", "/sbin/halt"],
  ["mail", 8, 12, "mail", "/var/spool/mail", "/sbin/nologin"],
  ["operator", 11, 0, "operator", "/root", "/sbin/nologin"],
  ["games", 12, 100, "games", "/usr/games", "/sbin/nologin"],
  ["ftp", 14, 50, "FTP User", "/var/ftp", "/sbin/nologin"],
  ["nobody", 65534, 65534, "Kernel Overflow User", "/", "/sbin/nologin"],
  ["dbus", 81, 81, "System message bus", "/", "/sbin/nologin"],
  ["systemd-coredump", 999, 997, "systemd Core Dumper", "/", "/sbin/nologin"],
  ["tss", 59, 59, "Account used for TPM access", "/dev/null", "/sbin/nologin"],
  ["sshd", 74, 74, "Privilege-separated SSH", "/usr/share/empty.sshd", "/sbin/nologin"],
];

/** "name:gid name:gid …": the distributions' group tables, compact. */
function groupTable(text: string): [string, number][] {
  return text.split(" ").map((pair) => [pair.split(":")[0]!, Number(pair.split(":")[1])]);
}

const DEBIAN_GROUPS = groupTable(
  "root:0 daemon:1 bin:2 sys:3 adm:4 tty:5 disk:6 lp:7 mail:8 news:9 uucp:10 man:12 proxy:13 " +
    "kmem:15 dialout:20 fax:21 voice:22 cdrom:24 floppy:25 tape:26 sudo:27 audio:29 dip:30 " +
    "www-data:33 backup:34 operator:37 list:38 irc:39 src:40 shadow:42 utmp:43 video:44 sasl:45 " +
    "plugdev:46 staff:50 games:60 users:100 nogroup:65534 crontab:106",
);
const UBUNTU_GROUPS = groupTable(
  "systemd-journal:101 systemd-network:102 systemd-resolve:103 messagebus:104 systemd-timesync:105 input:107 kvm:108 " +
    "render:109 lxd:110 syslog:111 uuidd:112",
);
const DEBIAN12_GROUPS = groupTable(
  "systemd-journal:999 messagebus:101 systemd-network:998 systemd-timesync:997 input:996 kvm:995 render:994",
);
const RHEL_GROUPS = groupTable(
  "root:0 bin:1 daemon:2 sys:3 adm:4 tty:5 disk:6 lp:7 mem:8 kmem:9 wheel:10 cdrom:11 mail:12 " +
    "man:15 dialout:18 floppy:19 games:20 tape:33 video:39 ftp:50 lock:54 audio:63 users:100 " +
    "nobody:65534 dbus:81 tss:59 sshd:74 systemd-journal:190 systemd-coredump:997 input:999 kvm:36 " +
    "render:998",
);

function systemRows(distro: Distro): { users: Row[]; groups: [string, number][] } {
  if (distro.family === "rhel") return { users: RHEL_USERS, groups: RHEL_GROUPS };
  if (distro.id === "debian")
    return { users: [...DEBIAN_USERS, ...DEBIAN12_USERS], groups: [...DEBIAN_GROUPS, ...DEBIAN12_GROUPS] };
  return { users: [...DEBIAN_USERS, ...UBUNTU_USERS], groups: [...DEBIAN_GROUPS, ...UBUNTU_GROUPS] };
}

function parsePasswd(text: string): Account[] {
  return text
    .split("\n")
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => l.split(":"))
    .map((f) => ({
      name: f[0] ?? "",
      uid: Number(f[2]),
      gid: Number(f[3]),
      gecos: f[4] ?? "",
      home: f[5] ?? "/",
      shell: f[6] ?? "",
      groups: [],
    }));
}

function parseGroup(text: string): Group[] {
  return text
    .split("\n")
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => l.split(":"))
    .map((f) => ({ name: f[0] ?? "", gid: Number(f[2]), members: (f[3] ?? "").split(",").filter(Boolean) }));
}

/** Names the content uses as users (processes, owners, cron) and as groups (owners). */
function namesInUse(spec: HostSpec): { users: Set<string>; groups: Set<string> } {
  const users = new Set<string>();
  const groups = new Set<string>();
  for (const p of spec.processes) users.add(p.user);
  for (const c of spec.cron) users.add(c.user);
  for (const o of [...spec.files, ...spec.logs].map((f) => f.owner).filter(Boolean)) {
    const [u, g] = o!.split(":");
    users.add(u!);
    groups.add(g!);
  }
  return { users, groups };
}

/** A free id in the system range for an account a daemon runs as (postgres, jenkins, bind…). */
function freeSystemId(name: string, taken: Set<number>, rhel: boolean): number {
  let id = rhel ? 990 - (fnv1a(name) % 40) : 110 + (fnv1a(name) % 40);
  while (taken.has(id)) id += rhel ? -1 : 1;
  return id;
}

function accountsFromTables(distro: Distro, spec: HostSpec): Accounts {
  const rows = systemRows(distro);
  const contentNames = new Set(spec.users.map((u) => u.name));
  const contentIds = new Set(spec.users.map((u) => u.uid));
  const users: Account[] = rows.users
    .filter(([name, uid]) => !contentNames.has(name) && !contentIds.has(uid))
    .map(([name, uid, gid, gecos, home, shell]) => ({ name, uid, gid, gecos, home, shell, groups: [] }));
  users.push(...spec.users.map((u) => ({ ...u, gid: u.gid ?? u.uid, groups: [...u.groups] })));
  const groups: Group[] = rows.groups.map(([name, gid]) => ({ name, gid, members: [] }));
  return { users, groups };
}

/** Adds what the content uses but no table has: daemon accounts and their groups, users' groups. */
function completeAccounts(a: Accounts, distro: Distro, spec: HostSpec): void {
  const rhel = distro.family === "rhel";
  const used = namesInUse(spec);
  const uids = new Set(a.users.map((u) => u.uid));
  for (const name of used.users) {
    if (a.users.some((u) => u.name === name)) continue;
    const uid = freeSystemId(name, uids, rhel);
    uids.add(uid);
    const home = name === "postgres" ? "/var/lib/postgresql" : `/var/lib/${name}`;
    a.users.push({ name, uid, gid: uid, gecos: "", home, shell: rhel ? "/sbin/nologin" : NOLOGIN, groups: [] });
  }
  const gids = new Set(a.groups.map((g) => g.gid));
  const ensureGroup = (name: string, gid?: number) => {
    if (a.groups.some((g) => g.name === name)) return;
    let id = gid ?? 1000;
    if (gid === undefined || gids.has(id)) for (id = Math.max(1000, id); gids.has(id);) id++;
    gids.add(id);
    a.groups.push({ name, gid: id, members: [] });
  };
  // A user's primary group carries the user's name and id, as useradd makes it.
  for (const u of a.users) if (!a.groups.some((g) => g.gid === u.gid)) ensureGroup(u.name, u.gid);
  for (const name of used.groups) ensureGroup(name);
  for (const u of a.users) {
    for (const name of u.groups) {
      ensureGroup(name);
      const g = a.groups.find((x) => x.name === name)!;
      if (!g.members.includes(u.name)) g.members.push(u.name);
    }
  }
  const adm = a.groups.find((g) => g.name === "adm");
  if (adm && distro.id === "ubuntu" && a.users.some((u) => u.name === "syslog") && !adm.members.includes("syslog"))
    adm.members.unshift("syslog");
}

export function deriveAccounts(distro: Distro, spec: HostSpec): Accounts {
  const passwd = spec.files.find((f) => f.path === "/etc/passwd");
  const group = spec.files.find((f) => f.path === "/etc/group");
  const a = accountsFromTables(distro, spec);
  if (passwd) a.users = parsePasswd(passwd.content);
  if (group) a.groups = parseGroup(group.content);
  if (!passwd || !group) completeAccounts(a, distro, spec);
  a.users.sort((x, y) => x.uid - y.uid);
  a.groups.sort((x, y) => x.gid - y.gid);
  return a;
}

/** "user:group" with the user's primary group, as files a user creates are owned. */
export function ownerFor(a: Accounts, user: string): string {
  const u = a.users.find((x) => x.name === user);
  const g = u && a.groups.find((x) => x.gid === u.gid);
  return `${user}:${g?.name ?? user}`;
}

export function passwdText(a: Accounts): string {
  return `${a.users.map((u) => `${u.name}:x:${u.uid}:${u.gid}:${u.gecos}:${u.home}:${u.shell}`).join("\n")}\n`;
}

export function groupText(a: Accounts): string {
  return `${a.groups.map((g) => `${g.name}:x:${g.gid}:${g.members.join(",")}`).join("\n")}\n`;
}

export function gshadowText(a: Accounts): string {
  return `${a.groups.map((g) => `${g.name}:*::${g.members.join(",")}`).join("\n")}\n`;
}

/**
 * /etc/shadow: yescrypt hashes for root and people, locked entries for system accounts. The
 * last change is a day before the clock's year began, as for accounts made at install.
 */
export function shadowText(a: Accounts, salt: () => string, lastChangeDay: number): string {
  const rows = a.users.map((u) =>
    (u.uid >= 1000 && u.uid < 60000) || u.name === "root"
      ? `${u.name}:$y$j9T$${salt()}$${salt()}${salt()}:${lastChangeDay}:0:99999:7:::`
      : `${u.name}:*:${lastChangeDay}:0:99999:7:::`,
  );
  return `${rows.join("\n")}\n`;
}

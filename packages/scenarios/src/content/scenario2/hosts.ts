import type { z } from "zod";
import type { HostSpecSchema } from "../../schema";
import { HOSTS, PEOPLE } from "./roster";
import { mulberry32 } from "../../seeded-random";

/**
 * The ordinary state of the seven Scenario 2 hosts: accounts, system and service configuration,
 * processes, sockets, services, cron, logins, journal and logs with benign background activity
 * from 2026-02-01 to 2026-05-15. Nothing here belongs to one narrative; narratives lay their
 * evidence over these hosts (content/scenario2/narratives/*).
 *
 * Log lines that no simulator noise format covers (BIND query log, Gitea, Nexus task and audit
 * logs, SIEM correlator alerts) are generated here with a seeded generator, so every build of
 * the content is byte-identical.
 */

type Host = z.input<typeof HostSpecSchema>;
type FileIn = NonNullable<Host["files"]>[number];
type LogIn = NonNullable<Host["logs"]>[number];
type LineIn = NonNullable<LogIn["lines"]>[number];
type UserIn = NonNullable<Host["users"]>[number];
type LoginIn = NonNullable<Host["logins"]>[number];
type JournalIn = NonNullable<Host["journal"]>[number];

// ---------------------------------------------------------------------------------------------
// Deterministic generation helpers
// ---------------------------------------------------------------------------------------------

const BG_FROM = Date.UTC(2026, 1, 1, 0, 0, 0);
const BG_TO = Date.UTC(2026, 4, 15, 23, 59, 59);
const DAY = 86_400_000;
const NOISE_FROM = "2026-02-01T00:00:00Z";
const NOISE_TO = "2026-05-15T23:59:59Z";

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const hex = (r: () => number, n: number) =>
  Array.from({ length: n }, () => "0123456789abcdef"[Math.floor(r() * 16)]).join("");
const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** A time in the background window; `office` biases it to weekday working hours (UTC). */
function randTime(r: () => number, office = true): number {
  for (;;) {
    const day = BG_FROM + Math.floor(r() * ((BG_TO - BG_FROM) / DAY)) * DAY;
    const dow = new Date(day).getUTCDay();
    if (office && (dow === 0 || dow === 6) && r() < 0.85) continue;
    const hour = office && r() < 0.85 ? 7 + Math.floor(r() * 11) : Math.floor(r() * 24);
    return day + hour * 3_600_000 + Math.floor(r() * 3600) * 1000;
  }
}

const isoSec = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
const MON = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** Traditional syslog timestamp, e.g. "Feb  6 16:20:58". */
function sysStamp(ms: number): string {
  const d = new Date(ms);
  return `${MON[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, " ")} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

function sortLines(lines: LineIn[]): LineIn[] {
  return lines.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
}

// ---------------------------------------------------------------------------------------------
// People, addresses and accounts
// ---------------------------------------------------------------------------------------------

const P = PEOPLE;
/** Staff workstations on the corporate VLAN (the simulated one is dev-ws-114). */
const STAFF_WS: Record<string, string> = {
  [P.admin.username]: "10.0.20.57",
  [P.aisha.username]: "10.0.20.66",
  [P.elena.username]: "10.0.20.83",
  [P.jordan.username]: "10.0.20.91",
  [P.priya.username]: HOSTS.workstation.ip,
  [P.marcus.username]: "10.0.20.121",
  [P.tomas.username]: "10.0.20.135",
};
const OTHER_WS = [
  "10.0.20.102",
  "10.0.20.107",
  "10.0.20.118",
  "10.0.20.126",
  "10.0.20.131",
  "10.0.20.144",
  "10.0.20.152",
  "10.0.20.163",
  "10.0.20.171",
  "10.0.20.178",
];
const JUMP_IP = HOSTS.jump.ip;
const SIEM_IP = HOSTS.siem.ip;

const UIDS: Record<string, number> = {
  [P.priya.username]: 2001,
  [P.marcus.username]: 2002,
  [P.elena.username]: 2003,
  [P.tomas.username]: 2004,
  [P.jordan.username]: 2005,
  [P.aisha.username]: 2006,
  [P.admin.username]: 2007,
};
const STAFF_GROUPS = { sysadmins: 3001, releng: 3002, secops: 3003, developers: 3004 } as const;
const byUser = Object.fromEntries(Object.values(P).map((p) => [p.username, p]));

function staff(username: string, groups: string[]): UserIn {
  const p = byUser[username]!;
  return {
    name: username,
    uid: UIDS[username]!,
    gid: UIDS[username]!,
    groups: [username, ...groups],
    home: `/home/${username}`,
    shell: "/bin/bash",
    gecos: `${p.name},,,,${p.email}`,
  };
}

const ROOT: UserIn = {
  name: "root",
  uid: 0,
  gid: 0,
  groups: ["root"],
  home: "/root",
  shell: "/bin/bash",
  gecos: "root",
};

const pwLine = (u: UserIn) =>
  `${u.name}:x:${u.uid}:${u.gid ?? u.uid}:${u.gecos ?? ""}:${u.home}:${u.shell ?? "/bin/bash"}`;

const UBUNTU_PASSWD = `root:x:0:0:root:/root:/bin/bash
daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin
bin:x:2:2:bin:/bin:/usr/sbin/nologin
sys:x:3:3:sys:/dev:/usr/sbin/nologin
sync:x:4:65534:sync:/bin:/bin/sync
games:x:5:60:games:/usr/games:/usr/sbin/nologin
man:x:6:12:man:/var/cache/man:/usr/sbin/nologin
lp:x:7:7:lp:/var/spool/lpd:/usr/sbin/nologin
mail:x:8:8:mail:/var/mail:/usr/sbin/nologin
news:x:9:9:news:/var/spool/news:/usr/sbin/nologin
uucp:x:10:10:uucp:/var/spool/uucp:/usr/sbin/nologin
proxy:x:13:13:proxy:/bin:/usr/sbin/nologin
www-data:x:33:33:www-data:/var/www:/usr/sbin/nologin
backup:x:34:34:backup:/var/backups:/usr/sbin/nologin
list:x:38:38:Mailing List Manager:/var/list:/usr/sbin/nologin
irc:x:39:39:ircd:/run/ircd:/usr/sbin/nologin
gnats:x:41:41:Gnats Bug-Reporting System (admin):/var/lib/gnats:/usr/sbin/nologin
nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin
_apt:x:100:65534::/nonexistent:/usr/sbin/nologin
systemd-network:x:101:102:systemd Network Management,,,:/run/systemd:/usr/sbin/nologin
systemd-resolve:x:102:103:systemd Resolver,,,:/run/systemd:/usr/sbin/nologin
messagebus:x:103:104::/nonexistent:/usr/sbin/nologin
systemd-timesync:x:104:105:systemd Time Synchronization,,,:/run/systemd:/usr/sbin/nologin
syslog:x:105:111::/home/syslog:/usr/sbin/nologin
uuidd:x:106:112::/run/uuidd:/usr/sbin/nologin
tcpdump:x:107:113::/nonexistent:/usr/sbin/nologin
sshd:x:108:65534::/run/sshd:/usr/sbin/nologin
_chrony:x:109:115:Chrony daemon,,,:/var/lib/chrony:/usr/sbin/nologin`;

const DEBIAN_PASSWD = `root:x:0:0:root:/root:/bin/bash
daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin
bin:x:2:2:bin:/bin:/usr/sbin/nologin
sys:x:3:3:sys:/dev:/usr/sbin/nologin
sync:x:4:65534:sync:/bin:/bin/sync
games:x:5:60:games:/usr/games:/usr/sbin/nologin
man:x:6:12:man:/var/cache/man:/usr/sbin/nologin
lp:x:7:7:lp:/var/spool/lpd:/usr/sbin/nologin
mail:x:8:8:mail:/var/mail:/usr/sbin/nologin
news:x:9:9:news:/var/spool/news:/usr/sbin/nologin
uucp:x:10:10:uucp:/var/spool/uucp:/usr/sbin/nologin
proxy:x:13:13:proxy:/bin:/usr/sbin/nologin
www-data:x:33:33:www-data:/var/www:/usr/sbin/nologin
backup:x:34:34:backup:/var/backups:/usr/sbin/nologin
list:x:38:38:Mailing List Manager:/var/list:/usr/sbin/nologin
irc:x:39:39:ircd:/run/ircd:/usr/sbin/nologin
_apt:x:42:65534::/nonexistent:/usr/sbin/nologin
nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin
systemd-network:x:998:998:systemd Network Management:/:/usr/sbin/nologin
systemd-timesync:x:997:997:systemd Time Synchronization:/:/usr/sbin/nologin
messagebus:x:100:107::/nonexistent:/usr/sbin/nologin
sshd:x:101:65534::/run/sshd:/usr/sbin/nologin
_chrony:x:102:109:Chrony daemon,,,:/var/lib/chrony:/usr/sbin/nologin`;

const ROCKY_PASSWD = `root:x:0:0:root:/root:/bin/bash
bin:x:1:1:bin:/bin:/sbin/nologin
daemon:x:2:2:daemon:/sbin:/sbin/nologin
adm:x:3:4:adm:/var/adm:/sbin/nologin
lp:x:4:7:lp:/var/spool/lpd:/sbin/nologin
sync:x:5:0:sync:/sbin:/bin/sync
shutdown:x:6:0:shutdown:/sbin:/sbin/shutdown
halt:x:7:0:halt:/sbin:/sbin/halt
mail:x:8:12:mail:/var/spool/mail:/sbin/nologin
operator:x:11:0:operator:/root:/sbin/nologin
games:x:12:100:games:/usr/games:/sbin/nologin
ftp:x:14:50:FTP User:/var/ftp:/sbin/nologin
nobody:x:65534:65534:Kernel Overflow User:/:/sbin/nologin
systemd-coredump:x:999:997:systemd Core Dumper:/:/sbin/nologin
dbus:x:81:81:System message bus:/:/sbin/nologin
tss:x:59:59:Account used for TPM access:/:/usr/sbin/nologin
sssd:x:998:996:User for sssd:/:/sbin/nologin
chrony:x:997:995:chrony system user:/var/lib/chrony:/sbin/nologin
sshd:x:74:74:Privilege-separated SSH:/usr/share/empty.sshd:/sbin/nologin`;

function passwd(base: string, extra: UserIn[]): string {
  return `${base}\n${extra.map(pwLine).join("\n")}\n`;
}

/** /etc/group: the distribution's groups (with members filled in) plus site groups. */
function groupFile(base: string, members: Record<string, string[]>, extra: string[]): string {
  const lines = base.split("\n").map((l) => {
    const name = l.split(":")[0]!;
    const add = members[name];
    if (!add) return l;
    const cur = l.split(":")[3] ?? "";
    return `${l.split(":").slice(0, 3).join(":")}:${[cur, ...add].filter(Boolean).join(",")}`;
  });
  return `${[...lines, ...extra].join("\n")}\n`;
}

const UBUNTU_GROUP = `root:x:0:
daemon:x:1:
bin:x:2:
sys:x:3:
adm:x:4:syslog
tty:x:5:
disk:x:6:
lp:x:7:
mail:x:8:
news:x:9:
uucp:x:10:
man:x:12:
proxy:x:13:
kmem:x:15:
dialout:x:20:
fax:x:21:
voice:x:22:
cdrom:x:24:
floppy:x:25:
tape:x:26:
sudo:x:27:
audio:x:29:
dip:x:30:
www-data:x:33:
backup:x:34:
operator:x:37:
list:x:38:
irc:x:39:
src:x:40:
gnats:x:41:
shadow:x:42:
utmp:x:43:
video:x:44:
sasl:x:45:
plugdev:x:46:
staff:x:50:
games:x:60:
users:x:100:
nogroup:x:65534:
systemd-journal:x:101:
systemd-network:x:102:
systemd-resolve:x:103:
messagebus:x:104:
systemd-timesync:x:105:
input:x:106:
sgx:x:107:
kvm:x:108:
render:x:109:
crontab:x:110:
syslog:x:111:
uuidd:x:112:
tcpdump:x:113:
ssl-cert:x:114:
_chrony:x:115:`;

const DEBIAN_GROUP = `root:x:0:
daemon:x:1:
bin:x:2:
sys:x:3:
adm:x:4:
tty:x:5:
disk:x:6:
lp:x:7:
mail:x:8:
news:x:9:
uucp:x:10:
man:x:12:
proxy:x:13:
kmem:x:15:
dialout:x:20:
fax:x:21:
voice:x:22:
cdrom:x:24:
floppy:x:25:
tape:x:26:
sudo:x:27:
audio:x:29:
dip:x:30:
www-data:x:33:
backup:x:34:
operator:x:37:
list:x:38:
irc:x:39:
src:x:40:
shadow:x:42:
utmp:x:43:
video:x:44:
sasl:x:45:
plugdev:x:46:
staff:x:50:
games:x:60:
users:x:100:
nogroup:x:65534:
systemd-journal:x:999:
systemd-network:x:998:
systemd-timesync:x:997:
input:x:996:
sgx:x:995:
kvm:x:994:
render:x:993:
crontab:x:101:
messagebus:x:107:
ssh:x:108:
_chrony:x:109:`;

const ROCKY_GROUP = `root:x:0:
bin:x:1:
daemon:x:2:
sys:x:3:
adm:x:4:
tty:x:5:
disk:x:6:
lp:x:7:
mem:x:8:
kmem:x:9:
wheel:x:10:
cdrom:x:11:
mail:x:12:
man:x:15:
dialout:x:18:
floppy:x:19:
games:x:20:
tape:x:33:
video:x:39:
ftp:x:50:
lock:x:54:
audio:x:63:
users:x:100:
nobody:x:65534:
systemd-journal:x:190:
systemd-coredump:x:997:
dbus:x:81:
tss:x:59:
ssh_keys:x:101:
sssd:x:996:
chrony:x:995:
sshd:x:74:`;

const siteGroups = (members: Partial<Record<keyof typeof STAFF_GROUPS, string[]>>) =>
  (Object.keys(STAFF_GROUPS) as (keyof typeof STAFF_GROUPS)[])
    .filter((g) => members[g])
    .map((g) => `${g}:x:${STAFF_GROUPS[g]}:${members[g]!.join(",")}`);
const userGroups = (users: UserIn[]) => users.filter((u) => u.uid >= 2000).map((u) => `${u.name}:x:${u.gid}:`);

// ---------------------------------------------------------------------------------------------
// Files common to every host
// ---------------------------------------------------------------------------------------------

const OS_RELEASE = {
  ubuntu: `PRETTY_NAME="Ubuntu 22.04.4 LTS"
NAME="Ubuntu"
VERSION_ID="22.04"
VERSION="22.04.4 LTS (Jammy Jellyfish)"
VERSION_CODENAME=jammy
ID=ubuntu
ID_LIKE=debian
HOME_URL="https://www.ubuntu.com/"
SUPPORT_URL="https://help.ubuntu.com/"
BUG_REPORT_URL="https://bugs.launchpad.net/ubuntu/"
PRIVACY_POLICY_URL="https://www.ubuntu.com/legal/terms-and-policies/privacy-policy"
UBUNTU_CODENAME=jammy
`,
  debian: `PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"
NAME="Debian GNU/Linux"
VERSION_ID="12"
VERSION="12 (bookworm)"
VERSION_CODENAME=bookworm
ID=debian
HOME_URL="https://www.debian.org/"
SUPPORT_URL="https://www.debian.org/support"
BUG_REPORT_URL="https://bugs.debian.org/"
`,
  rocky: `NAME="Rocky Linux"
VERSION="9.4 (Blue Onyx)"
ID="rocky"
ID_LIKE="rhel centos fedora"
VERSION_ID="9.4"
PLATFORM_ID="platform:el9"
PRETTY_NAME="Rocky Linux 9.4 (Blue Onyx)"
ANSI_COLOR="0;32"
LOGO="fedora-logo-icon"
CPE_NAME="cpe:/o:rocky:rocky:9::baseos"
HOME_URL="https://rockylinux.org/"
BUG_REPORT_URL="https://bugs.rockylinux.org/"
SUPPORT_END="2032-05-31"
ROCKY_SUPPORT_PRODUCT="Rocky-Linux-9"
ROCKY_SUPPORT_PRODUCT_VERSION="9.4"
REDHAT_SUPPORT_PRODUCT="Rocky Linux"
REDHAT_SUPPORT_PRODUCT_VERSION="9.4"
`,
} as const;

const RESOLV_CONF = `# Managed by Ansible (role: base-dns). Do not edit by hand.
# Resolver: dc01 (Samba AD DC + BIND 9.18).
search kestrel.internal
nameserver ${HOSTS.dc.ip}
options edns0 trust-ad timeout:2 attempts:2
`;

function etcHosts(hostname: string, ip: string, family: "debian" | "rocky"): string {
  if (family === "rocky") {
    return `127.0.0.1   localhost localhost.localdomain localhost4 localhost4.localdomain4
::1         localhost localhost.localdomain localhost6 localhost6.localdomain6
${ip}  ${hostname}.kestrel.internal ${hostname}
`;
  }
  return `127.0.0.1\tlocalhost
${ip}\t${hostname}.kestrel.internal\t${hostname}

# The following lines are desirable for IPv6 capable hosts
::1     ip6-localhost ip6-loopback
fe00::0 ip6-localnet
ff00::0 ip6-mcastprefix
ff02::1 ip6-allnodes
ff02::2 ip6-allrouters
`;
}

/** The hardened OpenSSH baseline (CIS level 1 derived), per host. */
function sshdConfig(opts: { allowGroups: string; sftp: string; jump?: boolean; include?: boolean }): string {
  return `# /etc/ssh/sshd_config — Kestrel Freight Systems hardened baseline (Ansible role: base-ssh, v3.2)
# Changes go through the infra repository; local edits are overwritten on the next run.
${opts.include ? "Include /etc/ssh/sshd_config.d/*.conf\n" : ""}
Port 22
AddressFamily inet
ListenAddress 0.0.0.0

HostKey /etc/ssh/ssh_host_ed25519_key
HostKey /etc/ssh/ssh_host_rsa_key

KexAlgorithms sntrup761x25519-sha512@openssh.com,curve25519-sha256,curve25519-sha256@libssh.org
Ciphers chacha20-poly1305@openssh.com,aes256-gcm@openssh.com,aes128-gcm@openssh.com
MACs hmac-sha2-512-etm@openssh.com,hmac-sha2-256-etm@openssh.com

SyslogFacility AUTH
LogLevel VERBOSE

LoginGraceTime 30
PermitRootLogin no
StrictModes yes
MaxAuthTries 3
MaxSessions 4
MaxStartups 10:30:60

PubkeyAuthentication yes
AuthorizedKeysFile .ssh/authorized_keys
HostbasedAuthentication no
IgnoreRhosts yes
PasswordAuthentication no
PermitEmptyPasswords no
${opts.jump ? "KbdInteractiveAuthentication yes\nAuthenticationMethods publickey,keyboard-interactive:pam" : "KbdInteractiveAuthentication no\nAuthenticationMethods publickey"}
UsePAM yes

AllowGroups ${opts.allowGroups}
AllowAgentForwarding no
AllowTcpForwarding ${opts.jump ? "local" : "no"}
GatewayPorts no
X11Forwarding no
PermitTunnel no
PermitUserEnvironment no
PrintMotd no
PrintLastLog yes
TCPKeepAlive no
ClientAliveInterval 300
ClientAliveCountMax 2
UseDNS no
Banner /etc/issue.net

AcceptEnv LANG LC_*
Subsystem sftp ${opts.sftp}
`;
}

const ISSUE_NET = `Authorised access only. Activity on this system is logged and monitored
by Kestrel Freight Systems Security Operations (secops@kestrelfreight.com).
`;

/** rsyslog client: forward everything to siem-01, plus application logs read with imfile. */
function rsyslogForward(hostname: string, files: { path: string; tag: string }[]): string {
  const inputs = files
    .map(
      (f) =>
        `input(type="imfile" File="${f.path}" Tag="${f.tag}" Facility="local6" Severity="info" freshStartTail="on")`,
    )
    .join("\n");
  return `# /etc/rsyslog.d/90-forward-siem.conf — ${hostname}
# Managed by Ansible (role: siem-client). Everything goes to siem-01 (${SIEM_IP}) over TCP with a
# disk-assisted queue; application logs are read with imfile and tagged so siem-01 files them
# under /var/log/remote/${hostname}/<tag>.log.
${files.length ? `module(load="imfile" PollingInterval="10")\n${inputs}\n` : ""}
*.* action(type="omfwd" target="${SIEM_IP}" port="514" protocol="tcp"
           template="RSYSLOG_SyslogProtocol23Format"
           queue.type="LinkedList" queue.filename="fwd_siem" queue.maxDiskSpace="1g"
           queue.saveOnShutdown="on" action.resumeRetryCount="-1")
`;
}

const SUDOERS_ADMINS = `# /etc/sudoers.d/90-kestrel — managed by Ansible (role: base-access)
Defaults    logfile="/var/log/sudo.log", log_input, log_output
Defaults    timestamp_timeout=5
%sysadmins  ALL=(ALL:ALL) ALL
`;

const CHRONY = `# Managed by Ansible (role: base-time)
server ${HOSTS.dc.ip} iburst
driftfile /var/lib/chrony/chrony.drift
makestep 1.0 3
rtcsync
leapsectz right/UTC
logdir /var/log/chrony
`;

function commonFiles(
  h: { hostname: string; ip: string },
  family: "ubuntu" | "debian" | "rocky",
  sshd: string,
  users: UserIn[],
  passwdBase: string,
  group: string,
): FileIn[] {
  const fam = family === "rocky" ? "rocky" : "debian";
  return [
    { path: "/etc/hostname", content: `${h.hostname}\n` },
    { path: "/etc/hosts", content: etcHosts(h.hostname, h.ip, fam) },
    { path: "/etc/os-release", content: OS_RELEASE[family] },
    { path: "/etc/resolv.conf", content: RESOLV_CONF },
    { path: "/etc/ssh/sshd_config", content: sshd, mode: "0600" },
    { path: "/etc/issue.net", content: ISSUE_NET },
    {
      path: "/etc/passwd",
      content: passwd(
        passwdBase,
        users.filter((u) => u.name !== "root"),
      ),
    },
    { path: "/etc/group", content: group },
    { path: family === "rocky" ? "/etc/chrony.conf" : "/etc/chrony/chrony.conf", content: CHRONY },
  ];
}

// ---------------------------------------------------------------------------------------------
// Generated background logs
// ---------------------------------------------------------------------------------------------

/** BIND 9.18 query log (print-time iso8601-utc, print-category, print-severity). */
function namedQueries(count: number): LineIn[] {
  const r = mulberry32(0x5eed_d001);
  const internal = ["git.kestrel.internal", "ci.kestrel.internal", "nexus.kestrel.internal", "dc01.kestrel.internal"];
  const officeDomains = [
    ...internal,
    "login.microsoftonline.com",
    "outlook.office365.com",
    "teams.microsoft.com",
    "graph.microsoft.com",
    "www.google.com",
    "github.com",
    "api.github.com",
    "objects.githubusercontent.com",
    "update.code.visualstudio.com",
    "marketplace.visualstudio.com",
    "stackoverflow.com",
    "developer.mozilla.org",
    "nodejs.org",
    "www.npmjs.com",
    "docs.npmjs.com",
    "hub.docker.com",
    "track.kestrelfreight.com",
    "intranet.kestrel.internal",
    "hr.kestrelfreight.com",
    "connectivity-check.ubuntu.com",
    "api.snapcraft.io",
    "security.ubuntu.com",
    "ntp.ubuntu.com",
  ];
  const clients: { ip: string; weight: number; names: string[] }[] = [
    ...Object.values(STAFF_WS).map((ip) => ({ ip, weight: 6, names: officeDomains })),
    ...OTHER_WS.map((ip) => ({ ip, weight: 3, names: officeDomains })),
    {
      ip: HOSTS.ci.ip,
      weight: 8,
      names: [
        "git.kestrel.internal",
        "nexus.kestrel.internal",
        "updates.jenkins.io",
        "get.jenkins.io",
        "stg-docker-01.kestrel.internal",
        "archive.ubuntu.com",
        "security.ubuntu.com",
        "dc01.kestrel.internal",
        "mail-relay-01.kestrel.internal",
      ],
    },
    {
      ip: HOSTS.artifacts.ip,
      weight: 10,
      names: [
        "registry.npmjs.org",
        "repo1.maven.org",
        "pypi.org",
        "files.pythonhosted.org",
        "registry-1.docker.io",
        "auth.docker.io",
        "production.cloudflare.docker.com",
        "security.ubuntu.com",
        "archive.ubuntu.com",
      ],
    },
    {
      ip: HOSTS.git.ip,
      weight: 4,
      names: [
        "ci.kestrel.internal",
        "dc01.kestrel.internal",
        "mail-relay-01.kestrel.internal",
        "archive.ubuntu.com",
        "security.ubuntu.com",
      ],
    },
    {
      ip: JUMP_IP,
      weight: 3,
      names: [
        "ci-01.kestrel.internal",
        "artifacts-01.kestrel.internal",
        "git-01.kestrel.internal",
        "siem-01.kestrel.internal",
        "dc01.kestrel.internal",
        "deb.debian.org",
        "security.debian.org",
      ],
    },
    {
      ip: SIEM_IP,
      weight: 3,
      names: [
        "dl.rockylinux.org",
        "mirrors.rockylinux.org",
        "urlhaus.abuse.ch",
        "feodotracker.abuse.ch",
        "dc01.kestrel.internal",
      ],
    },
    { ip: "10.0.10.20", weight: 2, names: ["git.kestrel.internal", "dc01.kestrel.internal", "ocsp.sectigo.com"] },
    {
      ip: "10.0.10.25",
      weight: 2,
      names: ["outlook.office365.com", "kestrelfreight-com.mail.protection.outlook.com", "dc01.kestrel.internal"],
    },
  ];
  const total = clients.reduce((s, c) => s + c.weight, 0);
  const lines: LineIn[] = [];
  for (let i = 0; i < count; i++) {
    let x = r() * total;
    const c = clients.find((k) => (x -= k.weight) < 0) ?? clients[0]!;
    const t = randTime(r, c.ip.startsWith("10.0.20.") && r() < 0.9);
    const srv = c.ip.startsWith("10.0.20.") && r() < 0.06;
    const name = srv ? "_ldap._tcp.dc._msdcs.kestrel.internal" : pick(r, c.names);
    const type = srv ? "SRV" : r() < 0.22 ? "AAAA" : "A";
    const ms = pad(Math.floor(r() * 1000), 3);
    lines.push({
      time: isoSec(t),
      text: `${isoSec(t).replace("Z", `.${ms}Z`)} queries: info: client @0x7f${hex(r, 10)} ${c.ip}#${1024 + Math.floor(r() * 64000)} (${name}): query: ${name} IN ${type} +E(0)K (${HOSTS.dc.ip})`,
    });
  }
  return sortLines(lines);
}

const GITEA_REPOS = [
  "dispatch-api",
  "helm-charts",
  "platform-docs",
  "kestrel-ui-kit",
  "ansible-playbooks",
  "platform-images",
];

/**
 * Gitea 1.21 router log. Gitea logs to the console under systemd, so its lines reach the journal
 * and /var/log/syslog (and siem-01) with a syslog header; client addresses are real thanks to
 * REVERSE_PROXY_TRUSTED_PROXIES.
 */
function giteaLog(count: number): LineIn[] {
  const r = mulberry32(0x5eed_d002);
  const ws = [...Object.values(STAFF_WS), ...OTHER_WS];
  const lines: LineIn[] = [];
  for (let i = 0; i < count; i++) {
    const t = randTime(r);
    const d = new Date(t);
    const stamp = `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
    const repo = pick(r, GITEA_REPOS);
    const ms = (2 + r() * 80).toFixed(1);
    const kind = r();
    let route: string;
    if (kind < 0.3)
      route = `GET /kestrel/${repo} for ${pick(r, ws)}:0, 200 OK in ${ms}ms @ repo/view.go:1043(repo.Home)`;
    else if (kind < 0.5)
      route = `GET /kestrel/${repo}/pulls/${10 + Math.floor(r() * 90)} for ${pick(r, ws)}:0, 200 OK in ${ms}ms @ repo/issue.go:1257(repo.ViewIssue)`;
    else if (kind < 0.62)
      route = `GET /kestrel/${repo}/pulls/${10 + Math.floor(r() * 90)}/files for ${pick(r, ws)}:0, 200 OK in ${ms}ms @ repo/pull.go:760(repo.ViewPullFiles)`;
    else if (kind < 0.72)
      route = `GET /kestrel/${repo}/commits/branch/main for ${pick(r, ws)}:0, 200 OK in ${ms}ms @ repo/commit.go:67(repo.Commits)`;
    else if (kind < 0.9)
      route = `POST /api/v1/repos/kestrel/${repo}/statuses/${hex(r, 40)} for ${HOSTS.ci.ip}:0, 201 Created in ${ms}ms @ repo/status.go:24(repo.NewCommitStatus)`;
    else if (kind < 0.96)
      route = `GET /user/login for ${pick(r, ws)}:0, 200 OK in ${ms}ms @ auth/auth.go:162(auth.SignIn)`;
    else route = `GET /api/healthz for 127.0.0.1:0, 200 OK in 0.9ms @ healthcheck/check.go:67(healthcheck.Check)`;
    lines.push({
      time: isoSec(t),
      text: `${sysStamp(t)} git-01 gitea[944]: ${stamp} ...eb/routing/logger.go:102:func1() [I] router: completed ${route}`,
    });
  }
  return sortLines(lines);
}

const nexusStamp = (t: number, ms: number) => `${isoSec(t).replace("T", " ").replace("Z", "")},${pad(ms, 3)}+0000`;

/** Nexus 3 nexus.log: scheduled tasks and the occasional proxy hiccup. */
function nexusLog(): LineIn[] {
  const r = mulberry32(0x5eed_d003);
  const lines: LineIn[] = [];
  const task = (t: number, thread: string, name: string, id: string, dur: number) => {
    lines.push({
      time: isoSec(t),
      text: `${nexusStamp(t, Math.floor(r() * 1000))} INFO  [${thread}] *SYSTEM org.sonatype.nexus.quartz.internal.task.QuartzTaskInfo - Task '${name}' [${id}] state change WAITING -> RUNNING`,
    });
    const e = t + dur * 1000;
    lines.push({
      time: isoSec(e),
      text: `${nexusStamp(e, Math.floor(r() * 1000))} INFO  [${thread}] *SYSTEM org.sonatype.nexus.quartz.internal.task.QuartzTaskInfo - Task '${name}' [${id}] state change RUNNING -> WAITING (OK)`,
    });
  };
  for (let day = BG_FROM; day <= BG_TO; day += DAY) {
    const th = `quartz-${7 + Math.floor(r() * 6)}-thread-${1 + Math.floor(r() * 20)}`;
    task(day + 1 * 3_600_000, th, "Cleanup service", "repository.cleanup", 4 + Math.floor(r() * 40));
    task(day + 3 * 3_600_000, th, "Admin - Export databases for backup", "db.backup", 20 + Math.floor(r() * 60));
    if (new Date(day).getUTCDay() === 0)
      task(day + 2 * 3_600_000, th, "Compact blob store default", "blobstore.compact", 60 + Math.floor(r() * 500));
    if (r() < 0.06) {
      const t = day + Math.floor(r() * DAY);
      const repo = pick(r, ["npmjs-proxy", "maven-central", "pypi-proxy", "docker-hub-proxy"]);
      lines.push({
        time: isoSec(t),
        text: `${nexusStamp(t, Math.floor(r() * 1000))} WARN  [qtp1514320389-${100 + Math.floor(r() * 400)}] *UNKNOWN org.sonatype.nexus.repository.httpclient.internal.HttpClientFacetImpl - Repository status for ${repo} changed from AVAILABLE to AUTO_BLOCKED_UNAVAILABLE - reason Connect to remote timed out for ${repo}`,
      });
      const t2 = t + (40 + Math.floor(r() * 200)) * 1000;
      lines.push({
        time: isoSec(t2),
        text: `${nexusStamp(t2, Math.floor(r() * 1000))} INFO  [Check Status ${repo}] *SYSTEM org.sonatype.nexus.repository.httpclient.internal.HttpClientFacetImpl - Repository status for ${repo} changed from AUTO_BLOCKED_UNAVAILABLE to AVAILABLE`,
      });
    }
  }
  return sortLines(lines);
}

const NEXUS_NODE_ID = "5E9C1A4B-7D3F41A2-8B6C0E19-2F4D7A63-C81B9E05";

/** Nexus 3 audit log (JSON lines): internal releases and image pushes from Jenkins (svc-deploy). */
function nexusAudit(count: number): LineIn[] {
  const r = mulberry32(0x5eed_d004);
  const pkgs = [
    { group: "kestrel", name: "geo-utils", major: "1.8" },
    { group: "kestrel", name: "logger", major: "3.2" },
    { group: "kestrel", name: "api-contracts", major: "4.11" },
    { group: "kestrel", name: "eslint-config", major: "2.0" },
    { group: "kestrel", name: "ui-kit", major: "0.19" },
  ];
  const images = [
    "platform-images/node20-build",
    "platform-images/node20-runtime",
    "dispatch-api",
    "kestrel-ui-kit/storybook",
  ];
  const lines: LineIn[] = [];
  const patch: Record<string, number> = {};
  for (let i = 0; i < count; i++) {
    const t = randTime(r);
    const ms = Math.floor(r() * 1000);
    if (r() < 0.6) {
      const p = pick(r, pkgs);
      const key = p.name;
      patch[key] = (patch[key] ?? Math.floor(r() * 4)) + 1;
      const version = `${p.major}.${patch[key]}`;
      lines.push({
        time: isoSec(t),
        text: JSON.stringify({
          timestamp: nexusStamp(t, ms),
          nodeId: NEXUS_NODE_ID,
          initiator: `svc-deploy/${HOSTS.ci.ip}`,
          domain: "repository.component",
          type: "created",
          context: `@${p.group}/${p.name}`,
          attributes: { "repository.name": "npm-internal", format: "npm", name: p.name, group: p.group, version },
        }),
      });
    } else {
      const img = pick(r, images);
      lines.push({
        time: isoSec(t),
        text: JSON.stringify({
          timestamp: nexusStamp(t, ms),
          nodeId: NEXUS_NODE_ID,
          initiator: `svc-deploy/${HOSTS.ci.ip}`,
          domain: "repository.asset",
          type: "created",
          context: `v2/${img}/manifests/sha256:${hex(r, 64)}`,
          attributes: {
            "repository.name": "docker-hosted",
            format: "docker",
            name: `v2/${img}/manifests/sha256:${hex(r, 64).slice(0, 12)}`,
          },
        }),
      });
    }
  }
  return sortLines(lines);
}

/** Correlated SIEM alerts (kestrel-correlator), JSON lines: the usual low-grade noise. */
function siemAlerts(): LineIn[] {
  const r = mulberry32(0x5eed_d005);
  const lines: LineIn[] = [];
  const push = (t: number, a: Record<string, unknown>) => {
    const id = `KFS-${isoSec(t).slice(2, 10).replace(/-/g, "")}-${hex(r, 4).toUpperCase()}`;
    lines.push({ time: isoSec(t), text: JSON.stringify({ "@timestamp": isoSec(t), alert_id: id, ...a }) });
  };
  for (let i = 0; i < 38; i++) {
    const t = randTime(r, false);
    push(t, {
      rule_id: "KFS-FW-010",
      rule: "Inbound scan blocked at edge",
      severity: "low",
      host: "edge-fw01",
      src_ip: `203.0.113.${2 + Math.floor(r() * 250)}`,
      dst_ip: "198.51.100.6",
      dst_port: pick(r, [22, 23, 445, 3389, 8080, 8443, 5900]),
      count: 40 + Math.floor(r() * 900),
      source: "edge-fw01:syslog",
      status: "closed",
      disposition: "benign",
    });
  }
  const admins = [P.admin.username, P.elena.username, P.jordan.username, P.aisha.username];
  const servers = [
    HOSTS.ci.hostname,
    HOSTS.artifacts.hostname,
    HOSTS.git.hostname,
    HOSTS.dc.hostname,
    HOSTS.siem.hostname,
  ];
  for (let i = 0; i < 16; i++) {
    const day = BG_FROM + Math.floor(r() * ((BG_TO - BG_FROM) / DAY)) * DAY;
    const t = day + (20 + Math.floor(r() * 6)) * 3_600_000 + Math.floor(r() * 3_600_000);
    push(t, {
      rule_id: "KFS-AUTH-005",
      rule: "Interactive admin login outside business hours",
      severity: "medium",
      host: pick(r, servers),
      user: pick(r, admins),
      src_ip: JUMP_IP,
      source: "remote auth.log",
      status: "closed",
      disposition: "expected: change window",
    });
  }
  for (let i = 0; i < 9; i++) {
    const t = randTime(r);
    const u = pick(r, Object.keys(STAFF_WS));
    push(t, {
      rule_id: "KFS-AUTH-002",
      rule: "Repeated SSH authentication failures",
      severity: "low",
      host: HOSTS.jump.hostname,
      user: u,
      src_ip: STAFF_WS[u],
      count: 3 + Math.floor(r() * 4),
      source: "jump-01:/var/log/auth.log",
      status: "closed",
      disposition: "benign: MFA prompt timeout",
    });
  }
  const nrd = [
    "status.maersk-line-tracking.com",
    "cdn.segment-eu.io",
    "app.fleetpulse-analytics.com",
    "assets.kfs-marketing-events.com",
  ];
  for (let i = 0; i < 7; i++) {
    const t = randTime(r);
    const c = pick(r, OTHER_WS);
    push(t, {
      rule_id: "KFS-DNS-004",
      rule: "DNS query to newly observed domain",
      severity: "low",
      host: c,
      src_ip: c,
      dst: pick(r, nrd),
      source: "dc01:/var/log/named/queries.log",
      status: "closed",
      disposition: "benign: SaaS vendor",
    });
  }
  for (let i = 0; i < 5; i++) {
    const t = randTime(r);
    const c = pick(r, [STAFF_WS[P.marcus.username]!, "10.0.20.144", "10.0.20.118"]);
    push(t, {
      rule_id: "KFS-DNS-007",
      rule: "High-entropy DNS labels",
      severity: "medium",
      host: c,
      src_ip: c,
      dst: `d${hex(r, 12)}.cloudfront.net`,
      count: 4 + Math.floor(r() * 10),
      source: "dc01:/var/log/named/queries.log",
      status: "closed",
      disposition: "benign: CDN hostname",
    });
  }
  const newPkgs = ["@types/node@22.13.", "typescript@5.8.", "eslint@9.2", "@aws-sdk/client-s3@3.75"];
  for (let i = 0; i < 8; i++) {
    const t = randTime(r);
    push(t, {
      rule_id: "KFS-NEXUS-003",
      rule: "Proxy served a component first published less than 72h ago",
      severity: "low",
      host: HOSTS.artifacts.hostname,
      component: `${pick(r, newPkgs)}${Math.floor(r() * 9)}`,
      repository: "npmjs-proxy",
      src_ip: pick(r, [HOSTS.ci.ip, ...Object.values(STAFF_WS)]),
      source: "artifacts-01:request.log",
      status: "closed",
      disposition: "benign: upstream maintainer release",
    });
  }
  for (let i = 0; i < 4; i++) {
    const t = randTime(r);
    push(t, {
      rule_id: "KFS-NET-011",
      rule: "Dev VLAN egress to non-allowlisted destination",
      severity: "high",
      host: HOSTS.artifacts.hostname,
      src_ip: HOSTS.artifacts.ip,
      dst_ip: `203.0.113.${2 + Math.floor(r() * 250)}`,
      dst_port: 443,
      sni: "repo.maven.apache.org",
      bytes_out: 900 + Math.floor(r() * 4000),
      source: "edge-fw01:syslog",
      status: "closed",
      disposition: "benign: Maven Central CDN address rotated, allowlist updated",
    });
  }
  return sortLines(lines);
}

/** Interactive SSH sessions of admins, spread over the background window. */
function sessions(seed: number, users: string[], from: (u: string) => string, count: number, ttyBase = 0): LoginIn[] {
  const r = mulberry32(seed);
  const out: LoginIn[] = [];
  for (let i = 0; i < count; i++) {
    const t = randTime(r);
    const u = pick(r, users);
    out.push({
      user: u,
      tty: `pts/${ttyBase + Math.floor(r() * 3)}`,
      from: from(u),
      start: isoSec(t),
      end: isoSec(t + (4 + Math.floor(r() * 80)) * 60_000),
    });
  }
  return out.sort((a, b) => (a.start < b.start ? -1 : 1));
}

function journalDaily(seed: number, unit: string, identifier: string, messages: string[], perDay: number): JournalIn[] {
  const r = mulberry32(seed);
  const out: JournalIn[] = [];
  for (let day = BG_FROM; day <= BG_TO; day += DAY) {
    for (let k = 0; k < perDay; k++) {
      const t = day + Math.floor(r() * DAY);
      out.push({
        time: isoSec(t),
        unit,
        identifier,
        message: pick(r, messages).replace("{ms}", (800 + Math.floor(r() * 4000)).toLocaleString("en-US")),
      });
    }
  }
  return out.sort((a, b) => (a.time < b.time ? -1 : 1));
}

function bootJournal(time: string, services: { unit: string; desc: string }[]): JournalIn[] {
  const t0 = Date.parse(time);
  return [
    { time: isoSec(t0), unit: "systemd", identifier: "systemd[1]", message: "Reached target Multi-User System." },
    ...services.map((s, i) => ({
      time: isoSec(t0 - (services.length - i) * 1000),
      unit: s.unit,
      identifier: "systemd[1]",
      message: `Started ${s.desc}.`,
    })),
  ];
}

const QUERIES = namedQueries(3200);
const GITEA_LINES = giteaLog(900);

function baseLogs(family: "ubuntu" | "debian" | "rocky", authCount: number, syslogCount: number): LogIn[] {
  const auth = family === "rocky" ? "/var/log/secure" : "/var/log/auth.log";
  const sys = family === "rocky" ? "/var/log/messages" : "/var/log/syslog";
  const owner = family === "rocky" ? undefined : "syslog:adm";
  return [
    { path: auth, format: "auth", owner, mode: "0640", noise: { count: authCount, from: NOISE_FROM, to: NOISE_TO } },
    { path: sys, format: "syslog", owner, mode: "0640", noise: { count: syslogCount, from: NOISE_FROM, to: NOISE_TO } },
  ];
}

// ---------------------------------------------------------------------------------------------
// Keys and secrets at rest (fictional)
// ---------------------------------------------------------------------------------------------

const KEYS = {
  praman: "AAAAC3NzaC1lZDI1NTE5AAAAICndw1lfaXYs6AJ/a+DIvCkUv3A2ie8jCK4IQC7yJVmk",
  swhitfield: "AAAAC3NzaC1lZDI1NTE5AAAAIH90qCQNKDc7LHDjMEvIuAgAc2lMh7hBJyBi9ZKGteKa",
  epetrova: "AAAAC3NzaC1lZDI1NTE5AAAAILVBtI3xQ5TiN5eBFxUD0pcMiBMFt0kjmfSCrDqNtBFB",
  aokafor: "AAAAC3NzaC1lZDI1NTE5AAAAIGDRmmKxXnFELS39jCXXRzk2b+m2dC3rINwn4lBXBzcc",
  jblake: "AAAAC3NzaC1lZDI1NTE5AAAAIMO3E0Y6sVM72IrfszWxsFM2lmB3XIPo6hfNw4BMWOOm",
  jenkins: "AAAAC3NzaC1lZDI1NTE5AAAAIDlSMl+/iSqUv3nKmXBVZar1GVRh69kx36DXWekC+oMv",
  gitHost: "AAAAC3NzaC1lZDI1NTE5AAAAIGjh45Jp2SAlgpH3N/L6GBSqAfFRiZ1FPTXuH+8/c0Jz",
} as const;

const authorizedKeys = (user: keyof typeof KEYS, comment: string) => `ssh-ed25519 ${KEYS[user]} ${comment}\n`;

// ---------------------------------------------------------------------------------------------
// Developer Workstation — dev-ws-114 (Priya Raman)
// ---------------------------------------------------------------------------------------------

const WS = HOSTS.workstation;
const wsUsers: UserIn[] = [ROOT, staff(P.priya.username, ["adm", "sudo", "plugdev", "docker", "developers"])];

const DISPATCH_PKG = `{
  "name": "dispatch-api",
  "version": "2.7.3",
  "private": true,
  "description": "Dispatch API: assigns loads to carriers and drivers",
  "main": "src/server.js",
  "engines": {
    "node": ">=20.11"
  },
  "scripts": {
    "start": "node src/server.js",
    "dev": "node --watch src/server.js",
    "test": "node --test test/",
    "lint": "eslint src test"
  },
  "dependencies": {
    "@kestrel/logger": "^3.2.4",
    "dotenv": "^16.4.5",
    "undici": "^6.21.0",
    "zod": "^3.23.8"
  }
}
`;

const DISPATCH_LOCK = `{
  "name": "dispatch-api",
  "version": "2.7.3",
  "lockfileVersion": 3,
  "requires": true,
  "packages": {
    "": {
      "name": "dispatch-api",
      "version": "2.7.3",
      "dependencies": {
        "@kestrel/logger": "^3.2.4",
        "dotenv": "^16.4.5",
        "undici": "^6.21.0",
        "zod": "^3.23.8"
      },
      "engines": {
        "node": ">=20.11"
      }
    },
    "node_modules/@kestrel/logger": {
      "version": "3.2.4",
      "resolved": "http://10.0.30.13:8081/repository/npm-internal/@kestrel/logger/-/logger-3.2.4.tgz",
      "integrity": "sha512-6eUEDrEW9XnDLhWkXwCmQd1TSlLVPqPrK7tEIkzi3odwYF1ZjLu6XEwrIxt0CIV7f8dWwmEYgxfU98YNSRnLqA==",
      "license": "UNLICENSED"
    },
    "node_modules/dotenv": {
      "version": "16.4.7",
      "resolved": "http://10.0.30.13:8081/repository/npm-all/dotenv/-/dotenv-16.4.7.tgz",
      "integrity": "sha512-47qPchRCykZC03FhkYAhrvwU4xDBFIj1QPqaarj6mdM/hgUzfPHcpkHJOn3mJAufFeeAxAzeGsr5X0M4k6fLZQ==",
      "license": "BSD-2-Clause",
      "engines": {
        "node": ">=12"
      },
      "funding": {
        "url": "https://dotenvx.com"
      }
    },
    "node_modules/undici": {
      "version": "6.21.0",
      "resolved": "http://10.0.30.13:8081/repository/npm-all/undici/-/undici-6.21.0.tgz",
      "integrity": "sha512-BUgJXc752Kou3oOIuU1i+yZZypyZRqNPW0vqoMPl8VaoalSfeR0D8/t4iAS3yirs79SSMTxTag+ZC86uswv+Cw==",
      "license": "MIT",
      "engines": {
        "node": ">=18.17"
      }
    },
    "node_modules/zod": {
      "version": "3.23.8",
      "resolved": "http://10.0.30.13:8081/repository/npm-all/zod/-/zod-3.23.8.tgz",
      "integrity": "sha512-XBx9AXhXktjUqnepgTiE5flcKIYWi/rme0Eaj+5Y0lftuGBq+jyRu/md4WnuxqgP1ubdpNCsYEYPxrzVHD8d6g==",
      "license": "MIT",
      "funding": {
        "url": "https://github.com/sponsors/colinhacks"
      }
    }
  }
}
`;

const DISPATCH_SERVER = `'use strict';
require('dotenv').config();
const http = require('node:http');
const { z } = require('zod');
const { request } = require('undici');
const log = require('@kestrel/logger').create({ service: 'dispatch-api' });

const Assignment = z.object({
  loadId: z.string().regex(/^LD-\\d{8}$/),
  carrierId: z.string().min(3),
  driverId: z.string().min(3).optional(),
});

async function notifyTracking(assignment) {
  const res = await request(\`\${process.env.TRACKING_URL}/internal/assignments\`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: \`Bearer \${process.env.TRACKING_TOKEN}\` },
    body: JSON.stringify(assignment),
  });
  if (res.statusCode >= 300) throw new Error(\`tracking responded \${res.statusCode}\`);
}

const server = http.createServer(async (req, res) => {
  if (req.method === 'GET' && req.url === '/healthz') {
    res.writeHead(200).end('ok');
    return;
  }
  if (req.method === 'POST' && req.url === '/v1/assignments') {
    let body = '';
    for await (const chunk of req) body += chunk;
    const parsed = Assignment.safeParse(JSON.parse(body || '{}'));
    if (!parsed.success) {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify(parsed.error.issues));
      return;
    }
    await notifyTracking(parsed.data);
    log.info({ loadId: parsed.data.loadId }, 'load assigned');
    res.writeHead(201).end();
    return;
  }
  res.writeHead(404).end();
});

server.listen(Number(process.env.PORT ?? 3000), () => log.info('dispatch-api listening'));
`;

const PRAMAN_BASH_HISTORY = `cd ~/src/dispatch-api
git status
git pull --rebase
npm ci
npm test
git checkout -b feat/driver-optional
code .
npm run dev
curl -s localhost:3000/healthz
curl -s -X POST localhost:3000/v1/assignments -H 'content-type: application/json' -d '{"loadId":"LD-20260114","carrierId":"CR-0042"}'
npm test
git add -p
git commit -S -m "feat: driverId optional on assignment"
git push -u origin feat/driver-optional
docker compose -f docker-compose.dev.yml up -d postgres
docker ps
git checkout main
git pull --rebase
git branch -d feat/driver-optional
npm outdated
ssh-add -l
git log --oneline -n 15
npm run lint
cat ~/.npmrc
npm whoami --registry http://10.0.30.13:8081/repository/npm-internal/
npm view @kestrel/logger versions
docker compose -f docker-compose.dev.yml down
htop
sudo apt update && sudo apt upgrade -y
`;

const WS_HOST: Host = {
  ...WS,
  kernel: "6.5.0-41-generic",
  users: wsUsers,
  files: [
    ...commonFiles(
      WS,
      "ubuntu",
      sshdConfig({ allowGroups: "sysadmins", sftp: "/usr/lib/openssh/sftp-server" }),
      wsUsers,
      UBUNTU_PASSWD,
      groupFile(UBUNTU_GROUP, { adm: ["praman"], sudo: ["praman"], plugdev: ["praman"] }, [
        ...userGroups(wsUsers),
        "docker:x:999:praman",
        ...siteGroups({ developers: ["praman"] }),
      ]),
    ),
    { path: "/etc/rsyslog.d/90-forward-siem.conf", content: rsyslogForward(WS.hostname, []) },
    {
      path: "/home/praman/.npmrc",
      owner: "praman:praman",
      mode: "0600",
      content: `registry=http://10.0.30.13:8081/repository/npm-all/
@kestrel:registry=http://10.0.30.13:8081/repository/npm-internal/
//10.0.30.13:8081/repository/npm-all/:_authToken=NpmToken.4d228f86-fdb3-43c0-9eb9-aa8ac749cd7f
//10.0.30.13:8081/repository/npm-internal/:_authToken=NpmToken.4d228f86-fdb3-43c0-9eb9-aa8ac749cd7f
fund=false
save-exact=false
init-author-name=Priya Raman
init-author-email=priya.raman@kestrelfreight.com
`,
    },
    {
      path: "/home/praman/.gitconfig",
      owner: "praman:praman",
      content: `[user]
\tname = Priya Raman
\temail = priya.raman@kestrelfreight.com
\tsigningkey = ~/.ssh/id_ed25519.pub
[gpg]
\tformat = ssh
[gpg "ssh"]
\tallowedSignersFile = ~/.config/git/allowed_signers
[commit]
\tgpgsign = true
[init]
\tdefaultBranch = main
[pull]
\trebase = true
[fetch]
\tprune = true
[url "ssh://git@git.kestrel.internal/"]
\tinsteadOf = https://git.kestrel.internal/
[core]
\teditor = vim
`,
    },
    {
      path: "/home/praman/.config/git/allowed_signers",
      owner: "praman:praman",
      content: `priya.raman@kestrelfreight.com ssh-ed25519 ${KEYS.praman}\n`,
    },
    { path: "/home/praman/.bash_history", owner: "praman:praman", mode: "0600", content: PRAMAN_BASH_HISTORY },
    {
      path: "/home/praman/.bashrc",
      owner: "praman:praman",
      content: `# ~/.bashrc: executed by bash(1) for non-login shells.
case $- in
    *i*) ;;
      *) return;;
esac
HISTCONTROL=ignoreboth
shopt -s histappend
HISTSIZE=5000
HISTFILESIZE=10000
shopt -s checkwinsize
if [ -f ~/.bash_aliases ]; then
    . ~/.bash_aliases
fi
export EDITOR=vim
export NVM_DIR="$HOME/.nvm"
[ -s "$NVM_DIR/nvm.sh" ] && . "$NVM_DIR/nvm.sh"
`,
    },
    {
      path: "/home/praman/.ssh/id_ed25519",
      owner: "praman:praman",
      mode: "0600",
      content: `-----BEGIN OPENSSH PRIVATE KEY-----
b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW
QyNTUxOQAAACD3jeqHd0AlHL7V0O63Xu6C8us/PWQ+09+ZxDMc+92wWEBlKAwYGz6zFawR
wkPHCJ8X/aJZ0SP44vCcW+8ihIjA7YGR1q8haNZwKgs8zWk2zqDkUPfApGKhyCJF1r9IDf
1g0G7uAnbUZPZqyggAQCgMO8cLTA50sSCkNdmn70M6nRd9HrnNtFfPGBvi549E0rbpkJkB
ccyNXpseJwqUbO50Bx44YU6b5nKkQXTF8oT6c/d98Lzt9hvu79fd2CmQlhy5LzZSBLr47l
Kird3YxpKAFPIalXJvG0KkGiwulbqYaagHhhNlWbrmSMRZ27rrgLoyNq2Q+hZBSmzqxFok
SUfU9xBzgtnnihR9tSZpGOZXjyZ5yELLbGZkfFnSgkrbxcKJmwHhQAEhv0S+t8Q=
-----END OPENSSH PRIVATE KEY-----
`,
    },
    {
      path: "/home/praman/.ssh/id_ed25519.pub",
      owner: "praman:praman",
      content: `ssh-ed25519 ${KEYS.praman} priya.raman@kestrelfreight.com\n`,
    },
    {
      path: "/home/praman/.ssh/config",
      owner: "praman:praman",
      mode: "0600",
      content: `Host git.kestrel.internal
    User git
    IdentityFile ~/.ssh/id_ed25519
    IdentitiesOnly yes

Host *
    AddKeysToAgent yes
    HashKnownHosts yes
`,
    },
    { path: "/home/praman/src/dispatch-api/package.json", owner: "praman:praman", content: DISPATCH_PKG },
    { path: "/home/praman/src/dispatch-api/package-lock.json", owner: "praman:praman", content: DISPATCH_LOCK },
    { path: "/home/praman/src/dispatch-api/src/server.js", owner: "praman:praman", content: DISPATCH_SERVER },
    { path: "/home/praman/src/dispatch-api/.nvmrc", owner: "praman:praman", content: "20.11.1\n" },
    {
      path: "/home/praman/src/dispatch-api/.gitignore",
      owner: "praman:praman",
      content: "node_modules/\n.env\ncoverage/\n",
    },
    {
      path: "/home/praman/src/dispatch-api/.env",
      owner: "praman:praman",
      mode: "0600",
      content: "PORT=3000\nTRACKING_URL=http://localhost:4000\nTRACKING_TOKEN=dev-local-only\n",
    },
    {
      path: "/home/praman/src/dispatch-api/.git/config",
      owner: "praman:praman",
      content: `[core]
\trepositoryformatversion = 0
\tfilemode = true
\tbare = false
\tlogallrefupdates = true
[remote "origin"]
\turl = ssh://git@git.kestrel.internal/kestrel/dispatch-api.git
\tfetch = +refs/heads/*:refs/remotes/origin/*
[branch "main"]
\tremote = origin
\tmerge = refs/heads/main
`,
    },
    {
      path: "/home/praman/src/dispatch-api/README.md",
      owner: "praman:praman",
      content: `# dispatch-api

Assigns loads to carriers and drivers and notifies shipment tracking.

    nvm use && npm ci && npm run dev

Builds run on Jenkins (https://ci.kestrel.internal/job/dispatch-api/); images are pushed to
Nexus docker-hosted and deployed to staging from \`main\`.
`,
    },
  ],
  logs: baseLogs("ubuntu", 700, 2600),
  processes: [
    { pid: 1, ppid: 0, user: "root", command: "/sbin/init splash", started: "2026-02-02T07:58:12Z" },
    { pid: 402, user: "root", command: "/lib/systemd/systemd-journald" },
    { pid: 598, user: "systemd-timesync", command: "/lib/systemd/systemd-timesyncd" },
    { pid: 640, user: "syslog", command: "/usr/sbin/rsyslogd -n -iNONE" },
    { pid: 655, user: "root", command: "/usr/sbin/cron -f -P" },
    { pid: 702, user: "root", command: "sshd: /usr/sbin/sshd -D [listener] 0 of 10-100 startups" },
    { pid: 781, user: "root", command: "/usr/sbin/NetworkManager --no-daemon" },
    { pid: 812, user: "root", command: "/usr/lib/snapd/snapd" },
    { pid: 1021, user: "root", command: "/usr/sbin/gdm3" },
    { pid: 1302, user: "root", command: "/usr/bin/containerd" },
    { pid: 1340, user: "root", command: "/usr/bin/dockerd -H fd:// --containerd=/run/containerd/containerd.sock" },
    { pid: 2210, ppid: 1021, user: "praman", command: "/usr/libexec/gnome-session-binary --session=ubuntu" },
    { pid: 2288, ppid: 2210, user: "praman", command: "/usr/bin/gnome-shell" },
    { pid: 2901, ppid: 2288, user: "praman", command: "/usr/share/code/code --unity-launch", cpu: 2.1, mem: 4.8 },
    { pid: 3044, ppid: 2288, user: "praman", command: "/usr/lib/firefox/firefox", cpu: 3.4, mem: 7.9 },
    { pid: 3188, ppid: 2288, user: "praman", command: "/usr/bin/gnome-terminal.real" },
    { pid: 3201, ppid: 3188, user: "praman", command: "bash" },
  ],
  sockets: [
    { proto: "tcp", local: "0.0.0.0:22", state: "LISTEN", pid: 702, program: "sshd" },
    { proto: "tcp", local: "127.0.0.1:631", state: "LISTEN", pid: 917, program: "cupsd" },
    {
      proto: "tcp",
      local: `${WS.ip}:41822`,
      remote: `${SIEM_IP}:514`,
      state: "ESTABLISHED",
      pid: 640,
      program: "rsyslogd",
    },
    {
      proto: "tcp",
      local: `${WS.ip}:52210`,
      remote: "10.0.30.10:443",
      state: "ESTABLISHED",
      pid: 3044,
      program: "firefox",
    },
    { proto: "udp", local: "0.0.0.0:5353", state: "UNCONN", pid: 733, program: "avahi-daemon" },
  ],
  services: [
    { name: "ssh.service", description: "OpenBSD Secure Shell server", state: "running", pid: 702 },
    { name: "cron.service", description: "Regular background program processing daemon", state: "running", pid: 655 },
    { name: "rsyslog.service", description: "System Logging Service", state: "running", pid: 640 },
    { name: "docker.service", description: "Docker Application Container Engine", state: "running", pid: 1340 },
    { name: "containerd.service", description: "containerd container runtime", state: "running", pid: 1302 },
    { name: "gdm.service", description: "GNOME Display Manager", state: "running", pid: 1021 },
    { name: "NetworkManager.service", description: "Network Manager", state: "running", pid: 781 },
    { name: "snapd.service", description: "Snap Daemon", state: "running", pid: 812 },
    { name: "unattended-upgrades.service", description: "Unattended Upgrades Shutdown", state: "running" },
    { name: "cups.service", description: "CUPS Scheduler", state: "running", pid: 917 },
  ],
  cron: [],
  logins: (() => {
    const out: LoginIn[] = [];
    const r = mulberry32(0x5eed_0114);
    for (let day = BG_FROM; day <= BG_TO; day += DAY) {
      const dow = new Date(day).getUTCDay();
      if (dow === 0 || dow === 6 || r() < 0.08) continue;
      const start = day + (7 * 60 + Math.floor(r() * 90)) * 60_000;
      out.push({
        user: "praman",
        tty: "tty2",
        from: "tty2",
        start: isoSec(start),
        end: isoSec(start + (8 * 60 + Math.floor(r() * 120)) * 60_000),
      });
    }
    return out;
  })(),
  journal: bootJournal("2026-02-02T07:58:40Z", [
    { unit: "rsyslog.service", desc: "System Logging Service" },
    { unit: "ssh.service", desc: "OpenBSD Secure Shell server" },
    { unit: "docker.service", desc: "Docker Application Container Engine" },
    { unit: "gdm.service", desc: "GNOME Display Manager" },
  ]),
  env: { LANG: "en_GB.UTF-8", EDITOR: "vim", SHELL: "/bin/bash", USER: "praman", HOME: "/home/praman" },
};

// ---------------------------------------------------------------------------------------------
// Admin Jump Host — jump-01
// ---------------------------------------------------------------------------------------------

const JUMP = HOSTS.jump;
const jumpUsers: UserIn[] = [
  ROOT,
  staff(P.admin.username, ["sudo", "sysadmins"]),
  staff(P.elena.username, ["sudo", "sysadmins"]),
  staff(P.aisha.username, ["secops"]),
  staff(P.jordan.username, ["releng"]),
];

const JUMP_HOST: Host = {
  ...JUMP,
  kernel: "6.1.0-26-amd64",
  users: jumpUsers,
  files: [
    ...commonFiles(
      JUMP,
      "debian",
      sshdConfig({ allowGroups: "sysadmins secops releng", sftp: "/usr/lib/openssh/sftp-server", jump: true }),
      jumpUsers,
      DEBIAN_PASSWD,
      groupFile(DEBIAN_GROUP, { sudo: ["swhitfield", "epetrova"] }, [
        ...userGroups(jumpUsers),
        ...siteGroups({ sysadmins: ["swhitfield", "epetrova"], releng: ["jblake"], secops: ["aokafor"] }),
      ]),
    ),
    { path: "/etc/sudoers.d/90-kestrel", content: SUDOERS_ADMINS, mode: "0440" },
    {
      path: "/etc/pam.d/sshd",
      content: `# PAM configuration for the Secure Shell service (jump-01: TOTP second factor)
@include common-auth
auth       required     pam_google_authenticator.so nullok=false
account    required     pam_nologin.so
@include common-account
session [success=ok ignore=ignore module_unknown=ignore default=bad]        pam_selinux.so close
session    required     pam_loginuid.so
session    optional     pam_keyinit.so force revoke
@include common-session
session    optional     pam_motd.so  motd=/run/motd.dynamic
session    optional     pam_mail.so standard noenv
session    required     pam_limits.so
session    required     pam_env.so
@include common-password
`,
    },
    {
      path: "/etc/rsyslog.d/90-forward-siem.conf",
      content: rsyslogForward(JUMP.hostname, [{ path: "/var/log/sudo.log", tag: "sudo" }]),
    },
    {
      path: "/etc/audit/rules.d/50-kestrel.rules",
      content: `## Managed by Ansible (role: base-audit)
-a always,exit -F arch=b64 -S execve -F auid>=1000 -F auid!=unset -k exec
-w /etc/ssh/sshd_config -p wa -k sshd_config
-w /etc/sudoers -p wa -k sudoers
-w /etc/sudoers.d/ -p wa -k sudoers
`,
    },
    {
      path: "/etc/ssh/ssh_config.d/kestrel.conf",
      content: `# Managed by Ansible: admins reach servers from here with their own keys (agent forwarding is off)
Host ci-01 artifacts-01 git-01 siem-01 dc01
    HostName %h.kestrel.internal
    IdentitiesOnly yes
    ForwardAgent no
    StrictHostKeyChecking yes
`,
    },
    {
      path: "/home/swhitfield/.ssh/authorized_keys",
      owner: "swhitfield:swhitfield",
      mode: "0600",
      content: authorizedKeys("swhitfield", "sam.whitfield@it-ws-057"),
    },
    {
      path: "/home/epetrova/.ssh/authorized_keys",
      owner: "epetrova:epetrova",
      mode: "0600",
      content: authorizedKeys("epetrova", "elena.petrova@ops-ws-083"),
    },
    {
      path: "/home/aokafor/.ssh/authorized_keys",
      owner: "aokafor:aokafor",
      mode: "0600",
      content: authorizedKeys("aokafor", "aisha.okafor@sec-ws-066"),
    },
    {
      path: "/home/jblake/.ssh/authorized_keys",
      owner: "jblake:jblake",
      mode: "0600",
      content: authorizedKeys("jblake", "jordan.blake@dev-ws-091"),
    },
    {
      path: "/home/swhitfield/.bash_history",
      owner: "swhitfield:swhitfield",
      mode: "0600",
      content: `ssh ci-01
ssh artifacts-01
sudo apt update
sudo apt list --upgradable
ssh dc01
sudo tail -n 50 /var/log/auth.log
ssh git-01
last -n 20
ssh siem-01
sudo systemctl status rsyslog
df -h
ssh ci-01
`,
    },
    {
      path: "/home/epetrova/.bash_history",
      owner: "epetrova:epetrova",
      mode: "0600",
      content: `ssh artifacts-01
curl -s -u epetrova http://10.0.30.13:8081/service/rest/v1/status/check | jq .
curl -s -u epetrova http://10.0.30.13:8081/service/rest/v1/repositories | jq -r '.[].name'
curl -s -u epetrova http://10.0.30.13:8081/service/rest/v1/blobstores | jq .
ssh ci-01
ssh git-01
curl -s -u epetrova http://10.0.30.13:8081/service/rest/v1/tasks | jq -r '.items[] | [.name, .lastRunResult] | @tsv'
ssh artifacts-01
`,
    },
    {
      path: "/home/aokafor/.bash_history",
      owner: "aokafor:aokafor",
      mode: "0600",
      content: `ssh siem-01
ssh dc01
ssh ci-01
`,
    },
    {
      path: "/home/jblake/.bash_history",
      owner: "jblake:jblake",
      mode: "0600",
      content: `ssh ci-01
ssh artifacts-01
curl -s -u jblake http://10.0.30.13:8081/service/rest/v1/search?repository=npm-internal | jq -r '.items[] | .name + "@" + .version'
`,
    },
  ],
  logs: [
    ...baseLogs("debian", 2600, 1200),
    {
      path: "/var/log/audit/audit.log",
      format: "auditd",
      mode: "0600",
      noise: { count: 2200, from: NOISE_FROM, to: NOISE_TO },
    },
  ],
  processes: [
    { pid: 1, ppid: 0, user: "root", command: "/sbin/init", started: "2026-01-27T21:14:03Z" },
    { pid: 288, user: "root", command: "/lib/systemd/systemd-journald" },
    { pid: 402, user: "root", command: "/sbin/auditd" },
    { pid: 511, user: "root", command: "/usr/sbin/rsyslogd -n -iNONE" },
    { pid: 522, user: "root", command: "/usr/sbin/cron -f" },
    { pid: 530, user: "_chrony", command: "/usr/sbin/chronyd -F 1" },
    { pid: 611, user: "root", command: "sshd: /usr/sbin/sshd -D [listener] 0 of 10-100 startups" },
  ],
  sockets: [
    { proto: "tcp", local: "0.0.0.0:22", state: "LISTEN", pid: 611, program: "sshd" },
    {
      proto: "tcp",
      local: `${JUMP.ip}:45110`,
      remote: `${SIEM_IP}:514`,
      state: "ESTABLISHED",
      pid: 511,
      program: "rsyslogd",
    },
    { proto: "udp", local: "127.0.0.1:323", state: "UNCONN", pid: 530, program: "chronyd" },
  ],
  services: [
    { name: "ssh.service", description: "OpenBSD Secure Shell server", state: "running", pid: 611 },
    { name: "auditd.service", description: "Security Auditing Service", state: "running", pid: 402 },
    { name: "rsyslog.service", description: "System Logging Service", state: "running", pid: 511 },
    { name: "cron.service", description: "Regular background program processing daemon", state: "running", pid: 522 },
    { name: "chrony.service", description: "chrony, an NTP client/server", state: "running", pid: 530 },
  ],
  cron: [
    {
      user: "root",
      schedule: "0 6 * * 1",
      command: "/usr/local/sbin/ssh-key-audit.sh --report secops@kestrelfreight.com",
    },
  ],
  logins: sessions(
    0x5eed_0005,
    [P.admin.username, P.elena.username, P.aisha.username, P.jordan.username],
    (u) => STAFF_WS[u]!,
    170,
  ),
  journal: bootJournal("2026-01-27T21:14:31Z", [
    { unit: "auditd.service", desc: "Security Auditing Service" },
    { unit: "rsyslog.service", desc: "System Logging Service" },
    { unit: "ssh.service", desc: "OpenBSD Secure Shell server" },
  ]),
  env: { LANG: "en_GB.UTF-8", SHELL: "/bin/bash" },
};

// ---------------------------------------------------------------------------------------------
// SIEM/Log Server — siem-01
// ---------------------------------------------------------------------------------------------

const SIEM = HOSTS.siem;
const siemUsers: UserIn[] = [
  ROOT,
  staff(P.admin.username, ["wheel", "sysadmins"]),
  staff(P.aisha.username, ["secops"]),
  {
    name: "siem",
    uid: 990,
    gid: 990,
    groups: ["siem"],
    home: "/var/lib/kestrel-correlator",
    shell: "/sbin/nologin",
    gecos: "kestrel-correlator service",
  },
];

const SIEM_RSYSLOG = `# /etc/rsyslog.conf — siem-01, central collector for Kestrel Freight Systems
# Managed by Ansible (role: siem-server). Every host forwards over TCP 514 (see
# /etc/rsyslog.d/90-forward-siem.conf on the clients). Layout:
#   /var/log/remote/<hostname>/auth.log     auth and authpriv
#   /var/log/remote/<hostname>/<tag>.log    application logs read with imfile (local6)
#   /var/log/remote/<hostname>/syslog.log   everything else

global(workDirectory="/var/lib/rsyslog" maxMessageSize="64k")

module(load="builtin:omfile" Template="RSYSLOG_TraditionalFileFormat" dirCreateMode="0750" fileCreateMode="0640" fileGroup="secops")
module(load="imuxsock" SysSock.Use="off")
module(load="imjournal" StateFile="imjournal.state" UsePid="system")
module(load="imtcp" MaxSessions="500")

template(name="RemoteAuth" type="string" string="/var/log/remote/%HOSTNAME%/auth.log")
template(name="RemoteApp" type="string" string="/var/log/remote/%HOSTNAME%/%programname%.log")
template(name="RemoteSyslog" type="string" string="/var/log/remote/%HOSTNAME%/syslog.log")
template(name="MsgOnly" type="string" string="%msg:2:$%\\n")

ruleset(name="remote") {
    if prifilt("auth,authpriv.*") then {
        action(type="omfile" dynaFile="RemoteAuth")
        stop
    }
    if prifilt("local6.*") then {
        action(type="omfile" dynaFile="RemoteApp" template="MsgOnly")
        stop
    }
    action(type="omfile" dynaFile="RemoteSyslog")
}

input(type="imtcp" port="514" ruleset="remote")

include(file="/etc/rsyslog.d/*.conf" mode="optional")

#### Local rules ####
*.info;mail.none;authpriv.none;cron.none                /var/log/messages
authpriv.*                                              /var/log/secure
mail.*                                                  -/var/log/maillog
cron.*                                                  /var/log/cron
*.emerg                                                 :omusrmsg:*
uucp,news.crit                                          /var/log/spooler
local7.*                                                /var/log/boot.log
`;

const CORRELATOR_RULES = `# /etc/kestrel-correlator/rules.yml — correlation rules over /var/log/remote
# Alerts are appended as JSON lines to /var/log/siem/alerts.json.
version: 3
rules:
  - id: KFS-AUTH-002
    name: Repeated SSH authentication failures
    source: auth
    condition: count(sshd.failed) >= 3 by user,src_ip within 10m
    severity: low
  - id: KFS-AUTH-005
    name: Interactive admin login outside business hours
    source: auth
    condition: sshd.accepted and user in group(sysadmins, releng, secops) and not hour_utc in 07..19
    severity: medium
  - id: KFS-DNS-004
    name: DNS query to newly observed domain
    source: dc01/named-queries
    condition: registered_domain(query) not in seen(90d)
    severity: low
  - id: KFS-DNS-007
    name: High-entropy DNS labels
    source: dc01/named-queries
    condition: max_label_entropy(query) > 3.8 and label_length > 24 and count >= 3 by src_ip,registered_domain within 15m
    severity: medium
  - id: KFS-FW-010
    name: Inbound scan blocked at edge
    source: edge-fw01/syslog
    condition: count(deny inbound) >= 25 by src_ip within 5m
    severity: low
  - id: KFS-NET-011
    name: Dev VLAN egress to non-allowlisted destination
    source: edge-fw01/syslog
    condition: src_ip in 10.0.30.0/24 and action == allow and dst not in file(/etc/kestrel-correlator/egress-allowlist.txt)
    severity: high
  - id: KFS-NEXUS-003
    name: Proxy served a component first published less than 72h ago
    source: artifacts-01/nexus-request
    condition: repository in (npmjs-proxy, pypi-proxy) and upstream_first_published > now - 72h
    severity: low
`;

const EGRESS_ALLOWLIST = `# Egress allowlist for the Dev VLAN (10.0.30.0/24). Build hosts reach package ecosystems only
# through Nexus (artifacts-01); only artifacts-01 may talk to public registries.
# host                          allowed source
registry.npmjs.org              10.0.30.13
repo1.maven.org                 10.0.30.13
repo.maven.apache.org           10.0.30.13
pypi.org                        10.0.30.13
files.pythonhosted.org          10.0.30.13
registry-1.docker.io            10.0.30.13
auth.docker.io                  10.0.30.13
production.cloudflare.docker.com 10.0.30.13
updates.jenkins.io              10.0.30.11
get.jenkins.io                  10.0.30.11
archive.ubuntu.com              10.0.30.0/24
security.ubuntu.com             10.0.30.0/24
`;

const ALERT_LINES = siemAlerts();
const remoteHosts = [HOSTS.workstation, HOSTS.jump, HOSTS.ci, HOSTS.artifacts, HOSTS.git, HOSTS.dc];

const SIEM_HOST: Host = {
  ...SIEM,
  kernel: "5.14.0-427.13.1.el9_4.x86_64",
  users: siemUsers,
  files: [
    ...commonFiles(
      SIEM,
      "rocky",
      sshdConfig({ allowGroups: "sysadmins secops", sftp: "/usr/libexec/openssh/sftp-server", include: true }),
      siemUsers,
      ROCKY_PASSWD,
      groupFile(ROCKY_GROUP, { wheel: ["swhitfield"] }, [
        ...userGroups(siemUsers),
        "siem:x:990:",
        ...siteGroups({ sysadmins: ["swhitfield"], secops: ["aokafor", "siem"] }),
      ]),
    ),
    { path: "/etc/rsyslog.conf", content: SIEM_RSYSLOG },
    { path: "/etc/sudoers.d/90-kestrel", content: SUDOERS_ADMINS, mode: "0440" },
    { path: "/etc/kestrel-correlator/rules.yml", content: CORRELATOR_RULES },
    { path: "/etc/kestrel-correlator/egress-allowlist.txt", content: EGRESS_ALLOWLIST },
    {
      path: "/etc/kestrel-correlator/correlator.toml",
      content: `[input]
root = "/var/log/remote"
follow = true

[output]
alerts = "/var/log/siem/alerts.json"
notify = "smtp://mail-relay-01.kestrel.internal:25"
notify_to = "secops@kestrelfreight.com"
min_notify_severity = "high"

[state]
seen_domains_db = "/var/lib/kestrel-correlator/seen-domains.sqlite"
`,
    },
    {
      path: "/etc/systemd/system/kestrel-correlator.service",
      content: `[Unit]
Description=Kestrel log correlator (rules in /etc/kestrel-correlator/rules.yml)
After=network-online.target rsyslog.service

[Service]
User=siem
Group=siem
ExecStart=/opt/kestrel-correlator/venv/bin/python -m kestrel_correlator --config /etc/kestrel-correlator/correlator.toml
Restart=on-failure
ProtectSystem=strict
ReadWritePaths=/var/log/siem /var/lib/kestrel-correlator

[Install]
WantedBy=multi-user.target
`,
    },
    {
      path: "/etc/logrotate.d/remote",
      content: `/var/log/remote/*/*.log {
    weekly
    rotate 26
    compress
    delaycompress
    missingok
    notifempty
    sharedscripts
    postrotate
        /usr/bin/systemctl kill -s HUP rsyslog.service >/dev/null 2>&1 || true
    endscript
}
`,
    },
  ],
  logs: [
    ...baseLogs("rocky", 900, 2000),
    {
      path: "/var/log/audit/audit.log",
      format: "auditd",
      mode: "0600",
      noise: { count: 900, from: NOISE_FROM, to: NOISE_TO },
    },
    ...remoteHosts.flatMap((h): LogIn[] => [
      {
        path: `/var/log/remote/${h.hostname}/auth.log`,
        format: "auth",
        mode: "0640",
        noise: { count: h === HOSTS.jump ? 1500 : 700, from: NOISE_FROM, to: NOISE_TO },
      },
      {
        path: `/var/log/remote/${h.hostname}/syslog.log`,
        format: "syslog",
        mode: "0640",
        lines: h === HOSTS.git ? GITEA_LINES.map((l) => ({ ...l })) : [],
        noise: { count: 900, from: NOISE_FROM, to: NOISE_TO },
      },
    ]),
    {
      path: "/var/log/remote/edge-fw01/syslog.log",
      format: "firewall",
      mode: "0640",
      noise: { count: 4000, from: NOISE_FROM, to: NOISE_TO },
    },
    {
      path: "/var/log/remote/rproxy-01/nginx-access.log",
      format: "nginx-access",
      mode: "0640",
      noise: { count: 3000, from: NOISE_FROM, to: NOISE_TO },
    },
    {
      path: "/var/log/remote/artifacts-01/nexus-request.log",
      format: "nexus-request",
      mode: "0640",
      noise: { count: 2500, from: NOISE_FROM, to: NOISE_TO },
    },
    {
      path: "/var/log/remote/dc01/named-queries.log",
      format: "syslog",
      mode: "0640",
      lines: QUERIES.map((l) => ({ ...l })),
    },
    { path: "/var/log/siem/alerts.json", format: "json-app", owner: "siem:secops", mode: "0640", lines: ALERT_LINES },
  ],
  processes: [
    {
      pid: 1,
      ppid: 0,
      user: "root",
      command: "/usr/lib/systemd/systemd --switched-root --system --deserialize 31",
      started: "2026-01-28T22:03:11Z",
    },
    { pid: 611, user: "root", command: "/usr/lib/systemd/systemd-journald" },
    { pid: 702, user: "root", command: "/sbin/auditd" },
    { pid: 744, user: "chrony", command: "/usr/sbin/chronyd -F 2" },
    { pid: 812, user: "root", command: "/usr/sbin/rsyslogd -n", cpu: 3.2, mem: 1.4 },
    { pid: 820, user: "root", command: "/usr/sbin/crond -n" },
    { pid: 833, user: "root", command: "sshd: /usr/sbin/sshd -D [listener] 0 of 10-100 startups" },
    {
      pid: 951,
      user: "siem",
      command:
        "/opt/kestrel-correlator/venv/bin/python -m kestrel_correlator --config /etc/kestrel-correlator/correlator.toml",
      cpu: 6.8,
      mem: 3.1,
    },
  ],
  sockets: [
    { proto: "tcp", local: "0.0.0.0:22", state: "LISTEN", pid: 833, program: "sshd" },
    { proto: "tcp", local: "0.0.0.0:514", state: "LISTEN", pid: 812, program: "rsyslogd" },
    ...remoteHosts.map((h, i) => ({
      proto: "tcp" as const,
      local: `${SIEM.ip}:514`,
      remote: `${h.ip}:${41000 + i * 977}`,
      state: "ESTABLISHED" as const,
      pid: 812,
      program: "rsyslogd",
    })),
    {
      proto: "tcp",
      local: `${SIEM.ip}:514`,
      // edge-fw01 sends its session log from its inside interface (10.0.10.1 is the core switch).
      remote: "10.0.10.254:51514",
      state: "ESTABLISHED",
      pid: 812,
      program: "rsyslogd",
    },
    { proto: "udp", local: "127.0.0.1:323", state: "UNCONN", pid: 744, program: "chronyd" },
  ],
  services: [
    { name: "sshd.service", description: "OpenSSH server daemon", state: "running", pid: 833 },
    { name: "rsyslog.service", description: "System Logging Service", state: "running", pid: 812 },
    {
      name: "kestrel-correlator.service",
      description: "Kestrel log correlator (rules in /etc/kestrel-correlator/rules.yml)",
      state: "running",
      pid: 951,
    },
    { name: "auditd.service", description: "Security Auditing Service", state: "running", pid: 702 },
    { name: "crond.service", description: "Command Scheduler", state: "running", pid: 820 },
    { name: "chronyd.service", description: "NTP client/server", state: "running", pid: 744 },
  ],
  cron: [
    {
      user: "root",
      schedule: "*/30 * * * *",
      command: "/opt/kestrel-correlator/venv/bin/python -m kestrel_correlator.feeds --sync --quiet",
    },
    { user: "root", schedule: "15 4 * * *", command: "/usr/local/sbin/archive-remote-logs.sh /srv/archive/remote" },
  ],
  logins: sessions(0x5eed_0010, [P.aisha.username, P.admin.username], () => JUMP_IP, 60),
  journal: [
    ...bootJournal("2026-01-28T22:03:40Z", [
      { unit: "rsyslog.service", desc: "System Logging Service" },
      { unit: "sshd.service", desc: "OpenSSH server daemon" },
      {
        unit: "kestrel-correlator.service",
        desc: "Kestrel log correlator (rules in /etc/kestrel-correlator/rules.yml)",
      },
    ]),
    ...journalDaily(
      0x5eed_0011,
      "kestrel-correlator.service",
      "python[951]",
      [
        "feeds: synced urlhaus (+{ms} entries)",
        "feeds: synced feodotracker",
        "rules: evaluated 7 rules over /var/log/remote in {ms} ms",
      ],
      2,
    ),
  ],
  env: { LANG: "en_US.UTF-8", SHELL: "/bin/bash" },
};

// ---------------------------------------------------------------------------------------------
// CI/CD Server — ci-01 (Jenkins 2.440.3 LTS)
// ---------------------------------------------------------------------------------------------

const CI = HOSTS.ci;
const jenkinsUser: UserIn = {
  name: "jenkins",
  uid: 114,
  gid: 120,
  groups: ["jenkins", "docker"],
  home: "/var/lib/jenkins",
  shell: "/bin/bash",
  gecos: "Jenkins,,,",
};
const ciUsers: UserIn[] = [
  ROOT,
  jenkinsUser,
  staff(P.admin.username, ["sudo", "sysadmins"]),
  staff(P.elena.username, ["sudo", "sysadmins"]),
  staff(P.jordan.username, ["releng"]),
];

const JENKINS_CONFIG = `<?xml version='1.1' encoding='UTF-8'?>
<hudson>
  <disabledAdministrativeMonitors/>
  <version>2.440.3</version>
  <numExecutors>4</numExecutors>
  <mode>NORMAL</mode>
  <useSecurity>true</useSecurity>
  <authorizationStrategy class="hudson.security.ProjectMatrixAuthorizationStrategy">
    <permission>GROUP:hudson.model.Hudson.Administer:jenkins-admins</permission>
    <permission>USER:hudson.model.Hudson.Administer:epetrova</permission>
    <permission>USER:hudson.model.Hudson.Administer:swhitfield</permission>
    <permission>GROUP:hudson.model.Hudson.Read:kestrel-engineering</permission>
    <permission>GROUP:hudson.model.Item.Read:kestrel-engineering</permission>
    <permission>GROUP:hudson.model.Item.Build:kestrel-engineering</permission>
    <permission>GROUP:hudson.model.Item.Cancel:kestrel-engineering</permission>
    <permission>GROUP:hudson.model.Run.Replay:releng</permission>
    <permission>GROUP:hudson.model.Item.Configure:releng</permission>
    <permission>GROUP:hudson.model.Hudson.Read:secops</permission>
    <permission>GROUP:hudson.model.Item.Read:secops</permission>
    <permission>GROUP:hudson.model.Item.ExtendedRead:secops</permission>
    <permission>USER:hudson.model.Hudson.Read:svc-build</permission>
    <permission>USER:hudson.model.Item.Build:svc-build</permission>
  </authorizationStrategy>
  <securityRealm class="hudson.plugins.active_directory.ActiveDirectorySecurityRealm" plugin="active-directory@2.34">
    <domains>
      <hudson.plugins.active__directory.ActiveDirectoryDomain>
        <name>kestrel.internal</name>
        <servers>dc01.kestrel.internal:3268</servers>
        <bindName>CN=svc-jenkins-ldap,OU=Service Accounts,DC=kestrel,DC=internal</bindName>
        <bindPassword>{AQAAABAAAAAQOqRx3ZF3KDk6KBI4ijXHnOtUAsCwImQF2vDSIxw1GckiKVjBAbDUmAJJrV9Px7KZ1xo+kmcWGpWQA2zI=}</bindPassword>
        <tlsConfiguration>TRUST_ALL_CERTIFICATES</tlsConfiguration>
      </hudson.plugins.active__directory.ActiveDirectoryDomain>
    </domains>
    <startTls>true</startTls>
    <groupLookupStrategy>TOKENGROUPS</groupLookupStrategy>
    <removeIrrelevantGroups>false</removeIrrelevantGroups>
    <requireTLS>true</requireTLS>
  </securityRealm>
  <disableRememberMe>true</disableRememberMe>
  <projectNamingStrategy class="jenkins.model.ProjectNamingStrategy$DefaultProjectNamingStrategy"/>
  <workspaceDir>\${JENKINS_HOME}/workspace/\${ITEM_FULL_NAME}</workspaceDir>
  <buildsDir>\${ITEM_ROOTDIR}/builds</buildsDir>
  <markupFormatter class="hudson.markup.EscapedMarkupFormatter"/>
  <jdks/>
  <viewsTabBar class="hudson.views.DefaultViewsTabBar"/>
  <myViewsTabBar class="hudson.views.DefaultMyViewsTabBar"/>
  <clouds/>
  <scmCheckoutRetryCount>2</scmCheckoutRetryCount>
  <views>
    <hudson.model.AllView>
      <owner class="hudson" reference="../../.."/>
      <name>all</name>
      <filterExecutors>false</filterExecutors>
      <filterQueue>false</filterQueue>
      <properties class="hudson.model.View$PropertyList"/>
    </hudson.model.AllView>
  </views>
  <primaryView>all</primaryView>
  <slaveAgentPort>-1</slaveAgentPort>
  <label>linux docker</label>
  <crumbIssuer class="hudson.security.csrf.DefaultCrumbIssuer">
    <excludeClientIPFromCrumb>false</excludeClientIPFromCrumb>
  </crumbIssuer>
  <nodeProperties/>
  <globalNodeProperties>
    <hudson.slaves.EnvironmentVariablesNodeProperty>
      <envVars serialization="custom">
        <unserializable-parents/>
        <tree-map>
          <default>
            <comparator class="java.lang.String$CaseInsensitiveComparator"/>
          </default>
          <int>2</int>
          <string>NEXUS_URL</string>
          <string>http://10.0.30.13:8081</string>
          <string>DOCKER_REGISTRY</string>
          <string>10.0.30.13:8082</string>
        </tree-map>
      </envVars>
    </hudson.slaves.EnvironmentVariablesNodeProperty>
  </globalNodeProperties>
  <nodeRenameMigrationNeeded>false</nodeRenameMigrationNeeded>
</hudson>
`;

const JENKINS_CREDENTIALS = `<?xml version='1.1' encoding='UTF-8'?>
<com.cloudbees.plugins.credentials.SystemCredentialsProvider plugin="credentials@1337.v60b_d7b_c7b_c9f">
  <domainCredentialsMap class="hudson.util.CopyOnWriteMap$Hash">
    <entry>
      <com.cloudbees.plugins.credentials.domains.Domain>
        <specifications/>
      </com.cloudbees.plugins.credentials.domains.Domain>
      <java.util.concurrent.CopyOnWriteArrayList>
        <org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl plugin="plain-credentials@179.vc5cb_98f6db_38">
          <scope>GLOBAL</scope>
          <id>nexus-npm-token-svc-build</id>
          <description>Nexus npm token of svc-build: read npm-all, publish to npm-internal</description>
          <secret>{AQAAABAAAAAwtYXS5oSaBbGtX1hqsHX+xnGaAH0yGbgiTjvhGQfIyAwEWn8rXctwcNwA26Dbgenebsp9iWq42ZgZxGIY=}</secret>
        </org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>
        <com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>
          <scope>GLOBAL</scope>
          <id>nexus-docker-svc-deploy</id>
          <description>Nexus docker-hosted push (svc-deploy)</description>
          <username>svc-deploy</username>
          <password>{AQAAABAAAAAQU1EvJwmW8+gcGg4TyFnfi4dgiI+95ianZ40KrlioT1QNssC9nDpQcMHQbUWeQmH9eWQPfjhuRe35JDac=}</password>
          <usernameSecret>false</usernameSecret>
        </com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>
        <com.cloudbees.jenkins.plugins.sshcredentials.impl.BasicSSHUserPrivateKey plugin="ssh-credentials@337.v395d2403ccd4">
          <scope>GLOBAL</scope>
          <id>gitea-svc-build-ssh</id>
          <description>Gitea read access for checkouts (svc-build deploy key)</description>
          <username>git</username>
          <usernameSecret>false</usernameSecret>
          <privateKeySource class="com.cloudbees.jenkins.plugins.sshcredentials.impl.BasicSSHUserPrivateKey$DirectEntryPrivateKeySource">
            <privateKey>{AQAAABAAAAGQrvZ3+4YIN6rP/4+ssZEPV7c2W5S9ZT4vrnRqxv6OnsKoxNstM7jxg+wSrPrqS8zfZyCfGXgAbXN9RzXg=}</privateKey>
          </privateKeySource>
        </com.cloudbees.jenkins.plugins.sshcredentials.impl.BasicSSHUserPrivateKey>
        <org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl plugin="plain-credentials@179.vc5cb_98f6db_38">
          <scope>GLOBAL</scope>
          <id>gitea-api-token-svc-build</id>
          <description>Gitea API token of svc-build: commit statuses</description>
          <secret>{AQAAABAAAAAwjbxqDZLQmtxj+SbUXsVTZYRej/NlBy1yYSid8J+AW6qkxUINUdrVGgFtiXakv3EhpI2yGVNv6eo53c7c=}</secret>
        </org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>
        <com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>
          <scope>GLOBAL</scope>
          <id>testdb-ci</id>
          <description>CI login on testdb-01 (10.0.30.20)</description>
          <username>ci</username>
          <password>{AQAAABAAAAAQtYXS5oSaBbGtX1hqsHX+xnGaAH0yGbgiTjvhGQfIyAwEWn8rXctwcNwA26Dbgenebsp9iWq42ZgZxGIY=}</password>
          <usernameSecret>false</usernameSecret>
        </com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>
        <com.cloudbees.jenkins.plugins.sshcredentials.impl.BasicSSHUserPrivateKey plugin="ssh-credentials@337.v395d2403ccd4">
          <scope>GLOBAL</scope>
          <id>stg-deploy-ssh</id>
          <description>svc-deploy on stg-docker-01 (staging deployments)</description>
          <username>svc-deploy</username>
          <usernameSecret>false</usernameSecret>
          <privateKeySource class="com.cloudbees.jenkins.plugins.sshcredentials.impl.BasicSSHUserPrivateKey$DirectEntryPrivateKeySource">
            <privateKey>{AQAAABAAAAGQ4Issw06UZ1m488H8VBqYHx2TnDX1MkBcq8P7gLImPrkeDQtM6CFtzj87UlCAg+UCKTqcKbMITs2c4hxM=}</privateKey>
          </privateKeySource>
        </com.cloudbees.jenkins.plugins.sshcredentials.impl.BasicSSHUserPrivateKey>
      </java.util.concurrent.CopyOnWriteArrayList>
    </entry>
  </domainCredentialsMap>
</com.cloudbees.plugins.credentials.SystemCredentialsProvider>
`;

function pipelineJob(description: string, repo: string, trigger: string): string {
  return `<?xml version='1.1' encoding='UTF-8'?>
<flow-definition plugin="workflow-job@1400.v7fd111b_ec82f">
  <description>${description}</description>
  <keepDependencies>false</keepDependencies>
  <properties>
    <jenkins.model.BuildDiscarderProperty>
      <strategy class="hudson.tasks.LogRotator">
        <daysToKeep>120</daysToKeep>
        <numToKeep>200</numToKeep>
        <artifactDaysToKeep>-1</artifactDaysToKeep>
        <artifactNumToKeep>-1</artifactNumToKeep>
      </strategy>
    </jenkins.model.BuildDiscarderProperty>
    <org.jenkinsci.plugins.workflow.job.properties.DisableConcurrentBuildsJobProperty>
      <abortPrevious>false</abortPrevious>
    </org.jenkinsci.plugins.workflow.job.properties.DisableConcurrentBuildsJobProperty>
    <org.jenkinsci.plugins.workflow.job.properties.PipelineTriggersJobProperty>
      <triggers>
${trigger}
      </triggers>
    </org.jenkinsci.plugins.workflow.job.properties.PipelineTriggersJobProperty>
  </properties>
  <definition class="org.jenkinsci.plugins.workflow.cps.CpsScmFlowDefinition" plugin="workflow-cps@3894.3896.vca_2c931e7935">
    <scm class="hudson.plugins.git.GitSCM" plugin="git@5.2.2">
      <configVersion>2</configVersion>
      <userRemoteConfigs>
        <hudson.plugins.git.UserRemoteConfig>
          <url>ssh://git@git.kestrel.internal/kestrel/${repo}.git</url>
          <credentialsId>gitea-svc-build-ssh</credentialsId>
        </hudson.plugins.git.UserRemoteConfig>
      </userRemoteConfigs>
      <branches>
        <hudson.plugins.git.BranchSpec>
          <name>*/main</name>
        </hudson.plugins.git.BranchSpec>
      </branches>
      <doGenerateSubmoduleConfigurations>false</doGenerateSubmoduleConfigurations>
      <submoduleCfg class="empty-list"/>
      <extensions/>
    </scm>
    <scriptPath>Jenkinsfile</scriptPath>
    <lightweight>true</lightweight>
  </definition>
  <triggers/>
  <disabled>false</disabled>
</flow-definition>
`;
}

const CI_HOST: Host = {
  ...CI,
  kernel: "5.15.0-105-generic",
  users: ciUsers,
  files: [
    ...commonFiles(
      CI,
      "ubuntu",
      sshdConfig({ allowGroups: "sysadmins releng", sftp: "/usr/lib/openssh/sftp-server" }),
      ciUsers,
      UBUNTU_PASSWD,
      groupFile(UBUNTU_GROUP, { sudo: ["swhitfield", "epetrova"] }, [
        ...userGroups(ciUsers),
        "jenkins:x:120:",
        "docker:x:999:jenkins",
        ...siteGroups({ sysadmins: ["swhitfield", "epetrova"], releng: ["jblake"] }),
      ]),
    ),
    { path: "/etc/sudoers.d/90-kestrel", content: SUDOERS_ADMINS, mode: "0440" },
    {
      path: "/etc/rsyslog.d/90-forward-siem.conf",
      content: rsyslogForward(CI.hostname, [{ path: "/var/log/nginx/access.log", tag: "nginx-access" }]),
    },
    {
      path: "/etc/systemd/system/jenkins.service.d/override.conf",
      content: `[Service]
Environment="JENKINS_LISTEN_ADDRESS=127.0.0.1"
Environment="JENKINS_PORT=8080"
Environment="JAVA_OPTS=-Djava.awt.headless=true -Xmx3g -Dhudson.model.DirectoryBrowserSupport.CSP=\\"sandbox; default-src 'none'\\" -Djenkins.install.runSetupWizard=false"
`,
    },
    {
      path: "/etc/nginx/sites-available/jenkins.conf",
      content: `upstream jenkins {
    server 127.0.0.1:8080;
    keepalive 32;
}

server {
    listen 80;
    server_name ci.kestrel.internal;
    return 301 https://$host$request_uri;
}

server {
    listen 443 ssl http2;
    server_name ci.kestrel.internal;

    ssl_certificate     /etc/ssl/kestrel/ci.kestrel.internal.crt;
    ssl_certificate_key /etc/ssl/kestrel/ci.kestrel.internal.key;
    ssl_protocols       TLSv1.2 TLSv1.3;

    access_log /var/log/nginx/access.log;
    error_log  /var/log/nginx/error.log warn;

    # Gitea webhooks come from git-01 only
    location /gitea-webhook/ {
        allow 10.0.30.10;
        deny  all;
        proxy_pass http://jenkins;
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto https;
    }

    location / {
        proxy_pass         http://jenkins;
        proxy_http_version 1.1;
        proxy_set_header   Connection "";
        proxy_set_header   Host $host;
        proxy_set_header   X-Real-IP $remote_addr;
        proxy_set_header   X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header   X-Forwarded-Proto https;
        proxy_read_timeout 90s;
        client_max_body_size 64m;
    }
}
`,
    },
    { path: "/var/lib/jenkins/config.xml", owner: "jenkins:jenkins", content: JENKINS_CONFIG },
    { path: "/var/lib/jenkins/credentials.xml", owner: "jenkins:jenkins", mode: "0600", content: JENKINS_CREDENTIALS },
    {
      path: "/var/lib/jenkins/jenkins.model.JenkinsLocationConfiguration.xml",
      owner: "jenkins:jenkins",
      content: `<?xml version='1.1' encoding='UTF-8'?>
<jenkins.model.JenkinsLocationConfiguration>
  <adminAddress>Kestrel CI &lt;ci-noreply@kestrelfreight.com&gt;</adminAddress>
  <jenkinsUrl>https://ci.kestrel.internal/</jenkinsUrl>
</jenkins.model.JenkinsLocationConfiguration>
`,
    },
    {
      path: "/var/lib/jenkins/jenkins.plugins.nodejs.tools.NodeJSInstallation.xml",
      owner: "jenkins:jenkins",
      content: `<?xml version='1.1' encoding='UTF-8'?>
<jenkins.plugins.nodejs.tools.NodeJSInstallation_-DescriptorImpl plugin="nodejs@1.6.1">
  <installations class="jenkins.plugins.nodejs.tools.NodeJSInstallation-array">
    <jenkins.plugins.nodejs.tools.NodeJSInstallation>
      <name>node-20.11.1</name>
      <home></home>
      <properties>
        <hudson.tools.InstallSourceProperty>
          <installers>
            <jenkins.plugins.nodejs.tools.NodeJSInstaller>
              <id>20.11.1</id>
              <npmPackagesRefreshHours>72</npmPackagesRefreshHours>
            </jenkins.plugins.nodejs.tools.NodeJSInstaller>
          </installers>
        </hudson.tools.InstallSourceProperty>
      </properties>
    </jenkins.plugins.nodejs.tools.NodeJSInstallation>
  </installations>
</jenkins.plugins.nodejs.tools.NodeJSInstallation_-DescriptorImpl>
`,
    },
    {
      path: "/var/lib/jenkins/.npmrc",
      owner: "jenkins:jenkins",
      mode: "0600",
      content: `; Managed by Ansible (role: jenkins-controller). The token is bound per build from the
; Jenkins credential nexus-npm-token-svc-build (withCredentials -> NEXUS_NPM_TOKEN).
registry=http://10.0.30.13:8081/repository/npm-all/
@kestrel:registry=http://10.0.30.13:8081/repository/npm-internal/
//10.0.30.13:8081/repository/npm-all/:_authToken=\${NEXUS_NPM_TOKEN}
//10.0.30.13:8081/repository/npm-internal/:_authToken=\${NEXUS_NPM_TOKEN}
fund=false
update-notifier=false
`,
    },
    {
      path: "/var/lib/jenkins/.gitconfig",
      owner: "jenkins:jenkins",
      content: `[user]
\tname = Kestrel CI
\temail = ci-noreply@kestrelfreight.com
[safe]
\tdirectory = /var/lib/jenkins/workspace/*
`,
    },
    {
      path: "/var/lib/jenkins/.ssh/known_hosts",
      owner: "jenkins:jenkins",
      content: `git.kestrel.internal ssh-ed25519 ${KEYS.gitHost}\nstg-docker-01.kestrel.internal ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOkgT/NWfuuoMrhADmjiheye+cvV4//JKAV7kr6NvxbN\n`,
    },
    {
      path: "/var/lib/jenkins/jobs/base-images/config.xml",
      owner: "jenkins:jenkins",
      content: pipelineJob(
        "Weekly rebuild of the node20 build and runtime base images",
        "platform-images",
        `        <hudson.triggers.TimerTrigger>
          <spec>H 4 * * 1</spec>
        </hudson.triggers.TimerTrigger>`,
      ),
    },
    { path: "/var/lib/jenkins/jobs/base-images/nextBuildNumber", owner: "jenkins:jenkins", content: "58\n" },
    {
      path: "/var/lib/jenkins/jobs/ansible-lint/config.xml",
      owner: "jenkins:jenkins",
      content: pipelineJob(
        "ansible-lint and molecule tests for the infrastructure playbooks",
        "ansible-playbooks",
        `        <hudson.triggers.SCMTrigger>
          <spec></spec>
          <ignorePostCommitHooks>false</ignorePostCommitHooks>
        </hudson.triggers.SCMTrigger>`,
      ),
    },
    { path: "/var/lib/jenkins/jobs/ansible-lint/nextBuildNumber", owner: "jenkins:jenkins", content: "311\n" },
    ...(
      [
        ["dispatch-api", "Dispatch API: build, image, staging deploy (main)", "dispatch-api", "634"],
        [
          "kestrel-ui-kit",
          "Shared React component library: build, Storybook, publish @kestrel/ui-kit",
          "kestrel-ui-kit",
          "402",
        ],
        ["helm-charts", "helm lint and chart packaging for the platform charts", "helm-charts", "189"],
        ["platform-docs", "Builds and publishes the internal platform documentation", "platform-docs", "97"],
      ] as const
    ).flatMap(([job, desc, repo, next]): FileIn[] => [
      {
        path: `/var/lib/jenkins/jobs/${job}/config.xml`,
        owner: "jenkins:jenkins",
        content: pipelineJob(
          desc,
          repo,
          `        <hudson.triggers.SCMTrigger>
          <spec></spec>
          <ignorePostCommitHooks>false</ignorePostCommitHooks>
        </hudson.triggers.SCMTrigger>`,
        ),
      },
      { path: `/var/lib/jenkins/jobs/${job}/nextBuildNumber`, owner: "jenkins:jenkins", content: `${next}\n` },
    ]),
    {
      path: "/var/lib/jenkins/secrets/initialAdminPassword.removed",
      owner: "jenkins:jenkins",
      mode: "0600",
      content: "removed after setup (CHG-2023-0412)\n",
    },
  ],
  logs: [
    ...baseLogs("ubuntu", 1600, 2500),
    {
      path: "/var/log/nginx/access.log",
      format: "nginx-access",
      owner: "www-data:adm",
      mode: "0640",
      noise: { count: 4000, from: NOISE_FROM, to: NOISE_TO },
    },
    {
      path: "/var/log/audit/audit.log",
      format: "auditd",
      mode: "0600",
      noise: { count: 2500, from: NOISE_FROM, to: NOISE_TO },
    },
  ],
  processes: [
    { pid: 1, ppid: 0, user: "root", command: "/sbin/init", started: "2026-01-27T22:01:44Z" },
    { pid: 377, user: "root", command: "/lib/systemd/systemd-journald" },
    { pid: 512, user: "root", command: "/sbin/auditd" },
    { pid: 688, user: "syslog", command: "/usr/sbin/rsyslogd -n -iNONE" },
    { pid: 701, user: "root", command: "/usr/sbin/cron -f -P" },
    { pid: 709, user: "_chrony", command: "/usr/sbin/chronyd -F 1" },
    { pid: 744, user: "root", command: "sshd: /usr/sbin/sshd -D [listener] 0 of 10-100 startups" },
    { pid: 801, user: "root", command: "/usr/bin/containerd" },
    { pid: 866, user: "root", command: "/usr/bin/dockerd -H fd:// --containerd=/run/containerd/containerd.sock" },
    { pid: 902, user: "root", command: "nginx: master process /usr/sbin/nginx -g daemon on; master_process on;" },
    { pid: 903, ppid: 902, user: "www-data", command: "nginx: worker process" },
    { pid: 904, ppid: 902, user: "www-data", command: "nginx: worker process" },
    {
      pid: 1187,
      user: "jenkins",
      command:
        "/usr/bin/java -Djava.awt.headless=true -Xmx3g -jar /usr/share/java/jenkins.war --webroot=/var/cache/jenkins/war --httpPort=8080 --httpListenAddress=127.0.0.1",
      cpu: 11.4,
      mem: 38.2,
    },
  ],
  sockets: [
    { proto: "tcp", local: "0.0.0.0:22", state: "LISTEN", pid: 744, program: "sshd" },
    { proto: "tcp", local: "0.0.0.0:80", state: "LISTEN", pid: 902, program: "nginx" },
    { proto: "tcp", local: "0.0.0.0:443", state: "LISTEN", pid: 902, program: "nginx" },
    { proto: "tcp", local: "127.0.0.1:8080", state: "LISTEN", pid: 1187, program: "java" },
    {
      proto: "tcp",
      local: `${CI.ip}:44312`,
      remote: `${SIEM_IP}:514`,
      state: "ESTABLISHED",
      pid: 688,
      program: "rsyslogd",
    },
    {
      proto: "tcp",
      local: `${CI.ip}:58840`,
      remote: `${HOSTS.dc.ip}:3268`,
      state: "ESTABLISHED",
      pid: 1187,
      program: "java",
    },
    { proto: "udp", local: "127.0.0.1:323", state: "UNCONN", pid: 709, program: "chronyd" },
  ],
  services: [
    { name: "jenkins.service", description: "Jenkins Continuous Integration Server", state: "running", pid: 1187 },
    {
      name: "nginx.service",
      description: "A high performance web server and a reverse proxy server",
      state: "running",
      pid: 902,
    },
    { name: "docker.service", description: "Docker Application Container Engine", state: "running", pid: 866 },
    { name: "containerd.service", description: "containerd container runtime", state: "running", pid: 801 },
    { name: "ssh.service", description: "OpenBSD Secure Shell server", state: "running", pid: 744 },
    { name: "auditd.service", description: "Security Auditing Service", state: "running", pid: 512 },
    { name: "rsyslog.service", description: "System Logging Service", state: "running", pid: 688 },
    { name: "cron.service", description: "Regular background program processing daemon", state: "running", pid: 701 },
    { name: "chrony.service", description: "chrony, an NTP client/server", state: "running", pid: 709 },
  ],
  cron: [
    {
      user: "root",
      schedule: "30 3 * * 0",
      command: '/usr/bin/docker system prune -af --filter "until=168h" >/var/log/docker-prune.log 2>&1',
    },
    { user: "root", schedule: "0 2 * * *", command: "/usr/local/sbin/jenkins-home-backup.sh /srv/backup/jenkins" },
  ],
  logins: sessions(0x5eed_0011, [P.elena.username, P.jordan.username, P.admin.username], () => JUMP_IP, 55),
  journal: [
    ...bootJournal("2026-01-27T22:02:31Z", [
      { unit: "docker.service", desc: "Docker Application Container Engine" },
      { unit: "nginx.service", desc: "A high performance web server and a reverse proxy server" },
      { unit: "jenkins.service", desc: "Jenkins Continuous Integration Server" },
    ]),
    ...journalDaily(
      0x5eed_0012,
      "jenkins.service",
      "jenkins[1187]",
      [
        "INFO\thudson.model.AsyncPeriodicWork#lambda$doRun$1: Finished Download metadata. {ms} ms",
        "INFO\thudson.model.AsyncPeriodicWork#lambda$doRun$1: Finished Periodic background build discarder. {ms} ms",
        "INFO\tjenkins.InitReactorRunner$1#onAttained: Completed initialization",
        "INFO\thudson.model.AsyncPeriodicWork#lambda$doRun$1: Finished Fingerprint cleanup. {ms} ms",
      ],
      2,
    ),
  ],
  env: { JENKINS_HOME: "/var/lib/jenkins", LANG: "en_US.UTF-8", SHELL: "/bin/bash" },
};

// ---------------------------------------------------------------------------------------------
// Artifact Repository — artifacts-01 (Nexus Repository 3.68)
// ---------------------------------------------------------------------------------------------

const ART = HOSTS.artifacts;
const NX = "/opt/sonatype/sonatype-work/nexus3";
const nexusUser: UserIn = {
  name: "nexus",
  uid: 200,
  gid: 200,
  groups: ["nexus"],
  home: "/opt/sonatype",
  shell: "/bin/bash",
  gecos: "Sonatype Nexus",
};
const artUsers: UserIn[] = [
  ROOT,
  nexusUser,
  staff(P.admin.username, ["sudo", "sysadmins"]),
  staff(P.elena.username, ["sudo", "sysadmins"]),
];

const ART_HOST: Host = {
  ...ART,
  kernel: "5.15.0-105-generic",
  users: artUsers,
  files: [
    ...commonFiles(
      ART,
      "ubuntu",
      sshdConfig({ allowGroups: "sysadmins", sftp: "/usr/lib/openssh/sftp-server" }),
      artUsers,
      UBUNTU_PASSWD,
      groupFile(UBUNTU_GROUP, { sudo: ["swhitfield", "epetrova"] }, [
        ...userGroups(artUsers),
        "nexus:x:200:",
        ...siteGroups({ sysadmins: ["swhitfield", "epetrova"] }),
      ]),
    ),
    { path: "/etc/sudoers.d/90-kestrel", content: SUDOERS_ADMINS, mode: "0440" },
    {
      path: "/etc/rsyslog.d/90-forward-siem.conf",
      content: rsyslogForward(ART.hostname, [
        { path: `${NX}/log/request.log`, tag: "nexus-request" },
        { path: `${NX}/log/audit/audit.log`, tag: "nexus-audit" },
      ]),
    },
    {
      path: "/etc/systemd/system/nexus.service",
      content: `[Unit]
Description=Sonatype Nexus Repository
After=network.target

[Service]
Type=forking
LimitNOFILE=65536
ExecStart=/opt/sonatype/nexus/bin/nexus start
ExecStop=/opt/sonatype/nexus/bin/nexus stop
User=nexus
Restart=on-abort
TimeoutSec=600

[Install]
WantedBy=multi-user.target
`,
    },
    { path: "/opt/sonatype/nexus/bin/nexus.rc", owner: "nexus:nexus", content: 'run_as_user="nexus"\n' },
    {
      path: "/opt/sonatype/nexus/bin/nexus.vmoptions",
      owner: "nexus:nexus",
      content: `-Xms4g
-Xmx4g
-XX:MaxDirectMemorySize=4g
-XX:+UnlockDiagnosticVMOptions
-XX:+LogVMOutput
-XX:LogFile=../sonatype-work/nexus3/log/jvm.log
-XX:-OmitStackTraceInFastThrow
-Djava.net.preferIPv4Stack=true
-Dkaraf.home=.
-Dkaraf.base=.
-Dkaraf.etc=etc/karaf
-Djava.util.logging.config.file=etc/karaf/java.util.logging.properties
-Dkaraf.data=../sonatype-work/nexus3
-Dkaraf.log=../sonatype-work/nexus3/log
-Djava.io.tmpdir=../sonatype-work/nexus3/tmp
-Dkaraf.startLocalConsole=false
-Djdk.tls.ephemeralDHKeySize=2048
`,
    },
    {
      path: `${NX}/etc/nexus.properties`,
      owner: "nexus:nexus",
      content: `# Jetty section
application-port=8081
application-host=0.0.0.0
nexus-context-path=/

# Nexus section
nexus.scripts.allowCreation=false
nexus.onboarding.enabled=false
nexus.security.randompassword=false
nexus.analytics.enabled=false
nexus.audit.enabled=true
`,
    },
    {
      path: `${NX}/etc/logback/logback-access.xml`,
      owner: "nexus:nexus",
      content: `<?xml version="1.0"?>
<configuration>
  <appender name="request.logfile" class="ch.qos.logback.core.rolling.RollingFileAppender">
    <File>\${karaf.data}/log/request.log</File>
    <Append>true</Append>
    <encoder class="org.sonatype.nexus.pax.logging.AccessPatternLayoutEncoder">
      <pattern>%clientHost %l %user [%date] "%requestURL" %statusCode %header{Content-Length} %bytesSent %elapsedTime "%header{User-Agent}" [%thread]</pattern>
    </encoder>
    <rollingPolicy class="ch.qos.logback.core.rolling.TimeBasedRollingPolicy">
      <fileNamePattern>\${karaf.data}/log/request-%d{yyyy-MM-dd}.log.gz</fileNamePattern>
      <maxHistory>90</maxHistory>
    </rollingPolicy>
  </appender>
  <appender-ref ref="request.logfile"/>
</configuration>
`,
    },
    {
      path: `${NX}/blobs/README.kestrel`,
      owner: "nexus:nexus",
      content: `Blob stores on artifacts-01 (/opt/sonatype/sonatype-work/nexus3/blobs):
  default   maven-*, pypi-*
  npm       npm-internal, npmjs-proxy (group npm-all)
  docker    docker-hosted (connector :8082), docker-hub-proxy
Backups: nightly "Admin - Export databases for backup" task to /srv/backup/nexus/db,
blob stores rsynced to backup-01 at 03:30 UTC.
`,
    },
  ],
  logs: [
    ...baseLogs("ubuntu", 800, 1500),
    {
      path: `${NX}/log/request.log`,
      format: "nexus-request",
      owner: "nexus:nexus",
      mode: "0644",
      noise: { count: 6000, from: NOISE_FROM, to: NOISE_TO },
    },
    { path: `${NX}/log/nexus.log`, format: "json-app", owner: "nexus:nexus", mode: "0644", lines: nexusLog() },
    {
      path: `${NX}/log/audit/audit.log`,
      format: "json-app",
      owner: "nexus:nexus",
      mode: "0644",
      lines: nexusAudit(260),
    },
    {
      path: "/var/log/audit/audit.log",
      format: "auditd",
      mode: "0600",
      noise: { count: 1500, from: NOISE_FROM, to: NOISE_TO },
    },
  ],
  processes: [
    { pid: 1, ppid: 0, user: "root", command: "/sbin/init", started: "2026-01-27T22:20:09Z" },
    { pid: 371, user: "root", command: "/lib/systemd/systemd-journald" },
    { pid: 498, user: "root", command: "/sbin/auditd" },
    { pid: 655, user: "syslog", command: "/usr/sbin/rsyslogd -n -iNONE" },
    { pid: 669, user: "root", command: "/usr/sbin/cron -f -P" },
    { pid: 675, user: "_chrony", command: "/usr/sbin/chronyd -F 1" },
    { pid: 712, user: "root", command: "sshd: /usr/sbin/sshd -D [listener] 0 of 10-100 startups" },
    {
      pid: 1043,
      user: "nexus",
      command:
        "/usr/lib/jvm/java-17-openjdk-amd64/bin/java -server -Dinstall4j.jvmDir=/usr/lib/jvm/java-17-openjdk-amd64 -Dexe4j.moduleName=/opt/sonatype/nexus/bin/nexus -Xms4g -Xmx4g -XX:MaxDirectMemorySize=4g -Dkaraf.home=. -Dkaraf.base=. -Dkaraf.data=../sonatype-work/nexus3 -Djava.io.tmpdir=../sonatype-work/nexus3/tmp -classpath /opt/sonatype/nexus/.install4j/i4jruntime.jar:/opt/sonatype/nexus/lib/boot/nexus-main.jar org.sonatype.nexus.karaf.NexusMain",
      cpu: 9.7,
      mem: 52.3,
    },
  ],
  sockets: [
    { proto: "tcp", local: "0.0.0.0:22", state: "LISTEN", pid: 712, program: "sshd" },
    { proto: "tcp", local: "0.0.0.0:8081", state: "LISTEN", pid: 1043, program: "java" },
    { proto: "tcp", local: "0.0.0.0:8082", state: "LISTEN", pid: 1043, program: "java" },
    { proto: "tcp", local: `${ART.ip}:8081`, remote: `${CI.ip}:50412`, state: "TIME_WAIT" },
    {
      proto: "tcp",
      local: `${ART.ip}:39016`,
      remote: `${SIEM_IP}:514`,
      state: "ESTABLISHED",
      pid: 655,
      program: "rsyslogd",
    },
    { proto: "udp", local: "127.0.0.1:323", state: "UNCONN", pid: 675, program: "chronyd" },
  ],
  services: [
    { name: "nexus.service", description: "Sonatype Nexus Repository", state: "running", pid: 1043 },
    { name: "ssh.service", description: "OpenBSD Secure Shell server", state: "running", pid: 712 },
    { name: "auditd.service", description: "Security Auditing Service", state: "running", pid: 498 },
    { name: "rsyslog.service", description: "System Logging Service", state: "running", pid: 655 },
    { name: "cron.service", description: "Regular background program processing daemon", state: "running", pid: 669 },
    { name: "chrony.service", description: "chrony, an NTP client/server", state: "running", pid: 675 },
  ],
  cron: [
    {
      user: "root",
      schedule: "30 3 * * *",
      command: "/usr/local/sbin/nexus-blob-rsync.sh backup-01.kestrel.internal:/srv/backup/nexus/blobs",
    },
  ],
  logins: sessions(0x5eed_0013, [P.elena.username, P.admin.username], () => JUMP_IP, 40),
  journal: bootJournal("2026-01-27T22:21:02Z", [
    { unit: "rsyslog.service", desc: "System Logging Service" },
    { unit: "ssh.service", desc: "OpenBSD Secure Shell server" },
    { unit: "nexus.service", desc: "Sonatype Nexus Repository" },
  ]),
  env: { LANG: "en_US.UTF-8", SHELL: "/bin/bash" },
};

// ---------------------------------------------------------------------------------------------
// Git Server — git-01 (Gitea 1.21)
// ---------------------------------------------------------------------------------------------

const GIT = HOSTS.git;
const gitUser: UserIn = {
  name: "git",
  uid: 113,
  gid: 119,
  groups: ["git"],
  home: "/home/git",
  shell: "/bin/bash",
  gecos: "Git Version Control",
};
const pgUser: UserIn = {
  name: "postgres",
  uid: 112,
  gid: 118,
  groups: ["postgres", "ssl-cert"],
  home: "/var/lib/postgresql",
  shell: "/bin/bash",
  gecos: "PostgreSQL administrator,,,",
};
const gitUsers: UserIn[] = [
  ROOT,
  gitUser,
  pgUser,
  staff(P.admin.username, ["sudo", "sysadmins"]),
  staff(P.elena.username, ["sudo", "sysadmins"]),
];

const GITEA_INI = `APP_NAME = Kestrel Git
RUN_USER = git
RUN_MODE = prod
WORK_PATH = /var/lib/gitea

[repository]
ROOT = /srv/git
DEFAULT_BRANCH = main
DEFAULT_PRIVATE = private
DEFAULT_PUSH_CREATE_PRIVATE = true
ENABLE_PUSH_CREATE_USER = false
ENABLE_PUSH_CREATE_ORG = false
DISABLED_REPO_UNITS = repo.wiki,repo.ext_wiki,repo.projects

[repository.signing]
SIGNING_KEY = none
INITIAL_COMMIT = never
MERGES = never
WIKI = never

[server]
PROTOCOL = http
HTTP_ADDR = 127.0.0.1
HTTP_PORT = 3000
DOMAIN = git.kestrel.internal
ROOT_URL = https://git.kestrel.internal/
SSH_DOMAIN = git.kestrel.internal
DISABLE_SSH = false
START_SSH_SERVER = false
SSH_PORT = 22
LFS_START_SERVER = true
LFS_JWT_SECRET = bVaNgwWMDyJrpf0wSD6UAKlQdkmMCgNs02WgOkCBycc
OFFLINE_MODE = true
APP_DATA_PATH = /var/lib/gitea/data

[database]
DB_TYPE = postgres
HOST = 127.0.0.1:5432
NAME = gitea
USER = gitea
PASSWD = \`jd9-XnRxjKSA2knwBREY2DFX\`
SSL_MODE = disable
LOG_SQL = false

[security]
INSTALL_LOCK = true
SECRET_KEY = dt7kn7YEuy1Z5hp8nYaQb8zi/6fiEXoWKSsr3xLiOojx8Zuun/au4BCLuWS00y7g
INTERNAL_TOKEN = eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJuYmYiOjE3MDY1MzQ4MDB9._Ael4wyp82RZab2hNcNQe45za947TsRKRa4VOSMwMZ4
REVERSE_PROXY_TRUSTED_PROXIES = 127.0.0.0/8
PASSWORD_HASH_ALGO = pbkdf2
MIN_PASSWORD_LENGTH = 14
PASSWORD_COMPLEXITY = lower,upper,digit,spec
LOGIN_REMEMBER_DAYS = 7
DISABLE_GIT_HOOKS = true
DISABLE_WEBHOOKS = false

[service]
DISABLE_REGISTRATION = true
REQUIRE_SIGNIN_VIEW = true
DEFAULT_KEEP_EMAIL_PRIVATE = true
DEFAULT_ALLOW_CREATE_ORGANIZATION = false
ENABLE_NOTIFY_MAIL = true
NO_REPLY_ADDRESS = noreply.git.kestrel.internal

[webhook]
ALLOWED_HOST_LIST = 10.0.30.11
SKIP_TLS_VERIFY = false
DELIVER_TIMEOUT = 10

[mailer]
ENABLED = true
PROTOCOL = smtp
SMTP_ADDR = mail-relay-01.kestrel.internal
SMTP_PORT = 25
FROM = "Kestrel Git" <git-noreply@kestrelfreight.com>

[session]
PROVIDER = db
COOKIE_SECURE = true
COOKIE_NAME = kestrel_git_session

[log]
; console output goes to the journal and from there to /var/log/syslog and siem-01
MODE = console
LEVEL = Info
ROOT_PATH = /var/lib/gitea/log

[actions]
ENABLED = false

[oauth2]
JWT_SECRET = EenHlYVTpRPZlHvd3azKOUwr54jI0W23Hti2b_zVpGA

[openid]
ENABLE_OPENID_SIGNIN = false
ENABLE_OPENID_SIGNUP = false

[cron.update_checker]
ENABLED = false
`;

const bareRepoFiles = (name: string): FileIn[] => [
  { path: `/srv/git/kestrel/${name}.git/HEAD`, owner: "git:git", content: "ref: refs/heads/main\n" },
  {
    path: `/srv/git/kestrel/${name}.git/config`,
    owner: "git:git",
    content: "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = true\n",
  },
  {
    path: `/srv/git/kestrel/${name}.git/description`,
    owner: "git:git",
    content: "Unnamed repository; edit this file 'description' to name the repository.\n",
  },
];

const GIT_HOST: Host = {
  ...GIT,
  kernel: "5.15.0-105-generic",
  users: gitUsers,
  files: [
    ...commonFiles(
      GIT,
      "ubuntu",
      sshdConfig({ allowGroups: "sysadmins git", sftp: "/usr/lib/openssh/sftp-server" }) +
        `
# Git over SSH: keys are looked up in Gitea, sessions are forced into gitea serv
Match User git
    AuthorizedKeysCommandUser git
    AuthorizedKeysCommand /usr/local/bin/gitea keys -c /etc/gitea/app.ini -e git -u %u -t %t -k %k
    PermitTTY no
`,
      gitUsers,
      UBUNTU_PASSWD,
      groupFile(UBUNTU_GROUP, { sudo: ["swhitfield", "epetrova"], "ssl-cert": ["postgres"] }, [
        ...userGroups(gitUsers),
        "postgres:x:118:",
        "git:x:119:",
        ...siteGroups({ sysadmins: ["swhitfield", "epetrova"] }),
      ]),
    ),
    { path: "/etc/sudoers.d/90-kestrel", content: SUDOERS_ADMINS, mode: "0440" },
    { path: "/etc/gitea/app.ini", owner: "root:git", mode: "0640", content: GITEA_INI },
    {
      path: "/etc/systemd/system/gitea.service",
      content: `[Unit]
Description=Gitea (Git with a cup of tea)
After=network.target postgresql.service
Requires=postgresql.service

[Service]
Type=simple
User=git
Group=git
WorkingDirectory=/var/lib/gitea/
ExecStart=/usr/local/bin/gitea web --config /etc/gitea/app.ini
Restart=always
Environment=USER=git HOME=/home/git GITEA_WORK_DIR=/var/lib/gitea

[Install]
WantedBy=multi-user.target
`,
    },
    {
      path: "/etc/nginx/sites-available/gitea.conf",
      content: `server {
    listen 80;
    server_name git.kestrel.internal;
    return 301 https://$host$request_uri;
}

server {
    listen 443 ssl http2;
    server_name git.kestrel.internal;

    ssl_certificate     /etc/ssl/kestrel/git.kestrel.internal.crt;
    ssl_certificate_key /etc/ssl/kestrel/git.kestrel.internal.key;
    ssl_protocols       TLSv1.2 TLSv1.3;

    access_log /var/log/nginx/access.log;
    client_max_body_size 512m;

    location / {
        proxy_pass http://127.0.0.1:3000;
        proxy_set_header Host $host;
        proxy_set_header X-Real-IP $remote_addr;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto https;
    }
}
`,
    },
    {
      path: "/etc/rsyslog.d/90-forward-siem.conf",
      content: rsyslogForward(GIT.hostname, [{ path: "/var/log/nginx/access.log", tag: "nginx-access" }]),
    },
    {
      path: "/etc/postgresql/14/main/pg_hba.conf",
      owner: "postgres:postgres",
      mode: "0640",
      content: `# Database administrative login by Unix domain socket
local   all             postgres                                peer
# TYPE  DATABASE        USER            ADDRESS                 METHOD
local   all             all                                     peer
host    gitea           gitea           127.0.0.1/32            scram-sha-256
host    all             all             ::1/128                 reject
host    all             all             0.0.0.0/0               reject
`,
    },
    ...GITEA_REPOS.flatMap(bareRepoFiles),
  ],
  logs: [
    {
      path: "/var/log/auth.log",
      format: "auth",
      owner: "syslog:adm",
      mode: "0640",
      noise: { count: 2200, from: NOISE_FROM, to: NOISE_TO },
    },
    {
      path: "/var/log/syslog",
      format: "syslog",
      owner: "syslog:adm",
      mode: "0640",
      lines: GITEA_LINES,
      noise: { count: 1500, from: NOISE_FROM, to: NOISE_TO },
    },
    {
      path: "/var/log/nginx/access.log",
      format: "nginx-access",
      owner: "www-data:adm",
      mode: "0640",
      noise: { count: 4000, from: NOISE_FROM, to: NOISE_TO },
    },
    {
      path: "/var/log/postgresql/postgresql-14-main.log",
      format: "postgres",
      owner: "postgres:adm",
      mode: "0640",
      noise: { count: 400, from: NOISE_FROM, to: NOISE_TO },
    },
    {
      path: "/var/log/audit/audit.log",
      format: "auditd",
      mode: "0600",
      noise: { count: 1500, from: NOISE_FROM, to: NOISE_TO },
    },
  ],
  processes: [
    { pid: 1, ppid: 0, user: "root", command: "/sbin/init", started: "2026-01-27T21:48:37Z" },
    { pid: 366, user: "root", command: "/lib/systemd/systemd-journald" },
    { pid: 490, user: "root", command: "/sbin/auditd" },
    { pid: 641, user: "syslog", command: "/usr/sbin/rsyslogd -n -iNONE" },
    { pid: 650, user: "root", command: "/usr/sbin/cron -f -P" },
    { pid: 662, user: "_chrony", command: "/usr/sbin/chronyd -F 1" },
    { pid: 709, user: "root", command: "sshd: /usr/sbin/sshd -D [listener] 0 of 10-100 startups" },
    {
      pid: 811,
      user: "postgres",
      command:
        "/usr/lib/postgresql/14/bin/postgres -D /var/lib/postgresql/14/main -c config_file=/etc/postgresql/14/main/postgresql.conf",
    },
    { pid: 870, user: "root", command: "nginx: master process /usr/sbin/nginx -g daemon on; master_process on;" },
    { pid: 871, ppid: 870, user: "www-data", command: "nginx: worker process" },
    { pid: 944, user: "git", command: "/usr/local/bin/gitea web --config /etc/gitea/app.ini", cpu: 1.8, mem: 6.4 },
  ],
  sockets: [
    { proto: "tcp", local: "0.0.0.0:22", state: "LISTEN", pid: 709, program: "sshd" },
    { proto: "tcp", local: "0.0.0.0:80", state: "LISTEN", pid: 870, program: "nginx" },
    { proto: "tcp", local: "0.0.0.0:443", state: "LISTEN", pid: 870, program: "nginx" },
    { proto: "tcp", local: "127.0.0.1:3000", state: "LISTEN", pid: 944, program: "gitea" },
    { proto: "tcp", local: "127.0.0.1:5432", state: "LISTEN", pid: 811, program: "postgres" },
    {
      proto: "tcp",
      local: `${GIT.ip}:40218`,
      remote: `${SIEM_IP}:514`,
      state: "ESTABLISHED",
      pid: 641,
      program: "rsyslogd",
    },
    {
      proto: "tcp",
      local: `${GIT.ip}:52001`,
      remote: `${HOSTS.dc.ip}:636`,
      state: "ESTABLISHED",
      pid: 944,
      program: "gitea",
    },
  ],
  services: [
    { name: "gitea.service", description: "Gitea (Git with a cup of tea)", state: "running", pid: 944 },
    { name: "postgresql@14-main.service", description: "PostgreSQL Cluster 14-main", state: "running", pid: 811 },
    {
      name: "nginx.service",
      description: "A high performance web server and a reverse proxy server",
      state: "running",
      pid: 870,
    },
    { name: "ssh.service", description: "OpenBSD Secure Shell server", state: "running", pid: 709 },
    { name: "auditd.service", description: "Security Auditing Service", state: "running", pid: 490 },
    { name: "rsyslog.service", description: "System Logging Service", state: "running", pid: 641 },
    { name: "cron.service", description: "Regular background program processing daemon", state: "running", pid: 650 },
  ],
  cron: [
    {
      user: "git",
      schedule: "15 1 * * *",
      command:
        "/usr/local/bin/gitea dump -c /etc/gitea/app.ini --skip-log --file /var/backups/gitea/gitea-dump-$(date +\\%F).zip",
    },
    {
      user: "root",
      schedule: "0 5 * * *",
      command: "find /var/backups/gitea -name 'gitea-dump-*.zip' -mtime +14 -delete",
    },
  ],
  logins: sessions(0x5eed_0014, [P.admin.username, P.elena.username], () => JUMP_IP, 35),
  journal: [
    ...bootJournal("2026-01-27T21:49:20Z", [
      { unit: "postgresql@14-main.service", desc: "PostgreSQL Cluster 14-main" },
      { unit: "nginx.service", desc: "A high performance web server and a reverse proxy server" },
      { unit: "gitea.service", desc: "Gitea (Git with a cup of tea)" },
    ]),
    ...GITEA_LINES.map((l) => ({
      time: l.time,
      unit: "gitea.service",
      identifier: "gitea[944]",
      message: l.text.replace(/^.*? gitea\[944\]: /, ""),
    })),
  ],
  env: { LANG: "en_US.UTF-8", SHELL: "/bin/bash", GITEA_WORK_DIR: "/var/lib/gitea" },
};

// ---------------------------------------------------------------------------------------------
// DC/DNS — dc01 (Samba 4.17 AD DC + BIND 9.18 DLZ)
// ---------------------------------------------------------------------------------------------

const DC = HOSTS.dc;
const bindUser: UserIn = {
  name: "bind",
  uid: 103,
  gid: 110,
  groups: ["bind"],
  home: "/var/cache/bind",
  shell: "/usr/sbin/nologin",
  gecos: "",
};
const dcUsers: UserIn[] = [ROOT, bindUser, staff(P.admin.username, ["sudo", "sysadmins"])];

const DC_HOST: Host = {
  ...DC,
  kernel: "6.1.0-26-amd64",
  users: dcUsers,
  files: [
    ...commonFiles(
      DC,
      "debian",
      sshdConfig({ allowGroups: "sysadmins", sftp: "/usr/lib/openssh/sftp-server" }),
      dcUsers,
      DEBIAN_PASSWD,
      groupFile(`${DEBIAN_GROUP}\nbind:x:110:`, { sudo: ["swhitfield"] }, [
        ...userGroups(dcUsers),
        ...siteGroups({ sysadmins: ["swhitfield"] }),
      ]),
    ),
    { path: "/etc/sudoers.d/90-kestrel", content: SUDOERS_ADMINS, mode: "0440" },
    {
      path: "/etc/rsyslog.d/90-forward-siem.conf",
      content: rsyslogForward(DC.hostname, [{ path: "/var/log/named/queries.log", tag: "named-queries" }]),
    },
    {
      path: "/etc/bind/named.conf",
      owner: "root:bind",
      content: `// This is the primary configuration file for the BIND DNS server named.
//
// Please read /usr/share/doc/bind9/README.Debian for information on the
// structure of BIND configuration files in Debian, *BEFORE* you customize
// this configuration file.

include "/etc/bind/named.conf.options";
include "/etc/bind/named.conf.local";
include "/etc/bind/named.conf.default-zones";
`,
    },
    {
      path: "/etc/bind/named.conf.options",
      owner: "root:bind",
      content: `// Managed by Ansible (role: dc-dns)
acl kestrel_internal {
	127.0.0.1;
	10.0.10.0/24;
	10.0.20.0/24;
	10.0.30.0/24;
	10.0.40.0/24;
};

options {
	directory "/var/cache/bind";
	listen-on port 53 { 127.0.0.1; ${DC.ip}; };
	listen-on-v6 { none; };

	allow-query { kestrel_internal; };
	allow-recursion { kestrel_internal; };
	allow-transfer { none; };

	forwarders {
		9.9.9.9;
		149.112.112.112;
	};
	forward only;

	dnssec-validation auto;
	minimal-responses yes;
	version "not disclosed";

	tkey-gssapi-keytab "/var/lib/samba/bind-dns/dns.keytab";

	response-policy { zone "rpz.kestrel.internal"; } qname-wait-recurse no;
};

logging {
	channel default_log {
		file "/var/log/named/named.log" versions 5 size 50m;
		print-time iso8601-utc;
		print-category yes;
		print-severity yes;
		severity info;
	};
	channel queries_log {
		file "/var/log/named/queries.log" versions 10 size 200m;
		print-time iso8601-utc;
		print-category yes;
		print-severity yes;
		severity info;
	};
	category default { default_log; };
	category queries { queries_log; };
	category rpz { default_log; };
	category lame-servers { null; };
};
`,
    },
    {
      path: "/etc/bind/named.conf.local",
      owner: "root:bind",
      content: `// Samba AD DLZ: kestrel.internal, _msdcs.kestrel.internal and the reverse zones of
// 10.0.10.0/24, 10.0.20.0/24, 10.0.30.0/24 and 10.0.40.0/24 live in the AD database.
include "/var/lib/samba/bind-dns/named.conf";

// Response policy zone maintained by Security Operations
zone "rpz.kestrel.internal" {
	type primary;
	file "/etc/bind/db.rpz.kestrel.internal";
	allow-query { none; };
};
`,
    },
    {
      path: "/etc/bind/db.rpz.kestrel.internal",
      owner: "root:bind",
      content: `$TTL 300
@   IN SOA  dc01.kestrel.internal. secops.kestrelfreight.com. (
            2026013001 ; serial
            3600       ; refresh
            600        ; retry
            604800     ; expire
            300 )      ; minimum
    IN NS   dc01.kestrel.internal.

; Dynamic-DNS and paste services abused for C2 and exfiltration
*.duckdns.org          CNAME .
*.no-ip.biz            CNAME .
*.ngrok-free.app       CNAME .
*.trycloudflare.com    CNAME .
pastebin.com           CNAME .
*.interact.sh          CNAME .
*.oast.fun             CNAME .
`,
    },
    {
      path: "/var/lib/samba/bind-dns/named.conf",
      owner: "root:bind",
      content: `dlz "AD DNS Zone" {
    # For BIND 9.18.x
    database "dlopen /usr/lib/x86_64-linux-gnu/samba/bind9/dlz_bind9_18.so";
};
`,
    },
    {
      path: "/etc/samba/smb.conf",
      content: `# Global parameters
[global]
	netbios name = DC01
	realm = KESTREL.INTERNAL
	server role = active directory domain controller
	workgroup = KESTREL
	server services = -dns
	idmap_ldb:use rfc2307 = yes
	ldap server require strong auth = yes
	server min protocol = SMB2_10
	client min protocol = SMB2_10
	ntlm auth = mschapv2-and-ntlmv2-only
	restrict anonymous = 2
	tls enabled = yes
	tls keyfile = /var/lib/samba/private/tls/key.pem
	tls certfile = /var/lib/samba/private/tls/cert.pem
	tls cafile = /var/lib/samba/private/tls/ca.pem
	log level = 1 auth_audit:3 dsdb_audit:2 dsdb_group_audit:2
	log file = /var/log/samba/log.%m
	max log size = 10000

[sysvol]
	path = /var/lib/samba/sysvol
	read only = No

[netlogon]
	path = /var/lib/samba/sysvol/kestrel.internal/scripts
	read only = No
`,
    },
    {
      path: "/etc/krb5.conf",
      content: `[libdefaults]
	default_realm = KESTREL.INTERNAL
	dns_lookup_realm = false
	dns_lookup_kdc = true

[realms]
KESTREL.INTERNAL = {
	default_domain = kestrel.internal
}

[domain_realm]
	dc01 = KESTREL.INTERNAL
`,
    },
  ],
  logs: [
    ...baseLogs("debian", 700, 1500),
    { path: "/var/log/named/queries.log", format: "syslog", owner: "bind:bind", mode: "0644", lines: QUERIES },
    {
      path: "/var/log/named/named.log",
      format: "syslog",
      owner: "bind:bind",
      mode: "0644",
      lines: [
        {
          time: "2026-01-27T22:10:05Z",
          text: "2026-01-27T22:10:05.311Z general: notice: starting BIND 9.18.28-1~deb12u2-Debian (Extended Support Version) <id:>",
        },
        {
          time: "2026-01-27T22:10:05Z",
          text: "2026-01-27T22:10:05.402Z general: info: loading configuration from '/etc/bind/named.conf'",
        },
        {
          time: "2026-01-27T22:10:06Z",
          text: "2026-01-27T22:10:06.118Z database: info: Loading 'AD DNS Zone' using driver dlopen",
        },
        {
          time: "2026-01-27T22:10:06Z",
          text: "2026-01-27T22:10:06.902Z database: info: samba_dlz: started for DN DC=kestrel,DC=internal",
        },
        {
          time: "2026-01-27T22:10:07Z",
          text: "2026-01-27T22:10:07.044Z general: info: zone rpz.kestrel.internal/IN: loaded serial 2026013001",
        },
        { time: "2026-01-27T22:10:07Z", text: "2026-01-27T22:10:07.051Z general: notice: all zones loaded" },
        { time: "2026-01-27T22:10:07Z", text: "2026-01-27T22:10:07.052Z general: notice: running" },
      ],
    },
  ],
  processes: [
    { pid: 1, ppid: 0, user: "root", command: "/sbin/init", started: "2026-01-27T22:09:12Z" },
    { pid: 301, user: "root", command: "/lib/systemd/systemd-journald" },
    { pid: 498, user: "root", command: "/usr/sbin/rsyslogd -n -iNONE" },
    { pid: 505, user: "root", command: "/usr/sbin/cron -f" },
    { pid: 520, user: "_chrony", command: "/usr/sbin/chronyd -F 1" },
    { pid: 604, user: "root", command: "sshd: /usr/sbin/sshd -D [listener] 0 of 10-100 startups" },
    { pid: 702, user: "bind", command: "/usr/sbin/named -f -u bind", cpu: 1.2, mem: 2.6 },
    { pid: 733, user: "root", command: "samba: root process" },
    { pid: 741, ppid: 733, user: "root", command: "samba: task[ldap] pre-fork master" },
    { pid: 744, ppid: 733, user: "root", command: "samba: task[kdc] pre-fork master" },
    { pid: 748, ppid: 733, user: "root", command: "samba: task[rpc] pre-fork master" },
    {
      pid: 755,
      ppid: 733,
      user: "root",
      command: "/usr/sbin/smbd -D --option=server role check:inhibit=yes --foreground",
    },
    {
      pid: 763,
      ppid: 733,
      user: "root",
      command: "/usr/sbin/winbindd -D --option=server role check:inhibit=yes --foreground",
    },
  ],
  sockets: [
    { proto: "tcp", local: "0.0.0.0:22", state: "LISTEN", pid: 604, program: "sshd" },
    { proto: "tcp", local: `${DC.ip}:53`, state: "LISTEN", pid: 702, program: "named" },
    { proto: "udp", local: `${DC.ip}:53`, state: "UNCONN", pid: 702, program: "named" },
    { proto: "tcp", local: "127.0.0.1:53", state: "LISTEN", pid: 702, program: "named" },
    { proto: "tcp", local: "0.0.0.0:88", state: "LISTEN", pid: 744, program: "samba" },
    { proto: "udp", local: "0.0.0.0:88", state: "UNCONN", pid: 744, program: "samba" },
    { proto: "tcp", local: "0.0.0.0:389", state: "LISTEN", pid: 741, program: "samba" },
    { proto: "tcp", local: "0.0.0.0:636", state: "LISTEN", pid: 741, program: "samba" },
    { proto: "tcp", local: "0.0.0.0:3268", state: "LISTEN", pid: 741, program: "samba" },
    { proto: "tcp", local: "0.0.0.0:3269", state: "LISTEN", pid: 741, program: "samba" },
    { proto: "tcp", local: "0.0.0.0:445", state: "LISTEN", pid: 755, program: "smbd" },
    { proto: "tcp", local: "0.0.0.0:135", state: "LISTEN", pid: 748, program: "samba" },
    { proto: "tcp", local: "0.0.0.0:464", state: "LISTEN", pid: 744, program: "samba" },
    { proto: "udp", local: "0.0.0.0:123", state: "UNCONN", pid: 520, program: "chronyd" },
    {
      proto: "tcp",
      local: `${DC.ip}:38114`,
      remote: `${SIEM_IP}:514`,
      state: "ESTABLISHED",
      pid: 498,
      program: "rsyslogd",
    },
  ],
  services: [
    { name: "samba-ad-dc.service", description: "Samba AD Daemon", state: "running", pid: 733 },
    { name: "named.service", description: "BIND Domain Name Server", state: "running", pid: 702 },
    { name: "ssh.service", description: "OpenBSD Secure Shell server", state: "running", pid: 604 },
    { name: "rsyslog.service", description: "System Logging Service", state: "running", pid: 498 },
    { name: "cron.service", description: "Regular background program processing daemon", state: "running", pid: 505 },
    { name: "chrony.service", description: "chrony, an NTP client/server", state: "running", pid: 520 },
  ],
  cron: [
    {
      user: "root",
      schedule: "30 1 * * *",
      command:
        "/usr/bin/samba-tool domain backup offline --targetdir=/srv/backup/samba >/var/log/samba-backup.log 2>&1",
    },
  ],
  logins: sessions(0x5eed_0015, [P.admin.username], () => JUMP_IP, 25),
  journal: bootJournal("2026-01-27T22:10:08Z", [
    { unit: "named.service", desc: "BIND Domain Name Server" },
    { unit: "samba-ad-dc.service", desc: "Samba AD Daemon" },
    { unit: "ssh.service", desc: "OpenBSD Secure Shell server" },
  ]),
  env: { LANG: "en_GB.UTF-8", SHELL: "/bin/bash" },
};

/** The seven base hosts, one per Scenario 2 role. */
export const BASE_HOSTS: Host[] = [WS_HOST, JUMP_HOST, SIEM_HOST, CI_HOST, ART_HOST, GIT_HOST, DC_HOST];

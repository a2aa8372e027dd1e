import { ownerFor, type Accounts } from "./accounts";
import type { Distro } from "./distro";

/**
 * Owners and modes as the distribution lays them down: its standard directories (/tmp 1777,
 * /root 0700, /var/log, the cron spool), the modes of files that are never world-readable
 * (/etc/shadow, private keys, crontabs, shell history), owners of users' and daemons' files.
 * The content's own owners and modes are kept; these fill in what it leaves out.
 */
export interface DirSpec {
  path: string;
  mode: number;
  owner: string;
}

const COMMON: [string, number, string?][] = [
  ["/bin", 0o755],
  ["/boot", 0o755],
  ["/dev", 0o755],
  ["/dev/shm", 0o1777],
  ["/etc", 0o755],
  ["/etc/cron.d", 0o755],
  ["/etc/cron.daily", 0o755],
  ["/etc/cron.hourly", 0o755],
  ["/etc/cron.weekly", 0o755],
  ["/etc/cron.monthly", 0o755],
  ["/etc/default", 0o755],
  ["/etc/logrotate.d", 0o755],
  ["/etc/ssh", 0o755],
  ["/etc/sudoers.d", 0o750],
  ["/etc/systemd/system", 0o755],
  ["/home", 0o755],
  ["/lib", 0o755],
  ["/media", 0o755],
  ["/mnt", 0o755],
  ["/opt", 0o755],
  ["/proc", 0o555],
  ["/root", 0o700],
  ["/run", 0o755],
  ["/run/user", 0o755],
  ["/sbin", 0o755],
  ["/srv", 0o755],
  ["/sys", 0o555],
  ["/tmp", 0o1777],
  ["/usr", 0o755],
  ["/usr/bin", 0o755],
  ["/usr/lib", 0o755],
  ["/usr/local", 0o755],
  ["/usr/local/bin", 0o755],
  ["/usr/local/sbin", 0o755],
  ["/usr/sbin", 0o755],
  ["/usr/share", 0o755],
  ["/var", 0o755],
  ["/var/backups", 0o755],
  ["/var/cache", 0o755],
  ["/var/lib", 0o755],
  ["/var/log", 0o755],
  ["/var/opt", 0o755],
  ["/var/spool", 0o755],
  ["/var/tmp", 0o1777],
];

const DEBIAN: [string, number, string?][] = [
  ["/lost+found", 0o700],
  ["/run/lock", 0o1777],
  ["/run/sshd", 0o755],
  ["/var/local", 0o2775, "root:staff"],
  ["/var/mail", 0o2775, "root:mail"],
  ["/var/spool/cron", 0o755],
  ["/var/spool/cron/crontabs", 0o1730, "root:crontab"],
  ["/var/log/journal", 0o2755, "root:systemd-journal"],
  ["/var/www", 0o755],
];
const UBUNTU: [string, number, string?][] = [
  ["/var/log", 0o775, "root:syslog"],
  ["/snap", 0o755],
];
const RHEL: [string, number, string?][] = [
  ["/run/lock", 0o755],
  ["/var/spool/cron", 0o700],
  ["/var/log/audit", 0o700],
  ["/var/log/journal", 0o2755, "root:systemd-journal"],
  ["/usr/lib64", 0o755],
];

export function standardDirs(distro: Distro): DirSpec[] {
  const rows = [
    ...COMMON,
    ...(distro.family === "rhel" ? RHEL : distro.family === "debian" ? DEBIAN : []),
    ...(distro.id === "ubuntu" ? UBUNTU : []),
  ];
  const byPath = new Map<string, DirSpec>();
  for (const [path, mode, owner = "root:root"] of rows) byPath.set(path, { path, mode, owner });
  return [...byPath.values()];
}

/** A user's home: 0750 on Ubuntu (since 21.04), 0700 on Debian 12 and Rocky. */
export const homeMode = (distro: Distro): number => (distro.id === "ubuntu" ? 0o750 : 0o700);

const PRIVATE = [
  /\/\.ssh\/(authorized_keys2?|config|id_[^/]*(?<!\.pub)|known_hosts)$/,
  /\/\.(bash|zsh|mysql|psql|python)_history$/,
  /^\/etc\/ssh\/ssh_host_[^/]*_key$/,
  /^\/etc\/ssl\/private\//,
  /^\/var\/spool\/cron\/crontabs\//,
  /\/\.(npmrc|netrc|pgpass|git-credentials)$/,
];
const EXECUTABLE = [/\/s?bin\/[^/]+$/, /\.sh$/, /^\/etc\/cron\.(daily|hourly|weekly|monthly)\//, /\/hooks\/[^/.]+$/];

/** The mode of a content file that gives none. */
export function defaultFileMode(distro: Distro, path: string): number {
  if (/^\/etc\/g?shadow-?$/.test(path)) return distro.family === "rhel" ? 0o000 : 0o640;
  if (/^\/etc\/sudoers(\.d\/.*)?$/.test(path)) return 0o440;
  if (PRIVATE.some((re) => re.test(path))) return 0o600;
  if (EXECUTABLE.some((re) => re.test(path))) return 0o755;
  return 0o644;
}

/** The account whose home holds a path (a person's, or a daemon's such as /var/lib/jenkins). */
export function homeOwner(accounts: Accounts, path: string): string | undefined {
  const homes = accounts.users.filter(
    (u) => u.uid !== 0 && u.home.length > 1 && /^\/(home|var\/lib|srv|opt)\//.test(u.home) && u.name !== "syslog",
  );
  const u = homes.find((h) => path === h.home || path.startsWith(`${h.home}/`));
  return u && ownerFor(accounts, u.name);
}

/** The owner of a content file that gives none: its home's account, else root. */
export function defaultFileOwner(accounts: Accounts, path: string): string {
  if (/^\/etc\/g?shadow-?$/.test(path))
    return accounts.groups.some((g) => g.name === "shadow") ? "root:shadow" : "root:root";
  return homeOwner(accounts, path) ?? "root:root";
}

/** Owner and mode of a log the content gives none for: what rsyslog and logrotate create. */
export function defaultLogMeta(distro: Distro, path: string): { owner: string; mode: number } {
  if (distro.family === "rhel") return { owner: "root:root", mode: 0o600 };
  const topLevel = /^\/var\/log\/[^/]+$/.test(path);
  if (distro.id === "ubuntu" && topLevel) return { owner: "syslog:adm", mode: 0o640 };
  return { owner: "root:adm", mode: 0o640 };
}

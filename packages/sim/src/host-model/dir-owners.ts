import type { Accounts } from "./accounts";
import { homeOwner } from "./filesystem";

/**
 * Owners of the directories the content implies but never names (/var/lib/jenkins/jobs,
 * /home/praman/.npm): a service's data directory belongs to the service's user, a person's
 * files to the person. Read from who owns the files below each directory.
 */
const DATA_ROOT = /^\/(var\/lib|srv|opt|var\/cache|var\/spool|var\/www|var\/log)\/[^/]+/;

/** The owner most files below a directory have, with how many of them have it. */
function majority(owners: string[]): { owner: string; share: number } | undefined {
  if (owners.length === 0) return undefined;
  const counts = new Map<string, number>();
  for (const o of owners) counts.set(o, (counts.get(o) ?? 0) + 1);
  const [owner, n] = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!;
  return { owner, share: n / owners.length };
}

/** Log directories stay root's; their group is the one their logs are written for (adm). */
function logDirOwner(owner: string): string {
  const [user, group] = owner.split(":");
  return user === "root" || user === "syslog" || group === "adm" ? `root:${group}` : owner;
}

/**
 * `files`: every file with its owner. `dirs`: directories to decide (those no one named).
 * Returns the owner of each directory that should not be root's.
 */
export function inferDirOwners(
  accounts: Accounts,
  files: { path: string; owner: string }[],
  dirs: string[],
): Map<string, string> {
  const out = new Map<string, string>();
  const below = (dir: string) => files.filter((f) => f.path.startsWith(`${dir}/`)).map((f) => f.owner);
  for (const dir of [...dirs].sort()) {
    const home = homeOwner(accounts, dir);
    if (home) {
      out.set(dir, home);
      continue;
    }
    const root = DATA_ROOT.exec(dir)?.[0];
    if (!root) continue;
    const m = majority(below(dir));
    // The data root follows most of its files; a directory inside it follows all of its own.
    const owner = dir === root ? (m && m.share >= 0.5 ? m.owner : undefined) : m?.share === 1 ? m.owner : out.get(root);
    if (!owner || owner.startsWith("root:root")) continue;
    out.set(dir, root.startsWith("/var/log/") ? logDirOwner(owner) : owner);
  }
  return out;
}

import { createRandom, type Random } from "../../random";
import { perFile } from "../context";
import { clients } from "./internet";

/**
 * What the logs of one Linux host share: its users' UIDs and SSH keys, its daemons' PIDs, its
 * logind session counter. Fixed for a file (not for a host: auth.log and syslog need not agree).
 */

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** The 43 base64 characters of a SHA256 key fingerprint. */
export function fingerprint(rng: Random): string {
  let s = "";
  for (let i = 0; i < 43; i++) s += BASE64[rng.int(0, 63)];
  return s;
}

export const host = perFile("hosts:host", (r, ctx) => {
  const users = ctx.users.length ? ctx.users : ["admin"];
  return {
    users,
    uid: (u: string) => ctx.uids?.[u] ?? 1001 + Math.max(0, users.indexOf(u)),
    keys: new Map(users.map((u) => [u, fingerprint(r)])),
    logind: r.int(480, 1_200),
    rsyslogd: r.int(600, 1_100),
    snapd: r.int(700, 1_400),
    networkManager: r.int(700, 1_000),
    /** logind numbers sessions from boot on: this file's first. */
    firstSession: r.int(120, 2_400),
    /** Addresses admins log in from (the jump host when `peers` says so). */
    sources: clients(r, ctx),
  };
});

/** Key fingerprint of a user ("SHA256:…"): the one content gives, else the user's own for the file. */
export function keyOf(info: ReturnType<typeof host>, keys: Record<string, string> | undefined, user: string): string {
  return keys?.[user] ?? `SHA256:${info.keys.get(user) ?? fingerprint(createRandom(`key:${user}`))}`;
}

/** A PID of a short-lived process (sshd's per-connection child, CRON, sudo). */
export const pidAt = (rng: Random) => rng.int(1_200, 399_999);

/** An ephemeral client port. */
export const port = (rng: Random) => rng.int(32_768, 60_999);

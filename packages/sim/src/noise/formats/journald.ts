import type { Random } from "../../random";
import { type Generator, perFile, pid, user } from "../context";
import { shortIsoTime } from "../log-time";
import { CRON_JOBS, systemdMessage } from "../vocabulary";

/** The host's long-running daemons keep their PIDs, and the journal its machine ID, all file long. */
const daemons = perFile("journald:daemons", (r) => ({
  journald: r.int(250, 450),
  logind: r.int(600, 900),
  timesyncd: r.int(500, 700),
  machineId: r.hex(32),
}));

/** journald asks for rotation once a hash table is 75% full: 8533 of its 11377 items. */
function rotationHint(rng: Random, machineId: string): string {
  const items = rng.int(8533, 8536);
  const size = rng.pick([6553600, 8388608, 16777216]);
  return `Data hash table of /var/log/journal/${machineId}/system.journal has a fill level at 75.0 (${items} of 11377 items, ${size} file size, ${Math.floor(size / items)} bytes per hash table item), suggesting rotation.`;
}

/** `journalctl -o short-iso` of an Ubuntu server: systemd jobs, logind sessions, cron, journal rotation. */
export const journald: Generator = (rng, ctx, ms) => {
  const line = (tag: string, message: string) => `${shortIsoTime(ms)} ${ctx.hostname} ${tag}: ${message}`;
  const r = rng.next();
  if (r < 0.4) return line("systemd[1]", systemdMessage(rng, ctx));
  if (r < 0.65) {
    const session = rng.int(100, 9999);
    const u = user(rng, ctx);
    return line(
      `systemd-logind[${daemons(rng, ctx).logind}]`,
      rng.pick([
        `New session ${session} of user ${u}.`,
        `Session ${session} logged out. Waiting for processes to exit.`,
        `Removed session ${session}.`,
      ]),
    );
  }
  if (r < 0.85) {
    const cron = `CRON[${pid(rng)}]`;
    return rng.chance(0.5)
      ? line(cron, rng.pick(CRON_JOBS))
      : line(cron, "pam_unix(cron:session): session opened for user root(uid=0) by (uid=0)");
  }
  const d = daemons(rng, ctx);
  if (r < 0.95) return line(`systemd-journald[${d.journald}]`, rotationHint(rng, d.machineId));
  return line(
    `systemd-timesyncd[${d.timesyncd}]`,
    rng.chance(0.5)
      ? "Network configuration changed, trying to establish connection."
      : `Contacted time server ${rng.pick(["185.125.190.56", "185.125.190.57", "185.125.190.58"])}:123 (ntp.ubuntu.com).`,
  );
};

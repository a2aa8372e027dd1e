import { type Generator, pid } from "../context";
import { syslogTime } from "../log-time";
import { CRON_JOBS, systemdMessage } from "../vocabulary";

/** One RFC 3164 line as rsyslog writes it: "Mar  4 02:17:09 web-01 CRON[4242]: message". */
export function syslogLine(ms: number, hostname: string, tag: string, message: string): string {
  return `${syslogTime(ms)} ${hostname} ${tag}: ${message}`;
}

/** /var/log/syslog of an Ubuntu server: cron, rsyslog and systemd housekeeping. */
export const syslog: Generator = (rng, ctx, ms) => {
  if (rng.chance(0.35)) return syslogLine(ms, ctx.hostname, `CRON[${pid(rng)}]`, rng.pick(CRON_JOBS));
  if (rng.chance(0.15))
    return syslogLine(
      ms,
      ctx.hostname,
      `rsyslogd[${rng.int(500, 900)}]`,
      "imjournal: journal files changed, reloading...  [v8.2302.0 try https://www.rsyslog.com/e/0 ]",
    );
  return syslogLine(ms, ctx.hostname, "systemd[1]", systemdMessage(rng, ctx));
};

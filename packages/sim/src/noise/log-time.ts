/**
 * Every timestamp style the noise formats print, each written once. All are UTC: simulated hosts
 * run on UTC, so a "+0000" offset is always right.
 */

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
export const p2 = (n: number) => String(n).padStart(2, "0");
export const p3 = (n: number) => String(n).padStart(3, "0");

function parts(ms: number) {
  const d = new Date(ms);
  return {
    y: d.getUTCFullYear(),
    mo: d.getUTCMonth(),
    d: d.getUTCDate(),
    hms: `${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}`,
    frac: p3(d.getUTCMilliseconds()),
  };
}

/** RFC 3164 syslog, no year: "Mar  4 02:17:09" */
export function syslogTime(ms: number): string {
  const t = parts(ms);
  return `${MONTHS[t.mo]} ${String(t.d).padStart(2, " ")} ${t.hms}`;
}

/** Common Log Format (nginx, Apache, Nexus): "04/Mar/2026:02:17:09 +0000" */
export function clfTime(ms: number): string {
  const t = parts(ms);
  return `${p2(t.d)}/${MONTHS[t.mo]}/${t.y}:${t.hms} +0000`;
}

/** Java and PostgreSQL logs: "2026-03-04 02:17:09.120" (callers append the zone). */
export function isoSpaceTime(ms: number): string {
  const t = parts(ms);
  return `${t.y}-${p2(t.mo + 1)}-${p2(t.d)} ${t.hms}.${t.frac}`;
}

/** Go's log package (Gitea): "2026/03/04 02:17:09" */
export function slashTime(ms: number): string {
  const t = parts(ms);
  return `${t.y}/${p2(t.mo + 1)}/${p2(t.d)} ${t.hms}`;
}

/** Windows event export, US order: "03/04/2026 02:17:09" */
export function usTime(ms: number): string {
  const t = parts(ms);
  return `${p2(t.mo + 1)}/${p2(t.d)}/${t.y} ${t.hms}`;
}

/** Seconds since the epoch with milliseconds, as auditd prints them: "1772590629.120" */
export function epochTime(ms: number): string {
  return (ms / 1000).toFixed(3);
}

/** journalctl -o short-iso: "2026-03-04T02:17:09+0000" */
export function shortIsoTime(ms: number): string {
  const t = parts(ms);
  return `${t.y}-${p2(t.mo + 1)}-${p2(t.d)}T${t.hms}+0000`;
}

/** BIND 9 with `print-time yes`: "04-Mar-2026 02:17:09.120" */
export function bindTime(ms: number): string {
  const t = parts(ms);
  return `${p2(t.d)}-${MONTHS[t.mo]}-${t.y} ${t.hms}.${t.frac}`;
}

/** ISO 8601 with milliseconds (JSON logs, Jenkins timestamper): "2026-03-04T02:17:09.120Z" */
export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}

/** ISO 8601 to the second (CloudTrail, SIEM exports): "2026-03-04T02:17:09Z" */
export function isoSecondsTime(ms: number): string {
  return isoTime(ms).replace(/\.\d{3}Z$/, "Z");
}

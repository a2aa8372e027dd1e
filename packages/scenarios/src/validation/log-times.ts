import type { HostContent } from "../schema/world";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * Does a log line print the moment its `time` says? Real logs carry their own timestamp; the
 * simulator orders lines by `time`, so the two must agree. Accepted renderings: ISO
 * (2026-03-14T02:17:09 / 2026-03-14 02:17:09), syslog (Mar 14 02:17:09 / Mar  4 …), nginx/apache
 * (14/Mar/2026:02:17:09), auditd and other epoch seconds (1773454629), and Windows-style
 * 03/14/2026 02:17:09. A line without any timestamp (a continuation) is accepted.
 */
export function lineTimeProblem(text: string, iso: string): string | null {
  const d = new Date(iso);
  const p2 = (n: number) => String(n).padStart(2, "0");
  const hms = `${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}`;
  const ymd = `${d.getUTCFullYear()}-${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())}`;
  const mon = MONTHS[d.getUTCMonth()]!;
  const renderings = [
    `${ymd}T${hms}`,
    `${ymd} ${hms}`,
    `${mon} ${String(d.getUTCDate()).padStart(2, " ")} ${hms}`,
    `${mon} ${p2(d.getUTCDate())} ${hms}`,
    `${p2(d.getUTCDate())}/${mon}/${d.getUTCFullYear()}:${hms}`,
    `${p2(d.getUTCMonth() + 1)}/${p2(d.getUTCDate())}/${d.getUTCFullYear()} ${hms}`,
    String(Math.floor(d.getTime() / 1000)),
  ];
  if (renderings.some((r) => text.includes(r))) return null;
  const hasTimestamp = /\d{2}:\d{2}:\d{2}|\b1[6-9]\d{8}\b/.test(text);
  return hasTimestamp ? `prints a different moment than its time ${iso}` : null;
}

/** Problems of every evidence log line of some host content. */
export function checkLogTimes(content: Pick<HostContent, "logs">, where: string): string[] {
  const problems: string[] = [];
  for (const log of content.logs) {
    for (const line of log.lines) {
      const p = lineTimeProblem(line.text, line.time);
      if (p) problems.push(`${where} ${log.path}: "${line.text.slice(0, 80)}" ${p}`);
    }
  }
  return problems;
}

/**
 * Durations and times in the forms the tools print them: ps's TIME, ELAPSED and START columns,
 * systemd's "3 weeks 2 days ago", uptime's "up 13 days,  4:05". One place, so every command
 * that shows the same moment shows it the same way.
 */
const p2 = (n: number) => String(n).padStart(2, "0");
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** ps aux's TIME: minutes and seconds of CPU ("125:07"). */
export function cpuMinutes(seconds: number): string {
  const s = Math.floor(seconds);
  return `${Math.floor(s / 60)}:${p2(s % 60)}`;
}

/** ps -ef's and -o time's TIME: "[DD-]HH:MM:SS". */
export function cpuClock(seconds: number): string {
  const s = Math.floor(seconds);
  const days = Math.floor(s / 86_400);
  const hms = `${p2(Math.floor((s % 86_400) / 3600))}:${p2(Math.floor((s % 3600) / 60))}:${p2(s % 60)}`;
  return days ? `${days}-${hms}` : hms;
}

/** ps -o etime: "[[DD-]hh:]mm:ss". */
export function elapsed(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const ms = `${p2(Math.floor((s % 3600) / 60))}:${p2(s % 60)}`;
  if (days) return `${days}-${p2(hours)}:${ms}`;
  return hours ? `${p2(hours)}:${ms}` : ms;
}

/** ps's START and STIME: the time today, the date this year, else the year. */
export function psStart(startMs: number, clockMs: number): string {
  const d = new Date(startMs);
  if (clockMs - startMs < 86_400_000) return `${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}`;
  if (clockMs - startMs < 365 * 86_400_000) return `${MONTHS[d.getUTCMonth()]}${p2(d.getUTCDate())}`;
  return ` ${d.getUTCFullYear()}`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** systemd's relative time (format_timestamp_relative): "3 weeks 2 days ago", "5h ago", "now". */
export function systemdAgo(ms: number): string {
  const s = Math.floor(ms / 1000);
  const YEAR = 31_557_600;
  const MONTH = 2_629_800;
  if (s >= YEAR)
    return `${plural(Math.floor(s / YEAR), "year")} ${plural(Math.floor((s % YEAR) / MONTH), "month")} ago`;
  if (s >= MONTH)
    return `${plural(Math.floor(s / MONTH), "month")} ${plural(Math.floor((s % MONTH) / 86_400), "day")} ago`;
  if (s >= 604_800)
    return `${plural(Math.floor(s / 604_800), "week")} ${plural(Math.floor((s % 604_800) / 86_400), "day")} ago`;
  if (s >= 2 * 86_400) return `${Math.floor(s / 86_400)} days ago`;
  if (s >= 25 * 3600) return `1 day ${Math.floor((s - 86_400) / 3600)}h ago`;
  if (s >= 6 * 3600) return `${Math.floor(s / 3600)}h ago`;
  if (s >= 3600) return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}min ago`;
  if (s >= 300) return `${Math.floor(s / 60)}min ago`;
  if (s >= 60) return `${Math.floor(s / 60)}min ${s % 60}s ago`;
  return s > 0 ? `${s}s ago` : "now";
}

/** uptime's "up 13 days,  4:05" (procps): days, then hours:minutes, or minutes alone. */
export function uptimeSince(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const dayPart = days ? `${plural(days, "day")}, ` : "";
  return hours ? `up ${dayPart}${String(hours).padStart(2)}:${p2(minutes)}` : `up ${dayPart}${minutes} min`;
}

/** uptime -p: "up 1 week, 6 days, 12 hours, 13 minutes". */
export function uptimePretty(seconds: number): string {
  const parts: [number, string][] = [
    [Math.floor(seconds / 604_800), "week"],
    [Math.floor((seconds % 604_800) / 86_400), "day"],
    [Math.floor((seconds % 86_400) / 3600), "hour"],
    [Math.floor((seconds % 3600) / 60), "minute"],
  ];
  const shown = parts.filter(([n]) => n > 0).map(([n, w]) => plural(n, w));
  return `up ${shown.length ? shown.join(", ") : "0 minutes"}`;
}

/** systemctl's CPU (format_timespan to the millisecond): "1d 12h 57min 38.120s", "812ms". */
export function cpuSpan(seconds: number): string {
  if (seconds < 1) return `${Math.max(1, Math.round(seconds * 1000))}ms`;
  const whole = Math.floor(seconds);
  const units: [number, string][] = [
    [Math.floor(whole / 86_400), "d"],
    [Math.floor((whole % 86_400) / 3600), "h"],
    [Math.floor((whole % 3600) / 60), "min"],
  ];
  const s = (seconds % 60).toFixed(3).replace(/\.?0+$/, "");
  return [...units.filter(([n]) => n > 0).map(([n, u]) => `${n}${u}`), `${s}s`].join(" ");
}

/** systemctl's Memory: "12.4M", "1.2G". */
export function memorySpan(kb: number): string {
  if (kb >= 1024 * 1024) return `${(kb / 1024 / 1024).toFixed(1)}G`;
  if (kb >= 1024) return `${(kb / 1024).toFixed(1)}M`;
  return `${kb}K`;
}

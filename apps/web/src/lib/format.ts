/** Display formats fixed by the spec (section 9). */

const MB = 1048576;

/** Bytes as megabytes with one decimal: "123.4 MB". */
export function formatMB(bytes: number): string {
  return `${(bytes / MB).toFixed(1)} MB`;
}

/** Seconds as "Xh Ym". */
export function formatUptime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
}

/** Sizes in B, KB, MB or GB with two decimals. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let i = 0;
  while (value >= 1024 && i < units.length - 1) {
    value /= 1024;
    i++;
  }
  return `${value.toFixed(2)} ${units[i]}`;
}

/** Log sizes in KB with one decimal. */
export function formatKB(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/**
 * A count with its noun in the number it asks for: "1 turn", "2 turns", "0 turns". `many` is
 * the plural where adding "s" is wrong ("1 entry", "2 entries").
 */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago", then a date. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return "unknown time";
  const seconds = Math.round((now.getTime() - then.getTime()) / 1000);
  if (seconds < 45) return "just now";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${plural(minutes, "minute")} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${plural(hours, "hour")} ago`;
  const days = Math.round(hours / 24);
  if (days < 7) return `${plural(days, "day")} ago`;
  return then.toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
}

/** A percentage of a ceiling, capped at 100. */
export function percentOf(value: number, ceiling: number): number {
  if (ceiling <= 0) return 0;
  return Math.min(100, Math.max(0, (value / ceiling) * 100));
}

/**
 * Git's date formats (--date=…, %ad, %ar…) and the date parsing of --since/--until. Content dates
 * are UTC, and so are the simulated hosts, so every zone is +0000.
 */
const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number) => String(n).padStart(2, "0");

function parts(ms: number) {
  const d = new Date(ms);
  return {
    day: DAYS[d.getUTCDay()]!,
    month: MONTHS[d.getUTCMonth()]!,
    date: d.getUTCDate(),
    ymd: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    hms: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`,
    year: d.getUTCFullYear(),
  };
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** `--date=relative`, with git's own rounding (date.c, show_date_relative). */
function relative(ms: number, nowMs: number): string {
  let diff = Math.round((nowMs - ms) / 1000);
  if (diff < 0) return "in the future";
  if (diff < 90) return `${plural(diff, "second")} ago`;
  diff = Math.floor((diff + 30) / 60);
  if (diff < 90) return `${plural(diff, "minute")} ago`;
  diff = Math.floor((diff + 30) / 60);
  if (diff < 36) return `${plural(diff, "hour")} ago`;
  diff = Math.floor((diff + 12) / 24);
  if (diff < 14) return `${plural(diff, "day")} ago`;
  if (diff < 70) return `${plural(Math.floor((diff + 3) / 7), "week")} ago`;
  if (diff < 365) return `${plural(Math.floor((diff + 15) / 30), "month")} ago`;
  if (diff < 1825) {
    const years = Math.floor(diff / 365);
    const months = Math.floor(((diff % 365) + 15) / 30);
    return months ? `${plural(years, "year")}, ${plural(months, "month")} ago` : `${plural(years, "year")} ago`;
  }
  return `${plural(Math.floor((diff + 183) / 365), "year")} ago`;
}

/** A commit date in one of git's --date formats; `default` is what git log prints without one. */
export function formatDate(iso: string, style: string, nowMs: number): string {
  const ms = Date.parse(iso);
  const p = parts(ms);
  const unix = String(Math.floor(ms / 1000));
  switch (style.replace(/-local$/, "")) {
    case "short":
      return p.ymd;
    case "iso":
    case "iso8601":
      return `${p.ymd} ${p.hms} +0000`;
    case "iso-strict":
    case "iso8601-strict":
      return `${p.ymd}T${p.hms}+00:00`;
    case "rfc":
    case "rfc2822":
      return `${p.day}, ${p.date} ${p.month} ${p.year} ${p.hms} +0000`;
    case "unix":
      return unix;
    case "raw":
      return `${unix} +0000`;
    case "relative":
      return relative(ms, nowMs);
    default:
      return `${p.day} ${p.month} ${p.date} ${p.hms} ${p.year} +0000`;
  }
}

const UNITS: Record<string, number> = {
  second: 1,
  minute: 60,
  hour: 3600,
  day: 86400,
  week: 7 * 86400,
  month: 30 * 86400,
  year: 365 * 86400,
};

/**
 * --since/--until values as git reads them: ISO dates and times, "@<epoch>", "N units ago",
 * "yesterday". A date without a time takes the current time of day, as git's approxidate does.
 */
export function parseApproxidate(text: string, nowMs: number): number | undefined {
  const t = text.trim().toLowerCase();
  if (/^@\d+$/.test(t)) return Number(t.slice(1)) * 1000;
  if (t === "now") return nowMs;
  if (t === "yesterday") return nowMs - 86400_000;
  const ago = /^(\d+)[\s.]*(second|minute|hour|day|week|month|year)s?(?:[\s.]+ago)?$/.exec(t);
  if (ago) return nowMs - Number(ago[1]) * UNITS[ago[2]!]! * 1000;
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (dateOnly) return Date.parse(`${t}T${parts(nowMs).hms}Z`);
  const withTime = /^(\d{4}-\d{2}-\d{2})[t ](\d{1,2}:\d{2}(?::\d{2})?)(z|[+-]\d{2}:?\d{2})?$/.exec(t);
  if (withTime) {
    const time = withTime[2]!.length <= 5 ? `${withTime[2]}:00` : withTime[2]!;
    const zone = withTime[3] && withTime[3] !== "z" ? withTime[3].replace(/^([+-]\d{2})(\d{2})$/, "$1:$2") : "Z";
    return Date.parse(`${withTime[1]}T${time.padStart(8, "0")}${zone}`);
  }
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}
